/**
 * A busy ensemble (issue 50): ZooKeeper written to all the time outside any lock while a hundred
 * real locks hand over, the explorer following every lock it finds under `/`, against one
 * embedded ZooKeeper. The load is bench/load-generator.ts in a process of its own (2,000 writes
 * a second and 20 sessions a second opening and closing by default); the locks are half Curator
 * InterProcessMutex (one JVM) and half Kazoo Lock (one Python process), 2-3 contenders each,
 * each holding 200-500 ms, each with its own session. In one run, in phases of `--seconds`:
 *   (a) idle: the explorer (default discovery, LOCK_ROOTS=/) and no load: release → socket delta on a sample of locks;
 *   (b) the load without the explorer: ZooKeeper's CPU, before and after (c), averaged;
 *   (c) the same load with the explorer: ZooKeeper's added CPU, the explorer's CPU, the notifications
 *       its session received per unrelated write, release → socket p99 against (a)'s, its session
 *       before and after, and every followed lock compared each second with ZooKeeper's own
 *       children and owners (read by an independent session);
 *   (d) the unhappy path under the same load: Curator holders crash (their sessions left to expire):
 *       ZooKeeper's deletion → the explorer's delta, each holder named disconnected before its expiry,
 *       the samples and the explorer's session through it.
 * With `--soak <minutes>` it runs (c) that long instead and reports the explorer's RSS and heap
 * slope after the first `--soak-warmup` minutes (each read after a forced collection), its CPU
 * without those collections (whole and by 5-minute stretch), sessions lost and samples unlike ZooKeeper;
 * `--runs N` repeats the whole run on a fresh ZooKeeper and reports each figure's median and spread.
 * Loopback only; every process it starts is stopped at the end.
 *   node --import tsx bench/busy.ts [--seconds 60] [--locks 100] [--rate 2000] [--sessions 20] [--sample 10]
 *     [--crash-every 10] [--contender-timeout 10000] [--settle 20] [--load-warmup 30] [--runs 1]
 *     [--soak <minutes>] [--soak-warmup 5] [--soak-every 30]
 */
import { pathToFileURL } from 'node:url';
import { LoadGenerator, monotonicMs } from './busy-watch';
import {
  BUSY_DEFAULTS,
  crashOutcomes,
  crashTicker,
  describe,
  explorerCpuSeconds,
  judged,
  measure,
  notificationShare,
  p,
  missingWhen,
  releaseLatencies,
  section,
  sessionsLost,
  startFollowing,
  stallsOf,
  startRig,
  stopFollowing,
  stopRig,
  writesPerSecond,
  type BusyOptions,
  type Following,
  type Measured,
  type Rig,
} from './busy-rig';
import { markdownTables, textTable, type Figure } from './figures';
import { median, quantile, slope } from './stats';
import type { ExplorerStats } from './harness';

export { BUSY_DEFAULTS, type BusyOptions } from './busy-rig';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** After a window, before its latencies are counted: the last deltas arrive. */
const ARRIVAL_GRACE_MS = 3_000;

/** The release → socket and release → floor latencies of a window. */
interface Latencies {
  explorer: { values: number[]; missing: number; missingAt: number[] };
  floor: { values: number[]; missing: number; missingAt: number[] };
}

async function latenciesOf(rig: Rig, following: Following, window: Measured): Promise<Latencies> {
  await sleep(Math.max(0, window.to + ARRIVAL_GRACE_MS - monotonicMs()));
  return { explorer: releaseLatencies(rig, following.recorder.removedAt, window), floor: releaseLatencies(rig, rig.floor.removedAt, window) };
}

/** What one run measured, phase by phase. */
interface Phases {
  idle: Measured;
  idleLatencies: Latencies;
  without: [Measured, Measured];
  loaded: Measured;
  loadedLatencies: Latencies;
  withoutFloor: { values: number[]; missing: number; missingAt: number[] };
  crashes: Measured;
  crashOutcomes: ReturnType<typeof crashOutcomes>;
  /** What the explorer followed at the end of (c): how many locks, and those besides the run's. */
  followedBesides: string[];
}

/**
 * Starts the load for long enough for every phase still to come, whatever the explorer's starts
 * take, and lets ZooKeeper warm to it: its CPU under a new load falls for a while (in short runs
 * the window just after the start used a tenth of a core more than the same window later).
 */
async function startLoad(rig: Rig, seconds: number): Promise<void> {
  const { options } = rig;
  rig.generator = await LoadGenerator.start(rig.zookeeper.connectString, options.rate, options.sessionsPerSecond, seconds);
  await sleep(options.loadWarmupSeconds * 1000);
}

/** The phases of one run: (a) idle, (b) the load without the explorer, (c) with it, (b) again, (d) crashes with it. */
async function runPhases(rig: Rig): Promise<Phases> {
  const { options } = rig;
  const follow = async (): Promise<Following> => {
    const following = await startFollowing(rig);
    await sleep(options.settleSeconds * 1000);
    return following;
  };
  let following = await follow();
  const idle = await measure(rig, following, options.seconds);
  const idleLatencies = await latenciesOf(rig, following, idle);
  console.log(`${describe(rig, 'a, idle', idle)}; release → socket p50 ${p(idleLatencies.explorer.values, 0.5)} ms, p99 ${p(idleLatencies.explorer.values, 0.99)} ms`);
  await stopFollowing(rig, following);

  // (c) between two windows without the explorer, so that ZooKeeper's drift under the load weighs on both sides alike.
  await startLoad(rig, options.loadWarmupSeconds + 5 * (options.seconds + options.settleSeconds) + 600);
  const before = await measure(rig, null, options.seconds);
  console.log(describe(rig, 'b, the load without the explorer', before));
  following = await follow();
  const loaded = await measure(rig, following, options.seconds);
  const loadedLatencies = await latenciesOf(rig, following, loaded);
  console.log(`${describe(rig, 'c, the load with the explorer', loaded)}; release → socket p50 ${p(loadedLatencies.explorer.values, 0.5)} ms, p99 ${p(loadedLatencies.explorer.values, 0.99)} ms`);
  const followedBesides = Object.keys((await following.explorer.followed()).locks).filter((path) => !rig.expected.includes(path));
  await stopFollowing(rig, following);
  await sleep(options.settleSeconds * 1000);
  const after = await measure(rig, null, options.seconds);
  await sleep(ARRIVAL_GRACE_MS);
  console.log(describe(rig, 'b, the load without the explorer, again', after));

  following = await follow();
  const crashes = await measure(rig, following, options.seconds, crashTicker(rig));
  await sleep(ARRIVAL_GRACE_MS);
  const outcomes = crashOutcomes(rig, following, crashes);
  console.log(`${describe(rig, 'd, crashes under the load', crashes)}; ${outcomes.length} holders crashed.${unnamed(outcomes, namedInTime(outcomes))}`);
  await stopFollowing(rig, following);
  return {
    idle,
    idleLatencies,
    without: [before, after],
    loaded,
    loadedLatencies,
    withoutFloor: releaseLatencies(rig, rig.floor.removedAt, before),
    crashes,
    crashOutcomes: outcomes,
    followedBesides,
  };
}

const pct = (value: number): string => `${value.toFixed(2)}%`;

/** The first wrong samples of a window (the 2 s re-check may end a little after it), for a note. */
function examples(rig: Rig, window: Measured): string {
  const lines = rig.sampler.examplesBetween(window.from, window.to + 3_000);
  return lines.length === 0 ? '' : ` First wrong: ${lines.join(' | ')}`;
}

/** ZooKeeper's CPU with the explorer against without it (the two windows around it, averaged), and the explorer's own. */
function cpuFigures(options: BusyOptions, phases: Phases): Figure[] {
  const without = phases.without.map((window) => window.cpu.zookeeper!);
  const reference = (without[0]! + without[1]!) / 2;
  const withIt = phases.loaded.cpu.zookeeper!;
  const rates = [phases.without[0], phases.loaded, phases.without[1]].map((window) => writesPerSecond(window).toFixed(0)).join(', ');
  return [
    {
      section: section(options),
      name: "ZooKeeper's CPU added by the explorer, under the load",
      value: withIt - reference,
      unit: '% of a core',
      reference: { name: 'without it', value: reference },
      target: { on: 'value', max: 2 },
      note:
        `ZooKeeper used ${pct(withIt)} of a core with the explorer following every lock, ${pct(without[0]!)} and ${pct(without[1]!)} without it (the windows before and after, averaged), ` +
        `at ${rates} writes/s; the bench's own reads (every lock's children and owners each second, a bare watch on the sampled locks) are made in every window alike. ` +
        `With the explorer a page follows ${options.sample} locks, so the explorer also asks ZooKeeper for its report every 2 s (wchc and cons; mntr and dump on one poll in five). The machine's cores were ${phases.loaded.machineBusy?.toFixed(0) ?? '?'}% busy with it.`,
    },
    {
      section: section(options),
      name: "the explorer's CPU, under the load",
      value: phases.loaded.cpu.explorer!,
      unit: '% of a core',
      reference: { name: 'idle', value: phases.idle.cpu.explorer! },
      target: { on: 'value', max: 15 },
      note: `Following ${options.locks} locks handing over ${phases.loaded.handoversPerSecond.toFixed(0)} times a second (${phases.idle.handoversPerSecond.toFixed(0)} idle), a page subscribed to ${options.sample} of them, and the bench asking it each second for what it follows.`,
    },
  ];
}

/** The notifications the explorer's session received for anything but the run's locks, per unrelated write. */
function notificationFigure(options: BusyOptions, rig: Rig, phases: Phases): Figure {
  const share = notificationShare(rig, phases.loaded);
  const idle = notificationShare(rig, phases.idle);
  const discovery = phases.loaded.explorer!.after.discovery;
  const others = share.others.filter(([, count]) => count > 0);
  const named = others.slice(0, 3).map(([path, count]) => `${path} ${count}`).join(', ');
  return {
    section: section(options),
    name: 'notifications the explorer receives per unrelated write',
    value: share.writes === 0 ? Number.NaN : share.unrelated / share.writes,
    unit: '',
    reference: null,
    target: { on: 'value', max: 0.01 },
    note:
      `${share.unrelated.toLocaleString('en-US')} notifications over ${share.writes.toLocaleString('en-US')} writes of the load (its setData, creates and deletes, and each short session's instance and close): ` +
      `${share.elsewhere.toLocaleString('en-US')} for nothing the explorer follows (discovery live: ${discovery.live}${discovery.treeNotificationsPerSecond === null ? '' : `, ${discovery.treeNotificationsPerSecond}/s told`}), ` +
      `${(share.unrelated - share.elsewhere).toLocaleString('en-US')} for ${others.length} things it follows besides the run's locks${named === '' ? '' : ` (${named}${others.length > 3 ? ', …' : ''})`}; ` +
      `and ${share.related.toLocaleString('en-US')} for the run's locks (${(share.related / Math.max(1, phases.loaded.handoversPerSecond * phases.loaded.seconds)).toFixed(2)} a handover; idle ${(idle.related / Math.max(1, phases.idle.handoversPerSecond * phases.idle.seconds)).toFixed(2)}). ` +
      `Deltas published a handover under the load: ${deltasPerHandover(phases.loaded)}; idle: ${deltasPerHandover(phases.idle)}.`,
  };
}

/** The deltas the explorer published over a window per handover, by what each carried. */
function deltasPerHandover(window: Measured): string {
  const { before, after } = window.explorer!;
  const handovers = Math.max(1, window.handoversPerSecond * window.seconds);
  const kinds = Object.keys(after.deltaKinds) as Array<keyof ExplorerStats['deltaKinds']>;
  const each = kinds.map((kind) => `${kind} ${((after.deltaKinds[kind] - before.deltaKinds[kind]) / handovers).toFixed(2)}`);
  const total = kinds.reduce((sum, kind) => sum + after.deltaKinds[kind] - before.deltaKinds[kind], 0);
  return `${(total / handovers).toFixed(2)} (${each.join(', ')})`;
}

/** Release → socket p99 under the load against idle, with the floor's (a bare watch, ZooKeeper's own delay) beside it. */
function latencyFigure(options: BusyOptions, phases: Phases): Figure {
  const { idleLatencies: idle, loadedLatencies: loaded } = phases;
  return {
    section: section(options),
    name: 'a holder releases → the socket delta, p99 under the load',
    value: quantile(loaded.explorer.values, 0.99),
    unit: 'ms',
    reference: { name: 'idle', value: quantile(idle.explorer.values, 0.99) },
    target: { on: 'ratio', max: 2 },
    note:
      `From the contender's release (its clock, just before it deletes its node) to the delta on a page's socket, on ${options.sample} sampled locks: ` +
      `under the load ${loaded.explorer.values.length} releases, median ${p(loaded.explorer.values, 0.5)} ms, ${loaded.explorer.missing} never arrived; idle ${idle.explorer.values.length}, median ${p(idle.explorer.values, 0.5)} ms, ${idle.explorer.missing} never arrived. ` +
      `The floor (a bare child watch read by getChildren) saw the same releases at p99 ${p(loaded.floor.values, 0.99)} ms under the load with the explorer, ${p(phases.withoutFloor.values, 0.99)} ms without it, ${p(idle.floor.values, 0.99)} ms idle.`,
  };
}

/** The explorer's session over (c) and (d), and every followed lock against ZooKeeper in (c). */
function sessionAndSampleFigures(options: BusyOptions, rig: Rig, phases: Phases): Figure[] {
  // (c) and (d) each had an explorer of its own.
  const loaded = sessionsLost([phases.loaded]);
  const crashed = sessionsLost([phases.crashes]);
  const states = (lost: ReturnType<typeof sessionsLost>): string => Object.entries(lost.states).map(([state, count]) => `${state} ${count}×`).join(', ') || 'none';
  const { samples } = phases.loaded;
  const lost = rig.log.laterSessions - rig.log.crashes.length;
  return [
    {
      section: section(options),
      name: "the explorer's session lost, under the load and through the crashes",
      value: loaded.lost + crashed.lost,
      unit: 'sessions',
      reference: null,
      target: { on: 'value', max: 0 },
      note:
        `Under the load its session was ${loaded.ids[0]} before and ${loaded.ids[1]} after (states entered: ${states(loaded)}); through the crashes ${crashed.ids[0]} and ${crashed.ids[1]} (${states(crashed)}). The contenders opened ${lost} sessions besides the crashed holders' replacements and said ${rig.log.errors.length} errors${rig.log.errors.length > 0 ? ` (${rig.log.errors.slice(0, 2).join('; ')})` : ''}.`,
    },
    {
      section: section(options),
      name: 'followed locks unlike ZooKeeper, sampled each second under the load',
      value: samples.wrong,
      unit: 'samples',
      reference: null,
      target: { on: 'value', max: 0 },
      note:
        `${samples.lockSamples.toLocaleString('en-US')} lock samples (every lock the explorer follows: the run's ${options.locks} and ${phases.followedBesides.length} more${phases.followedBesides.length > 0 ? `, ${phases.followedBesides.slice(0, 3).join(', ')}${phases.followedBesides.length > 3 ? ', …' : ''}` : ''}) ` +
        `against ZooKeeper's children and their ephemeralOwner; ${samples.inFlight} differed and were equal 300 ms later (a change in flight); of the ${samples.wrong} still unlike then, ${judged(rig, phases.loaded)}; ${samples.skipped} of ${samples.ticks} ticks found the last still running. ` +
        `${samples.wrongOnExpected} of the wrong were on the run's own locks; ${stallsOf(phases.loaded)}. Idle: ${phases.idle.samples.lockSamples} samples, ${phases.idle.samples.wrong} wrong, ${phases.idle.samples.inFlight} in flight.${examples(rig, phases.loaded)}`,
    },
  ];
}

/** The unhappy path: crashed holders' expiries reaching the page, the holder named disconnected first, the samples through it. */
function crashFigures(options: BusyOptions, rig: Rig, phases: Phases): Figure[] {
  const outcomes = phases.crashOutcomes;
  const reached = outcomes.filter((outcome) => outcome.explorerAt !== undefined);
  const lags = reached.filter((outcome) => outcome.zookeeperAt !== undefined).map((outcome) => outcome.explorerAt! - outcome.zookeeperAt!);
  const expiries = outcomes.filter((outcome) => outcome.zookeeperAt !== undefined).map((outcome) => (outcome.zookeeperAt! - outcome.crash.at) / 1000);
  const named = namedInTime(outcomes);
  const namedAfter = named.map((outcome) => (outcome.namedAt! - outcome.crash.at) / 1000);
  const { samples } = phases.crashes;
  const unhappy = `${section(options)}: the unhappy path, Curator holders crashing under the load`;
  const ofCrashed = (name: string, value: number, note: string): Figure => ({ section: unhappy, name, value, unit: 'holders', reference: { name: 'crashed', value: outcomes.length }, target: { on: 'ratio', min: 1 }, note });
  return [
    ofCrashed(
      "crashed holders whose expiry reached the page's socket",
      reached.length,
      `A sampled Curator lock's holder every ${options.crashEverySeconds} s stops talking to ZooKeeper without closing its session (${rig.log.crashesMissed} asks found no holder); ZooKeeper deleted its node ${expiries.length > 0 ? `${median(expiries).toFixed(1)} s` : '—'} after (median; session timeout ${options.contenderTimeoutMs / 1000} s). ` +
        `The explorer's delta came ${lags.length > 0 ? `${median(lags).toFixed(1)} ms (median), ${Math.max(...lags).toFixed(1)} ms at most` : '—'} after the floor saw the node go.`,
    ),
    ofCrashed(
      'crashed holders named disconnected before ZooKeeper expired them',
      named.length,
      `The lock's holder-disconnected anomaly on the page, ${namedAfter.length > 0 ? `${median(namedAfter).toFixed(1)} s after the crash (median)` : 'never'}: ZooKeeper's report (cons, dump) must show its session without a connection twice in a row.${unnamed(outcomes, named)}`,
    ),
    {
      section: unhappy,
      name: 'followed locks unlike ZooKeeper, sampled each second through the crashes',
      value: samples.wrong,
      unit: 'samples',
      reference: null,
      target: { on: 'value', max: 0 },
      note: `${samples.lockSamples.toLocaleString('en-US')} lock samples, ${samples.inFlight} in flight (equal 300 ms later); of the wrong, ${samples.wrongOnExpected} on the run's own locks, ${judged(rig, phases.crashes)}; ${samples.skipped} of ${samples.ticks} ticks skipped.${examples(rig, phases.crashes)}`,
    },
  ];
}

/** The crashed holders named disconnected before ZooKeeper expired them. */
function namedInTime(outcomes: ReturnType<typeof crashOutcomes>): ReturnType<typeof crashOutcomes> {
  return outcomes.filter((outcome) => outcome.namedAt !== undefined && (outcome.zookeeperAt === undefined || outcome.namedAt < outcome.zookeeperAt));
}

/** The crashed holders not named before their expiry, each with when it was named and when ZooKeeper expired it (s after the crash). */
function unnamed(outcomes: ReturnType<typeof crashOutcomes>, named: ReturnType<typeof crashOutcomes>): string {
  const seconds = (at: number | undefined, crash: number): string => (at === undefined ? 'never' : `${((at - crash) / 1000).toFixed(1)} s after`);
  const missed = outcomes.filter((outcome) => !named.includes(outcome));
  if (missed.length === 0) return '';
  return ` Not named in time: ${missed.map(({ crash, namedAt, zookeeperAt }) => `${crash.node} (${crash.session}; named ${seconds(namedAt, crash.at)}, expired ${seconds(zookeeperAt, crash.at)})`).join('; ')}.`;
}

/** One run of every phase, on a ZooKeeper of its own. */
async function runOnce(options: BusyOptions): Promise<Figure[]> {
  const rig = await startRig(options);
  try {
    const phases = await runPhases(rig);
    return [...cpuFigures(options, phases), notificationFigure(options, rig, phases), latencyFigure(options, phases), ...sessionAndSampleFigures(options, rig, phases), ...crashFigures(options, rig, phases)];
  } finally {
    await stopRig(rig);
  }
}

/** The explorer's CPU in one stretch of a soak, the forced collections left out: from and to (min), % of a core. */
interface SoakStretch {
  from: number;
  to: number;
  cpu: number;
  /** The locks' handovers a second over the stretch: the load the CPU is for. */
  handoversPerSecond: number;
}

/** How long each stretch of a soak's CPU is (min). */
const SOAK_STRETCH_MINUTES = 5;

/**
 * The soak: (c) for `soakMinutes`, the explorer's memory after a collection every `soakEverySeconds`.
 * Each read forces a full collection, which costs the explorer CPU the load did not: the time each
 * read takes in the explorer's process is counted apart, and its CPU is given without it, whole and
 * in stretches of SOAK_STRETCH_MINUTES (a cost that grows with time shows as a rising stretch).
 */
async function soakOnce(options: BusyOptions): Promise<Figure[]> {
  const rig = await startRig(options);
  try {
    await startLoad(rig, options.loadWarmupSeconds + options.soakMinutes * 60 + options.settleSeconds + 600);
    const following = await startFollowing(rig);
    await sleep(options.settleSeconds * 1000);
    const memory: SoakMemory[] = [];
    const stretches: SoakStretch[] = [];
    let collections = 0;
    let stretchCollections = 0;
    let stretchStart = { at: monotonicMs(), cpu: explorerCpuSeconds(following), handovers: rig.log.handovers };
    const window = await measure(rig, following, options.soakMinutes * 60, async (elapsed) => {
      if (elapsed % options.soakEverySeconds === 0) {
        const before = explorerCpuSeconds(following);
        const stats = await following.explorer.stats();
        const cost = explorerCpuSeconds(following) - before;
        collections += cost;
        stretchCollections += cost;
        const resident = stats.resident ?? { file: NaN, brk: NaN, arenas: NaN, anonymous: NaN, stack: NaN };
        const read = {
          minute: elapsed / 60,
          rss: stats.rss / 2 ** 20,
          heap: stats.heapUsed / 2 ** 20,
          heapTotal: stats.heapTotal / 2 ** 20,
          external: stats.external / 2 ** 20,
          file: resident.file / 2 ** 20,
          brk: resident.brk / 2 ** 20,
          arenas: resident.arenas / 2 ** 20,
          anonymous: resident.anonymous / 2 ** 20,
        };
        memory.push(read);
        const spaces = Object.entries(stats.spaces)
          .filter(([, space]) => space.size > 0)
          .map(([space, { size, used }]) => `${space.replace(/_space$/, '')} ${(used / 2 ** 20).toFixed(1)}/${(size / 2 ** 20).toFixed(1)}`)
          .join(', ');
        const kinds = `files ${read.file.toFixed(1)}, brk ${read.brk.toFixed(1)}, arenas ${read.arenas.toFixed(1)}, anonymous ${read.anonymous.toFixed(1)}`;
        console.log(`busy soak memory: ${read.minute.toFixed(1)} min, RSS ${read.rss.toFixed(1)} MB (${kinds}), heap ${read.heap.toFixed(1)} used of ${read.heapTotal.toFixed(1)}, external ${read.external.toFixed(1)}; by space (used/taken MB) ${spaces}`);
      }
      if (elapsed % (SOAK_STRETCH_MINUTES * 60) !== 0) return;
      const now = { at: monotonicMs(), cpu: explorerCpuSeconds(following), handovers: rig.log.handovers };
      const seconds = (now.at - stretchStart.at) / 1000;
      const stretch = { from: (elapsed - SOAK_STRETCH_MINUTES * 60) / 60, to: elapsed / 60, cpu: (100 * (now.cpu - stretchStart.cpu - stretchCollections)) / seconds, handoversPerSecond: (now.handovers - stretchStart.handovers) / seconds };
      stretches.push(stretch);
      stretchStart = now;
      stretchCollections = 0;
      const last = memory.at(-1);
      const memoryNow = last === undefined ? 'no memory read yet' : `RSS ${last.rss.toFixed(1)} MB, heap ${last.heap.toFixed(1)} MB used of ${last.heapTotal.toFixed(1)}, external ${last.external.toFixed(1)} MB`;
      console.log(`busy soak: ${stretch.to.toFixed(0)} min, ${memoryNow}, CPU ${stretch.cpu.toFixed(1)} % over the last ${SOAK_STRETCH_MINUTES} min without the forced collections, ${stretch.handoversPerSecond.toFixed(0)} handovers/s`);
    });
    const latencies = await latenciesOf(rig, following, window);
    console.log(describe(rig, `soak of ${options.soakMinutes} min`, window));
    await stopFollowing(rig, following);
    return soakFigures(options, rig, window, { memory, stretches, collectionsPercent: (100 * collections) / window.seconds }, latencies);
  } finally {
    await stopRig(rig);
  }
}

/**
 * One read of the explorer's memory after a collection (MB): resident, V8's heap used and taken, and outside it;
 * and what is resident by kind of mapping (NaN without /proc): mapped files, glibc's main heap, its thread arenas, other anonymous.
 */
interface SoakMemory {
  minute: number;
  rss: number;
  heap: number;
  heapTotal: number;
  external: number;
  file: number;
  brk: number;
  arenas: number;
  anonymous: number;
}

interface SoakReads {
  memory: readonly SoakMemory[];
  stretches: readonly SoakStretch[];
  /** What the forced collections cost the explorer (% of a core over the window). */
  collectionsPercent: number;
}

function soakFigures(options: BusyOptions, rig: Rig, window: Measured, { memory, stretches, collectionsPercent }: SoakReads, latencies: Latencies): Figure[] {
  const name = `${section(options)}: a soak of ${options.soakMinutes} minutes`;
  const after = memory.filter((point) => point.minute >= options.soakWarmupMinutes);
  const trend = (key: Exclude<keyof SoakMemory, 'minute'>): number => 10 * slope(after.map((point) => ({ x: point.minute, y: point[key] })));
  const span = (key: Exclude<keyof SoakMemory, 'minute'>): string => (after.length === 0 ? 'no samples' : `${after[0]![key].toFixed(1)} MB at ${after[0]!.minute.toFixed(1)} min, ${after.at(-1)![key].toFixed(1)} MB at the end`);
  const residentKinds: Array<[Exclude<keyof SoakMemory, 'minute'>, string]> = [
    ['file', 'mapped files'],
    ['brk', "glibc's main heap"],
    ['arenas', "glibc's thread arenas"],
    ['anonymous', 'other anonymous (V8, large blocks)'],
  ];
  const memoryNote = (key: 'rss' | 'heap'): string => `Linear fit over ${after.length} reads after a collection, every ${options.soakEverySeconds} s after the first ${options.soakWarmupMinutes} minutes: ${span(key)}.${key === 'rss' ? ` Of it, V8's heap taken ${trend('heapTotal').toFixed(2)} MB per 10 min (${span('heapTotal')}), outside the heap ${trend('external').toFixed(2)} (${span('external')}). Resident by kind of mapping: ${residentKinds.map(([key, words]) => `${words} ${trend(key).toFixed(2)} (${span(key)})`).join(', ')}.` : ''}`;
  const sessions = sessionsLost([window]);
  const share = notificationShare(rig, window);
  const figure = (label: string, value: number, unit: string, max: number, note: string): Figure => ({ section: name, name: label, value, unit, reference: null, target: { on: 'value', max }, note });
  return [
    figure("the explorer's RSS slope", trend('rss'), 'MB per 10 min', 1, memoryNote('rss')),
    figure("the explorer's heap slope", trend('heap'), 'MB per 10 min', 1, memoryNote('heap')),
    figure("the explorer's session lost", sessions.lost, 'sessions', 0, `${sessions.ids[0]} at the start, ${sessions.ids[1]} at the end.`),
    figure('followed locks unlike ZooKeeper, sampled each second', window.samples.wrong, 'samples', 0, `${window.samples.lockSamples.toLocaleString('en-US')} lock samples, ${window.samples.inFlight} in flight; of the wrong, ${window.samples.wrongOnExpected} on the run's own locks, ${judged(rig, window)}; ${window.samples.skipped} ticks skipped.${examples(rig, window)}`),
    figure(
      "the explorer's CPU, the soak's forced collections left out",
      window.cpu.explorer! - collectionsPercent,
      '% of a core',
      15,
      `${pct(window.cpu.explorer!)} with the ${memory.length} forced collections, which cost ${pct(collectionsPercent)}. By stretches of ${SOAK_STRETCH_MINUTES} min: ${stretches.map((stretch) => `${stretch.from.toFixed(0)}–${stretch.to.toFixed(0)} min ${pct(stretch.cpu)} at ${stretch.handoversPerSecond.toFixed(0)} handovers/s`).join(', ')}. ZooKeeper ${pct(window.cpu.zookeeper!)} of a core meanwhile, at ${writesPerSecond(window).toFixed(0)} writes/s.`,
    ),
    figure('notifications the explorer receives per unrelated write', share.unrelated / Math.max(1, share.writes), '', 0.01, `${share.unrelated} over ${share.writes} writes.`),
    { section: name, name: 'a holder releases → the socket delta, p99', value: quantile(latencies.explorer.values, 0.99), unit: 'ms', reference: null, target: null, note: `${latencies.explorer.values.length} releases, median ${p(latencies.explorer.values, 0.5)} ms, ${latencies.explorer.missing} never arrived.${missingWhen(window, latencies.explorer.missingAt)}` },
  ];
}

/**
 * Several runs as one: each figure's median value and reference, its spread in its note (the note of the median run's).
 * A figure judged by its ratio to a reference of its own run is the run of the median ratio, its value and reference
 * together: a median value over a median reference from other runs is a ratio no run measured.
 */
export function combineRuns(runs: readonly Figure[][]): Figure[] {
  if (runs.length === 1) return runs[0]!;
  return runs[0]!.map((first, index) => {
    const all = runs.map((run) => run[index]!);
    const values = all.map((figure) => figure.value);
    const references = all.flatMap((figure) => (figure.reference === null ? [] : [figure.reference.value]));
    const spread = `${runs.length} runs: ${values.map((value) => value.toFixed(2)).join(', ')} (median ${median(values).toFixed(2)}, spread ${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    if (first.target?.on === 'ratio' && references.length === all.length) {
      const ratios = all.map((figure) => figure.value / figure.reference!.value);
      const middle = all[ratios.indexOf(median(ratios))] ?? first;
      return {
        ...middle,
        name: first.name,
        note: `${spread}; references ${references.map((value) => value.toFixed(2)).join(', ')}; ratios ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}). The median run: ${middle.note ?? ''}`,
      };
    }
    const middle = all.find((figure) => figure.value === median(values)) ?? first;
    return {
      ...middle,
      name: first.name,
      value: median(values),
      reference: first.reference === null ? null : { name: first.reference.name, value: median(references) },
      note: `${spread}${references.length > 0 ? `; references ${references.map((value) => value.toFixed(2)).join(', ')}` : ''}. The median run: ${middle.note ?? ''}`,
    };
  });
}

/** The bench: `runs` runs of every phase (or a soak), each on a ZooKeeper of its own. */
export async function benchBusy(options: BusyOptions = BUSY_DEFAULTS): Promise<Figure[]> {
  const runs: Figure[][] = [];
  for (let run = 0; run < options.runs; run += 1) {
    if (options.runs > 1) console.log(`busy: run ${run + 1} of ${options.runs}`);
    runs.push(options.soakMinutes > 0 ? await soakOnce(options) : await runOnce(options));
  }
  return combineRuns(runs);
}

/** The command line: `--name value` or `--name=value` over the defaults. */
export function parseBusyArgs(argv: readonly string[]): BusyOptions {
  const options: BusyOptions = { ...BUSY_DEFAULTS };
  const keys: Record<string, Exclude<keyof BusyOptions, 'perLock' | 'holdMs'>> = {
    seconds: 'seconds',
    settle: 'settleSeconds',
    'load-warmup': 'loadWarmupSeconds',
    locks: 'locks',
    rate: 'rate',
    sessions: 'sessionsPerSecond',
    sample: 'sample',
    'crash-every': 'crashEverySeconds',
    'contender-timeout': 'contenderTimeoutMs',
    runs: 'runs',
    soak: 'soakMinutes',
    'soak-warmup': 'soakWarmupMinutes',
    'soak-every': 'soakEverySeconds',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const given = argv[i]!;
    const [flag = '', inline] = given.replace(/^--/, '').split('=');
    const key = keys[flag];
    const value = Number(inline ?? argv[++i]);
    if (key === undefined || !Number.isFinite(value)) throw new Error(`busy: ${given} is not an option with a number; the options are ${Object.keys(keys).map((name) => `--${name}`).join(', ')}`);
    options[key] = value;
  }
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = parseBusyArgs(process.argv.slice(2));
  const figures = await benchBusy(options);
  console.log(textTable(figures));
  // The same as bench/RESULTS.md has its sections, with the command that measured them, to paste there.
  console.log(`\nAs Markdown (\`npm run bench:busy -- ${process.argv.slice(2).join(' ')}\`):\n\n${markdownTables(figures)}`);
}
