/**
 * A fleet in one explorer (issue 53), two parts, each on real ZooKeepers of its own on loopback:
 *
 * - `isolation`: one explorer follows four ensembles: `default` (measured: the latency bench's
 *   lock, a contender joining and a holder releasing, timed to a page's socket beside a bare
 *   watch, beside 10 locks of its own handing over 20 times a second), and three others of 10
 *   locks each, each behind a switchable proxy. Windows take turns (H Q B B Q H …): healthy (the
 *   others' locks hand over 20 times a second each), quiet (the others healthy, nothing changing
 *   in them) and broken (their locks handing over, but `b` down: nothing listens; `c` slow: every
 *   chunk held 500 ms each way; `d` refusing the explorer's SASL login: its proxy leads to a
 *   member whose password changed). Each window times `default`'s changes and its lock list over
 *   REST, and reads the explorer's CPU; the broken windows are held against the quiet ones (what
 *   the breaks cost beyond no work at all) and the healthy ones (what the others' work costs).
 * - `scale`: what a followed ensemble and a followed lock cost: the explorer (as `npm start` finds
 *   locks, LOCK_ROOTS=/) following 1, 2, 4 and 8 ensembles of 100 locks (a holder and two waiters,
 *   each watching the one before it), then one ensemble of 1,000 and of 10,000 locks: its memory
 *   once settled, its CPU idle, and its CPU while every ensemble's locks hand over 10 times a second;
 *   per ensemble and per lock by a least-squares line through the runs.
 *
 *   npm run bench:fleet [-- isolation|scale] [--windows 12] [--seconds 20]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSaslZooKeeper } from '../server/testing/secure-zookeeper';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import type { ZkTransport } from '../server/zk/wire/connection';
import { markdownTables, notesText, textTable, type Figure } from './figures';
import { BareWatcher, cpuSeconds, fillQueue, settledStats, startExplorerProcess, Subscriber, timeSideBySide, type ExplorerProcess } from './harness';
import { median, quantile, slope } from './stats';
import { SwitchProxy } from './switch-proxy';

const ISOLATION = '13. A fleet: one ensemble down, slow or refusing the login, and the others';
const SCALE = '14. A fleet: what an ensemble and a lock cost';
const LOCKS_ROOT = '/app/jobs/locks';
const MB = 2 ** 20;

export interface FleetOptions {
  /** Isolation's windows, in turns healthy, quiet, broken, broken, quiet, healthy (at least three). */
  windows: number;
  /** Each window's measured length (s), after its switch has settled. */
  seconds: number;
}

export const FLEET_DEFAULTS: FleetOptions = { windows: 12, seconds: 20 };

/** A least-squares line through points: its slope and its value at 0. */
function line(points: ReadonlyArray<{ x: number; y: number }>): { slope: number; intercept: number } {
  const mean = (pick: (point: { x: number; y: number }) => number): number => points.reduce((sum, point) => sum + pick(point), 0) / points.length;
  const fitted = slope(points);
  return { slope: fitted, intercept: mean((point) => point.y) - fitted * mean((point) => point.x) };
}

/** A writer's session on a ZooKeeper, with `locks` locks of `perLock` contenders below LOCKS_ROOT, each waiter watching the one before it. */
async function lockedEnsemble(connectString: string, locks: number, perLock = 3, transport?: ZkTransport): Promise<{ writer: ZkSession; queues: string[][] }> {
  const writer = new ZkSession({ connectString, sessionTimeoutMs: 30_000, ...(transport ? { transport } : {}) });
  await writer.start(20_000);
  const queues: string[][] = [];
  for (let start = 0; start < locks; start += 200) {
    const batch = Array.from({ length: Math.min(200, locks - start) }, (_, i) => fillQueue(writer, `${LOCKS_ROOT}/job-${start + i}`, perLock, true));
    queues.push(...(await Promise.all(batch)));
  }
  return { writer, queues };
}

/**
 * Handovers in every lock of an ensemble, `perSecond` in all, round the locks: the holder's node
 * goes and a new waiter joins the tail (watching the one before it), so each lock keeps its size.
 */
class Handovers {
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  count = 0;

  constructor(
    private readonly writer: ZkSession,
    private readonly queues: string[][],
  ) {}

  start(perSecond: number): void {
    this.stop();
    this.timer = setInterval(() => void this.handOver().catch(() => undefined), 1000 / perSecond);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private async handOver(): Promise<void> {
    const index = this.next;
    this.next = (this.next + 1) % this.queues.length;
    const queue = this.queues[index]!;
    const lock = `${LOCKS_ROOT}/job-${index}`;
    const created = await this.writer.create(`${lock}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
    const name = created.slice(lock.length + 1);
    await this.writer.exists(`${lock}/${queue[queue.length - 1]}`, () => undefined);
    queue.push(name);
    const head = queue.shift()!;
    await this.writer.remove(`${lock}/${head}`);
    this.count += 1;
  }
}

/** The file `--fleet=` reads: the ensembles beside the first. */
function fleetFile(dir: string, entries: ReadonlyArray<{ name: string; connectString: string; sasl?: { username: string; password: string } }>): string {
  const file = join(dir, `fleet-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(entries));
  return file;
}

/** Resolves once every ensemble the explorer follows has `locks` locks (at least), or throws after `timeoutMs`. */
async function followingAll(explorer: ExplorerProcess, locks: number, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { ensembles } = await explorer.stats({ collect: false });
    if (ensembles.every((ensemble) => ensemble.state === 'connected' && ensemble.locks >= locks)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`fleet: not every ensemble followed ${locks} locks after ${timeoutMs} ms: ${JSON.stringify(ensembles)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface EnsembleState {
  name: string;
  state: string;
}

async function ensembleStates(url: string): Promise<EnsembleState[]> {
  const body = (await (await fetch(`${url}/api/ensembles`)).json()) as { ensembles: EnsembleState[] };
  return body.ensembles.map(({ name, state }) => ({ name, state }));
}

type WindowKind = 'healthy' | 'quiet' | 'broken';
const WINDOW_TURNS: readonly WindowKind[] = ['healthy', 'quiet', 'broken', 'broken', 'quiet', 'healthy'];
const KIND_LETTER: Record<WindowKind, string> = { healthy: 'H', quiet: 'Q', broken: 'B' };

/** One window of isolation: `default`'s changes timed to the socket and the floor, its lock list over REST, and the explorer's CPU. */
interface Window {
  kind: WindowKind;
  joins: number[];
  releases: number[];
  floorReleases: number[];
  listMs: number[];
  cpu: number;
  /** How each ensemble stood at the window's end. */
  states: EnsembleState[];
  /** Until the switch was seen (s): every ensemble connected again, or the broken ones so. */
  settledS: number;
}

export async function benchIsolation(options: FleetOptions = FLEET_DEFAULTS): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-fleet-bench-'));
  const servers: EmbeddedZooKeeper[] = [];
  const closing: Array<() => Promise<void> | void> = [];
  try {
    const [a, b, c, dRight, dChanged] = await Promise.all([
      startEmbeddedZooKeeper(),
      startEmbeddedZooKeeper(),
      startEmbeddedZooKeeper(),
      startSaslZooKeeper({ explorer: 'right-password' }),
      startSaslZooKeeper({ explorer: 'changed-password' }),
    ]);
    servers.push(a, b, c, dRight, dChanged);
    const proxies = { b: await SwitchProxy.start(b.port), c: await SwitchProxy.start(c.port), d: await SwitchProxy.start(dRight.port) };
    closing.push(...Object.values(proxies).map((proxy) => () => proxy.close()));
    const login = { username: 'explorer', password: 'right-password' };
    // The others' locks, handing over 20 times a second each, written straight to their servers.
    const others = await Promise.all([
      lockedEnsemble(b.connectString, 10),
      lockedEnsemble(c.connectString, 10),
      lockedEnsemble(dRight.connectString, 10, 3, { tls: null, sasl: { mechanism: 'digest-md5', ...login } }),
    ]);
    const own = await lockedEnsemble(a.connectString, 10);
    const othersHandovers: Handovers[] = [];
    for (const { writer, queues } of [...others, own]) {
      closing.push(() => writer.close());
      const handovers = new Handovers(writer, queues);
      handovers.start(20);
      closing.push(() => handovers.stop());
      if (writer !== own.writer) othersHandovers.push(handovers);
    }
    // `default`'s measured lock: a queue of 20 that stays 20, as the latency bench's.
    const lockPath = '/bench/fleet/latency/lock';
    const writer = own.writer;
    const queue = await fillQueue(writer, lockPath, 20);
    const file = fleetFile(dir, [
      { name: 'b', connectString: proxies.b.connectString },
      { name: 'c', connectString: proxies.c.connectString },
      { name: 'd', connectString: proxies.d.connectString, sasl: login },
    ]);
    const explorer = await startExplorerProcess(a.connectString, [], ['--default-discovery', '--stall-probe=50', `--fleet=${file}`]);
    closing.push(() => explorer.stop());
    await followingAll(explorer, 10);
    const subscriber = await Subscriber.connect(explorer.url);
    closing.push(() => subscriber.close());
    const floor = await BareWatcher.start(a.connectString, lockPath);
    closing.push(() => floor.close());
    await subscriber.subscribe(lockPath);
    const firstSession = (await explorer.stats({ collect: false })).ensembles[0]!.sessionId;

    const windows: Window[] = [];
    const nodeName = (path: string): string => path.slice(lockPath.length + 1);
    for (let index = 0; index < options.windows; index += 1) {
      // In turns that come back on themselves: a drift over the run weighs on every kind alike.
      const kind = WINDOW_TURNS[index % WINDOW_TURNS.length]!;
      const broken = kind === 'broken';
      if (index === 0 || broken !== (windows[index - 1]!.kind === 'broken')) {
        await proxies.b.set(broken ? { kind: 'down' } : { kind: 'pass' });
        await proxies.c.set(broken ? { kind: 'slow', ms: 500 } : { kind: 'pass' });
        await proxies.d.set({ kind: 'pass' }, broken ? dChanged.port : dRight.port);
      }
      for (const handovers of othersHandovers) {
        if (kind === 'quiet') handovers.stop();
        else handovers.start(20);
      }
      // Until the switch shows: healthy, every ensemble connected again; broken, b and d refused (c stays connected, slowly).
      const switched = Date.now();
      for (;;) {
        const states = new Map((await ensembleStates(explorer.url)).map((state) => [state.name, state.state]));
        const seen = broken ? states.get('b') === 'unreachable' && states.get('d') === 'auth-failed' : [...states.values()].every((state) => state === 'connected');
        if (seen || Date.now() - switched > 90_000) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const settledS = (Date.now() - switched) / 1000;
      // A few seconds more: the reconnecting and the rescans a switch sets off are part of what a window measures.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const window: Window = { kind, joins: [], releases: [], floorReleases: [], listMs: [], cpu: 0, states: [], settledS };
      const cpuBefore = cpuSeconds(explorer.child.pid!);
      const started = Date.now();
      while (Date.now() - started < options.seconds * 1000) {
        const joined = await timeSideBySide(subscriber, floor, '+', '*', () => writer.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential'));
        window.joins.push(joined.explorerMs);
        queue.push(nodeName(joined.result));
        await new Promise((resolve) => setTimeout(resolve, 10));
        const head = queue.shift()!;
        const released = await timeSideBySide(subscriber, floor, '-', head, () => writer.remove(`${lockPath}/${head}`));
        window.releases.push(released.explorerMs);
        window.floorReleases.push(released.floorMs);
        const asked = performance.now();
        await (await fetch(`${explorer.url}/api/locks?ensemble=default`)).arrayBuffer();
        window.listMs.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      window.cpu = (100 * (cpuSeconds(explorer.child.pid!) - cpuBefore)) / ((Date.now() - started) / 1000);
      window.states = await ensembleStates(explorer.url);
      windows.push(window);
      console.log(
        `fleet isolation: window ${index + 1}/${options.windows} ${kind} (switch seen after ${settledS.toFixed(1)} s): ` +
          `release median ${median(window.releases).toFixed(2)} ms (floor ${median(window.floorReleases).toFixed(2)}), join ${median(window.joins).toFixed(2)}, list ${median(window.listMs).toFixed(2)} ms, ` +
          `CPU ${window.cpu.toFixed(1)} %, ${window.releases.length} handovers; ${window.states.map((state) => `${state.name} ${state.state}`).join(', ')}`,
      );
    }
    const lastSession = (await explorer.stats({ collect: false })).ensembles[0]!.sessionId;
    return isolationFigures(windows, firstSession !== null && firstSession === lastSession);
  } finally {
    for (const close of closing.reverse()) await close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

const FIRST = "default's holder releases → socket, median, three others broken";

function isolationFigures(windows: readonly Window[], sessionKept: boolean): Figure[] {
  const of = (kind: WindowKind, pick: (window: Window) => number[]): number[] => windows.filter((window) => window.kind === kind).flatMap(pick);
  const cpu = (kind: WindowKind): number => median(windows.filter((window) => window.kind === kind).map((window) => window.cpu));
  const broken = windows.filter((window) => window.kind === 'broken');
  const statesSeen = [...new Set(broken.flatMap((window) => window.states.map((state) => `${state.name} ${state.state}`)))].join(', ');
  const perWindow = (pick: (window: Window) => number[], q: number): string => windows.map((window) => `${KIND_LETTER[window.kind]} ${quantile(pick(window), q).toFixed(2)}`).join(', ');
  const why =
    `${windows.length} windows in turns: healthy (H: the others' 30 locks hand over 20 times a second each), quiet (Q: nothing changes in the others) and broken (B: their locks hand over, ` +
    `b is down, c slow, 500 ms each way, d refuses the login; the explorer stood as: ${statesSeen}).`;
  // The set-up is told once, with the first figure; each figure names its own windows' values.
  const figure = (name: string, kind: WindowKind, reference: WindowKind, pick: (window: Window) => number[], q: number, max: number | null): Figure => ({
    section: ISOLATION,
    name,
    value: quantile(of(kind, pick), q),
    unit: 'ms',
    reference: { name: reference, value: quantile(of(reference, pick), q) },
    target: max === null ? null : { on: 'ratio', max },
    note: `${name === FIRST ? `${why} ` : ''}By window: ${perWindow(pick, q)}.`,
  });
  const releases = (window: Window): number[] => window.releases;
  return [
    figure(FIRST, 'broken', 'quiet', releases, 0.5, 1.2),
    figure("default's holder releases → socket, p99, three others broken", 'broken', 'quiet', releases, 0.99, 1.5),
    figure("default's contender joins → socket, median, three others broken", 'broken', 'quiet', (window) => window.joins, 0.5, 1.2),
    figure("default's lock list over REST, median, three others broken", 'broken', 'quiet', (window) => window.listMs, 0.5, 1.2),
    figure("default's holder releases → socket, median, three others healthy and busy", 'healthy', 'quiet', releases, 0.5, null),
    {
      section: ISOLATION,
      name: "the explorer's CPU, three others broken",
      value: cpu('broken'),
      unit: '% of a core',
      reference: { name: 'quiet', value: cpu('quiet') },
      target: null,
      note: `Healthy (H), the others' handovers are part of it (median ${cpu('healthy').toFixed(1)} %); broken (B), c's slow ones, and b's and d's reconnecting and refused logins. By window: ${windows.map((window) => `${KIND_LETTER[window.kind]} ${window.cpu.toFixed(1)}`).join(', ')}. Each switch was seen after ${windows.map((window) => window.settledS.toFixed(1)).join(', ')} s.`,
    },
    { section: ISOLATION, name: "default's sessions lost over the run", value: sessionKept ? 0 : 1, unit: 'sessions', reference: null, target: { on: 'value', max: 0 } },
  ];
}

interface ScaleRun {
  ensembles: number;
  locksEach: number;
  rssMb: number;
  heapMb: number;
  idleCpu: number;
  /** CPU while every ensemble's locks hand over, and the handovers a second that made it. */
  busyCpu: number;
  handoversPerSecond: number;
  followedAfterMs: number;
}

/** The explorer following the first `count` of `members` (their locks `locksEach` each): settled memory, idle CPU, CPU under handovers. */
async function scaleRun(dir: string, members: ReadonlyArray<{ server: EmbeddedZooKeeper; writer: ZkSession; queues: string[][] }>, count: number, seconds: number): Promise<ScaleRun> {
  const chosen = members.slice(0, count);
  const locksEach = chosen[0]!.queues.length;
  const file = fleetFile(
    dir,
    chosen.slice(1).map((member, i) => ({ name: `e${i + 2}`, connectString: member.server.connectString })),
  );
  const explorer = await startExplorerProcess(chosen[0]!.server.connectString, [], ['--default-discovery', '--stall-probe=50', `--fleet=${file}`]);
  try {
    const followedAfterMs = await followingAll(explorer, locksEach, 300_000);
    const { stats } = await settledStats(explorer);
    const pid = explorer.child.pid!;
    // Idle: nothing changes; what is left is the sessions' pings, the reports and the timers.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    let before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const idleCpu = (100 * (cpuSeconds(pid) - before)) / seconds;
    const handovers = chosen.map((member) => new Handovers(member.writer, member.queues));
    for (const handover of handovers) handover.start(10);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const counted = handovers.reduce((sum, handover) => sum + handover.count, 0);
    before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const busyCpu = (100 * (cpuSeconds(pid) - before)) / seconds;
    const handoversPerSecond = (handovers.reduce((sum, handover) => sum + handover.count, 0) - counted) / seconds;
    for (const handover of handovers) handover.stop();
    const run = { ensembles: count, locksEach, rssMb: stats.rss / MB, heapMb: stats.heapUsed / MB, idleCpu, busyCpu, handoversPerSecond, followedAfterMs };
    console.log(
      `fleet scale: ${count} ensemble${count === 1 ? '' : 's'} of ${locksEach} locks: followed after ${(followedAfterMs / 1000).toFixed(1)} s, RSS ${run.rssMb.toFixed(1)} MB, heap ${run.heapMb.toFixed(1)} MB, ` +
        `idle CPU ${idleCpu.toFixed(2)} %, ${busyCpu.toFixed(1)} % at ${handoversPerSecond.toFixed(0)} handovers/s`,
    );
    return run;
  } finally {
    await explorer.stop();
  }
}

export async function benchFleetScale(options: FleetOptions = FLEET_DEFAULTS): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-fleet-bench-'));
  const members: Array<{ server: EmbeddedZooKeeper; writer: ZkSession; queues: string[][] }> = [];
  try {
    const sizes = [100, 100, 100, 100, 100, 100, 100, 100, 1_000, 10_000];
    const servers = await Promise.all(sizes.map(() => startEmbeddedZooKeeper()));
    for (const [i, server] of servers.entries()) members.push({ server, ...(await lockedEnsemble(server.connectString, sizes[i]!)) });
    const byEnsembles: ScaleRun[] = [];
    for (const count of [1, 2, 4, 8]) byEnsembles.push(await scaleRun(dir, members, count, options.seconds));
    const byLocks: ScaleRun[] = [byEnsembles[0]!];
    for (const member of members.slice(8)) byLocks.push(await scaleRun(dir, [member], 1, options.seconds));
    return scaleFigures(byEnsembles, byLocks);
  } finally {
    for (const member of members) member.writer.close();
    await Promise.all(members.map((member) => member.server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

function scaleFigures(byEnsembles: readonly ScaleRun[], byLocks: readonly ScaleRun[]): Figure[] {
  const fit = (runs: readonly ScaleRun[], x: (run: ScaleRun) => number, y: (run: ScaleRun) => number) => line(runs.map((run) => ({ x: x(run), y: y(run) })));
  const list = (runs: readonly ScaleRun[], y: (run: ScaleRun) => number, unit: string, label: (run: ScaleRun) => string): string => runs.map((run) => `${label(run)}: ${y(run).toFixed(2)} ${unit}`).join(', ');
  const ensembles = (run: ScaleRun): string => `${run.ensembles} ensemble${run.ensembles === 1 ? '' : 's'}`;
  const locks = (run: ScaleRun): string => `${run.locksEach.toLocaleString('en-US')} locks`;
  const perEnsemble = {
    rss: fit(byEnsembles, (run) => run.ensembles, (run) => run.rssMb),
    heap: fit(byEnsembles, (run) => run.ensembles, (run) => run.heapMb),
    idle: fit(byEnsembles, (run) => run.ensembles, (run) => run.idleCpu),
  };
  const perLock = {
    rss: fit(byLocks, (run) => run.locksEach, (run) => run.rssMb),
    heap: fit(byLocks, (run) => run.locksEach, (run) => run.heapMb),
    idle: fit(byLocks, (run) => run.locksEach, (run) => run.idleCpu),
  };
  // A handover's CPU: what the handovers added over idle, per handover, in each run of the ensembles.
  const perHandover = byEnsembles.map((run) => (10 * (run.busyCpu - run.idleCpu)) / run.handoversPerSecond);
  const entry = (name: string, value: number, unit: string, note: string): Figure => ({ section: SCALE, name, value, unit, reference: null, target: null, note });
  return [
    entry('memory (RSS) of one more ensemble of 100 locks', perEnsemble.rss.slope, 'MB', `Settled RSS: ${list(byEnsembles, (run) => run.rssMb, 'MB', ensembles)}; the line's intercept (the process itself) ${perEnsemble.rss.intercept.toFixed(1)} MB.`),
    entry('V8 heap of one more ensemble of 100 locks', perEnsemble.heap.slope, 'MB', `Heap used after a collection: ${list(byEnsembles, (run) => run.heapMb, 'MB', ensembles)}.`),
    entry('idle CPU of one more ensemble of 100 locks', perEnsemble.idle.slope, '% of a core', `Nothing changing: ${list(byEnsembles, (run) => run.idleCpu, '%', ensembles)}.`),
    entry('memory (RSS) of one more lock (3 contenders)', perLock.rss.slope * 1024, 'kB', `Settled RSS: ${list(byLocks, (run) => run.rssMb, 'MB', locks)}, one ensemble.`),
    entry('V8 heap of one more lock (3 contenders)', perLock.heap.slope * 1024, 'kB', `Heap used after a collection: ${list(byLocks, (run) => run.heapMb, 'MB', locks)}.`),
    entry('idle CPU of 1,000 more locks', perLock.idle.slope * 1000, '% of a core', `Nothing changing: ${list(byLocks, (run) => run.idleCpu, '%', locks)}.`),
    entry("a handover's CPU", median(perHandover), 'ms', `(CPU under handovers − idle) / handovers, by run: ${byEnsembles.map((run, i) => `${ensembles(run)} at ${run.handoversPerSecond.toFixed(0)}/s ${perHandover[i]!.toFixed(3)} ms`).join(', ')}. Every lock followed after ${byEnsembles.map((run) => `${(run.followedAfterMs / 1000).toFixed(1)} s`).join(', ')}.`),
  ];
}

export async function benchFleet(parts: ReadonlyArray<'isolation' | 'scale'> = ['isolation', 'scale'], options: FleetOptions = FLEET_DEFAULTS): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (parts.includes('isolation')) figures.push(...(await benchIsolation(options)));
  if (parts.includes('scale')) figures.push(...(await benchFleetScale(options)));
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const parts = args.filter((arg) => arg === 'isolation' || arg === 'scale');
  const option = (name: string, fallback: number): number => {
    const at = args.indexOf(`--${name}`);
    return at < 0 ? fallback : Number(args[at + 1]);
  };
  const options = { windows: option('windows', FLEET_DEFAULTS.windows), seconds: option('seconds', FLEET_DEFAULTS.seconds) };
  if (!(options.windows >= 3 && options.seconds > 0)) throw new Error('fleet: --windows is 3 or more (healthy, quiet, broken in turns), --seconds a positive number');
  const figures = await benchFleet(parts.length === 0 ? ['isolation', 'scale'] : parts, options);
  console.log(`${textTable(figures)}\n\n${notesText(figures)}`);
  console.log(`\nAs Markdown (\`npm run bench:fleet${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\`):\n\n${markdownTables(figures)}`);
}
