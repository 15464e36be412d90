import { missingLock, observeReport, type LockInput } from '../../lib/lock/queue';
import { nextReading } from '../../lib/lock/reading';
import type { Introspected, ReportChange } from '../../lib/lock/report';
import type { LockDelta, LockNode, LockSnapshot, RecipeId, ZnodeStat } from '../../lib/protocol';
import { ZkError, type ZkSession } from '../zk/session';
import { AnomalySchedule, type LockContext } from './anomaly-schedule';
import { HerdWindow } from './herd-window';
import { LockParents, type ParentState } from './parents';

/** How long a read waits for the watcher to catch up with what ZooKeeper had when the read was asked. */
const FRESH_TIMEOUT_MS = 10_000;
/** A deletion is applied without a read: the lock parent's pzxid (its last child change) is read this long after, once for a burst. */
const PZXID_DELAY_MS = 250;

export interface LockWatcherOptions {
  /** False reads the lock once and sets no watch (a REST snapshot of a lock nobody watches). */
  live: boolean;
  /** The recipe declared for this lock by the explorer's own simulator, if any. */
  declared?: () => RecipeId | null;
  /** What ZooKeeper reports of watches and client addresses, if the explorer can ask it. */
  introspection?: () => Introspected | null;
  /** What this lock's anomalies depend on besides the lock: the stale-holder threshold, the deadlocks it is part of, the sessions without a connection. */
  anomalyContext?: () => LockContext;
}

/**
 * Follows one lock, with a persistent recursive watch on its parent (and on the other parents
 * its recipe uses, such as a semaphore's `leases/`; ZooKeeper 3.6+): the parent is listed once,
 * then each creation and deletion below it arrives as its own event; a deletion is applied as it
 * is, with no read (the parent's cversion counted, its pzxid read a moment later), creations read
 * the new nodes in one multiRead. After a
 * reconnect or a new session, whose gap no event covers, the parents are listed again.
 * Where the server refuses persistent watches, the one-shot way: a `getChildren` watch re-armed
 * after every event and the parent listed again, an `exists` watch while a parent is missing.
 * Reads never overlap: events that come during one are applied in the next.
 */
export class LockWatcher {
  private current: LockSnapshot;
  private readonly parents: LockParents;
  private readonly herd = new HerdWindow();
  private readonly anomalies: AnomalySchedule;
  private running = false;
  private stopped = false;
  private loaded = false;
  /** A change was applied without reading the parent's pzxid, which is read a moment later. */
  private pzxidTimer: NodeJS.Timeout | null = null;
  /** The report the published nodes were read with (or one that says the same of them): a report's change applies only on top of it. */
  private observedReport: Introspected | null = null;
  /** Called whenever a loop of reads ends: `fresh` waits on it. */
  private readonly caughtUp = new Set<() => void>();
  /** What the published snapshot was made from: each parent's state at its last listing, and when it was published. */
  private published = new Map<string, ParentState>();
  private publishedAt = 0;
  private settleFirst!: (error?: unknown) => void;
  /** Settles after the first read: resolves with the lock loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;

  constructor(
    private readonly session: ZkSession,
    readonly path: string,
    /** Each change, with the nodes it removed or replaced as they were. */
    private readonly onDelta: (delta: LockDelta, gone: readonly LockNode[]) => void,
    private readonly options: LockWatcherOptions = { live: true },
  ) {
    this.current = missingLock(path);
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleFirst = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A subscriber that never awaits `ready` must not cause an unhandled rejection.
    this.ready.catch(() => undefined);
    this.parents = new LockParents(session, path, { live: options.live, onWork: () => this.kick(), onRootChild: (created, at) => this.herd.child(created, at) });
    this.anomalies = new AnomalySchedule(
      () => this.current,
      (snapshot, delta) => {
        this.current = snapshot;
        this.onDelta(delta, []);
      },
      options.anomalyContext,
    );
    this.refresh();
  }

  /** Whether the lock has been read once: before that its snapshot is an empty placeholder. */
  get read(): boolean {
    return this.loaded;
  }

  get snapshot(): LockSnapshot {
    return this.current;
  }

  /** Reads the given parents again (all of them when none is given): after a reconnect or a new session. */
  refresh(...paths: string[]): void {
    if (this.stopped) return;
    this.parents.markDirty(paths);
    this.kick();
  }

  /** Starts the loop of reads unless it runs: it takes whatever is dirty or pending when it gets there. */
  private kick(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  /** The path string this lock's node at `parent`/`name` already holds (see `LockParents.placedPath`). */
  placedPath(parent: string, name: string): string | undefined {
    return this.parents.placedPath(parent, name);
  }

  stop(): void {
    // A persistent watch is removed from ZooKeeper; a one-shot watch cannot be, and its notification is ignored.
    this.stopped = true;
    this.parents.stop();
    this.anomalies.stop();
    if (this.pzxidTimer !== null) clearTimeout(this.pzxidTimer);
    for (const resolve of this.caughtUp) resolve();
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
    const asked = Date.now();
    const paths = this.parents.paths();
    // A sync first (pipelined: ZooKeeper serves one session's requests in order), so that a write that completed on another member is seen here too.
    const synced = this.session.sync(paths[0] ?? '/').catch(() => undefined);
    const stats = await Promise.all(paths.map((path) => this.session.exists(path)));
    await synced;
    return this.catchUp(asked, new Map(paths.map((path, index) => [path, stats[index] ?? null])), timeoutMs);
  }

  /** The parents this lock's recipe reads (its path, and a semaphore's other parents). */
  parentPaths(): string[] {
    return this.parents.paths();
  }

  /**
   * `fresh` with the parents' stats already read (after a sync) at `asked`: many locks brought up
   * to date with one multiRead of all their parents. A parent missing from `stats` is read here.
   */
  async catchUp(asked: number, known: ReadonlyMap<string, ZnodeStat | null>, timeoutMs = FRESH_TIMEOUT_MS): Promise<LockSnapshot> {
    await this.ready;
    const deadline = asked + timeoutMs;
    const paths = this.parents.paths();
    const stats = await Promise.all(paths.map((path) => (known.has(path) ? known.get(path)! : this.session.exists(path))));
    const rootStat = stats[paths.indexOf(this.path)] ?? null;
    for (;;) {
      const behind = paths.filter((path, index) => !this.includes(path, stats[index] ?? null, asked));
      if (behind.length === 0) {
        if (this.options.live) this.anomalies.settle();
        return { ...this.current, read: { at: Math.max(asked, this.current.read?.at ?? 0), pzxid: rootStat?.pzxid ?? this.current.read?.pzxid ?? null } };
      }
      if (this.stopped || Date.now() >= deadline) return this.current;
      // With persistent watches, the events of those changes came before the stats: they are applied, not listed again.
      if (!(this.parents.persistent && (this.running || this.parents.hasPending))) this.refresh(...behind);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.caughtUp.add(() => done());
      });
    }
  }

  /** Whether the published snapshot has every child change ZooKeeper had made to the parent `path` when it showed `stat`. */
  private includes(path: string, stat: ZnodeStat | null, asked: number): boolean {
    // A parent the recipe no longer uses does not hold the answer back.
    if (!this.parents.has(path)) return true;
    const seen = this.published.get(path);
    if (seen === undefined) return false;
    // Gone, or gone and made again, since: only a listing read after the ask is new enough.
    if (stat === null) return !seen.exists || this.publishedAt >= asked;
    if (!seen.exists || seen.czxid !== stat.czxid) return this.publishedAt >= asked;
    return seen.cversion >= stat.cversion;
  }

  /**
   * A new report of ZooKeeper came. When it changed what it says of this lock, or a waiter's
   * watch still awaits judgement, the nodes it concerns are looked at again (`change`, from the
   * report these nodes were read with), or the whole lock when that cannot be known; the waiters
   * that woke since the last report tell whether this is a herd.
   */
  observeReport(report: Introspected | null, changed: boolean, change: ReportChange | null = null): void {
    if (!this.loaded || this.stopped) return;
    if (report === null) this.herd.forget();
    const herd = report !== null && this.herd.judge(report, this.current.nodes);
    if (!changed && !herd && !this.pendingJudgements()) {
      // It says what the last one said: the nodes read with that one are as this one would read them.
      this.observedReport = report;
      return;
    }
    // Only what the report tells of the nodes changed: applied to the nodes it concerns, the queue is not analysed again (100,000 waiters: ms, not a second).
    // Changes still being read are applied after it, on top of it, as they would be on top of any published snapshot.
    if (!herd && report !== null && change !== null && change.from === this.observedReport && this.options.live) {
      const fast = observeReport(this.current, report, change, (node) => this.parents.recordOf(node), Date.now());
      this.observedReport = report;
      if (fast !== null) {
        this.current = fast.snapshot;
        this.onDelta(fast.delta, fast.gone);
        this.anomalies.soon();
      }
      return;
    }
    this.publish();
  }

  /** Whether a waiter's watch is neither confirmed nor named missing yet, though ZooKeeper reports its session. */
  private pendingJudgements(): boolean {
    return this.current.nodes.some((node) => node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children' && node.watchConfirmed === null && node.client !== null);
  }

  /** The anomalies are judged again: the deadlocks this lock is part of changed. */
  refreshAnomalies(): void {
    if (this.loaded && !this.stopped && this.options.live) this.anomalies.soon();
  }

  private async loop(): Promise<void> {
    this.parents.take(false);
    let failure: unknown;
    while (this.parents.hasWork && !this.stopped) {
      try {
        await this.parents.step();
      } catch (error) {
        failure = error;
        // A lost connection is retried on `reconnected` / `session`; anything else is reported.
        if (!(error instanceof ZkError && (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED'))) {
          console.warn(`lock ${this.path}: ${error instanceof Error ? error.message : String(error)}`);
        }
        break;
      }
    }
    this.running = false;
    if (failure !== undefined) {
      this.settleFirst(failure);
      this.wakeReaders();
      return;
    }
    if (!this.stopped) {
      this.publish();
      this.published = this.parents.states();
      this.publishedAt = Date.now();
    }
    this.settleFirst();
    this.wakeReaders();
  }

  private wakeReaders(): void {
    const waiting = [...this.caughtUp];
    this.caughtUp.clear();
    for (const resolve of waiting) resolve();
  }

  /** Everything read of the lock so far, as the model takes it. */
  input(): Omit<LockInput, 'hint'> {
    return {
      path: this.path,
      self: this.parents.self,
      root: this.parents.listing(this.path),
      auxiliary: this.parents.auxiliary(),
      declared: this.options.declared?.() ?? null,
      introspection: this.options.introspection?.() ?? null,
      herdEvidence: this.herd.evidence,
    };
  }

  /** Reads the lock again from what is already known: after its declared recipe or ZooKeeper's report changed. */
  republish(): void {
    if (this.loaded && !this.stopped) this.publish();
  }

  private publish(): void {
    const change = this.parents.take(true);
    if (change.unread) this.schedulePzxid();
    const first = !this.loaded;
    // The fast paths read the newcomers from their records alone; a change they do not take is read whole.
    const added = first || change.other ? [] : [...change.added].flatMap((name) => this.parents.rootRecord(name) ?? []);
    const whole = (): Omit<LockInput, 'hint'> => {
      const input = this.input();
      this.observedReport = input.introspection ?? null;
      return input;
    };
    const read = { at: Date.now(), pzxid: this.parents.self?.stat.pzxid ?? null };
    const reading = nextReading(this.current, { removed: change.removed, added, other: change.other }, read, whole, added.length > 0 ? (this.options.introspection?.() ?? null) : null, first);
    this.loaded = true;
    if (!this.options.live) {
      // A one-time read has nobody to tell: no delta, and anomalies are the reader's to add.
      this.current = reading.snapshot;
      return;
    }
    for (const step of reading.steps) {
      this.current = step.snapshot;
      this.onDelta(step.delta, step.gone);
    }
    this.anomalies.soon();
  }

  /** Reads the lock parent's pzxid a moment after changes applied without a read, and says it in a delta of its own. */
  private schedulePzxid(): void {
    if (this.pzxidTimer !== null || !this.options.live) return;
    this.pzxidTimer = setTimeout(() => {
      this.pzxidTimer = null;
      this.session.exists(this.path).then(
        (stat) => {
          const self = this.parents.self;
          if (this.stopped || stat === null || self === null || !this.loaded) return;
          this.parents.self = { stat, data: self.data };
          if (stat.pzxid === this.current.read?.pzxid) return;
          const read = { at: Date.now(), pzxid: stat.pzxid };
          const version = this.current.version + 1;
          this.current = { ...this.current, version, read };
          this.onDelta({ path: this.path, version, exists: this.current.exists, added: [], removed: [], updated: [], recipe: null, anomalies: null, read }, []);
        },
        // Lost with the connection: the reconnect reads the lock again.
        () => undefined,
      );
    }, PZXID_DELAY_MS);
  }

  /** The anomalies of the current snapshot, judged now. */
  withAnomalies(snapshot: LockSnapshot = this.current): LockSnapshot {
    return this.anomalies.judged(snapshot);
  }

  /** Judges now the anomalies still waiting for their moment (see `AnomalySchedule.settle`). */
  settleAnomalies(): void {
    this.anomalies.settle();
  }
}
