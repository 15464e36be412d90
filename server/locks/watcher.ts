/**
 * Follows one lock live: the runner of its state machine (`lib/lock/machine.ts`, where the
 * reading is), which makes the reads the machine asks for on the ZooKeeper session, sets its
 * timers, feeds it the session's notifications, and publishes its deltas. It also answers
 * whoever asks for the lock as ZooKeeper has it now (`fresh`, `catchUp`).
 */
import { busy, includes, initialState, judged, lockInput, parentPaths, placedPath, step, type LockContext, type LockEvent, type LockState, type LockWorld, type TimerName, type ZkAnswer, type ZkRead } from '../../lib/lock/machine';
import type { LockInput } from '../../lib/lock/queue';
import type { Introspected, ReportChange } from '../../lib/lock/report';
import type { LockDelta, LockNode, LockSnapshot, RecipeId, ZnodeStat } from '../../lib/protocol';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { CONFIG_DEFAULTS } from '../config';
import { CoarseTimers, type CoarseTimer } from './coarse-timers';


/** How long a read waits for the watcher to catch up with what ZooKeeper had when the read was asked. */
const FRESH_TIMEOUT_MS = 10_000;
const TIMER_NAMES: readonly TimerName[] = ['judge', 'stale', 'pzxid'];
/** What the first read's end does once it has settled `ready`: nothing more. */
const settled = (): void => undefined;
/** A lock's timers fire on a grid of this many ms: at most that much after their moment (see coarse-timers.ts). */
export const LOCK_TIMER_GRID_MS = 100;

/** The clock a lock's machine is stepped at, and the timer wheel its timers are set on: its ensemble's. */
export interface LockClock {
  now: () => number;
  timers: CoarseTimers;
}

/** The wall clock, for a watcher that no ensemble gives one (a script's). */
const WALL_CLOCK: LockClock = { now: Date.now, timers: new CoarseTimers(LOCK_TIMER_GRID_MS) };

export interface LockWatcherOptions {
  /** False reads the lock once and sets no watch (a REST snapshot of a lock nobody watches). */
  live: boolean;
  /** The recipe declared for this lock by the explorer's own simulator, if any. */
  declared?: () => RecipeId | null;
  /** What ZooKeeper reports of watches and client addresses, if the explorer can ask it. */
  introspection?: () => Introspected | null;
  /** What this lock's anomalies depend on besides the lock: the stale-holder threshold, the deadlocks it is part of, the sessions without a connection. */
  anomalyContext?: () => LockContext;
  /** Its ensemble's clock and timer wheel; the wall clock by default. */
  clock?: LockClock;
}

/** Without a context of its own: the configured default threshold, no deadlocks. */
const NO_CONTEXT: LockContext = { staleHolderMs: CONFIG_DEFAULTS.staleHolderMs, deadlocks: [] };

export class LockWatcher {
  private readonly state: LockState;
  private readonly clock: LockClock;
  /** The world as it is now, given with each step. */
  private readonly world: () => LockWorld;
  /** The anomalies' context now (the deadlocks the lock is part of, the sessions without a connection), given with the events that judge them. */
  private readonly anomalyContext: () => LockContext;
  private readonly timers: Record<TimerName, { at: number; timer: CoarseTimer } | null> = { judge: null, stale: null, pzxid: null };
  /** How to remove each persistent watch added, by parent. */
  private readonly removers = new Map<string, () => Promise<void>>();
  /** One stable one-shot watcher per parent, since the client de-duplicates watchers by identity. */
  private readonly watchers = new Map<string, Watcher>();
  /** Called whenever a loop of reads ends: `fresh` waits on it. */
  private readonly caughtUp = new Set<() => void>();
  private settleFirst!: (error?: unknown) => void;
  /** Settles after the first read: resolves with the lock loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;

  constructor(
    private readonly session: ZkSession,
    readonly path: string,
    /** Each change, with the nodes it removed or replaced as they were. */
    private readonly onDelta: (delta: LockDelta, gone: readonly LockNode[]) => void,
    options: LockWatcherOptions = { live: true },
  ) {
    this.state = initialState(path, options.live);
    this.clock = options.clock ?? WALL_CLOCK;
    this.anomalyContext = () => options.anomalyContext?.() ?? NO_CONTEXT;
    // One object, filled anew at each step (a lock handing over steps several times a change): the machine keeps none of it.
    const world: LockWorld = { declared: null, introspection: null, persistentWatches: true };
    this.world = () => {
      world.declared = options.declared?.() ?? null;
      world.introspection = options.introspection?.() ?? null;
      world.persistentWatches = this.persistentWatches();
      return world;
    };
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleFirst = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A subscriber that never awaits `ready` must not cause an unhandled rejection.
    this.ready.catch(() => undefined);
    this.take({ type: 'refresh', paths: [] });
  }

  /** Whether the lock has been read once: before that its snapshot is an empty placeholder. */
  get read(): boolean {
    return this.state.loaded;
  }

  get snapshot(): LockSnapshot {
    return this.state.current;
  }

  /** Reads the given parents again (all of them when none is given): after a reconnect or a new session. */
  refresh(...paths: string[]): void {
    this.take({ type: 'refresh', paths });
  }

  /** The path string this lock's node at `parent`/`name` already holds (see `placedPath`). */
  placedPath(parent: string, name: string): string | undefined {
    return placedPath(this.state, parent, name);
  }

  stop(): void {
    this.take({ type: 'stop' });
    for (const resolve of this.caughtUp) resolve();
  }

  /** The parents this lock's recipe reads (its path, and a semaphore's other parents). */
  parentPaths(): string[] {
    return parentPaths(this.state);
  }

  /** Everything read of the lock so far, as the model takes it. */
  input(): Omit<LockInput, 'hint'> {
    return lockInput(this.state, this.world());
  }

  /** A new report of ZooKeeper came (see the machine's `report`). */
  observeReport(report: Introspected | null, changed: boolean, change: ReportChange | null = null): void {
    this.take({ type: 'report', report, changed, change });
  }

  /** The anomalies are judged again: the deadlocks this lock is part of changed. */
  refreshAnomalies(): void {
    this.take({ type: 'contextChanged' });
  }

  /** Reads the lock again from what is already known: after its declared recipe or ZooKeeper's report changed. */
  republish(): void {
    this.take({ type: 'republish' });
  }

  /** The anomalies of the current snapshot, judged now. */
  withAnomalies(snapshot: LockSnapshot = this.state.current): LockSnapshot {
    return judged(this.state, snapshot, this.clock.now(), this.anomalyContext());
  }

  /** Judges now the anomalies still waiting for their moment: whoever reads the lock gets the same answer as the page a moment later. */
  settleAnomalies(): void {
    // Nothing waits for its moment unless the judge timer is set (every read of the lock lands here: the list's pushes read each changed lock).
    if (this.timers.judge === null) return;
    this.take({ type: 'settle', context: this.anomalyContext() });
  }

  /**
   * The snapshot with every change ZooKeeper had made to the lock's parents when this was asked:
   * their stats are read now, and while the published snapshot was made from older listings of
   * them, they are read again and the answer waits for it (bounded). Changes made after the ask
   * need not be waited for, so a lock that never stops changing is answered too. It says when it
   * was known current and at which pzxid.
   */
  async fresh(timeoutMs = FRESH_TIMEOUT_MS): Promise<LockSnapshot> {
    await this.ready;
    const asked = this.clock.now();
    const paths = this.parentPaths();
    // A sync first (pipelined: ZooKeeper serves one session's requests in order), so that a write that completed on another member is seen here too.
    const synced = this.session.sync(paths[0] ?? '/').catch(() => undefined);
    const stats = await Promise.all(paths.map((path) => this.session.exists(path)));
    await synced;
    return this.catchUp(asked, new Map(paths.map((path, index) => [path, stats[index] ?? null])), timeoutMs);
  }

  /**
   * `fresh` with the parents' stats already read (after a sync) at `asked`: many locks brought up
   * to date with one multiRead of all their parents. A parent missing from `stats` is read here.
   */
  async catchUp(asked: number, known: ReadonlyMap<string, ZnodeStat | null>, timeoutMs = FRESH_TIMEOUT_MS): Promise<LockSnapshot> {
    await this.ready;
    const deadline = asked + timeoutMs;
    const paths = this.parentPaths();
    const stats = await Promise.all(paths.map((path) => (known.has(path) ? known.get(path)! : this.session.exists(path))));
    const rootStat = stats[paths.indexOf(this.path)] ?? null;
    for (;;) {
      const behind = paths.filter((path, index) => !includes(this.state, path, stats[index] ?? null, asked));
      const current = this.state.current;
      if (behind.length === 0) {
        if (this.state.live) this.settleAnomalies();
        return { ...this.state.current, read: { at: Math.max(asked, this.state.current.read?.at ?? 0), pzxid: rootStat?.pzxid ?? current.read?.pzxid ?? null } };
      }
      if (this.state.stopped || this.clock.now() >= deadline) return current;
      // With persistent watches, the events of those changes came before the stats: they are applied, not listed again.
      if (!(this.state.live && this.persistentWatches() && busy(this.state))) this.refresh(...behind);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - this.clock.now()));
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.caughtUp.add(() => done());
      });
    }
  }

  /** Whether the server takes persistent watches (none was refused yet). */
  private persistentWatches(): boolean {
    return this.session.persistentWatchesRefused === null;
  }

  /** Feeds the machine one event and does what it answers. */
  private take(event: LockEvent): void {
    const result = step(this.state, event, this.clock.now(), this.world());
    for (const { delta, gone } of result.deltas) this.onDelta(delta, gone);
    for (const read of result.reads) this.perform(read);
    for (const name of TIMER_NAMES) this.setTimer(name, result.timers[name]);
    if (result.caughtUp !== null) {
      const { failure } = result.caughtUp;
      // A lost connection is read again on `reconnected` / `session`; anything else is reported.
      if (failure !== undefined && !lost(failure)) console.warn(`lock ${this.path}: ${failure instanceof Error ? failure.message : String(failure)}`);
      this.settleFirst(failure);
      this.settleFirst = settled;
      if (this.caughtUp.size === 0) return;
      const waiting = [...this.caughtUp];
      this.caughtUp.clear();
      for (const resolve of waiting) resolve();
    }
  }

  private setTimer(name: TimerName, at: number | null): void {
    const set = this.timers[name];
    if ((set?.at ?? null) === at) return;
    if (set !== null) this.clock.timers.cancel(set.timer);
    if (at === null) {
      this.timers[name] = null;
      return;
    }
    this.timers[name] = { at, timer: this.clock.timers.set(at, this.fire[name]) };
  }

  /** Each timer's callback, made once (a lock handing over sets one at every change). */
  private readonly fire: Record<TimerName, () => void> = {
    judge: () => this.timerDue('judge'),
    stale: () => this.timerDue('stale'),
    pzxid: () => this.timerDue('pzxid'),
  };

  private timerDue(name: TimerName): void {
    this.timers[name] = null;
    // Only the judge timer judges: the anomalies' context (the deadlocks the lock is part of) is not made for the others.
    this.take(name === 'judge' ? { type: 'timer', name, context: this.anomalyContext() } : { type: 'timer', name });
  }

  /** Makes one read the machine asked for; its answer (or failure) goes back to it. */
  private perform(read: ZkRead): void {
    const { session } = this;
    switch (read.kind) {
      case 'unwatchTree': {
        const remove = this.removers.get(read.path);
        this.removers.delete(read.path);
        remove?.().catch((error: unknown) => console.warn(`lock ${this.path}: could not remove the watch on ${read.path}: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      case 'pzxid':
        // Lost with the connection: the reconnect reads the lock again.
        session.exists(read.path).then(
          (stat) => this.take({ type: 'pzxid', stat }),
          () => this.take({ type: 'pzxid', stat: null }),
        );
        return;
      case 'watchTree':
        this.answer(
          session.watchTree(read.path, this.onTreeEvent).then(
            (remove): ZkAnswer => {
              // Stopped meanwhile: the watch goes at once.
              if (this.state.stopped) void remove().catch(() => undefined);
              else this.removers.set(read.path, remove);
              return { kind: 'armed' };
            },
            (error: unknown): ZkAnswer => {
              if (session.persistentWatchesRefused !== null) return { kind: 'refused' };
              throw error;
            },
          ),
        );
        return;
      case 'getChildren':
        this.answer(noNode(session.getChildren(read.path, read.watch ? this.watcherOf(read.path) : undefined).then(({ children, stat, seq }): ZkAnswer => ({ kind: 'listed', children, stat, seq }))));
        return;
      case 'getData':
        this.answer(noNode(session.getData(read.path).then(({ data }): ZkAnswer => ({ kind: 'data', data }))));
        return;
      case 'exists':
        this.answer(session.exists(read.path, read.watch ? this.watcherOf(read.path) : undefined).then((stat): ZkAnswer => ({ kind: 'stat', stat })));
        return;
      case 'getDataMany':
        this.answer(
          session.getDataMany(read.paths).then((results): ZkAnswer => ({
            kind: 'many',
            results: results.map((result) => {
              if (!(result instanceof ZkError)) return result;
              // Gone again already: its deletion is (or was) an event of its own.
              if (result.code === 'NO_NODE') return null;
              throw result;
            }),
          })),
        );
        return;
    }
  }

  private answer(answer: Promise<ZkAnswer>): void {
    answer.then(
      (value) => this.take({ type: 'answer', answer: value }),
      (error: unknown) => this.take({ type: 'failed', error }),
    );
  }

  private watcherOf(path: string): Watcher {
    let watcher = this.watchers.get(path);
    if (watcher === undefined) {
      watcher = () => this.take({ type: 'watchFired', path });
      this.watchers.set(path, watcher);
    }
    return watcher;
  }

  /** One event of a persistent watch, numbered by the session's notifications. */
  private readonly onTreeEvent: Watcher = (event) => {
    const kind = event.type === 'NODE_CREATED' ? 'created' : event.type === 'NODE_DELETED' ? 'deleted' : 'changed';
    this.take({ type: 'treeEvent', path: event.path, kind, seq: this.session.notificationSeq });
  };
}

/** A read's NO_NODE as the machine's answer. */
function noNode(read: Promise<ZkAnswer>): Promise<ZkAnswer> {
  return read.catch((error: unknown) => {
    if (error instanceof ZkError && error.code === 'NO_NODE') return { kind: 'noNode' };
    throw error;
  });
}

/** Whether a failure came with the connection or the session: read again when they are back. */
function lost(error: unknown): boolean {
  return error instanceof ZkError && (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED');
}
