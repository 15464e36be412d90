/**
 * Churn: handovers at a steady rate on one lock (50 a second for 10 minutes by default: an hour
 * of a busy production lock) against the explorer in its own process, with a socket subscriber.
 * Reports the explorer's memory (after a collection), its handles and listeners, ZooKeeper's
 * watch count, and whether every handover reached the subscriber, before and after.
 *   node --import tsx bench/churn.ts [seconds] [handovers per second] [queue length]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io as connectSocket } from 'socket.io-client';
import type { LockDelta } from '../lib/protocol';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { mntr, startExplorerProcess, type ExplorerStats } from './harness';
import { row } from './stats';

const seconds = Number(process.argv[2] ?? 600);
const rate = Number(process.argv[3] ?? 50);
const queueLength = Number(process.argv[4] ?? 100);
const lockPath = '/bench/churn/lock';

const zookeeper = await startEmbeddedZooKeeper();
const explorer = await startExplorerProcess(zookeeper.connectString);
const { url } = explorer;
const stats = (): Promise<ExplorerStats> => explorer.stats();
const watchCount = async (): Promise<number> => Number((await mntr(zookeeper.port)).get('zk_watch_count'));

const pool: ZkSession[] = [];
try {
  for (let i = 0; i < 10; i += 1) {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
    await session.start();
    pool.push(session);
  }
  await pool[0]!.mkdirp(lockPath);
  const queue: string[] = [];
  const join = async (i: number): Promise<void> => {
    queue.push(await pool[i % pool.length]!.create(`${lockPath}/_c_${randomUUID()}-lock-`, Buffer.from(`10.0.0.${i % 250}`), 'ephemeral-sequential'));
  };
  for (let i = 0; i < queueLength; i += 1) await join(i);

  const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let removedSeen = 0;
  socket.on('lock:delta', (delta: LockDelta) => {
    removedSeen += delta.removed.length;
  });
  await new Promise<void>((resolve) => socket.emit('subscribe', { path: lockPath }, () => resolve()));

  // A short warm-up, so that "before" is the explorer at work, not the explorer just started.
  const handover = async (i: number): Promise<void> => {
    const head = queue.shift();
    if (head === undefined) return;
    await pool[0]!.remove(head);
    await join(i);
  };
  let done = 0;
  const runFor = async (durationMs: number): Promise<void> => {
    const started = performance.now();
    const tickMs = 100;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    while (performance.now() - started < durationMs) {
      const tickStart = performance.now();
      for (let k = 0; k < perTick; k += 1) await handover(done++);
      const rest = tickMs - (performance.now() - tickStart);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  };
  await runFor(5000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await stats();
  const watchesBefore = await watchCount();
  const doneBefore = done;
  const started = performance.now();
  await runFor(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  // Let the last deltas arrive.
  const deadline = Date.now() + 10_000;
  while (removedSeen < done && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await stats();
  const watchesAfter = await watchCount();
  socket.close();

  const mb = (bytes: number): number => bytes / 1e6;
  console.log(`\nchurn bench: ${done - doneBefore} handovers in ${elapsed.toFixed(0)} s (${((done - doneBefore) / elapsed).toFixed(1)}/s), queue of ${queueLength} (${new Date().toISOString()})`);
  console.log(row('explorer RSS before (MB)', mb(before.rss), 'MB', null));
  console.log(row('explorer RSS after (MB)', mb(after.rss), 'MB', null), `  ${(after.rss / before.rss).toFixed(2)}× before`);
  console.log(row('explorer heap after a collection, before', mb(before.heapUsed), 'MB', null));
  console.log(row('explorer heap after a collection, after', mb(after.heapUsed), 'MB', null), `  ${(after.heapUsed / before.heapUsed).toFixed(2)}× before`);
  console.log(row('active handles and requests, before → after', after.resources, '', null), `  (before ${before.resources})`);
  console.log(row('session listeners, before → after', after.sessionListeners, '', null), `  (before ${before.sessionListeners})`);
  console.log(row('locks watched, before → after', after.watched, '', null), `  (before ${before.watched})`);
  console.log(row("ZooKeeper's watch count, before → after", watchesAfter, '', null), `  (before ${watchesBefore})`);
  console.log(row('handovers the subscriber saw / made', removedSeen / done, '', 1, false));
} finally {
  await explorer.stop();
  for (const session of pool) session.close();
  await zookeeper.stop();
}
