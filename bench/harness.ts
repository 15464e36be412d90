/**
 * What the benchmarks share: the explorer in a process of its own (as its users run it, so that
 * a bench's clients do not share its event loop), a socket subscriber, queues of nodes, and
 * ZooKeeper's own counters. Everything on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { LockDelta } from '../lib/protocol';
import { parseMntr } from '../lib/zk/four-letter';
import { fourLetterWord } from '../server/zk/four-letter';
import { ZkSession } from '../server/zk/session';
import { bundleServer } from '../scripts/server-bundle.mjs';
import { EXPLORER_ENV } from './explorer-env';
import { median } from './stats';

/** What bench/explorer-process.ts prints on SIGUSR2. */
export interface ExplorerStats {
  rss: number;
  heapUsed: number;
  /** What V8 has taken for its heap (used or not), and the memory of objects outside it (buffers). */
  heapTotal: number;
  external: number;
  /** V8's heap by space (bytes): what each has taken, used, and holds in physical memory. */
  spaces: Record<string, { size: number; used: number; physical: number }>;
  /** The most resident memory the process has had since it started. */
  peakRss: number;
  /** Its resident memory by kind of mapping (bytes; null without /proc): files, glibc's main heap, its thread arenas, other anonymous, the stack. */
  resident: Record<'file' | 'brk' | 'arenas' | 'anonymous' | 'stack', number> | null;
  resources: number;
  sessionListeners: number;
  watched: number;
  /** When each of the last deltas went out (ms since the epoch) and the nodes it names. */
  published: Array<{ at: number; added: string[]; removed: string[] }>;
  /** Its last garbage collections: when (ms since the epoch) and how long. */
  collections: Array<{ at: number; ms: number }>;
  /** The times its event loop was blocked by more than 10 ms: from when, and how long. */
  stalls: Array<{ at: number; ms: number }>;
  /** The bytes ZooKeeper has sent its session. */
  zookeeperBytes: number;
  /** Its session now (null while it has none), its state, how many sessions it has had and how often it entered each state. */
  sessionId: string | null;
  sessionState: string;
  sessions: number;
  states: Record<string, number>;
  /** The watch notifications its session received: in all, for nothing it follows (a watch on the roots), and by followed lock. */
  notifications: number;
  notificationsElsewhere: number;
  notificationsByLock: Record<string, number>;
  /** The deltas it published, by what each carried: nodes come or gone, nodes updated, anomalies alone, the read (pzxid) alone. */
  deltaKinds: Record<'members' | 'updated' | 'anomalies' | 'read', number>;
  /** How it finds locks and keeps the list live (GET /api/health's `discovery`). */
  discovery: { method: string; live: string; treeNotificationsPerSecond: number | null } & Record<string, unknown>;
  /** Every ensemble it follows (the first, `default`, and those of `--fleet=`): its state, locks and session now. */
  ensembles: Array<{ name: string; state: string; locks: number; sessionId: string | null }>;
}

/** What bench/explorer-process.ts prints for `followed`: each followed lock's nodes as [path, owner session], null before its first reading. */
export interface FollowedLocks {
  /** When it was taken, on the monotonic clock (ms) all the bench's processes share. */
  monotonicMs: number;
  locks: Record<string, Array<[string, string]> | null>;
}

/** One change timed side by side: when it was written (ms since the epoch), and how long the explorer and the floor took. */
export interface TimedChange {
  name: string;
  writtenAt: number;
  explorerMs: number;
  floorMs: number;
}

/** When the explorer's delta naming each change went out (ms since the epoch), by node name. */
function publishedAt(stats: ExplorerStats, change: '+' | '-'): Map<string, number> {
  const at = new Map<string, number>();
  for (const entry of stats.published) for (const name of change === '+' ? entry.added : entry.removed) at.set(name, entry.at);
  return at;
}

/**
 * The explorer's median time split in two, from its own record: until its delta went out
 * (against the floor, with `past` saying what it did beyond it), and from there to the socket.
 */
export function splitMedians(changes: readonly TimedChange[], stats: ExplorerStats, change: '+' | '-', past: string): string {
  const outAt = publishedAt(stats, change);
  const matched = changes.filter((sample) => outAt.has(sample.name));
  const toPublish = median(matched.map((sample) => outAt.get(sample.name)! - sample.writtenAt));
  const hop = median(matched.map((sample) => sample.writtenAt + sample.explorerMs - outAt.get(sample.name)!));
  const floor = median(changes.map((sample) => sample.floorMs));
  return (
    `Medians of ${matched.length} changes: the floor ${floor.toFixed(2)} ms; the explorer's delta went out ${toPublish.toFixed(2)} ms after the write (${(toPublish - floor).toFixed(2)} ms past the floor: ${past}), ` +
    `and reached the socket ${hop.toFixed(2)} ms later (the socket.io hop between two processes).`
  );
}

/**
 * Where the explorer's slowest changes went, from its own record: when its delta went out, how
 * long its event loop was blocked meanwhile (its own work on the lock, garbage collections) and
 * what else it sent (the anomalies go up to 200 ms after a change).
 */
export function explainSlowest(changes: readonly TimedChange[], stats: ExplorerStats, change: '+' | '-', count = 3): string {
  const slow = [...changes].sort((a, b) => b.explorerMs - a.explorerMs).slice(0, count);
  const outAt = publishedAt(stats, change);
  const parts = slow.map((sample) => {
    const until = sample.writtenAt + sample.explorerMs;
    const own = outAt.get(sample.name);
    const others = stats.published.filter((entry) => entry.at !== own && entry.at >= sample.writtenAt && entry.at <= until).length;
    const during = (spans: ReadonlyArray<{ at: number; ms: number }>): number => spans.filter((span) => span.at + span.ms >= sample.writtenAt && span.at <= until).reduce((sum, span) => sum + span.ms, 0);
    const out = own === undefined ? 'its delta not found in the record' : `its delta out after ${(own - sample.writtenAt).toFixed(1)}`;
    return `${sample.explorerMs.toFixed(1)} ms (floor ${sample.floorMs.toFixed(1)}): ${out}, its event loop blocked ${during(stats.stalls).toFixed(0)} ms by tasks over 10 ms, ${during(stats.collections).toFixed(0)} ms of garbage collection, ${others} other delta${others === 1 ? '' : 's'} sent meanwhile`;
  });
  return `The slowest, from the explorer's own record: ${parts.join('; ')}.`;
}

export interface ExplorerProcess {
  url: string;
  child: ChildProcess;
  /**
   * Its memory (after a collection), handles and listeners now. `collect: false` forces no
   * collection: a full one raised the explorer's CPU by 2-3 points of a core (a sixth) over the
   * next 20 s (busy bench, windows after one interleaved with windows after none), so windows of CPU begin and
   * end without (their memory figures are then as the heap happens to be).
   */
  stats(options?: { collect?: boolean }): Promise<ExplorerStats>;
  /** Every lock it follows, as it last published it. */
  followed(): Promise<FollowedLocks>;
  stop(): Promise<void>;
}

/**
 * The explorer's stats once its memory has settled, and how long that took: read every `stepMs`
 * (each after a collection) until its RSS falls by less than 2 MB from one read to the next, for
 * at most `maxMs`. V8 keeps the heap it grew for a burst of work (a first read of 100,000 nodes,
 * a run of changes) until the process has been idle a while, and the buffers a collection frees
 * are given back a moment after it: a read right after the work tells the burst, this one what
 * the explorer holds while it follows the lock.
 */
/** The machine's CPU time so far, busy and in all (jiffies, every core), from /proc/stat; null where there is none. */
export function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    return { busy: total - fields[3]! - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet: its cores busy less than `busyShare` over a 2 s window (what
 * the last section left behind, a ZooKeeper writing its snapshot or a data directory being
 * deleted, has ended), for at most `maxMs`. Says how long it waited and how busy it was.
 */
export async function waitForQuiet(busyShare = 0.15, maxMs = 60_000): Promise<{ waitedMs: number; busy: number | null }> {
  const started = performance.now();
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = cpuTimes();
    if (before === null || after === null) return { waitedMs: performance.now() - started, busy: null };
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < busyShare || performance.now() - started > maxMs) return { waitedMs: performance.now() - started, busy };
  }
}

export async function settledStats(explorer: ExplorerProcess, stepMs = 10_000, maxMs = 40_000): Promise<{ stats: ExplorerStats; afterMs: number; reads: number[] }> {
  let last = await explorer.stats();
  const reads = [last.rss];
  let waited = 0;
  while (waited < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    waited += stepMs;
    const next = await explorer.stats();
    reads.push(next.rss);
    const fell = last.rss - next.rss;
    last = next;
    if (fell < 2 * 2 ** 20) break;
  }
  return { stats: last, afterMs: waited, reads };
}

const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Each tree's bench/explorer-process.ts bundled, once a process (in its bench/out, where its node_modules is found). */
const explorerBundles = new Map<string, Promise<string>>();

function explorerBundle(tree: string): Promise<string> {
  let bundle = explorerBundles.get(tree);
  if (bundle === undefined) {
    bundle = bundleServer('bench/explorer-process.ts', join('bench', 'out', 'explorer-process.mjs'), { tree });
    explorerBundles.set(tree, bundle);
  }
  return bundle;
}

/** Starts bench/explorer-process.ts on `connectString` and waits until it listens; `tree`: the checkout whose code it runs (this one by default); `env`: added to its environment. */
export async function startExplorerProcess(connectString: string, nodeFlags: readonly string[] = [], args: readonly string[] = [], tree?: string, env: Readonly<Record<string, string>> = {}): Promise<ExplorerProcess> {
  // EXPLORER_PROFILE=<dir> writes the explorer's CPU profile there; EXPLORER_NODE_FLAGS adds Node's flags (e.g. `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>`).
  const profile = [...(process.env.EXPLORER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.EXPLORER_PROFILE] : []), ...(process.env.EXPLORER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  // Bundled as `npm start` runs the server (scripts/server-bundle.mjs), not through tsx.
  const script = fileURLToPath(await explorerBundle(tree ?? PROJECT_ROOT));
  const child = spawn(process.execPath, ['--expose-gc', ...profile, ...nodeFlags, script, connectString, ...args], { cwd: tree, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...EXPLORER_ENV, ...env } });
  let output = '';
  const listeners: Array<(line: string) => void> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    let newline = output.indexOf('\n');
    while (newline >= 0) {
      const line = output.slice(0, newline);
      output = output.slice(newline + 1);
      for (const listener of [...listeners]) listener(line);
      newline = output.indexOf('\n');
    }
  });
  const nextLine = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null): void => reject(new Error(`the explorer exited with ${code}`));
      // A process already gone sends no 'exit' again: asked after its end, the answer would never come.
      if (child.exitCode !== null || child.signalCode !== null) {
        exited(child.exitCode);
        return;
      }
      const listener = (line: string): void => {
        if (!pattern.test(line)) return;
        listeners.splice(listeners.indexOf(listener), 1);
        child.off('exit', exited);
        resolve(line);
      };
      listeners.push(listener);
      child.once('exit', exited);
    });
  const url = (await nextLine(/^listening on /)).slice('listening on '.length);
  return {
    url,
    child,
    stats: async ({ collect = true } = {}) => {
      const line = nextLine(/^stats /);
      if (collect) child.kill('SIGUSR2');
      else child.stdin?.write('stats uncollected\n');
      return JSON.parse((await line).slice('stats '.length)) as ExplorerStats;
    },
    followed: async () => {
      const line = nextLine(/^followed /);
      child.stdin?.write('followed\n');
      return JSON.parse((await line).slice('followed '.length)) as FollowedLocks;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A socket.io subscriber to one lock: resolves a wait for a node's arrival or departure from the
 * delta handler itself, so that no polling timer competes with the explorer for the CPU.
 */
export class Subscriber {
  private readonly waits = new Map<string, (at: number) => void>();

  /** How many nodes each followed lock has, as the snapshots and deltas tell. */
  private readonly counts = new Map<string, number>();

  private constructor(readonly socket: Socket) {
    socket.on('lock:delta', (delta: LockDelta) => {
      const at = performance.now();
      const count = this.counts.get(delta.path);
      if (count !== undefined) this.counts.set(delta.path, count + delta.added.length - delta.removed.length);
      if (delta.added.length > 0) this.waits.get('+*')?.(at);
      for (const node of delta.added) this.waits.get(`+${node.name}`)?.(at);
      for (const name of delta.removed) this.waits.get(`-${name}`)?.(at);
    });
    // A large change (ZooKeeper's first report naming every waiter's client) comes to a page that takes columns as a whole
    // snapshot instead of a delta: a node that came or went with it is seen then (by the count: the columns are not decoded here).
    socket.on('lock:columns', (snapshot: { path: string; count: number }) => {
      const at = performance.now();
      const before = this.counts.get(snapshot.path);
      this.counts.set(snapshot.path, snapshot.count);
      if (before === undefined || before === snapshot.count) return;
      for (const [key, wait] of [...this.waits]) if (key.startsWith(snapshot.count > before ? '+' : '-')) wait(at);
    });
  }

  static async connect(url: string): Promise<Subscriber> {
    const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return new Subscriber(socket);
  }

  /** Follows a lock; `columns` takes its snapshots in the compact form, as the page does. */
  subscribe(path: string, form: 'nodes' | 'columns' = 'nodes'): Promise<void> {
    return new Promise((resolve) => this.socket.emit('subscribe', form === 'columns' ? { path, form } : { path }, () => resolve()));
  }

  unsubscribe(path: string): Promise<void> {
    return new Promise((resolve) => this.socket.emit('unsubscribe', { path }, () => resolve()));
  }

  /** The time (performance.now) at which the delta with `name` coming (`+`; `*` for any) or going (`-`) arrives. */
  seen(change: '+' | '-', name: string, timeoutMs = 10_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const key = `${change}${name}`;
      const timer = setTimeout(() => {
        this.waits.delete(key);
        reject(new Error(`no delta for ${key}`));
      }, timeoutMs);
      this.waits.set(key, (at) => {
        clearTimeout(timer);
        this.waits.delete(key);
        resolve(at);
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Fills `lockPath` with `count` ephemeral sequential nodes named as Curator names them; returns
 * their names in queue order. With `watching`, each waiter also watches the node before it, as
 * every recipe's client does: the lock is a healthy one, with no waiter the explorer must name.
 */
export async function fillQueue(session: ZkSession, lockPath: string, count: number, watching = false): Promise<string[]> {
  await session.mkdirp(lockPath);
  const names: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
      session.create(`${lockPath}/_c_${randomUUID()}-lock-`, Buffer.from(`10.0.${(start + i) % 250}.${i % 250}`), 'ephemeral-sequential'),
    );
    names.push(...(await Promise.all(batch)).map((path) => path.slice(lockPath.length + 1)));
  }
  names.sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1));
  if (watching) {
    for (let start = 1; start < names.length; start += 500) {
      await Promise.all(names.slice(start, start + 500).map((_, i) => session.exists(`${lockPath}/${names[start + i - 1]}`, () => undefined)));
    }
  }
  return names;
}

/** Removes the nodes of a queue, 500 at a time. */
export async function emptyQueue(session: ZkSession, lockPath: string, names: readonly string[]): Promise<void> {
  for (let start = 0; start < names.length; start += 500) {
    await Promise.all(names.slice(start, start + 500).map((name) => session.remove(`${lockPath}/${name}`).catch(() => undefined)));
  }
}

/** ZooKeeper's `mntr` figures from the server at `port` on loopback. */
export async function mntr(port: number): Promise<Map<string, string | number>> {
  return parseMntr(await fourLetterWord('127.0.0.1', port, 'mntr'));
}

/**
 * The floor of any live view: a bare client's child watch on a lock, re-armed by the getChildren
 * that reads each change. `seen('+', '*')` waits for any node to come (a sequential name is known only
 * from the create's reply), `seen('-', name)` for one to go; both resolve when that getChildren's reply arrives.
 */
export class BareWatcher {
  private readonly waits = new Map<string, (at: number) => void>();
  private known = new Set<string>();
  private closed = false;

  private constructor(
    private readonly session: ZkSession,
    private readonly path: string,
  ) {}

  static async start(connectString: string, path: string): Promise<BareWatcher> {
    const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
    await session.start();
    const watcher = new BareWatcher(session, path);
    await watcher.read();
    return watcher;
  }

  private async read(): Promise<void> {
    if (this.closed) return;
    const { children } = await this.session.getChildren(this.path, () => void this.read().catch(() => undefined));
    const at = performance.now();
    const present = new Set(children);
    if (children.some((name) => !this.known.has(name))) this.waits.get('+*')?.(at);
    for (const [key, resolve] of this.waits) if (key[0] === '-' && !present.has(key.slice(1))) resolve(at);
    this.known = present;
  }

  /** The bytes ZooKeeper has sent this watcher. */
  get bytesReceived(): number {
    return this.session.bytesReceived;
  }

  seen(change: '+' | '-', name: string): Promise<number> {
    const key = `${change}${name}`;
    return new Promise((resolve) => {
      this.waits.set(key, (at) => {
        this.waits.delete(key);
        resolve(at);
      });
    });
  }

  close(): void {
    this.closed = true;
    this.session.close();
  }
}

/**
 * One write, timed from the same start to the explorer's socket event and to the floor's
 * reading of it; both waits are set before the write goes out. `writtenAt` is that start in ms
 * since the epoch, to set beside the explorer's own record of when the delta went out.
 */
export async function timeSideBySide<T>(
  subscriber: Subscriber,
  floor: BareWatcher,
  change: '+' | '-',
  name: string,
  write: () => Promise<T>,
  timeoutMs = 10_000,
): Promise<{ result: T; explorerMs: number; floorMs: number; writtenAt: number }> {
  const seen = Promise.all([subscriber.seen(change, name, timeoutMs), floor.seen(change, name)]);
  const t0 = performance.now();
  const result = await write();
  const [socketAt, floorAt] = await seen;
  return { result, explorerMs: socketAt - t0, floorMs: floorAt - t0, writtenAt: performance.timeOrigin + t0 };
}

const TICKS_PER_SECOND = 100;

/** A process's user and system CPU time so far (s), from /proc. */
export function cpuSplit(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/** A process's CPU time so far (s): its user and system time. */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuSplit(pid);
  return user + system;
}

/** The CPU time (s) a process uses over the next `ms`. */
export async function cpuOver(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return cpuSeconds(pid) - before;
}
