/**
 * Scale: one lock with N waiters (default 10,000) on an embedded ZooKeeper on loopback.
 * Measures the REST snapshot (cold: a lock nobody watches; warm: a watched lock) and the time
 * from deleting the head node to the delta reaching a socket.io subscriber.
 *   node --import tsx bench/scale.ts [waiters] [handovers]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io as connectSocket } from 'socket.io-client';
import type { LockDelta } from '../lib/protocol';
import { createExplorer } from '../server/app';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { median, quantile, row } from './stats';

const waiters = Number(process.argv[2] ?? 10_000);
const handovers = Number(process.argv[3] ?? 40);
const lockPath = '/bench/scale/lock';

const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { 'jute.maxbuffer': 16 * 1024 * 1024 } });
const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
const explorerSession = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
await Promise.all([owner.start(), explorerSession.start()]);
const explorer = createExplorer({ session: explorerSession, embedded: true, discovery: { roots: ['/bench-none'], maxNodes: 100 } });
const url = await explorer.listen(0, '127.0.0.1');

try {
  await owner.mkdirp(lockPath);
  const started = performance.now();
  const created: string[] = [];
  for (let start = 0; start < waiters + handovers; start += 500) {
    const batch = Array.from({ length: Math.min(500, waiters + handovers - start) }, (_, i) =>
      owner.create(`${lockPath}/_c_${randomUUID()}-lock-`, Buffer.from(`10.0.${(start + i) % 250}.${i % 250}`), 'ephemeral-sequential'),
    );
    created.push(...(await Promise.all(batch)));
  }
  console.log(`created ${created.length} contender nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const timeGet = async (): Promise<{ ms: number; bytes: number; nodes: number }> => {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/locks${lockPath}`);
    const body = await response.text();
    const ms = performance.now() - t0;
    return { ms, bytes: body.length, nodes: (JSON.parse(body) as { nodes: unknown[] }).nodes.length };
  };

  const cold = [];
  for (let i = 0; i < 3; i += 1) cold.push(await timeGet());

  const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const deltas: Array<{ delta: LockDelta; at: number }> = [];
  socket.on('lock:delta', (delta: LockDelta) => deltas.push({ delta, at: performance.now() }));
  const subscribeStart = performance.now();
  await new Promise<void>((resolve) => socket.emit('subscribe', { path: lockPath }, () => resolve()));
  const subscribeMs = performance.now() - subscribeStart;

  const warm = [];
  for (let i = 0; i < 5; i += 1) warm.push(await timeGet());

  const latencies: number[] = [];
  const sorted = [...created].sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1));
  for (let i = 0; i < handovers; i += 1) {
    const head = sorted[i]!;
    const name = head.slice(lockPath.length + 1);
    const t0 = performance.now();
    await owner.remove(head);
    const seen = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no delta for ${name}`)), 10_000);
      const check = (): void => {
        const found = deltas.find((entry) => entry.delta.removed.includes(name));
        if (found) {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(found.at);
        }
      };
      const poll = setInterval(check, 0.5);
      check();
    });
    latencies.push(seen - t0);
  }
  socket.close();

  console.log(`\nscale bench: one lock with ${waiters} waiters, ${handovers} handovers (${new Date().toISOString()})`);
  console.log(row(`REST snapshot, lock not watched (${cold[0]?.nodes} nodes)`, median(cold.map((c) => c.ms)), 'ms', 500));
  console.log(row(`REST snapshot, watched lock (${((warm[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB JSON)`, median(warm.map((w) => w.ms)), 'ms', 500));
  console.log(row('first subscribe (read every child once)', subscribeMs, 'ms', null));
  console.log(row('head handover → socket delta, median', median(latencies), 'ms', 50));
  console.log(row('head handover → socket delta, p95', quantile(latencies, 0.95), 'ms', null));
  console.log(`RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (explorer, client and bench in one process)`);
} finally {
  await explorer.close();
  owner.close();
  explorerSession.close();
  await zookeeper.stop();
}
