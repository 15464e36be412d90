/**
 * Puts a small live lock into the explorer's ZooKeeper, for trying the page before simulated
 * contenders exist: N independent sessions, each with an EPHEMERAL_SEQUENTIAL node named as
 * Curator's InterProcessMutex names its nodes, with an address as data, each waiter watching the
 * node just before it with getData as Curator does. Ctrl-C closes the sessions.
 *   node --import tsx scripts/demo-lock.ts [explorer URL] [lock path] [contenders]
 */
import { randomUUID } from 'node:crypto';
import { HealthResponseSchema } from '../lib/protocol';
import { ZkSession } from '../server/zk/session';

const [url = 'http://127.0.0.1:3000', lockPath = '/demo/orders/lock', countText = '5'] = process.argv.slice(2);
const count = Number(countText);
const health = HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
const connectString = health.zookeeper.connectString;
if (!/^(127\.|localhost|\[::1\])/.test(connectString)) {
  console.error(`refusing to write to ${connectString}: this demo only writes to a ZooKeeper on loopback`);
  process.exit(1);
}

const sessions: ZkSession[] = [];
const admin = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
await admin.start();
await admin.mkdirp(lockPath);
admin.close();
for (let i = 0; i < count; i += 1) {
  const session = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
  await session.start();
  sessions.push(session);
  const created = await session.create(`${lockPath}/_c_${randomUUID()}-lock-`, Buffer.from(`10.1.0.${i + 10}`), 'ephemeral-sequential');
  console.log(`${created} (session ${session.sessionId})`);
  await watchPredecessor(session, created);
}

/** As Curator's waiter: a getData watch on the node just before its own, set again whenever that one goes. */
async function watchPredecessor(session: ZkSession, own: string): Promise<void> {
  const name = own.slice(lockPath.length + 1);
  const sequence = (child: string): string => child.slice(-10);
  const { children } = await session.getChildren(lockPath);
  const before = children.filter((child) => sequence(child) < sequence(name)).sort((a, b) => (sequence(a) < sequence(b) ? -1 : 1));
  const predecessor = before.at(-1);
  if (predecessor === undefined) return;
  try {
    await session.getData(`${lockPath}/${predecessor}`, () => void watchPredecessor(session, own).catch(() => undefined));
  } catch {
    await watchPredecessor(session, own);
  }
}
console.log(`open ${url}/locks${lockPath}; Ctrl-C to end the sessions`);
const stop = (): void => {
  for (const session of sessions) session.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
