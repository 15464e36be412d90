/**
 * The explorer's API and socket.io (no page) as a process of its own, for benchmarks that must
 * not share an event loop with their clients. Prints `listening on <url>` when ready, and on
 * SIGUSR2 a line `stats <json>` (memory after a collection when run with --expose-gc, handles,
 * listeners, locks watched), for the churn bench.
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
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const stats = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    resources: process.getActiveResourcesInfo().length,
    sessionListeners: session.eventNames().reduce((sum, name) => sum + session.listenerCount(name), 0),
    watched: explorer.registry.watched().length,
    sockets: explorer.io.engine.clientsCount,
  };
  console.log(`stats ${JSON.stringify(stats)}`);
});
process.on('SIGTERM', () => {
  void explorer.close().then(() => {
    session.close();
    process.exit(0);
  });
});
