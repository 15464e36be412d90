/**
 * Where the explorer's memory goes with one lock of N waiters: its heap after a collection, and
 * the largest kinds of object in a heap snapshot (self size by constructor), for the footprint
 * work. Loopback only.
 *   node --expose-gc --import tsx bench/memory-probe.ts [waiters]
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { createExplorer } from '../server/app';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { fillQueue } from './harness';
import { SCALE_ZOOKEEPER_CONFIG } from './scale';

const waiters = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;

const zookeeper = await startEmbeddedZooKeeper({ extraConfig: SCALE_ZOOKEEPER_CONFIG });
const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 60_000 });
const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
try {
  await owner.start();
  await session.start();
  await fillQueue(owner, '/probe/lock', waiters);
  const explorer = createExplorer({ session, embedded: true, discovery: { roots: ['/probe-none'] }, introspectionIntervalMs: 0 });
  gc();
  const before = process.memoryUsage();
  await explorer.registry.acquire('/probe/lock', 'probe');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  gc();
  const after = process.memoryUsage();
  console.log(`${waiters} waiters: rss ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap ${mb(after.heapUsed)} (+${mb(after.heapUsed - before.heapUsed)}, ${((after.heapUsed - before.heapUsed) / waiters).toFixed(0)} B a waiter), external ${mb(after.external)}`);
  if (process.argv.includes('--snapshot')) {
    const file = writeHeapSnapshot(join(tmpdir(), 'probe.heapsnapshot'));
    const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
    rmSync(file);
    const fields = snapshot.snapshot.meta.node_fields;
    const width = fields.length;
    const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
    const types = snapshot.snapshot.meta.node_types[0];
    const bySize = new Map<string, { count: number; bytes: number }>();
    for (let at = 0; at < snapshot.nodes.length; at += width) {
      const type = types[snapshot.nodes[at + typeAt]!]!;
      const name = type === 'object' || type === 'closure' ? snapshot.strings[snapshot.nodes[at + nameAt]!]! : `(${type})`;
      const entry = bySize.get(name) ?? { count: 0, bytes: 0 };
      entry.count += 1;
      entry.bytes += snapshot.nodes[at + sizeAt]!;
      bySize.set(name, entry);
    }
    for (const [name, { count, bytes }] of [...bySize].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25)) console.log(`${mb(bytes).padStart(8)}  ${String(count).padStart(9)}  ${name}`);
  }
  await explorer.close();
} finally {
  owner.close();
  session.close();
  await zookeeper.stop();
}
