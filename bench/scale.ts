/**
 * Scale: one lock with N waiters (default 10,000) on an embedded ZooKeeper on loopback.
 * Measures the REST snapshot (cold: a lock nobody watches; warm: a watched lock), reading every
 * child with one getData each against multiRead, side by side, and the time
 * from deleting the head node to the delta reaching a socket.io subscriber. The explorer runs
 * in a process of its own, as it does for its users, so that the subscriber does not share
 * its event loop.
 *   node --import tsx bench/scale.ts [waiters] [handovers]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io as connectSocket } from 'socket.io-client';
import type { LockDelta } from '../lib/protocol';
import { spawn } from 'node:child_process';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { median, quantile, row } from './stats';

const waiters = Number(process.argv[2] ?? 10_000);
const handovers = Number(process.argv[3] ?? 40);
const lockPath = '/bench/scale/lock';

const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { 'jute.maxbuffer': 16 * 1024 * 1024 } });
const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
await owner.start();
const explorer = spawn(process.execPath, [...(process.env.EXPLORER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.EXPLORER_PROFILE] : []), '--import', 'tsx', 'bench/explorer-process.ts', zookeeper.connectString], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((resolve, reject) => {
  let output = '';
  explorer.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /listening on (\S+)/.exec(output);
    if (match?.[1]) resolve(match[1]);
  });
  explorer.once('exit', (code) => reject(new Error(`the explorer exited with ${code}`)));
});

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

  // The first requests of a fresh explorer (and of a fresh ZooKeeper) run unoptimised code: two
  // are timed apart as the first ones, then five count, each a read of a lock nobody watches.
  const first = [await timeGet(), await timeGet()];
  const cold = [];
  for (let i = 0; i < 5; i += 1) cold.push(await timeGet());

  // Side by side, in this process: every child read with one getData each, and with multiRead.
  const { children } = await owner.getChildren(lockPath);
  const paths = children.map((name) => `${lockPath}/${name}`);
  const single: number[] = [];
  const batched: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    let t0 = performance.now();
    await Promise.all(paths.map((path) => owner.getData(path)));
    single.push(performance.now() - t0);
    t0 = performance.now();
    await owner.getDataMany(paths);
    batched.push(performance.now() - t0);
  }

  const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // Resolved from the delta handler itself: no polling timer competes with the explorer for the CPU.
  const awaited = new Map<string, (at: number) => void>();
  socket.on('lock:delta', (delta: LockDelta) => {
    const at = performance.now();
    for (const name of delta.removed) awaited.get(name)?.(at);
  });
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
    const seen = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no delta for ${name}`)), 10_000);
      awaited.set(name, (at) => {
        clearTimeout(timer);
        awaited.delete(name);
        resolve(at);
      });
    });
    const t0 = performance.now();
    await owner.remove(head);
    latencies.push((await seen) - t0);
  }
  socket.close();

  console.log(`\nscale bench: one lock with ${waiters} waiters, ${handovers} handovers (${new Date().toISOString()})`);
  console.log(row(`REST snapshot, lock not watched, 1st and 2nd`, first[0]?.ms ?? Number.NaN, 'ms', null), `  ${first[1]?.ms.toFixed(1)} ms`);
  console.log(row(`REST snapshot, lock not watched (${cold[0]?.nodes} nodes)`, median(cold.map((c) => c.ms)), 'ms', 500));
  console.log(row(`REST snapshot, watched lock (${((warm[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB JSON)`, median(warm.map((w) => w.ms)), 'ms', 500));
  console.log(row(`read ${paths.length} children, one getData each`, median(single), 'ms', null));
  console.log(row(`read ${paths.length} children, multiRead`, median(batched), 'ms', null), `  ${(median(single) / median(batched)).toFixed(1)}× faster`);
  console.log(row('first subscribe (read every child once)', subscribeMs, 'ms', null));
  console.log(row('head handover → socket delta, median', median(latencies), 'ms', 50));
  console.log(row('head handover → socket delta, p95', quantile(latencies, 0.95), 'ms', null));
} finally {
  const exited = new Promise((resolve) => explorer.once('exit', resolve));
  explorer.kill('SIGTERM');
  await exited;
  owner.close();
  await zookeeper.stop();
}
