/**
 * The explorer's CPU under the busy bench's handovers, two trees of this project's code side by
 * side (a commit's `git worktree` and the working copy): one rig (bench/busy-rig.ts: 100 Curator
 * and Kazoo locks handing over on an embedded ZooKeeper, and with `--load` the load generator's
 * writes and sessions), two explorers following every lock at once, each with a page subscribed
 * to the sampled locks, and each one's CPU read over the same windows. A busy 2-core host slows
 * both alike, so their ratio is steady where one explorer's own figure is not: two copies of one
 * tree gave 0.98-0.99 over four 30 s windows, where the busy bench's own figure for the same
 * tree moved between 16 and 20 % from run to run. Loopback only.
 *   node --import tsx bench/busy-side-by-side.ts <treeA> <treeB> [windows (4)] [seconds (30)] [--load] [--memory]
 * A tree needs its node_modules (a worktree can link the working copy's). `A_FLAGS` and
 * `B_FLAGS` add Node's flags to either explorer (e.g. B_FLAGS=--max-semi-space-size=32), `A_ENV`
 * and `B_ENV` variables to its environment (e.g. B_ENV=MALLOC_ARENA_MAX=2). With `--memory` each
 * window ends with both explorers' memory read after a forced collection (both alike), and the run
 * with each one's RSS slope, and by kind of mapping, over the windows after the first five minutes:
 * a soak of two side by side, where one soak's slope moves by its own wander from run to run.
 */
import { resolve } from 'node:path';
import { BUSY_DEFAULTS, STALL_PROBE_MS, startRig, stopRig } from './busy-rig';
import { DeltaRecorder, LoadGenerator } from './busy-watch';
import { cpuSplit, startExplorerProcess, type ExplorerProcess, type ExplorerStats } from './harness';
import { median, slope } from './stats';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const [treeA, treeB, windowsText = '4', secondsText = '30'] = args;
if (treeA === undefined || treeB === undefined) {
  console.error('usage: node --import tsx bench/busy-side-by-side.ts <treeA> <treeB> [windows] [seconds] [--load]');
  process.exit(2);
}
const windows = Number(windowsText);
const seconds = Number(secondsText);
/** After both follow every lock, before the first window: their first readings and collections are over. */
const SETTLE_MS = 25_000;
/** The memory read before this (min after the first window began) is left out of the slopes, as the soak's warm-up. */
const MEMORY_WARMUP_MINUTES = 5;
const MB = 2 ** 20;

/** `NAME=value NAME=value` as an environment. */
const environment = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

const rig = await startRig({ ...BUSY_DEFAULTS });
const generator = process.argv.includes('--load') ? await LoadGenerator.start(rig.zookeeper.connectString, BUSY_DEFAULTS.rate, BUSY_DEFAULTS.sessionsPerSecond, windows * seconds + 120) : null;
// Each as the busy bench starts one (`npm start`'s discovery), from its own tree.
const start = (tree: string, flags: string, env: string): Promise<ExplorerProcess> =>
  startExplorerProcess(rig.zookeeper.connectString, flags.split(' ').filter(Boolean), ['--default-discovery', `--stall-probe=${STALL_PROBE_MS}`], resolve(tree), environment(env));
const explorers = [await start(treeA, process.env.A_FLAGS ?? '', process.env.A_ENV ?? ''), await start(treeB, process.env.B_FLAGS ?? '', process.env.B_ENV ?? '')];
const memory = process.argv.includes('--memory');
/** Each explorer's memory reads (MB, by minute since the first window began). */
const reads: Array<Array<{ minute: number; stats: ExplorerStats }>> = [[], []];
const began = performance.now();
const pages = await Promise.all(explorers.map((explorer) => DeltaRecorder.connect(explorer.url, rig.sampled)));
await sleep(SETTLE_MS);
const ratios: number[] = [];
for (let window = 1; window <= windows; window += 1) {
  const before = explorers.map((explorer) => cpuSplit(explorer.child.pid!));
  const handovers = rig.log.handovers;
  const from = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - from) / 1000;
  const used = explorers.map((explorer, index) => {
    const after = cpuSplit(explorer.child.pid!);
    return { user: (100 * (after.user - before[index]!.user)) / wall, system: (100 * (after.system - before[index]!.system)) / wall };
  });
  const [a, b] = used.map((one) => one.user + one.system) as [number, number];
  ratios.push(b / a);
  const split = used.map((one, index) => `${index === 0 ? 'A' : 'B'} ${(one.user + one.system).toFixed(1)} % (user ${one.user.toFixed(1)}, system ${one.system.toFixed(1)})`).join(', ');
  console.log(`window ${window}: ${((rig.log.handovers - handovers) / wall).toFixed(0)} handovers/s${generator === null ? '' : ' under the load'}; ${split}; B/A ${(b / a).toFixed(3)}`);
  if (memory) {
    // One after the other, each after its own collection: the second's is not made while the first collects.
    for (const [index, explorer] of explorers.entries()) {
      const stats = await explorer.stats();
      reads[index]!.push({ minute: (performance.now() - began) / 60_000, stats });
      const kinds = stats.resident === null ? '' : ` (files ${(stats.resident.file / MB).toFixed(1)}, brk ${(stats.resident.brk / MB).toFixed(1)}, arenas ${(stats.resident.arenas / MB).toFixed(1)}, anonymous ${(stats.resident.anonymous / MB).toFixed(1)})`;
      console.log(`  ${index === 0 ? 'A' : 'B'} memory: RSS ${(stats.rss / MB).toFixed(1)} MB${kinds}, heap ${(stats.heapUsed / MB).toFixed(1)} used of ${(stats.heapTotal / MB).toFixed(1)}, external ${(stats.external / MB).toFixed(1)}`);
    }
  }
}
if (memory) {
  for (const [index, explorerReads] of reads.entries()) {
    const after = explorerReads.filter((read) => read.minute >= MEMORY_WARMUP_MINUTES);
    const trend = (value: (stats: ExplorerStats) => number): string => (10 * slope(after.map((read) => ({ x: read.minute, y: value(read.stats) / MB })))).toFixed(2);
    const kinds = (['file', 'brk', 'arenas', 'anonymous'] as const).map((kind) => `${kind} ${trend((stats) => stats.resident?.[kind] ?? Number.NaN)}`).join(', ');
    console.log(`${index === 0 ? 'A' : 'B'}: RSS slope ${trend((stats) => stats.rss)} MB per 10 min over ${after.length} reads after ${MEMORY_WARMUP_MINUTES} min (${kinds}); heap used ${trend((stats) => stats.heapUsed)}, taken ${trend((stats) => stats.heapTotal)}`);
  }
}
console.log(`B/A: median ${median(ratios).toFixed(3)}, ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)} over ${windows} windows of ${seconds} s`);
for (const page of pages) page.close();
await Promise.all(explorers.map((explorer) => explorer.stop()));
await generator?.stop();
await stopRig(rig);
process.exit(0);
