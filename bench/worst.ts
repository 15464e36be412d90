/**
 * The worst cases of issue 50's item 3, each timed against a reference in the same run: one lock
 * whose verdict concerns every node (waiters that watch nothing, a herd, readers sharing: the
 * scale bench's other shapes, at 1,000, 50,000 and 100,000), and many locks at once, each case
 * an explorer in its own process finding the locks below a root as LOCK_ROOTS does, a page's
 * socket on one chained lock among them and the dashboard's socket on the list:
 * - `many`: 10,000 locks each with a verdict (a waiter that watches nothing), against 100: a
 *   handover and a join in the chained lock → its socket delta, the lock list (REST and socket);
 * - `partition`: 2,000 sessions, each owning nodes in five of 500 locks, cut off at once (their
 *   process killed, as a partition does) until ZooKeeper expires them: how long until the list
 *   shows every lock's holder without a connection, then every lock empty (against ZooKeeper's
 *   own last deletion), and the handovers of the chained lock meanwhile against before;
 * - `burst`: 1,000 locks created within a second: how long until the list has them all (against
 *   the last create), and the handovers of the chained lock meanwhile against before.
 * Loopback only.
 *   node --import tsx bench/worst.ts [one|many|partition|burst ...]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { LockList, LockListChange, LockSummary } from '../lib/protocol';
import { createAll } from '../server/testing/big-tree';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { markdownTables, notesText, textTable, type Figure } from './figures';
import { emptyQueue, startExplorerProcess, Subscriber, type ExplorerProcess } from './harness';
import { benchScale, SCALE_ZOOKEEPER_CONFIG, WORST_SIZES } from './scale';
import { shapeQueue, type ShapedQueue } from './shapes';
import { median, quantile } from './stats';

export const MANY_SECTION = '2c. The worst cases of many locks: one change while the rest weighs on the explorer';
export const WORST_PARTS = ['one', 'many', 'partition', 'burst'] as const;
export type WorstPart = (typeof WORST_PARTS)[number];

/** The partition: this many sessions, each owning a node in PER_SESSION of LOCKS locks, with this session timeout (ms). */
const PARTITION = { sessions: 2_000, locks: 500, perSession: 5, timeoutMs: 10_000 };
/** The burst: this many locks, each a parent and one ephemeral node, created over this long (ms) in ten steps. */
const BURST = { locks: 1_000, overMs: 1_000 };
/** Handovers and joins timed in the chained lock for each figure, one after another. */
const TIMED = 30;
const SETTLE_TIMEOUT_MS = 180_000;

const label = (n: number): string => n.toLocaleString('en-US');
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const spread = (values: readonly number[]): string => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ms`;

/**
 * The dashboard's socket on the lock list: the list as its changes tell it, by path, and waits
 * for a condition on it, checked as each change arrives.
 */
class ListFollower {
  readonly locks = new Map<string, LockSummary>();
  private readonly waits = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on('locks:list', (list: LockList) => {
      this.locks.clear();
      for (const lock of list.locks) this.locks.set(lock.path, lock);
      this.changed();
    });
    socket.on('locks:changes', (change: LockListChange) => {
      for (const path of change.removed) this.locks.delete(path);
      for (const lock of change.upserted) this.locks.set(lock.path, lock);
      this.changed();
    });
  }

  /** Follows the list; resolves with the follower once its first list came, and how long that took (ms). */
  static async connect(url: string): Promise<{ follower: ListFollower; firstListMs: number }> {
    const socket = connectSocket(url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const follower = new ListFollower(socket);
    const started = performance.now();
    const first = new Promise<void>((resolve) => socket.once('locks:list', () => resolve()));
    socket.emit('locks:subscribe', {});
    await first;
    return { follower, firstListMs: performance.now() - started };
  }

  /** The time (performance.now) at which `done` first holds of the list, at most `timeoutMs` from now. */
  until(done: (locks: ReadonlyMap<string, LockSummary>) => boolean, timeoutMs: number, what: string): Promise<number> {
    if (done(this.locks)) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!done(this.locks)) return;
        clearTimeout(timer);
        this.waits.delete(check);
        resolve(performance.now());
      };
      const timer = setTimeout(() => {
        this.waits.delete(check);
        reject(new Error(`the lock list did not show ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waits.add(check);
    });
  }

  private changed(): void {
    for (const check of [...this.waits]) check();
  }

  close(): void {
    this.socket.close();
  }
}

/** The locks below `root` in the list (the chained lock left out). */
const below = (locks: ReadonlyMap<string, LockSummary>, prefix: string): LockSummary[] => [...locks.values()].filter((lock) => lock.path.startsWith(prefix));

/** A handover at the head of the chained lock and a join at its tail, each timed to the page's socket; when each was written, after `from` (ms). */
interface TimedPair {
  at: number;
  handoverMs: number;
  joinMs: number;
}

/** The chained lock a page follows among the many: its queue, its page's socket, and handovers timed on it. */
class ChainedLock {
  private head = 0;
  readonly joined: string[] = [];

  private constructor(
    readonly path: string,
    private readonly owner: ZkSession,
    private readonly queue: ShapedQueue,
    readonly page: Subscriber,
  ) {}

  /** A chained queue with room for `handovers`, and a page following it in columns. */
  static async start(connectString: string, owner: ZkSession, path: string, handovers: number, url: string): Promise<ChainedLock> {
    const queue = await shapeQueue('chained', connectString, owner, path, handovers + 10);
    const page = await Subscriber.connect(url);
    await page.subscribe(path, 'columns');
    return new ChainedLock(path, owner, queue, page);
  }

  /** One handover and one join, 20 ms apart, each timed from its write to the page's delta. */
  async pair(from: number): Promise<TimedPair> {
    const name = this.queue.names[this.head++];
    if (name === undefined) throw new Error(`${this.path}: no node left to hand over`);
    const at = performance.now();
    const gone = this.page.seen('-', name, 60_000);
    // A write that fails leaves its wait unanswered: its rejection is the write's, not a second one.
    gone.catch(() => undefined);
    await this.owner.remove(`${this.path}/${name}`);
    const handoverMs = (await gone) - at;
    await pause(20);
    const joinedAt = performance.now();
    const come = this.page.seen('+', '*', 60_000);
    come.catch(() => undefined);
    this.joined.push(await this.queue.join());
    const joinMs = (await come) - joinedAt;
    await pause(20);
    return { at: at - from, handoverMs, joinMs };
  }

  /** `count` pairs one after another. */
  async pairs(count: number, from = performance.now()): Promise<TimedPair[]> {
    const out: TimedPair[] = [];
    for (let i = 0; i < count; i += 1) out.push(await this.pair(from));
    return out;
  }

  /** Pairs one after another until `stop` says so (at least one); with `gapMs` between them. */
  async pairsUntil(stop: () => boolean, from: number, gapMs = 50): Promise<TimedPair[]> {
    const out: TimedPair[] = [];
    do {
      out.push(await this.pair(from));
      await pause(gapMs);
    } while (!stop());
    return out;
  }

  async close(): Promise<void> {
    this.page.close();
    this.queue.close();
    await emptyQueue(this.owner, this.path, [...this.queue.names.slice(this.head), ...this.joined]);
  }
}

/** Waits until the explorer has found `count` locks and read them (its health says so), for at most SETTLE_TIMEOUT_MS. */
async function untilListed(explorer: ExplorerProcess, count: number): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as { discovery: { locks: number } };
    if (health.discovery.locks >= count) return;
    if (Date.now() > deadline) throw new Error(`the explorer listed ${health.discovery.locks} locks, not ${count}, within ${SETTLE_TIMEOUT_MS / 1000} s`);
    await pause(500);
  }
}

/** GET /api/locks, `times` times: each one's duration (ms) and the last answer's locks. */
async function timeLockList(url: string, times: number): Promise<{ ms: number[]; locks: LockSummary[] }> {
  const ms: number[] = [];
  let locks: LockSummary[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    locks = ((await (await fetch(`${url}/api/locks`)).json()) as LockList).locks;
    ms.push(performance.now() - started);
  }
  return { ms, locks };
}

/** What one size of the `many` case measured. */
interface ManyMeasured {
  locks: number;
  pairs: TimedPair[];
  listMs: number[];
  firstListMs: number;
  verdicts: number;
  untilVerdictsMs: number;
}

/** `locks` locks below `root`, each held by one session and waited on by another that sets no watch: each has a no-watch verdict once two reports missed it. */
async function placeUnwatched(connectString: string, owner: ZkSession, root: string, locks: number): Promise<ZkSession[]> {
  const paths = Array.from({ length: locks }, (_, i) => `${root}/l${i}`);
  await owner.mkdirp(root);
  await createAll(owner, paths);
  const sessions = [new ZkSession({ connectString, sessionTimeoutMs: 30_000 }), new ZkSession({ connectString, sessionTimeoutMs: 30_000 })];
  await Promise.all(sessions.map((session) => session.start()));
  for (const session of sessions) await createAll(session, paths.map((path) => `${path}/_c_${randomUUID()}-lock-`), 'ephemeral-sequential', Buffer.from('10.3.0.1'));
  return sessions;
}

/** One size of the `many` case: the locks placed, found and judged, then the chained lock's handovers timed with the dashboard open. */
async function manyLocks(connectString: string, locks: number, log: (line: string) => void): Promise<ManyMeasured> {
  const root = `/worst/many-${locks}`;
  const owner = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  await owner.start();
  const sessions = await placeUnwatched(connectString, owner, root, locks);
  const explorer = await startExplorerProcess(connectString, [], [`--roots=${root}`]);
  let chained: ChainedLock | null = null;
  let list: ListFollower | null = null;
  try {
    chained = await ChainedLock.start(connectString, owner, `${root}/timed`, TIMED + 5, explorer.url);
    await untilListed(explorer, locks + 1);
    const connected = await ListFollower.connect(explorer.url);
    list = connected.follower;
    // Every lock's verdict in force: ZooKeeper's report must have missed each waiter's watch twice.
    const judging = performance.now();
    await list.until((all) => below(all, `${root}/l`).filter((lock) => lock.anomalyKinds.includes('no-watch')).length >= locks, SETTLE_TIMEOUT_MS, `${label(locks)} no-watch verdicts`);
    const untilVerdictsMs = performance.now() - judging;
    // A dashboard opened now, every lock read and judged: its first list.
    const opened = await ListFollower.connect(explorer.url);
    opened.follower.close();
    await chained.pairs(3);
    const pairs = await chained.pairs(TIMED);
    const listed = await timeLockList(explorer.url, 5);
    const verdicts = listed.locks.filter((lock) => lock.anomalies > 0).length;
    log(`many ${label(locks)}: ${verdicts} locks with a verdict; handover median ${median(pairs.map((one) => one.handoverMs)).toFixed(2)} ms; GET /api/locks ${spread(listed.ms)}`);
    return { locks, pairs, listMs: listed.ms, firstListMs: opened.firstListMs, verdicts, untilVerdictsMs };
  } finally {
    list?.close();
    await chained?.close();
    await explorer.stop();
    for (const session of sessions) session.close();
    owner.close();
  }
}

/** 10,000 locks each with a verdict against 100: the chained lock's handovers and the lock list. */
async function benchMany(connectString: string, log: (line: string) => void): Promise<Figure[]> {
  const small = await manyLocks(connectString, 100, log);
  const large = await manyLocks(connectString, 10_000, log);
  const n = `${label(large.locks)} locks each with a verdict`;
  const reference = `${label(small.locks)} such locks`;
  const figures: Figure[] = [];
  for (const [key, what] of [
    ['handoverMs', 'a handover in one of them → its socket delta, median'],
    ['joinMs', 'a contender joins it → its socket delta, median'],
  ] as const) {
    const values = large.pairs.map((one) => one[key]);
    figures.push({
      section: MANY_SECTION,
      name: `${n}: ${what}`,
      value: median(values),
      unit: 'ms',
      reference: { name: reference, value: median(small.pairs.map((one) => one[key])) },
      target: { on: 'ratio', max: 1.5 },
      note: `${values.length} changes one after another in a chained lock of its own below the same root, a page following it in columns and the dashboard following the list: ${spread(values)}, p95 ${quantile(values, 0.95).toFixed(1)} ms (with ${label(small.locks)}: ${spread(small.pairs.map((one) => one[key]))}). ${label(large.verdicts)} locks had a verdict (a waiter watching nothing, named after ZooKeeper's report had missed its watch twice: ${(large.untilVerdictsMs / 1000).toFixed(0)} s after the list was complete).`,
    });
  }
  figures.push(
    {
      section: MANY_SECTION,
      name: `${n}: GET /api/locks (every lock brought up to date), median`,
      value: median(large.listMs),
      unit: 'ms',
      reference: { name: reference, value: median(small.listMs) },
      target: null,
      note: `No target: the list is as long as the locks. Five requests, ${spread(large.listMs)} (${label(small.locks)}: ${spread(small.listMs)}); each syncs with ZooKeeper, reads every lock parent's stat in multiReads and waits for any lock behind them.`,
    },
    {
      section: MANY_SECTION,
      name: `${n}: the dashboard's first list over the socket`,
      value: large.firstListMs,
      unit: 'ms',
      reference: { name: reference, value: small.firstListMs },
      target: null,
      note: 'No target: the first list is as long as the locks; after it the page gets only the locks that changed. Timed once every lock was read and judged (a dashboard opened while the explorer still reads the locks it found waits until it has).',
    },
  );
  return figures;
}

/**
 * The sessions of a partition, in a process of their own so that killing it cuts them all off
 * at once (their sessions then expire on ZooKeeper's clock, as a partition's do): spawned in
 * this file's `--sessions` mode; resolves once every node is created.
 */
async function startPartition(connectString: string, root: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/worst.ts', '--sessions', connectString, root], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the partition's sessions exited with ${code}`)));
  });
  return child;
}

/** The `--sessions` mode: PARTITION.sessions sessions, session s owning a node in locks s·7 + k·101 (mod locks), k < perSession, each created in rounds so that every lock has holders and waiters of many sessions. */
async function runPartitionSessions(connectString: string, root: string): Promise<void> {
  const sessions: ZkSession[] = [];
  for (let start = 0; start < PARTITION.sessions; start += 100) {
    const batch = Array.from({ length: Math.min(100, PARTITION.sessions - start) }, () => new ZkSession({ connectString, sessionTimeoutMs: PARTITION.timeoutMs }));
    await Promise.all(batch.map((session) => session.start(60_000)));
    sessions.push(...batch);
  }
  for (let k = 0; k < PARTITION.perSession; k += 1) {
    for (let start = 0; start < sessions.length; start += 250) {
      await Promise.all(sessions.slice(start, start + 250).map((session, i) => session.create(`${root}/l${((start + i) * 7 + k * 101) % PARTITION.locks}/_c_${randomUUID()}-lock-`, Buffer.from(`10.4.${(start + i) % 250}.1`), 'ephemeral-sequential')));
    }
  }
  process.stdout.write('ready\n');
  // The parent gone without killing this process: the sessions close.
  process.stdin.resume();
  process.stdin.on('close', () => {
    for (const session of sessions) session.close();
    process.exit(0);
  });
}

/** ZooKeeper's own account of the partition: a bench session's recursive watch on the root, counting the deletions of the partition's nodes. */
async function watchDeletions(connectString: string, root: string, expected: number): Promise<{ session: ZkSession; firstAt: () => number | null; lastAt: Promise<number> }> {
  const session = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  await session.start();
  let count = 0;
  let firstAt: number | null = null;
  let done!: (at: number) => void;
  const lastAt = new Promise<number>((resolve) => (done = resolve));
  await session.watchTree(root, (event) => {
    if (event.type !== 'NODE_DELETED' || !event.path.startsWith(`${root}/l`) || event.path.split('/').length !== root.split('/').length + 2) return;
    const at = performance.now();
    firstAt ??= at;
    count += 1;
    if (count === expected) done(at);
  });
  return { session, firstAt: () => firstAt, lastAt };
}

/** What the partition measured: times from the kill (ms), ZooKeeper's deletions, and the chained lock's handovers before and during. */
interface PartitionMeasured {
  flaggedMs: number | null;
  firstDeletionMs: number;
  lastDeletionMs: number;
  emptyMs: number;
  before: TimedPair[];
  during: TimedPair[];
  deadlocks: number;
  /** The explorer's event loop from the cut to the end: its tasks over 10 ms. */
  blocked: string;
}

/** The partition's locks placed by the sessions' process, found, and each showing its twenty nodes in the list. */
async function placePartition(connectString: string, owner: ZkSession, root: string, url: string, explorer: ExplorerProcess): Promise<{ child: ChildProcess; list: ListFollower }> {
  await owner.mkdirp(root);
  await createAll(owner, Array.from({ length: PARTITION.locks }, (_, i) => `${root}/l${i}`));
  const child = await startPartition(connectString, root);
  await untilListed(explorer, PARTITION.locks + 1);
  const { follower } = await ListFollower.connect(url);
  const perLock = (PARTITION.sessions * PARTITION.perSession) / PARTITION.locks;
  await follower.until((all) => below(all, `${root}/l`).filter((lock) => lock.holders.length + lock.queueLength === perLock).length === PARTITION.locks, SETTLE_TIMEOUT_MS, `${PARTITION.locks} locks of ${perLock} nodes each`);
  return { child, list: follower };
}

/** The partition: its sessions cut off at once, then expired by ZooKeeper, while the chained lock hands over. */
async function partitionRun(connectString: string, log: (line: string) => void): Promise<PartitionMeasured> {
  const root = '/worst/partition';
  const owner = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  await owner.start();
  const explorer = await startExplorerProcess(connectString, [], [`--roots=${root}`]);
  let child: ChildProcess | null = null;
  let list: ListFollower | null = null;
  let chained: ChainedLock | null = null;
  let deletions: Awaited<ReturnType<typeof watchDeletions>> | null = null;
  try {
    chained = await ChainedLock.start(connectString, owner, `${root}/timed`, 400, explorer.url);
    ({ child, list } = await placePartition(connectString, owner, root, explorer.url, explorer));
    deletions = await watchDeletions(connectString, root, PARTITION.sessions * PARTITION.perSession);
    const deadlocks = below(list.locks, `${root}/l`).filter((lock) => lock.anomalyKinds.includes('deadlock')).length;
    await chained.pairs(3);
    const before = await chained.pairs(TIMED);
    const killedAt = performance.now();
    child.kill('SIGKILL');
    const locks = (all: ReadonlyMap<string, LockSummary>): LockSummary[] => below(all, `${root}/l`);
    const flagged = list.until((all) => locks(all).every((lock) => lock.anomalyKinds.includes('holder-disconnected')), PARTITION.timeoutMs + 10_000, 'every holder without a connection').catch(() => null);
    // A lock that leaves the list once empty shows the truth too.
    const empty = list.until((all) => locks(all).every((lock) => lock.holders.length === 0 && lock.queueLength === 0), PARTITION.timeoutMs + 60_000, 'every lock empty');
    let ended = false;
    void empty.finally(() => (ended = true)).catch(() => undefined);
    const during = await chained.pairsUntil(() => ended, killedAt).catch(async (error: unknown) => {
      const stats = await explorer.stats();
      const stalls = stats.stalls.filter((stall) => stall.at >= performance.timeOrigin + killedAt);
      log(`partition: ${String(error)}; the explorer's event loop since the cut: ${stalls.length} stalls, ${stalls.reduce((sum, stall) => sum + stall.ms, 0).toFixed(0)} ms in all, the longest ${Math.max(0, ...stalls.map((stall) => stall.ms)).toFixed(0)} ms`);
      throw error;
    });
    const emptyAt = await empty;
    const lastAt = await deletions.lastAt;
    const flaggedAt = await flagged;
    const stalls = (await explorer.stats()).stalls.filter((stall) => stall.at >= performance.timeOrigin + killedAt);
    const blocked = `${stalls.length} tasks over 10 ms, ${stalls.reduce((sum, stall) => sum + stall.ms, 0).toFixed(0)} ms in all, the longest ${Math.max(0, ...stalls.map((stall) => stall.ms)).toFixed(0)} ms`;
    const measured = { flaggedMs: flaggedAt === null ? null : flaggedAt - killedAt, firstDeletionMs: deletions.firstAt()! - killedAt, lastDeletionMs: lastAt - killedAt, emptyMs: emptyAt - killedAt, before, during, deadlocks, blocked };
    log(`partition: ${JSON.stringify({ ...measured, before: before.length, during: during.length })}`);
    return measured;
  } finally {
    child?.kill('SIGKILL');
    deletions?.session.close();
    list?.close();
    await chained?.close();
    await explorer.stop();
    owner.close();
  }
}

/** The chained lock's handovers during a storm against before it, as two figures. */
function duringFigures(section: string, what: string, before: readonly TimedPair[], during: readonly TimedPair[], context: string): Figure[] {
  return (['handoverMs', 'joinMs'] as const).map((key) => {
    const values = during.map((one) => one[key]);
    const base = before.map((one) => one[key]);
    const slowest = [...during].sort((a, b) => b[key] - a[key]).slice(0, 3).map((one) => `${one[key].toFixed(0)} ms at ${(one.at / 1000).toFixed(1)} s`);
    return {
      section,
      name: `${what}: ${key === 'handoverMs' ? 'a handover' : 'a join'} in an unrelated lock meanwhile → its socket delta, median`,
      value: median(values),
      unit: 'ms',
      reference: { name: 'the same just before', value: median(base) },
      target: { on: 'ratio', max: 1.5 },
      note: `${values.length} changes one after another (50 ms apart) from ${context}: ${spread(values)}, p95 ${quantile(values, 0.95).toFixed(1)} ms, the slowest ${slowest.join(', ')} (before: ${base.length} changes, ${spread(base)}).`,
    };
  });
}

async function benchPartition(connectString: string, log: (line: string) => void): Promise<Figure[]> {
  const run = await partitionRun(connectString, log);
  const what = `${label(PARTITION.sessions)} sessions of ${PARTITION.locks} locks expiring at once`;
  const nodes = PARTITION.sessions * PARTITION.perSession;
  return [
    {
      section: MANY_SECTION,
      name: `${what}: every lock shows its holder without a connection, after the cut`,
      value: run.flaggedMs ?? Number.NaN,
      unit: 'ms',
      reference: { name: 'ZooKeeper expires them', value: run.firstDeletionMs },
      target: null,
      note: `No target: the explorer asks ZooKeeper every 2 s and names a session without a connection from two reports in a row; ${run.flaggedMs === null ? 'not every lock was flagged before the sessions expired' : 'every lock was flagged'} (a session timeout of ${PARTITION.timeoutMs / 1000} s; the first deletion came ${(run.firstDeletionMs / 1000).toFixed(1)} s after the cut). ${run.deadlocks} of the locks were on deadlock cycles before the cut (each session holds in some locks and waits in others).`,
    },
    {
      section: MANY_SECTION,
      name: `${what}: every lock empty in the list, after ZooKeeper's last deletion`,
      value: run.emptyMs - run.lastDeletionMs,
      unit: 'ms',
      reference: { name: "ZooKeeper's deletions, first to last", value: run.lastDeletionMs - run.firstDeletionMs },
      target: { on: 'value', max: 2000 },
      note: `The ${label(nodes)} nodes of the cut-off sessions went from ${(run.firstDeletionMs / 1000).toFixed(2)} s to ${(run.lastDeletionMs / 1000).toFixed(2)} s after the cut (a bench session's recursive watch on the root); the dashboard's socket showed every one of the ${PARTITION.locks} locks empty ${(run.emptyMs / 1000).toFixed(2)} s after it. Target: within the 2 s the discovery bench holds a new or gone lock to.`,
    },
    ...duringFigures(MANY_SECTION, what, run.before, run.during, `the cut until every lock showed empty (the explorer's event loop meanwhile: ${run.blocked})`),
  ];
}

/** What the burst measured: times from its first create (ms), and the chained lock's handovers before and during. */
interface BurstMeasured {
  writtenMs: number;
  listedMs: number;
  before: TimedPair[];
  during: TimedPair[];
}

/** Creates BURST.locks locks below `root` (a parent and one ephemeral node each) in ten steps over BURST.overMs; resolves when the last is written. */
async function createBurst(session: ZkSession, root: string, started: number): Promise<void> {
  const step = BURST.locks / 10;
  for (let i = 0; i < 10; i += 1) {
    const parents = Array.from({ length: step }, (_, j) => `${root}/b${i * step + j}`);
    await createAll(session, parents);
    await createAll(session, parents.map((parent) => `${parent}/_c_${randomUUID()}-lock-`), 'ephemeral-sequential', Buffer.from('10.5.0.1'));
    await pause(started + ((i + 1) * BURST.overMs) / 10 - performance.now());
  }
}

async function burstRun(connectString: string, log: (line: string) => void): Promise<BurstMeasured> {
  const root = '/worst/burst';
  const owner = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  const creator = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  await Promise.all([owner.start(), creator.start()]);
  await owner.mkdirp(root);
  const explorer = await startExplorerProcess(connectString, [], [`--roots=${root}`]);
  let chained: ChainedLock | null = null;
  let list: ListFollower | null = null;
  try {
    chained = await ChainedLock.start(connectString, owner, `${root}/timed`, 400, explorer.url);
    await untilListed(explorer, 1);
    list = (await ListFollower.connect(explorer.url)).follower;
    await chained.pairs(3);
    const before = await chained.pairs(TIMED);
    const started = performance.now();
    const listed = list.until((all) => below(all, `${root}/b`).length === BURST.locks, 60_000, `the ${BURST.locks} new locks`);
    let ended = false;
    void listed.finally(() => (ended = true)).catch(() => undefined);
    // How many of them the list had, each 250 ms, for the log.
    const seen: number[] = [];
    const counting = setInterval(() => seen.push(below(list!.locks, `${root}/b`).length), 250);
    const [during, writtenMs] = await Promise.all([chained.pairsUntil(() => ended, started), createBurst(creator, root, started).then(() => performance.now() - started)]);
    clearInterval(counting);
    const measured = { writtenMs, listedMs: (await listed) - started, before, during };
    log(`burst: listed each 250 ms ${seen.join(' ')}`);
    log(`burst: ${JSON.stringify({ ...measured, before: before.length, during: during.length })}`);
    return measured;
  } finally {
    list?.close();
    await chained?.close();
    await explorer.stop();
    creator.close();
    owner.close();
  }
}

async function benchBurst(connectString: string, log: (line: string) => void): Promise<Figure[]> {
  const run = await burstRun(connectString, log);
  const what = `${label(BURST.locks)} locks created in one second`;
  return [
    {
      section: MANY_SECTION,
      name: `${what}: all of them in the lock list, after the first create`,
      value: run.listedMs,
      unit: 'ms',
      reference: { name: 'the last create written', value: run.writtenMs },
      target: { on: 'value', max: 3000 },
      note: `Ten steps of ${BURST.locks / 10} locks, each a parent and one ephemeral node written in multis, ${BURST.overMs / 10} ms apart; the dashboard's socket had them all ${((run.listedMs - run.writtenMs) / 1000).toFixed(2)} s after the last was written. The explorer finds new locks from ZooKeeper's list of ephemeral nodes, read again every second: target, the 2 s a new lock is held to plus the second the burst lasts.`,
    },
    ...duringFigures(MANY_SECTION, what, run.before, run.during, 'the first create until the list had them all'),
  ];
}

/** The worst cases chosen (all by default): the one-lock shapes at WORST_SIZES, then the many-lock cases. */
export async function benchWorst(connectString: string, parts: readonly WorstPart[] = WORST_PARTS, log: (line: string) => void = console.log): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (parts.includes('one')) for (const shape of ['unwatched', 'herd', 'readers'] as const) figures.push(...(await benchScale(connectString, WORST_SIZES, 20, null, shape)));
  if (parts.includes('many')) figures.push(...(await benchMany(connectString, log)));
  if (parts.includes('partition')) figures.push(...(await benchPartition(connectString, log)));
  if (parts.includes('burst')) figures.push(...(await benchBurst(connectString, log)));
  return figures;
}

if (process.argv[2] === '--sessions') {
  await runPartitionSessions(process.argv[3]!, process.argv[4]!);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const parts = process.argv.slice(2) as WorstPart[];
  const unknown = parts.filter((part) => !WORST_PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`worst: no part ${unknown.join(', ')}; the parts are ${WORST_PARTS.join(', ')}`);
  const zookeeper = await startEmbeddedZooKeeper({ extraConfig: SCALE_ZOOKEEPER_CONFIG });
  try {
    const figures = await benchWorst(zookeeper.connectString, parts.length === 0 ? WORST_PARTS : parts);
    console.log(`${textTable(figures)}\n\n${notesText(figures)}`);
    // The same as bench/RESULTS.md has its sections, to paste there.
    console.log(`\nAs Markdown (\`npm run bench:worst${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`):\n\n${markdownTables(figures)}`);
  } finally {
    await zookeeper.stop();
  }
}
