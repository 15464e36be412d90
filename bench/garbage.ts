/**
 * Lock garbage at the size of a real shared ensemble (issue 54): a Kafka-era tree of a million
 * znodes with 100,000 empty lock parents in ten piles (each parent had one child once, as Kazoo
 * leaves them) beside 1,000 held locks, while live Kazoo locks hand over and a load generator
 * writes outside any lock (bench/load-generator.ts: 2,000 writes and 20 sessions a second). On
 * an embedded ZooKeeper of its own, loopback only:
 * - the scan with the leaves' stats read against the same scan without (in this process, the
 *   explorer's discovery unpaced, in turns A B B A);
 * - the explorer as `npm start` runs it (its own process, LOCK_ROOTS=/, the default scan rate):
 *   until its view lists the piles, `GET /api/garbage` (three times), the dry run of the whole
 *   pile and its zkCli form (three times each: time and bytes), and the clean-up of all of them
 *   at CLEANUP_DELETES_PER_SECOND=10,000: deletions a second, how long, what was skipped, and the
 *   explorer's RSS before and after.
 *   node --import tsx bench/garbage.ts [piles] [parents per pile] [znodes]     (npm run bench:garbage: 10 10000 1000000)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CleanupRunSchema, GarbageViewSchema, HealthResponseSchema, type CleanupRun } from '../lib/protocol';
import { LockDiscovery } from '../server/locks/discovery';
import { LockGarbage } from '../server/locks/garbage';
import { LockRegistry } from '../server/locks/registry';
import { buildTree, createAll, TreeContenders } from '../server/testing/big-tree';
import { LoopingContenders } from '../server/testing/real-clients';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { LoadGenerator } from './busy-watch';
import { markdownTables, textTable, type Figure } from './figures';
import { startExplorerProcess, type ExplorerProcess } from './harness';
import { median } from './stats';

const SECTION = '14. Lock garbage: 100,000 empty lock parents in a tree of a million znodes, with locks handing over and 2,000 writes a second beside';
const LIVE_LOCKS = 1_000;
const CLEANUP_RATE = 10_000;
const LOAD = { rate: 2_000, sessions: 20 };
/** Live Kazoo locks handing over below it, two contenders each, a hold of 100–300 ms. */
const LOOPING_ROOT = '/apps/live/locks';
const REPEATS = 3;

const pileOf = (pile: number): string => `/apps/batch${pile}/locks`;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

/** A request's time (ms) and the bytes of its answer. */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; bytes: number; body: Buffer; status: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, bytes: body.length, body, status: response.status };
}

const spread = (values: readonly number[], digits = 0): string => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)} (runs ${values.map((value) => value.toFixed(digits)).join(', ')})`;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * The piles: `piles` directories of `perPile` lock parents, each given one ephemeral child by a
 * session of its pile and emptied by that session's close (one closeSession a pile), so that each
 * parent is persistent, without data or children, its cversion 2: as Kazoo leaves a lock used once.
 */
async function buildPiles(builder: ZkSession, connectString: string, piles: number, perPile: number): Promise<string[]> {
  const parents: string[] = [];
  for (let pile = 0; pile < piles; pile += 1) for (let i = 0; i < perPile; i += 1) parents.push(`${pileOf(pile)}/job-${i}`);
  await createAll(builder, Array.from({ length: piles }, (_, pile) => [`/apps/batch${pile}`, pileOf(pile)]).flat());
  await createAll(builder, parents);
  for (let pile = 0; pile < piles; pile += 1) {
    const user = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
    await user.start(30_000);
    await createAll(user, parents.slice(pile * perPile, (pile + 1) * perPile).map((parent) => `${parent}/0123456789abcdef0123456789abcdef__lock__`), 'ephemeral-sequential');
    user.close();
  }
  // Each pile emptied by its session's close: wait until ZooKeeper has taken every child.
  for (let pile = 0; pile < piles; pile += 1) {
    for (let attempt = 0; (await builder.countDescendants(pileOf(pile))) !== perPile; attempt += 1) {
      if (attempt > 600) throw new Error(`the pile ${pileOf(pile)} was not emptied within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return parents;
}

/** One scan of the whole tree by the explorer's discovery in this process, unpaced, with the leaves' stats read (to the lock garbage) or not. */
async function scanOnce(connectString: string, withLeaves: boolean): Promise<{ seconds: number; reads: number; empty: number }> {
  const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await session.start(30_000);
  const registry = new LockRegistry(session);
  const garbage = new LockGarbage(session, registry, { roots: ['/'], now: Date.now, connections: () => null, dump: () => null, cleanupRate: CLEANUP_RATE });
  const discovery = new LockDiscovery(session, registry, {
    roots: ['/'],
    maxNodes: null,
    maxDepth: 64,
    readsPerSecond: 1_000_000,
    pushIntervalMs: 250,
    // An empty listing of the ephemeral nodes: the scan alone, without a recursive watch on `/` that the load's writes would keep firing (alike for both).
    ephemerals: async () => ({ paths: [], server: 'bench', source: 'four-letter-words', nodesUnder: () => new Map() }),
    ...(withLeaves ? { leavesRead: garbage.leavesRead } : {}),
  });
  try {
    const started = performance.now();
    discovery.start();
    await discovery.idle();
    const status = discovery.discoveryStatus().scan;
    if (status.state !== 'done') throw new Error(`the scan ended ${status.state}`);
    return { seconds: (performance.now() - started) / 1000, reads: status.read, empty: garbage.counts().emptyParents };
  } finally {
    discovery.stop();
    garbage.stop();
    registry.close();
    session.close();
  }
}

/** The scan with the leaves' stats read against the same scan without: one scan to warm ZooKeeper up, then three of each in turns A B B A A B. */
async function scanFigures(connectString: string, pileSize: number, log: (line: string) => void): Promise<Figure[]> {
  const warm = await scanOnce(connectString, false);
  log(`a first scan, not counted (ZooKeeper's first reads of the tree): ${warm.seconds.toFixed(1)} s`);
  const runs: Record<'with' | 'without', Array<{ seconds: number; reads: number; empty: number }>> = { with: [], without: [] };
  for (const withLeaves of [true, false, false, true, true, false]) {
    const run = await scanOnce(connectString, withLeaves);
    runs[withLeaves ? 'with' : 'without'].push(run);
    log(`scan ${withLeaves ? 'with' : 'without'} the leaves' stats: ${run.seconds.toFixed(1)} s, ${run.reads.toLocaleString('en-US')} reads${withLeaves ? `, ${run.empty.toLocaleString('en-US')} empty parents` : ''}`);
  }
  const seconds = (kind: 'with' | 'without'): number[] => runs[kind].map((run) => run.seconds);
  const found = Math.min(...runs.with.map((run) => run.empty));
  return [
    {
      section: SECTION,
      name: "the scan reading the leaves' stats, unpaced (median of 3)",
      value: median(seconds('with')),
      unit: 's',
      reference: { name: 'the same scan without', value: median(seconds('without')) },
      target: { on: 'ratio', max: 1.5 },
      note:
        `in this process, the explorer's discovery with the lock garbage's leavesRead and without it, in turns A B B A A B after a first scan not counted (${warm.seconds.toFixed(1)} s): with ${spread(seconds('with'), 1)} s, ` +
        `${runs.with[0]!.reads.toLocaleString('en-US')} reads; without ${spread(seconds('without'), 1)} s, ${runs.without[0]!.reads.toLocaleString('en-US')} reads. ` +
        `It found ${found.toLocaleString('en-US')} empty parents (the ${pileSize.toLocaleString('en-US')} of the piles, and any live lock empty between two holds as it passed)`,
    },
  ];
}

async function health(url: string) {
  return HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
}

/** The explorer as `npm start` runs it: its first scan until its view lists the piles, the view, the dry run and the clean-up. */
async function explorerFigures(zookeeper: EmbeddedZooKeeper, parents: readonly string[], piles: number, log: (line: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  const explorer: ExplorerProcess = await startExplorerProcess(zookeeper.connectString, [], ['--default-discovery', `--cleanup=${CLEANUP_RATE}`]);
  try {
    const rssAtStart = rssMb(explorer.child.pid!);
    const started = performance.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if ((await health(explorer.url)).discovery.scan.state === 'done') break;
      if (performance.now() - started > 400_000) throw new Error('the first scan did not end within 400 s');
    }
    const scan = (await health(explorer.url)).discovery.scan;
    // The scan's own times, by the explorer's clock: from its first listing to its last.
    const scanSeconds = (scan.endedAt! - scan.startedAt!) / 1000;
    const first = GarbageViewSchema.parse(JSON.parse((await timed(`${explorer.url}/api/garbage`)).body.toString()));
    const pileGroups = first.groups.filter((group) => /^\/apps\/batch\d+\/locks$/.test(group.parent));
    const inPiles = pileGroups.reduce((sum, group) => sum + group.count, 0);
    log(`the explorer's first scan: ${scanSeconds.toFixed(0)} s, ${scan.read.toLocaleString('en-US')} reads; it lists ${first.counts.emptyParents.toLocaleString('en-US')} empty parents in ${first.groupCount} groups, ${inPiles.toLocaleString('en-US')} of them in the ${piles} piles`);
    figures.push({
      section: SECTION,
      name: `the explorer's first scan at its default rate, until its view lists the ${parents.length.toLocaleString('en-US')} parents`,
      value: scanSeconds,
      unit: 's',
      reference: null,
      target: { on: 'value', max: 180 },
      note: `${scan.read.toLocaleString('en-US')} reads at DISCOVERY_READS_PER_SECOND=10,000, from its first listing to its last; it listed ${inPiles.toLocaleString('en-US')} of the piles' ${parents.length.toLocaleString('en-US')}, ${(first.counts.emptyParents - inPiles).toLocaleString('en-US')} other empty parents`,
    });
    figures.push({ section: SECTION, name: "the piles' parents the view does not list", value: parents.length - inPiles, unit: 'parents', reference: null, target: { on: 'value', max: 0 } });

    const views: Array<{ ms: number; bytes: number }> = [];
    for (let i = 0; i < REPEATS; i += 1) views.push(await timed(`${explorer.url}/api/garbage`));
    log(`GET /api/garbage: ${spread(views.map((view) => view.ms))} ms, ${views[0]!.bytes.toLocaleString('en-US')} bytes`);
    figures.push({
      section: SECTION,
      name: `GET /api/garbage with ${first.counts.emptyParents.toLocaleString('en-US')} empty parents (median of ${REPEATS})`,
      value: median(views.map((view) => view.ms)),
      unit: 'ms',
      reference: null,
      target: { on: 'value', max: 2000 },
      note: `${spread(views.map((view) => view.ms))} ms; ${views[0]!.bytes.toLocaleString('en-US')} bytes (${first.groupCount} groups, ${first.leaked.length} leaked nodes)`,
    });

    const dry: Array<{ ms: number; bytes: number }> = [];
    const zkcli: Array<{ ms: number; bytes: number }> = [];
    for (let i = 0; i < REPEATS; i += 1) {
      dry.push(await timed(`${explorer.url}/api/garbage/empty?limit=100000&minIdleMs=0`));
      zkcli.push(await timed(`${explorer.url}/api/garbage/empty?limit=100000&minIdleMs=0&format=zkcli`));
    }
    log(`the dry run: ${spread(dry.map((one) => one.ms))} ms, ${mb(dry[0]!.bytes)}; its zkCli form ${spread(zkcli.map((one) => one.ms))} ms, ${mb(zkcli[0]!.bytes)}`);
    figures.push(
      {
        section: SECTION,
        name: `the dry run of the whole pile, JSON (median of ${REPEATS})`,
        value: median(dry.map((one) => one.ms)),
        unit: 'ms',
        reference: null,
        target: null,
        note: `${spread(dry.map((one) => one.ms))} ms; ${mb(dry[0]!.bytes)} (${Math.round(dry[0]!.bytes / first.counts.emptyParents)} bytes a parent)`,
      },
      {
        section: SECTION,
        name: `the dry run as zkCli.sh commands (median of ${REPEATS})`,
        value: median(zkcli.map((one) => one.ms)),
        unit: 'ms',
        reference: { name: 'as JSON', value: median(dry.map((one) => one.ms)) },
        target: null,
        note: `${spread(zkcli.map((one) => one.ms))} ms; ${mb(zkcli[0]!.bytes)}`,
      },
    );
    figures.push(...(await cleanupFigures(explorer, zookeeper.connectString, parents, piles, rssAtStart, log)));
  } finally {
    await explorer.stop();
  }
  return figures;
}

/** The clean-up of every pile at CLEANUP_RATE: deletions a second, its time, what it skipped, the explorer's RSS before and after. */
async function cleanupFigures(explorer: ExplorerProcess, connectString: string, parents: readonly string[], piles: number, rssAtStart: number, log: (line: string) => void): Promise<Figure[]> {
  const groups = Array.from({ length: piles }, (_, pile) => pileOf(pile));
  // Its memory after a collection (SIGUSR2): what it keeps, not what it has yet to collect.
  const before = await explorer.stats();
  const posted = await timed(`${explorer.url}/api/garbage/cleanup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // The piles alone: a live lock's parent, empty between two holds, is no garbage (the default minIdleMs would leave it).
    body: JSON.stringify({ groups, expected: parents.length, minIdleMs: 0 }),
  });
  if (posted.status !== 202) throw new Error(`the clean-up was refused: ${posted.status} ${posted.body.toString()}`);
  let run: CleanupRun;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    run = CleanupRunSchema.parse(await (await fetch(`${explorer.url}/api/garbage/cleanup`)).json());
    if (run.state !== 'running') break;
  }
  const seconds = (run.endedAt! - run.startedAt) / 1000;
  const skipped = Object.values(run.skipped).reduce((sum, count) => sum + count, 0);
  const after = await explorer.stats();
  // What ZooKeeper still holds of the piles: their directories, no parent.
  const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await session.start(30_000);
  const left = (await Promise.all(groups.map((group) => session.countDescendants(group)))).reduce((sum, count) => sum + count, 0);
  session.close();
  const [rssBefore, rssAfter] = [before.rss / 2 ** 20, after.rss / 2 ** 20];
  const heap = (stats: { heapUsed: number }): string => `${(stats.heapUsed / 2 ** 20).toFixed(0)} MB`;
  log(
    `the clean-up: ${run.state}, ${run.deleted.toLocaleString('en-US')} deleted in ${seconds.toFixed(1)} s (${(run.deleted / seconds).toFixed(0)} a second), skipped ${JSON.stringify(run.skipped)}, ${run.left} left, ${left} left in ZooKeeper's piles; ` +
      `the explorer's RSS ${rssAtStart.toFixed(0)} MB at start, ${rssBefore.toFixed(0)} MB before (heap ${heap(before)}), ${rssAfter.toFixed(0)} MB after (heap ${heap(after)}), peak ${(after.peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  return [
    {
      section: SECTION,
      name: `the clean-up of ${run.planned.toLocaleString('en-US')} empty parents: deletions a second`,
      value: run.deleted / seconds,
      unit: '/s',
      reference: { name: 'CLEANUP_DELETES_PER_SECOND', value: CLEANUP_RATE },
      target: { on: 'ratio', min: 0.5 },
      note: `${run.state} in ${seconds.toFixed(1)} s: ${run.deleted.toLocaleString('en-US')} deleted, ${skipped} skipped ${JSON.stringify(run.skipped)}, ${run.left} left; each parent read again, then a multi of a check and the delete, each deletion logged on the explorer's stdout`,
    },
    { section: SECTION, name: 'the clean-up: parents deleted + skipped against planned', value: run.deleted + skipped, unit: 'parents', reference: { name: 'planned', value: run.planned }, target: { on: 'ratio', min: 1, max: 1 } },
    { section: SECTION, name: "the piles' parents ZooKeeper still holds after the clean-up", value: left, unit: 'parents', reference: null, target: { on: 'value', max: 0 } },
    {
      section: SECTION,
      name: "the explorer's RSS after the clean-up (after a collection)",
      value: rssAfter,
      unit: 'MB',
      reference: { name: 'before it', value: rssBefore },
      target: { on: 'value', max: 512 },
      note: `${rssAtStart.toFixed(0)} MB when the process had just started; with the piles listed ${rssBefore.toFixed(0)} MB (V8 heap used ${heap(before)}), after the run ${rssAfter.toFixed(0)} MB (heap ${heap(after)}); its peak ${(after.peakRss / 2 ** 20).toFixed(0)} MB`,
    },
  ];
}

export async function benchGarbage(piles = 10, perPile = 10_000, znodesWanted = 1_000_000, log: (line: string) => void = console.log): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-bench-garbage-'));
  let zookeeper: EmbeddedZooKeeper | null = null;
  let contenders: TreeContenders | null = null;
  let looping: LoopingContenders | null = null;
  let load: LoadGenerator | null = null;
  const started = performance.now();
  try {
    zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { '4lw.commands.whitelist': '*' }, startTimeoutMs: 180_000 });
    const builder = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
    await builder.start(30_000);
    let parents: string[];
    let znodes: number;
    try {
      const pileNodes = piles * (perPile + 2);
      // Each topic is itself, its partitions/ and a partition and its state per partition.
      const tree = await buildTree(builder, { topics: Math.ceil((znodesWanted - pileNodes) / 10), partitions: 4, locks: LIVE_LOCKS });
      parents = await buildPiles(builder, zookeeper.connectString, piles, perPile);
      znodes = await builder.countDescendants('/');
      contenders = await TreeContenders.start(zookeeper.connectString, tree.lockPaths);
    } finally {
      builder.close();
    }
    log(`built ${znodes.toLocaleString('en-US')} znodes, ${parents.length.toLocaleString('en-US')} of them empty lock parents in ${piles} piles, ${LIVE_LOCKS.toLocaleString('en-US')} held locks, in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // The messy case: live Kazoo locks handing over, and the load generator's writes and sessions, through every measurement.
    looping = await LoopingContenders.start('kazoo', zookeeper.connectString, LOOPING_ROOT, { locks: 20, perLock: [2, 2], holdMs: [100, 300], sessionTimeoutMs: 10_000 });
    load = await LoadGenerator.start(zookeeper.connectString, LOAD.rate, LOAD.sessions, 900);
    const before = await load.stats();
    const figures = [...(await scanFigures(zookeeper.connectString, parents.length, log)), ...(await explorerFigures(zookeeper, parents, piles, log))];
    const after = await load.stats();
    const loadSeconds = after.elapsedSeconds - before.elapsedSeconds;
    log(`the load beside: ${((after.writes - before.writes) / loadSeconds).toFixed(0)} writes a second (${after.skipped - before.skipped} not sent, ZooKeeper behind), ${((after.sessionsOpened - before.sessionsOpened) / loadSeconds).toFixed(1)} sessions a second, over ${loadSeconds.toFixed(0)} s`);
    figures[0]!.note += `; beside it all, ${((after.writes - before.writes) / loadSeconds).toFixed(0)} writes and ${((after.sessionsOpened - before.sessionsOpened) / loadSeconds).toFixed(1)} sessions a second, 20 Kazoo locks handing over; ${znodes.toLocaleString('en-US')} znodes`;
    return figures;
  } finally {
    await load?.stop();
    await looping?.stop();
    if (contenders !== null && zookeeper !== null) await contenders.close(zookeeper.connectString);
    await (zookeeper as EmbeddedZooKeeper | null)?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const figures = await benchGarbage(Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 10_000), Number(process.argv[4] ?? 1_000_000));
  console.log(textTable(figures));
  console.log(`\nAs Markdown (\`npm run bench:garbage\`, ${((performance.now() - started) / 1000).toFixed(0)} s):\n\n${markdownTables(figures)}`);
}
