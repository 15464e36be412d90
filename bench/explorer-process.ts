/**
 * The explorer's API and socket.io (no page) as a process of its own, for benchmarks that must
 * not share an event loop with their clients. Prints `listening on <url>` when ready.
 *   node --import tsx bench/explorer-process.ts <zk connect string>
 */
import { createExplorer } from '../server/app';
import { ZkSession } from '../server/zk/session';

const connectString = process.argv[2];
if (!connectString) {
  console.error('usage: explorer-process.ts <zk connect string>');
  process.exit(2);
}
const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
await session.start();
const explorer = createExplorer({ session, embedded: true, discovery: { roots: ['/bench-none'], maxNodes: 100 } });
const url = await explorer.listen(0, '127.0.0.1');
console.log(`listening on ${url}`);
process.on('SIGTERM', () => {
  void explorer.close().then(() => {
    session.close();
    process.exit(0);
  });
});
