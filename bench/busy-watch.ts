/**
 * The busy-ensemble bench's instruments (bench/busy.ts): what the looping contenders tell, a
 * page's view of some locks over socket.io, the floor's bare watches on the same locks, the
 * sampler that compares every followed lock with ZooKeeper each second, and the load
 * generator's process. Times are on the monotonic clock (ms) that every process of the bench
 * shares (CLOCK_MONOTONIC: Node's hrtime, Java's nanoTime, Python's monotonic_ns).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Anomaly, LockDelta, LockSnapshot } from '../lib/protocol';
import type { LoopingContenders } from '../server/testing/real-clients';
import { ZkError, ZkSession } from '../server/zk/session';
import type { ExplorerProcess } from './harness';
import type { LoadStats } from './load-generator';

/** The monotonic clock (ms), as the contenders and the explorer's process report it. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A crashed holder: its lock, its node's path, its session and when it crashed. */
export interface Crash {
  lock: string;
  node: string;
  session: string;
  at: number;
}

/** What the looping contenders tell: when each release on a sampled lock began, the handovers, the crashes, new sessions and errors. */
export class ContenderLog {
  /** Node path → when its holder began to release it. */
  readonly releases = new Map<string, number>();
  readonly crashes: Crash[] = [];
  readonly errors: string[] = [];
  handovers = 0;
  crashesMissed = 0;
  /** Sessions a contender opened after every contender was ready (a crashed one's replacement, or a session lost). */
  laterSessions = 0;

  constructor(groups: readonly LoopingContenders[], sampled: ReadonlySet<string>) {
    for (const group of groups) {
      group.on((event) => {
        const lock = event.lock === undefined ? '' : group.lockPath(event.lock);
        if (event.event === 'held') this.handovers += 1;
        else if (event.event === 'released' && sampled.has(lock)) this.releases.set(`${lock}/${event.node}`, event.us! / 1000);
        else if (event.event === 'crashed') this.crashes.push({ lock, node: `${lock}/${event.node}`, session: event.session!, at: event.us! / 1000 });
        else if (event.event === 'crash-missed') this.crashesMissed += 1;
        else if (event.event === 'session') this.laterSessions += 1;
        else if (event.event === 'error') this.errors.push(`${lock}: ${event.message}`);
      });
    }
  }
}

/**
 * A page's view of some locks over socket.io: when each node's removal reached it, and when each
 * anomaly naming a node was first told (key `<node path>#<kind>`).
 */
export class DeltaRecorder {
  readonly removedAt = new Map<string, number>();
  readonly anomalyAt = new Map<string, number>();

  private constructor(private readonly socket: Socket) {
    socket.on('lock:snapshot', (snapshot: LockSnapshot) => this.anomalies(snapshot.path, snapshot.anomalies, monotonicMs()));
    socket.on('lock:delta', (delta: LockDelta) => {
      const at = monotonicMs();
      for (const name of delta.removed) if (!this.removedAt.has(`${delta.path}/${name}`)) this.removedAt.set(`${delta.path}/${name}`, at);
      if (delta.anomalies !== null) this.anomalies(delta.path, delta.anomalies, at);
    });
  }

  static async connect(url: string, paths: readonly string[]): Promise<DeltaRecorder> {
    const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const recorder = new DeltaRecorder(socket);
    for (const path of paths) {
      const ack = await new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('subscribe', { path }, resolve));
      if (!ack.ok) throw new Error(`subscribing to ${path}: ${ack.error}`);
    }
    return recorder;
  }

  private anomalies(path: string, anomalies: readonly Anomaly[], at: number): void {
    for (const anomaly of anomalies) {
      for (const name of new Set([anomaly.node, ...(anomaly.nodes ?? [])])) {
        const key = `${path}/${name}#${anomaly.kind}`;
        if (name !== null && !this.anomalyAt.has(key)) this.anomalyAt.set(key, at);
      }
    }
  }

  close(): void {
    this.socket.close();
  }
}

/** The floor: a bare child watch on each lock, re-armed by the getChildren that reads each change; when each node was seen gone. */
export class FloorWatcher {
  readonly removedAt = new Map<string, number>();
  private readonly known = new Map<string, Set<string>>();
  // One watcher function per path: the session keeps one registration per function, so a re-read never doubles it.
  private readonly watchers = new Map<string, () => void>();
  private closed = false;

  private constructor(private readonly session: ZkSession) {}

  static async start(connectString: string, paths: readonly string[]): Promise<FloorWatcher> {
    const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
    await session.start();
    const floor = new FloorWatcher(session);
    await Promise.all(paths.map((path) => floor.read(path)));
    return floor;
  }

  private watcherOf(path: string): () => void {
    let watcher = this.watchers.get(path);
    if (watcher === undefined) {
      watcher = () => void this.read(path);
      this.watchers.set(path, watcher);
    }
    return watcher;
  }

  private async read(path: string): Promise<void> {
    while (!this.closed) {
      try {
        const { children } = await this.session.getChildren(path, this.watcherOf(path));
        const at = monotonicMs();
        const present = new Set(children);
        for (const name of this.known.get(path) ?? []) if (!present.has(name)) this.removedAt.set(`${path}/${name}`, at);
        this.known.set(path, present);
        return;
      } catch (error) {
        if (this.closed || !(error instanceof ZkError)) return;
        await sleep(100);
      }
    }
  }

  close(): void {
    this.closed = true;
    this.session.close();
  }
}

/** What the sampler found: lock samples compared, differences gone on the re-check (a change in flight), differences that stayed. */
export interface SampleCounts {
  ticks: number;
  /** Ticks that found the last one still running (ZooKeeper or the explorer slower than a second). */
  skipped: number;
  lockSamples: number;
  inFlight: number;
  wrong: number;
  /** Of the wrong, those on the locks the run's contenders make (the rest are things the explorer takes for locks). */
  wrongOnExpected: number;
}

/** A wrong sample said in a line, and when it was found (monotonic ms). */
export interface SampleExample {
  at: number;
  line: string;
}

/** A lock's nodes as `<path> <owner>` strings, the form both sides are compared in. */
type NodeSet = Set<string>;

/**
 * Every second, every lock's children and each child's owner (`ephemeralOwner`) as ZooKeeper
 * has them, read by a session of its own in two multiReads; while an explorer runs, compared
 * with what it last published for each lock it follows (and every expected lock must be among
 * them). A difference is checked again 300 ms later against both: only one that is still there
 * (the same node missing, extra or owned otherwise) counts as wrong; one gone is a change in flight.
 * Without an explorer it reads all the same, so that ZooKeeper serves the same reads either way.
 */
export class Sampler {
  readonly counts: SampleCounts = { ticks: 0, skipped: 0, lockSamples: 0, inFlight: 0, wrong: 0, wrongOnExpected: 0 };
  /** When each wrong sample was found, told late (its differences gone 2 s later: the explorer behind) or stuck (still there). */
  private readonly judged: Array<{ at: number; late: boolean }> = [];
  /** The first wrong samples, said in a line each. */
  readonly examples: SampleExample[] = [];
  private explorer: ExplorerProcess | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly session: ZkSession,
    private readonly read: readonly string[],
    private readonly expected: readonly string[],
  ) {}

  /** Compares with this explorer from the next tick on (null: reads only). */
  follow(explorer: ExplorerProcess | null): void {
    this.explorer = explorer;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), 1_000);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves once no tick is running (at most `timeoutMs`): an explorer is stopped only after its last comparison. */
  async idle(timeoutMs = 5_000): Promise<void> {
    const deadline = monotonicMs() + timeoutMs;
    while (this.running && monotonicMs() < deadline) await sleep(20);
  }

  private async tick(): Promise<void> {
    this.counts.ticks += 1;
    if (this.running) {
      this.counts.skipped += 1;
      return;
    }
    this.running = true;
    try {
      const explorer = this.explorer;
      if (explorer === null) await this.zookeeper(this.read);
      else await this.compare(explorer);
    } catch (error) {
      // The explorer stopped between two ticks (a phase ended), or ZooKeeper refused a read: the next tick tries again.
      if (this.explorer !== null && !(error instanceof ZkError)) this.note(`a sample failed: ${error instanceof Error ? error.message : String(error)}`, monotonicMs());
    } finally {
      this.running = false;
    }
  }

  private async compare(explorer: ExplorerProcess): Promise<void> {
    const first = await this.differences(explorer, null);
    this.counts.lockSamples += first.compared;
    if (first.differences.size === 0) return;
    await sleep(300);
    const again = await this.differences(explorer, [...first.differences.keys()]);
    const wrong = new Map<string, string[]>();
    for (const [path, was] of first.differences) {
      const stayed = was.filter((difference) => again.differences.get(path)?.includes(difference) === true);
      if (stayed.length === 0) this.counts.inFlight += 1;
      else wrong.set(path, stayed);
    }
    this.counts.wrong += wrong.size;
    this.counts.wrongOnExpected += [...wrong.keys()].filter((path) => this.expected.includes(path)).length;
    if (wrong.size > 0) void this.later(explorer, wrong, monotonicMs());
  }

  /** Tells a wrong sample late (its differences gone 2 s later: the explorer was behind) from stuck (still there), without holding up the next tick. */
  private async later(explorer: ExplorerProcess, wrong: ReadonlyMap<string, string[]>, found: number): Promise<void> {
    await sleep(2_000);
    const last = await this.differences(explorer, [...wrong.keys()]).catch(() => null);
    if (last === null) return;
    for (const [path, stayed] of wrong) {
      const still = stayed.filter((difference) => last.differences.get(path)?.includes(difference) === true);
      this.judged.push({ at: found, late: still.length === 0 });
      this.note(`${path} (${still.length === 0 ? 'equal 2 s later' : 'still so 2 s later'}): ${stayed.length} node${stayed.length === 1 ? '' : 's'} unlike, e.g. ${stayed[0]}`, found);
    }
  }

  /** Each lock's differences between the explorer and ZooKeeper, read in that order (`only`: these locks). */
  private async differences(explorer: ExplorerProcess, only: string[] | null): Promise<{ compared: number; differences: Map<string, string[]> }> {
    const followed = (await explorer.followed()).locks;
    const paths = only ?? [...new Set([...this.read, ...Object.keys(followed)])];
    const zookeeper = await this.zookeeper(paths);
    const differences = new Map<string, string[]>();
    let compared = 0;
    for (const path of paths) {
      const nodes = followed[path];
      if (nodes === undefined) {
        if (this.expected.includes(path)) differences.set(path, ['not followed']);
        continue;
      }
      compared += 1;
      if (nodes === null) {
        differences.set(path, ['not read yet']);
        continue;
      }
      const theirs = zookeeper.get(path) ?? new Set<string>();
      const ours = new Set(nodes.map(([node, owner]) => `${node} ${owner}`));
      const found = [...[...ours].filter((entry) => !theirs.has(entry)).map((entry) => `explorer has ${entry}`), ...[...theirs].filter((entry) => !ours.has(entry)).map((entry) => `ZooKeeper has ${entry}`)];
      if (found.length > 0) differences.set(path, found);
    }
    return { compared, differences };
  }

  /** Each lock's children with their owners, as ZooKeeper has them (a lock that is not there has none). */
  private async zookeeper(paths: readonly string[]): Promise<Map<string, NodeSet>> {
    const listings = await this.session.getChildrenMany(paths);
    const children = paths.flatMap((path, index) => {
      const names = listings[index];
      return Array.isArray(names) ? names.map((name) => `${path === '/' ? '' : path}/${name}`) : [];
    });
    const stats = await this.session.getDataMany(children);
    const result = new Map<string, NodeSet>(paths.map((path) => [path, new Set<string>()]));
    children.forEach((child, index) => {
      const read = stats[index];
      if (read === undefined || read instanceof ZkError) return;
      result.get(child.slice(0, child.lastIndexOf('/')) || '/')?.add(`${child} ${read.stat.ephemeralOwner}`);
    });
    return result;
  }

  private note(line: string, at: number): void {
    if (this.examples.length < 200) this.examples.push({ at, line });
  }

  /** Of the wrong samples found between `from` and `to`, how many were equal 2 s later and how many not (asked once their re-check is done). */
  judgedBetween(from: number, to: number): { late: number; stuck: number } {
    const found = this.judged.filter((entry) => entry.at >= from && entry.at <= to);
    return { late: found.filter((entry) => entry.late).length, stuck: found.filter((entry) => !entry.late).length };
  }

  /** The first `count` wrong samples found between `from` and `to`, one line each, with when (s after `from`). */
  examplesBetween(from: number, to: number, count = 3): string[] {
    return this.examples
      .filter((example) => example.at >= from && example.at <= to)
      .slice(0, count)
      .map((example) => `at ${((example.at - from) / 1000).toFixed(1)} s, ${example.line}`);
  }
}

/** The load generator's process (bench/load-generator.ts), asked for its counts on its stdin. */
export class LoadGenerator {
  private readonly waiting: Array<(stats: LoadStats) => void> = [];
  private readonly ready: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    let isReady = (): void => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      isReady = resolve;
      child.once('exit', (code) => reject(new Error(`the load generator exited with ${code} before it was ready`)));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'ready') isReady();
      if (line.startsWith('stats ')) this.waiting.shift()?.(JSON.parse(line.slice('stats '.length)) as LoadStats);
    });
  }

  /** Starts it (its tree built, its writes begun) for at most `seconds`; `rate` writes and `sessions` sessions a second. */
  static async start(connectString: string, rate: number, sessions: number, seconds: number): Promise<LoadGenerator> {
    const args = ['--import', 'tsx', 'bench/load-generator.ts', connectString, `--rate=${rate}`, `--sessions=${sessions}`, `--seconds=${Math.ceil(seconds)}`];
    const generator = new LoadGenerator(spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] }));
    await generator.ready;
    return generator;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  stats(): Promise<LoadStats> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.stdin?.write('stats\n');
    });
  }

  /** Ends the load (its stdin closed) and waits for the process, at most 15 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin?.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
