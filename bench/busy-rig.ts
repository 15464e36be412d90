/**
 * The busy-ensemble bench's run (bench/busy.ts): ZooKeeper, the looping contenders and the
 * instruments started once, the explorer started and stopped around them, and a window of
 * measurement with what each process's CPU, the load, the explorer and the samples did in it.
 */
import { LoopingContenders } from '../server/testing/real-clients';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { ContenderLog, DeltaRecorder, FloorWatcher, LoadGenerator, monotonicMs, Sampler, type Crash, type SampleCounts } from './busy-watch';
import { cpuSeconds, cpuTimes, startExplorerProcess, type ExplorerProcess, type ExplorerStats } from './harness';
import type { LoadStats } from './load-generator';
import { quantile } from './stats';

/** The run's shape; the defaults are the issue's. */
export interface BusyOptions {
  /** Each phase's length (s). */
  seconds: number;
  /** After the explorer starts, before a phase is measured (s): its first readings and the compilations they set off are over (at 10 s the first window still read about a point more). */
  settleSeconds: number;
  /** After the load starts, before the first window under it (s). */
  loadWarmupSeconds: number;
  locks: number;
  perLock: [number, number];
  holdMs: [number, number];
  /** The contenders' session timeout (ms): a crashed holder's node goes about this long after its crash. */
  contenderTimeoutMs: number;
  rate: number;
  sessionsPerSecond: number;
  /** How many locks a page follows over socket.io for the latencies (half Curator, half Kazoo). */
  sample: number;
  crashEverySeconds: number;
  runs: number;
  /** 0: no soak; else (c) alone for this many minutes. */
  soakMinutes: number;
  soakWarmupMinutes: number;
  soakEverySeconds: number;
}

export const BUSY_DEFAULTS: BusyOptions = {
  seconds: 60,
  settleSeconds: 20,
  loadWarmupSeconds: 30,
  locks: 100,
  perLock: [2, 3],
  holdMs: [200, 500],
  contenderTimeoutMs: 10_000,
  rate: 2_000,
  sessionsPerSecond: 20,
  sample: 10,
  crashEverySeconds: 10,
  runs: 1,
  soakMinutes: 0,
  soakWarmupMinutes: 5,
  soakEverySeconds: 30,
};

/**
 * The period of the explorer process's probe of event-loop stalls in the CPU benches: the probe is the bench's, and at
 * its 5 ms default its 200 wake-ups a second were about a tenth of the explorer's CPU (bench/explorer-process.ts).
 */
export const STALL_PROBE_MS = 50;
export const CURATOR_ROOT = '/app/orders/locks';
export const KAZOO_ROOT = '/app/billing/locks';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const section = (options: BusyOptions): string =>
  `11. A busy ensemble: ${options.rate.toLocaleString('en-US')} writes/s and ${options.sessionsPerSecond} sessions/s outside any lock, ${options.locks} Curator and Kazoo locks handing over`;

/** Everything one run starts once: ZooKeeper, the contenders and the instruments that outlive the explorer. */
export interface Rig {
  options: BusyOptions;
  zookeeper: EmbeddedZooKeeper;
  curator: LoopingContenders;
  kazoo: LoopingContenders;
  log: ContenderLog;
  floor: FloorWatcher;
  sampler: Sampler;
  samplerSession: ZkSession;
  /** Every lock the contenders make, and the sampled ones (Curator's first). */
  expected: string[];
  sampled: string[];
  generator: LoadGenerator | null;
  /** The explorer while it runs, stopped with the rig should a phase fail. */
  following: Following | null;
}

/** The explorer in its own process, with a page's socket on the sampled locks. */
export interface Following {
  explorer: ExplorerProcess;
  recorder: DeltaRecorder;
}

/** Starts ZooKeeper and the contenders; whatever started is stopped again when something fails. */
async function startLocks(options: BusyOptions): Promise<{ zookeeper: EmbeddedZooKeeper; curator: LoopingContenders; kazoo: LoopingContenders }> {
  const zookeeper = await startEmbeddedZooKeeper();
  const shape = (locks: number) => ({ locks, perLock: options.perLock, holdMs: options.holdMs, sessionTimeoutMs: options.contenderTimeoutMs });
  const curatorLocks = Math.ceil(options.locks / 2);
  const started = await Promise.allSettled([
    LoopingContenders.start('curator', zookeeper.connectString, CURATOR_ROOT, shape(curatorLocks)),
    LoopingContenders.start('kazoo', zookeeper.connectString, KAZOO_ROOT, shape(options.locks - curatorLocks)),
  ]);
  const [curator, kazoo] = started;
  if (curator.status === 'fulfilled' && kazoo.status === 'fulfilled') return { zookeeper, curator: curator.value, kazoo: kazoo.value };
  await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  await zookeeper.stop();
  throw started.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason;
}

export async function startRig(options: BusyOptions): Promise<Rig> {
  const { zookeeper, curator, kazoo } = await startLocks(options);
  const curatorLocks = curator.shape.locks;
  const expected = [...Array.from({ length: curatorLocks }, (_, i) => curator.lockPath(i)), ...Array.from({ length: kazoo.shape.locks }, (_, i) => kazoo.lockPath(i))];
  const half = Math.ceil(options.sample / 2);
  const sampled = [...expected.slice(0, Math.min(half, curatorLocks)), ...expected.slice(curatorLocks, curatorLocks + options.sample - half)];
  const log = new ContenderLog([curator, kazoo], new Set(sampled));
  const samplerSession = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
  let floor: FloorWatcher | null = null;
  try {
    floor = await FloorWatcher.start(zookeeper.connectString, sampled);
    await samplerSession.start();
  } catch (error) {
    floor?.close();
    samplerSession.close();
    await Promise.all([curator.stop(), kazoo.stop()]);
    await zookeeper.stop();
    throw error;
  }
  // The load's parents of ephemeral instances and sequential notifications too: the explorer may take them for locks, and ZooKeeper must serve the same reads with it and without.
  const services = Array.from({ length: 10 }, (_, i) => `/services/service-${i}`);
  const sampler = new Sampler(samplerSession, [...expected, ...services, '/isr_change_notification'], expected);
  sampler.start();
  return { options, zookeeper, curator, kazoo, log, floor, sampler, samplerSession, expected, sampled, generator: null, following: null };
}

export async function stopRig(rig: Rig): Promise<void> {
  if (rig.following !== null) await stopFollowing(rig, rig.following);
  rig.sampler.stop();
  rig.floor.close();
  rig.samplerSession.close();
  await rig.generator?.stop();
  await Promise.all([rig.curator.stop(), rig.kazoo.stop()]);
  await rig.zookeeper.stop();
}

/** Starts the explorer as `npm start` finds locks (LOCK_ROOTS=/), waits until it follows every lock, and subscribes a page to the sampled ones. */
export async function startFollowing(rig: Rig): Promise<Following> {
  const started = monotonicMs();
  const explorer = await startExplorerProcess(rig.zookeeper.connectString, [], ['--default-discovery', `--stall-probe=${STALL_PROBE_MS}`]);
  for (;;) {
    const followed = (await explorer.followed()).locks;
    const missing = rig.expected.filter((path) => !followed[path]);
    if (missing.length === 0) break;
    if (monotonicMs() - started > 180_000) {
      await explorer.stop();
      throw new Error(`the explorer did not follow ${missing.length} of the ${rig.expected.length} locks within 180 s (${missing.slice(0, 3).join(', ')}…)`);
    }
    await sleep(500);
  }
  console.log(`busy: the explorer follows every lock ${((monotonicMs() - started) / 1000).toFixed(1)} s after it started`);
  const recorder = await DeltaRecorder.connect(explorer.url, rig.sampled);
  rig.sampler.follow(explorer);
  rig.following = { explorer, recorder };
  return rig.following;
}

export async function stopFollowing(rig: Rig, following: Following): Promise<void> {
  rig.following = null;
  rig.sampler.follow(null);
  await rig.sampler.idle();
  following.recorder.close();
  await following.explorer.stop();
}

/** The explorer's CPU time (s) so far. */
export function explorerCpuSeconds(following: Following): number {
  return cpuSeconds(following.explorer.child.pid!);
}

/** The CPU time (s) of each process of the run so far, and the machine's. */
function cpuNow(rig: Rig, following: Following | null): { processes: Record<string, number>; machine: ReturnType<typeof cpuTimes> } {
  const pids: Record<string, number> = { zookeeper: rig.zookeeper.pid, curator: rig.curator.pid, kazoo: rig.kazoo.pid };
  if (rig.generator !== null) pids.generator = rig.generator.pid;
  if (following !== null) pids.explorer = following.explorer.child.pid!;
  return { processes: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)])), machine: cpuTimes() };
}

/** What one window measured: from and to (monotonic ms), each process's CPU (% of a core), the handovers, the load's and the explorer's counts. */
export interface Measured {
  from: number;
  to: number;
  /** What to add to a monotonic time to have it in ms since the epoch (the explorer's own records are so). */
  epochOffset: number;
  seconds: number;
  cpu: Record<string, number>;
  /** The machine's cores busy (% of all of them). */
  machineBusy: number | null;
  handoversPerSecond: number;
  load: { before: LoadStats; after: LoadStats } | null;
  explorer: { before: ExplorerStats; after: ExplorerStats } | null;
  samples: SampleCounts;
}

/** Measures a window of `seconds`, calling `tick` every second (a crash to make, a soak's sample to take). */
export async function measure(rig: Rig, following: Following | null, seconds: number, tick?: (elapsed: number) => Promise<void>): Promise<Measured> {
  const explorerBefore = following === null ? null : await following.explorer.stats({ collect: false });
  const loadBefore = (await rig.generator?.stats()) ?? null;
  const samplesBefore = { ...rig.sampler.counts };
  const handoversBefore = rig.log.handovers;
  const cpuBefore = cpuNow(rig, following);
  const from = monotonicMs();
  for (let elapsed = 1; elapsed <= seconds; elapsed += 1) {
    await sleep(from + elapsed * 1000 - monotonicMs());
    await tick?.(elapsed);
  }
  const to = monotonicMs();
  const cpuAfter = cpuNow(rig, following);
  const wall = (to - from) / 1000;
  const loadAfter = (await rig.generator?.stats()) ?? null;
  const explorerAfter = following === null ? null : await following.explorer.stats({ collect: false });
  const cpu = Object.fromEntries(Object.entries(cpuAfter.processes).map(([name, value]) => [name, (100 * (value - (cpuBefore.processes[name] ?? value))) / wall]));
  const machine = cpuBefore.machine !== null && cpuAfter.machine !== null ? (100 * (cpuAfter.machine.busy - cpuBefore.machine.busy)) / Math.max(1, cpuAfter.machine.total - cpuBefore.machine.total) : null;
  const samples = Object.fromEntries(Object.entries(rig.sampler.counts).map(([name, value]) => [name, value - samplesBefore[name as keyof SampleCounts]])) as unknown as SampleCounts;
  return {
    from,
    to,
    epochOffset: Date.now() - monotonicMs(),
    seconds: wall,
    cpu,
    machineBusy: machine,
    handoversPerSecond: (rig.log.handovers - handoversBefore) / wall,
    load: loadBefore !== null && loadAfter !== null ? { before: loadBefore, after: loadAfter } : null,
    explorer: explorerBefore !== null && explorerAfter !== null ? { before: explorerBefore, after: explorerAfter } : null,
    samples,
  };
}

/** The explorer's event loop in a window: how often it was blocked over 100 ms, and the longest (its own record of stalls over 10 ms, by its probe of STALL_PROBE_MS). */
export function stallsOf(window: Measured): string {
  if (window.explorer === null) return '';
  const from = window.from + window.epochOffset;
  const to = window.to + window.epochOffset;
  const stalls = window.explorer.after.stalls.filter((stall) => stall.at >= from && stall.at <= to).map((stall) => stall.ms);
  return `its event loop blocked over 100 ms ${stalls.filter((ms) => ms > 100).length} times, at most ${stalls.length === 0 ? 0 : Math.max(...stalls).toFixed(0)} ms (a probe every ${STALL_PROBE_MS} ms: each block seen up to that much short)`;
}

/** The wrong samples of a window told late or stuck, in words (their re-checks end up to 2.5 s after it). */
export function judged(rig: Rig, window: Measured): string {
  const { late, stuck } = rig.sampler.judgedBetween(window.from, window.to);
  return `${late} equal 2 s later (the explorer behind), ${stuck} not`;
}

/** One line on what a window measured, for the log. */
export function describe(rig: Rig, name: string, window: Measured): string {
  const cpu = Object.entries(window.cpu).map(([process, value]) => `${process} ${value.toFixed(1)}%`).join(', ');
  const load = window.load === null ? 'no load' : `${writesPerSecond(window).toFixed(0)} writes/s (write p99 ${window.load.after.latencyP99.toFixed(1)} ms, ${window.load.after.skipped - window.load.before.skipped} skipped)`;
  const { samples: counts } = window;
  const samples = counts.lockSamples > 0 ? `; samples: ${counts.lockSamples} lock samples, ${counts.inFlight} in flight, ${counts.wrong} wrong (${judged(rig, window)}), ${counts.skipped} ticks skipped` : '';
  const stalls = window.explorer === null ? '' : `; the explorer: ${stallsOf(window)}`;
  return `busy (${name}, ${window.seconds.toFixed(0)} s): ${load}, ${window.handoversPerSecond.toFixed(0)} handovers/s; CPU (% of a core): ${cpu}; machine ${window.machineBusy?.toFixed(0) ?? '?'}% busy${samples}${stalls}`;
}

export function writesPerSecond(window: Measured): number {
  return window.load === null ? 0 : (window.load.after.writes - window.load.before.writes) / window.seconds;
}

/** Release → arrival (ms) of every release on a sampled lock that began in the window, how many never arrived, and when each of those was (s into the window). */
export function releaseLatencies(rig: Rig, arrivals: ReadonlyMap<string, number>, window: Measured): { values: number[]; missing: number; missingAt: number[] } {
  const values: number[] = [];
  const missingAt: number[] = [];
  for (const [node, at] of rig.log.releases) {
    if (at < window.from || at > window.to) continue;
    const arrived = arrivals.get(node);
    if (arrived === undefined) missingAt.push((at - window.from) / 1000);
    else values.push(arrived - at);
  }
  return { values, missing: missingAt.length, missingAt };
}

/** When the releases that never arrived were, each with the explorer's longest block of its event loop within a second of it: a stall that hid a node's whole life from its reads. */
export function missingWhen(window: Measured, missingAt: readonly number[]): string {
  if (missingAt.length === 0 || window.explorer === null) return '';
  const stalls = window.explorer.after.stalls;
  const each = missingAt.slice(0, 20).map((seconds) => {
    const at = window.from + window.epochOffset + seconds * 1000;
    const near = stalls.filter((stall) => Math.abs(stall.at - at) <= 1000).map((stall) => stall.ms);
    return `${seconds.toFixed(1)} s (longest block within 1 s: ${near.length === 0 ? 'none seen' : `${Math.max(...near).toFixed(0)} ms`})`;
  });
  return ` They were released at ${each.join(', ')}${missingAt.length > 20 ? ', …' : ''}.`;
}

export const p = (values: readonly number[], q: number): string => quantile(values, q).toFixed(1);

/** What the explorer's notifications over a window concerned: the run's locks, or anything else (unrelated), against the load's writes. */
export function notificationShare(rig: Rig, window: Measured): { unrelated: number; related: number; writes: number; elsewhere: number; others: Array<[string, number]> } {
  const { before, after } = window.explorer!;
  const byLock = (stats: ExplorerStats, paths: Iterable<string>): number => [...paths].reduce((sum, path) => sum + (stats.notificationsByLock[path] ?? 0), 0);
  const expected = new Set(rig.expected);
  const related = byLock(after, expected) - byLock(before, expected);
  const total = after.notifications - before.notifications;
  const others = Object.keys(after.notificationsByLock)
    .filter((path) => !expected.has(path))
    .map((path): [string, number] => [path, (after.notificationsByLock[path] ?? 0) - (before.notificationsByLock[path] ?? 0)])
    .sort((a, b) => b[1] - a[1]);
  const load = window.load;
  // Each short session's close deletes the instance it registered: a write too.
  const writes = load === null ? 0 : load.after.writes - load.before.writes + (load.after.registrations - load.before.registrations) + (load.after.sessionsClosed - load.before.sessionsClosed);
  return { unrelated: total - related, related, writes, elsewhere: after.notificationsElsewhere - before.notificationsElsewhere, others };
}

/** The explorer's sessions lost over windows: a new session id, or more sessions than at the start. */
export function sessionsLost(windows: readonly Measured[]): { lost: number; ids: string[]; states: Record<string, number> } {
  const first = windows[0]!.explorer!.before;
  const last = windows.at(-1)!.explorer!.after;
  const ids = [first.sessionId ?? 'none', last.sessionId ?? 'none'];
  const lost = Math.max(last.sessions - first.sessions, ids[0] === ids[1] ? 0 : 1);
  const states = Object.fromEntries(Object.entries(last.states).map(([state, count]) => [state, count - (first.states[state] ?? 0)]).filter(([, count]) => count !== 0));
  return { lost, ids, states };
}

/** Runs the crashes of (d): a sampled Curator lock's holder every `crashEverySeconds`, while its expiry still falls in the phase. */
export function crashTicker(rig: Rig): (elapsed: number) => Promise<void> {
  const { options } = rig;
  const curatorSampled = rig.sampled.filter((path) => path.startsWith(CURATOR_ROOT)).map((path) => Number(path.slice(path.lastIndexOf('-') + 1)));
  const lastCrash = options.seconds - options.contenderTimeoutMs / 1000 - 5;
  let next = 0;
  return async (elapsed) => {
    if (curatorSampled.length === 0 || elapsed > lastCrash || elapsed % options.crashEverySeconds !== 1 % options.crashEverySeconds) return;
    rig.curator.crash(curatorSampled[next++ % curatorSampled.length]!);
  };
}

/** What became of each crash of the window: ZooKeeper's deletion (the floor), the explorer's delta, the holder named disconnected. */
export function crashOutcomes(rig: Rig, following: Following, window: Measured): Array<{ crash: Crash; zookeeperAt?: number; explorerAt?: number; namedAt?: number }> {
  return rig.log.crashes
    .filter((crash) => crash.at >= window.from && crash.at <= window.to)
    .map((crash) => ({
      crash,
      zookeeperAt: rig.floor.removedAt.get(crash.node),
      explorerAt: following.recorder.removedAt.get(crash.node),
      namedAt: following.recorder.anomalyAt.get(`${crash.node}#holder-disconnected`),
    }));
}

