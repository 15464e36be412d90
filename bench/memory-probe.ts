/**
 * Where the explorer's memory goes with one lock of N waiters, measured on the explorer as its
 * users run it (a process of its own, bench/explorer-process.ts): its RSS and heap after a
 * collection idle, with the lock followed by a page (subscribed in the page's compact form),
 * after handovers, and settled (read every 10 s until it stops falling, after five REST reads of the
 * whole queue); with --snapshot, the largest kinds of object in a heap snapshot of it
 * (self size by constructor), for the footprint work. Loopback only.
 *   node --import tsx bench/memory-probe.ts [waiters] [--snapshot [--keep=<prefix>]]
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { fillQueue, settledStats, startExplorerProcess, Subscriber, type ExplorerStats } from './harness';
import { SCALE_ZOOKEEPER_CONFIG } from './scale';

const waiters = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 100_000);
const handovers = 30;
const snapshots = process.argv.includes('--snapshot');
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const line = (what: string, stats: ExplorerStats, idle?: ExplorerStats): string =>
  `${what.padEnd(34)} rss ${mb(stats.rss).padStart(7)}  heap ${mb(stats.heapUsed).padStart(7)} of ${mb(stats.heapTotal).padStart(7)}  external ${mb(stats.external).padStart(6)}  peak rss ${mb(stats.peakRss).padStart(7)}` +
  (idle === undefined ? '' : `  (+${mb(stats.heapUsed - idle.heapUsed)} heap, ${((stats.heapUsed - idle.heapUsed) / waiters).toFixed(0)} B a waiter)`);

const snapshotDir = join(tmpdir(), `memory-probe-${process.pid}`);
mkdirSync(snapshotDir, { recursive: true });
const zookeeper = await startEmbeddedZooKeeper({ extraConfig: SCALE_ZOOKEEPER_CONFIG });
const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 60_000 });
const lockPath = '/probe/lock';
try {
  await owner.start();
  const names = await fillQueue(owner, lockPath, waiters + handovers, true);
  const explorer = await startExplorerProcess(zookeeper.connectString, [`--diagnostic-dir=${snapshotDir}`, '--heapsnapshot-signal=SIGUSR1']);
  const subscriber = await Subscriber.connect(explorer.url);
  try {
    const idle = await explorer.stats();
    console.log(line('idle', idle));
    await subscriber.subscribe(lockPath, 'columns');
    console.log(line(`${waiters.toLocaleString('en-US')} waiters, a page subscribed`, await explorer.stats(), idle));
    if (snapshots) await largestKinds(explorer, 'subscribed');
    for (let i = 0; i < handovers; i += 1) {
      const seen = subscriber.seen('-', names[i]!, 30_000);
      await owner.remove(`${lockPath}/${names[i]}`);
      await seen;
      const joined = subscriber.seen('+', '*', 30_000);
      await owner.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
      await joined;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log(line(`after ${handovers} handovers and joins`, await explorer.stats(), idle));
    // As an operator's script or dashboard would: the whole queue read over REST a few times.
    for (let i = 0; i < 5; i += 1) await (await fetch(`${explorer.url}/api/locks${lockPath}?form=columns`)).text();
    const settled = await settledStats(explorer);
    console.log(line(`settled (${settled.afterMs / 1000} s: ${settled.reads.map(mb).join(', ')})`, settled.stats, idle));
    if (snapshots) await largestKinds(explorer, 'handovers');
  } finally {
    subscriber.close();
    await explorer.stop();
  }
} finally {
  owner.close();
  await zookeeper.stop();
  rmSync(snapshotDir, { recursive: true, force: true });
}

/** The largest kinds of object in a heap snapshot of the explorer now; `--keep=<prefix>` keeps the snapshot as <prefix>-<stage>.heapsnapshot, to open in Chromium's DevTools. */
async function largestKinds(explorer: { child: { pid?: number } }, stage: string): Promise<void> {
  const text = await heapSnapshot(explorer.child.pid!);
  printLargestKinds(text);
  const keep = process.argv.find((arg) => arg.startsWith('--keep='))?.slice('--keep='.length);
  if (keep !== undefined) writeFileSync(`${keep}-${stage}.heapsnapshot`, text);
}

/** Signals the explorer to write a heap snapshot and reads it once it is whole. */
async function heapSnapshot(pid: number): Promise<string> {
  rmSync(snapshotDir, { recursive: true, force: true });
  mkdirSync(snapshotDir, { recursive: true });
  process.kill(pid, 'SIGUSR1');
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const file = readdirSync(snapshotDir, { withFileTypes: true }).find((entry) => entry.name.endsWith('.heapsnapshot'));
    if (file === undefined) continue;
    const text = readFileSync(join(snapshotDir, file.name), 'utf8');
    // The file is written as it goes: whole once it parses.
    try {
      JSON.parse(text);
      return text;
    } catch {
      continue;
    }
  }
  throw new Error('no heap snapshot after 120 s');
}

function printLargestKinds(text: string): void {
  const snapshot = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
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
