import { nextStaleAt } from '../../lib/lock/anomalies';
import { describeData } from '../../lib/lock/data';
import { diffSnapshots } from '../../lib/lock/delta';
import { countWoken, judgeHerd } from '../../lib/lock/herd';
import { buildSnapshot, handover, missingLock, withAnomalies, type ChildRecord, type LockInput, type ParentListing } from '../../lib/lock/queue';
import { auxiliaryParents, type Introspected } from '../../lib/lock/recipes';
import type { Deadlock, LockDelta, LockSnapshot, NodeData, RecipeId, ZnodeStat } from '../../lib/protocol';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { readChildren } from './read';

const ANOMALY_DELAY_MS = 200;
/** A child change this close before a report may not have woken its waiters by the time ZooKeeper was asked. */
const REPORT_MARGIN_MS = 200;
/** How long a read waits for the watcher to catch up with what ZooKeeper had when the read was asked. */
const FRESH_TIMEOUT_MS = 10_000;
/** How long child changes are kept for telling a herd: far longer than the time between two reports. */
const CHILD_EVENTS_KEPT_MS = 60_000;

interface Parent {
  exists: boolean;
  /** The parent's cversion at the last listing read: how many child changes that listing includes. */
  cversion: number | null;
  /** The parent's creating transaction at that listing: a parent made again starts its cversion anew. */
  czxid: string | null;
  records: Map<string, ChildRecord>;
  /** One stable function per parent, since the client de-duplicates watchers by identity. */
  watcher: Watcher;
}

export interface LockWatcherOptions {
  /** False reads the lock once and sets no watch (a REST snapshot of a lock nobody watches). */
  live: boolean;
  /** The recipe declared for this lock by the explorer's own simulator, if any. */
  declared?: () => RecipeId | null;
  /** What ZooKeeper reports of watches and client addresses, if the explorer can ask it. */
  introspection?: () => Introspected | null;
  /** What this lock's anomalies depend on besides the lock: the stale-holder threshold and the deadlocks it is part of. */
  anomalyContext?: () => { staleHolderMs: number; deadlocks: readonly Deadlock[] };
}

const NO_CONTEXT = { staleHolderMs: 60_000, deadlocks: [] };

/**
 * Follows one lock: a `getChildren` watch on its parent (and on the other parents its recipe
 * uses, such as a semaphore's `leases/`), re-armed after every event; an `exists` watch while a
 * parent is missing (Curator's container parents come and go); one read per new child. Only the
 * parent whose watch fired is read again, and refreshes never overlap: events that come during
 * one are read in the next.
 */
export class LockWatcher {
  private current: LockSnapshot;
  private self: { stat: ZnodeStat; data: NodeData | null } | null = null;
  private readonly parents = new Map<string, Parent>();
  private readonly dirty = new Set<string>();
  private running = false;
  private stopped = false;
  private loaded = false;
  /** What this round of reads changed, for the handover shortcut: names gone from the lock path, nodes come, anything else. */
  private change = { removed: [] as string[], added: 0, other: false };
  /** When children of the lock path came and went (ms), since the report before last: a herd is told from them. */
  private readonly childEvents: Array<{ at: number; created: boolean }> = [];
  /** The report before this one, and the sessions that waited then. */
  private lastReport: { report: Introspected; waiting: Set<string> } | null = null;
  private herdEvidence: string | null = null;
  private staleTimer: NodeJS.Timeout | null = null;
  /** Called whenever a loop of reads ends: `fresh` waits on it. */
  private readonly caughtUp = new Set<() => void>();
  /** What the published snapshot was made from: each parent's state at its last listing, and when it was published. */
  private readonly published = new Map<string, { exists: boolean; cversion: number; czxid: string | null }>();
  private publishedAt = 0;
  private settleFirst!: (error?: unknown) => void;
  /** Settles after the first read: resolves with the lock loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;

  constructor(
    private readonly session: ZkSession,
    readonly path: string,
    private readonly onDelta: (delta: LockDelta, before: LockSnapshot) => void,
    private readonly options: LockWatcherOptions = { live: true },
  ) {
    this.current = missingLock(path);
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleFirst = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A subscriber that never awaits `ready` must not cause an unhandled rejection.
    this.ready.catch(() => undefined);
    this.addParent(path);
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
    for (const path of paths.length > 0 ? paths : this.parents.keys()) this.dirty.add(path);
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    // node-zookeeper-client cannot remove a watch; the next notification is simply ignored.
    this.stopped = true;
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    if (this.anomalyTimer !== null) clearTimeout(this.anomalyTimer);
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
    const deadline = asked + timeoutMs;
    const paths = [...this.parents.keys()];
    // A sync first (pipelined: ZooKeeper serves one session's requests in order), so that a write that completed on another member is seen here too.
    const synced = this.session.sync(paths[0] ?? '/').catch(() => undefined);
    const stats = await Promise.all(paths.map((path) => this.session.exists(path)));
    await synced;
    for (;;) {
      const behind = paths.filter((path, index) => !this.includes(path, stats[index] ?? null, asked));
      if (behind.length === 0) {
        if (this.options.live) this.settleAnomalies();
        return { ...this.current, read: { at: Math.max(asked, this.current.read?.at ?? 0), pzxid: this.current.read?.pzxid ?? null } };
      }
      if (this.stopped || Date.now() >= deadline) return this.current;
      this.refresh(...behind);
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
   * A new report of ZooKeeper came: the lock is read again from what is known when the report
   * changed what it says of this lock or a waiter's watch still awaits judgement, and the
   * waiters that woke since the last report tell whether this is a herd.
   */
  observeReport(report: Introspected | null, changed: boolean): void {
    if (!this.loaded || this.stopped) return;
    if (report === null) this.lastReport = null;
    const herd = report !== null && this.judgeHerd(report);
    if (changed || herd || this.pendingJudgements()) this.publish();
  }

  /** Whether a waiter's watch is neither confirmed nor named missing yet, though ZooKeeper reports its session. */
  private pendingJudgements(): boolean {
    return this.current.nodes.some((node) => node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children' && node.watchConfirmed === null && node.client !== null);
  }

  /** Reads the herd verdict of the window since the last report; true when it changed what the lock is said to be. */
  private judgeHerd(report: Introspected): boolean {
    const waiting = new Set(this.current.nodes.filter((node) => node.role === 'waiter' && node.ephemeral && node.queue === '').map((node) => node.sessionId));
    const last = this.lastReport;
    this.lastReport = { report, waiting };
    if (last === null || last.report.lastRequest === undefined || report.lastRequest === undefined) return false;
    const from = last.report.at - REPORT_MARGIN_MS;
    const to = report.at - REPORT_MARGIN_MS;
    let created = 0;
    let deleted = 0;
    for (const event of this.childEvents) {
      if (event.at <= from || event.at > to) continue;
      if (event.created) created += 1;
      else deleted += 1;
    }
    while (this.childEvents.length > 0 && this.childEvents[0]!.at <= to) this.childEvents.shift();
    const throughout = [...waiting].filter((session) => last.waiting.has(session));
    const verdict = judgeHerd({ created, deleted, ...countWoken(throughout, last.report.lastRequest, report.lastRequest) });
    const before = this.herdEvidence;
    if (verdict.kind === 'herd') this.herdEvidence = verdict.evidence;
    else if (verdict.kind === 'chain') this.herdEvidence = null;
    return (before === null) !== (this.herdEvidence === null);
  }

  /** The anomalies are judged again: the deadlocks this lock is part of changed. */
  refreshAnomalies(): void {
    if (this.loaded && !this.stopped && this.options.live) this.scheduleAnomalies();
  }

  private addParent(path: string): void {
    if (this.parents.has(path)) return;
    this.parents.set(path, { exists: false, cversion: null, czxid: null, records: new Map(), watcher: () => this.refresh(path) });
    this.dirty.add(path);
  }

  private async loop(): Promise<void> {
    this.change = { removed: [], added: 0, other: false };
    let failure: unknown;
    while (this.dirty.size > 0 && !this.stopped) {
      const [path] = this.dirty;
      if (path === undefined) break;
      this.dirty.delete(path);
      try {
        await this.readParent(path);
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
      this.published.clear();
      for (const [path, parent] of this.parents) this.published.set(path, { exists: parent.exists, cversion: parent.cversion ?? -1, czxid: parent.czxid });
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

  private async readParent(path: string): Promise<void> {
    const parent = this.parents.get(path);
    if (parent === undefined) return;
    const watcher = this.options.live ? parent.watcher : undefined;
    const isRoot = path === this.path;
    let names: string[];
    try {
      const listing = await this.session.getChildren(path, watcher);
      names = listing.children;
      parent.cversion = listing.stat.cversion;
      parent.czxid = listing.stat.czxid;
      if (isRoot) {
        // The path's own data matters to a few recipes (Kazoo keeps a semaphore's max_leases there): read it when it appears.
        if (this.self === null) this.change.other = true;
        const data = this.self === null ? describeData((await this.session.getData(path)).data) : this.self.data;
        this.self = { stat: listing.stat, data };
      } else {
        this.change.other = true;
      }
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      const stat = await this.session.exists(path, watcher);
      // Created between the two calls: read it again, now with a child watch.
      if (stat !== null && this.options.live) this.dirty.add(path);
      parent.exists = false;
      parent.cversion = null;
      parent.czxid = null;
      parent.records.clear();
      if (isRoot) this.self = null;
      this.change.other = true;
      return;
    }
    if (!parent.exists) this.change.other = true;
    parent.exists = true;
    const present = new Set(names);
    const at = Date.now();
    for (const name of parent.records.keys()) {
      if (present.has(name)) continue;
      parent.records.delete(name);
      if (isRoot) {
        this.change.removed.push(name);
        this.childEvents.push({ at, created: false });
      }
    }
    const fresh = names.filter((name) => !parent.records.has(name));
    this.change.added += fresh.length;
    if (isRoot) {
      for (let i = 0; i < fresh.length; i += 1) this.childEvents.push({ at, created: true });
      // Without reports (introspection off or failing) nobody reads them: only the last minute is kept.
      while (this.childEvents.length > 0 && this.childEvents[0]!.at < at - CHILD_EVENTS_KEPT_MS) this.childEvents.shift();
    }
    for (const record of await readChildren(this.session, path, fresh)) parent.records.set(record.name, record);
    if (isRoot) this.updateAuxiliaryParents(names);
  }

  private updateAuxiliaryParents(names: string[]): void {
    const wanted = new Set(auxiliaryParents(this.path, names, this.self?.data ?? null));
    for (const path of [...this.parents.keys()]) {
      if (path !== this.path && !wanted.has(path)) this.parents.delete(path);
    }
    for (const path of wanted) this.addParent(path);
  }

  private listing(path: string): ParentListing {
    const parent = this.parents.get(path);
    return { path, exists: parent?.exists ?? false, children: parent ? [...parent.records.values()] : [] };
  }

  /** Everything read of the lock so far, as the model takes it. */
  input(): Omit<LockInput, 'hint'> {
    return {
      path: this.path,
      self: this.self,
      root: this.listing(this.path),
      auxiliary: [...this.parents.keys()].filter((path) => path !== this.path).map((path) => this.listing(path)),
      declared: this.options.declared?.() ?? null,
      introspection: this.options.introspection?.() ?? null,
      herdEvidence: this.herdEvidence,
    };
  }

  /** Reads the lock again from what is already known: after its declared recipe or ZooKeeper's report changed. */
  republish(): void {
    if (this.loaded && !this.stopped) this.publish();
  }

  private publish(): void {
    // The common case first: the holder went and the next one holds; no need to analyse the whole queue again.
    const change = this.change;
    this.change = { removed: [], added: 0, other: true };
    if (this.loaded && !change.other) {
      const fast = handover(this.current, change.removed, change.added, { at: Date.now(), pzxid: this.self?.stat.pzxid ?? null });
      if (fast !== null) {
        const before = this.current;
        this.current = fast.snapshot;
        this.onDelta(fast.delta, before);
        this.scheduleAnomalies();
        return;
      }
    }
    const input = this.input();
    // Before the first read there is nothing to date roles from: holders then held since an unknown time.
    const next = buildSnapshot(input, this.loaded ? this.current : null, Date.now(), this.current.version + 1);
    this.loaded = true;
    if (!this.options.live) {
      // A one-time read has nobody to tell: no delta, and anomalies are the reader's to add.
      this.current = next;
      return;
    }
    const delta = diffSnapshots(this.current, next);
    if (delta !== null) {
      const before = this.current;
      this.current = next;
      this.onDelta(delta, before);
    }
    this.scheduleAnomalies();
  }

  /** The anomalies of the current snapshot, judged now. */
  withAnomalies(snapshot: LockSnapshot = this.current): LockSnapshot {
    return withAnomalies(snapshot, { now: Date.now(), ...(this.options.anomalyContext?.() ?? NO_CONTEXT) })?.snapshot ?? snapshot;
  }

  private anomalyTimer: NodeJS.Timeout | null = null;

  /**
   * Brings the anomalies up to date shortly after the change itself went out: at most once per
   * ANOMALY_DELAY_MS, so that a burst of handovers pays for them once, not once per handover.
   * A holder is named stale the moment it passes the threshold, by a timer set for it.
   */
  private scheduleAnomalies(): void {
    if (this.anomalyTimer !== null) return;
    this.anomalyTimer = setTimeout(() => {
      this.anomalyTimer = null;
      this.judgeAnomalies();
    }, ANOMALY_DELAY_MS);
  }

  /** Judges now the anomalies still waiting for their moment: whoever reads the lock gets the same answer as the page a moment later. */
  settleAnomalies(): void {
    if (this.anomalyTimer === null) return;
    clearTimeout(this.anomalyTimer);
    this.anomalyTimer = null;
    this.judgeAnomalies();
  }

  private judgeAnomalies(): void {
    if (this.stopped) return;
    const now = Date.now();
    const context = this.options.anomalyContext?.() ?? NO_CONTEXT;
    const updated = withAnomalies(this.current, { now, ...context });
    if (updated !== null) {
      const before = this.current;
      this.current = updated.snapshot;
      this.onDelta(updated.delta, before);
    }
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    const staleAt = nextStaleAt(this.current, now, context.staleHolderMs);
    this.staleTimer = staleAt === null ? null : setTimeout(() => this.scheduleAnomalies(), Math.min(staleAt - now, 2 ** 31 - 1));
  }
}
