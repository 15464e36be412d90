import { nextStaleAt } from '../../lib/lock/anomalies';
import { describeData } from '../../lib/lock/data';
import { diffSnapshots, goneNodes } from '../../lib/lock/delta';
import { countWoken, herdCandidates, judgeHerd } from '../../lib/lock/herd';
import { append, buildSnapshot, handover, missingLock, observeReport, withAnomalies, type ChildRecord, type FastChange, type LockInput, type ParentListing } from '../../lib/lock/queue';
import { auxiliaryParents, mayMoveAuxiliaryParents } from '../../lib/lock/reader';
import type { Introspected, ReportChange } from '../../lib/lock/report';
import type { Deadlock, LockDelta, LockNode, LockSnapshot, NodeData, RecipeId, ZnodeStat } from '../../lib/protocol';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { childPath } from '../../lib/zk/path';
import { readChildren } from './read';

const ANOMALY_DELAY_MS = 200;
/** A child change this close before a report may not have woken its waiters by the time ZooKeeper was asked. */
const REPORT_MARGIN_MS = 200;
/** How long a read waits for the watcher to catch up with what ZooKeeper had when the read was asked. */
const FRESH_TIMEOUT_MS = 10_000;
/** How long child changes are kept for telling a herd: far longer than the time between two reports. */
const CHILD_EVENTS_KEPT_MS = 60_000;
/** A deletion is applied without a read: the lock parent's pzxid (its last child change) is read this long after, once for a burst. */
const PZXID_DELAY_MS = 250;

interface Parent {
  exists: boolean;
  /** The notification number at the last listing: the changes of later notifications are not in it. */
  listedAt: number;
  /** The persistent recursive watch on this parent: being added, added (with how to remove it), or none. */
  tree: { state: 'arming' } | { state: 'armed'; remove: () => Promise<void> } | null;
  /**
   * The parent's cversion as far as the applied changes go: read with each listing, then one
   * more for every child created or deleted since (ZooKeeper counts them so too).
   */
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
  private self: { stat: ZnodeStat; data: NodeData | null } | null = null;
  private readonly parents = new Map<string, Parent>();
  private readonly dirty = new Set<string>();
  /** Child events of persistent watches not applied yet, with their notification number. */
  private readonly pending: Array<{ seq: number; parent: string; name: string; kind: 'created' | 'deleted' | 'changed' }> = [];
  private running = false;
  private stopped = false;
  private loaded = false;
  /** What this round of reads changed, for the shortcuts: names gone from the lock path, names come, anything else. */
  private change = newChange(false);
  /** A change was applied without reading the parent's pzxid, which is read a moment later. */
  private pzxidTimer: NodeJS.Timeout | null = null;
  /** When children of the lock path came and went (ms), since the report before last: a herd is told from them. */
  private readonly childEvents: Array<{ at: number; created: boolean }> = [];
  /** The report before this one, and the sessions that waited then. */
  private lastReport: { report: Introspected; waiting: Set<string> } | null = null;
  private herdEvidence: string | null = null;
  /** The report the published nodes were read with (or one that says the same of them): a report's change applies only on top of it. */
  private observedReport: Introspected | null = null;
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
    this.kick();
  }

  /** Starts the loop of reads unless it runs: it takes whatever is dirty or pending when it gets there. */
  private kick(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    // A persistent watch is removed from ZooKeeper; a one-shot watch cannot be, and its notification is ignored.
    this.stopped = true;
    for (const [path, parent] of this.parents) this.unwatch(path, parent);
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    if (this.anomalyTimer !== null) clearTimeout(this.anomalyTimer);
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
    const deadline = asked + timeoutMs;
    const paths = [...this.parents.keys()];
    // A sync first (pipelined: ZooKeeper serves one session's requests in order), so that a write that completed on another member is seen here too.
    const synced = this.session.sync(paths[0] ?? '/').catch(() => undefined);
    const stats = await Promise.all(paths.map((path) => this.session.exists(path)));
    await synced;
    const rootStat = stats[paths.indexOf(this.path)] ?? null;
    for (;;) {
      const behind = paths.filter((path, index) => !this.includes(path, stats[index] ?? null, asked));
      if (behind.length === 0) {
        if (this.options.live) this.settleAnomalies();
        return { ...this.current, read: { at: Math.max(asked, this.current.read?.at ?? 0), pzxid: rootStat?.pzxid ?? this.current.read?.pzxid ?? null } };
      }
      if (this.stopped || Date.now() >= deadline) return this.current;
      // With persistent watches, the events of those changes came before the stats: they are applied, not listed again.
      if (!(this.persistent && (this.running || this.pending.length > 0))) this.refresh(...behind);
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
    if (report === null) this.lastReport = null;
    const herd = report !== null && this.judgeHerd(report);
    if (!changed && !herd && !this.pendingJudgements()) {
      // It says what the last one said: the nodes read with that one are as this one would read them.
      this.observedReport = report;
      return;
    }
    // Only what the report tells of the nodes changed: applied to the nodes it concerns, the queue is not analysed again (100,000 waiters: ms, not a second).
    // Changes still being read are applied after it, on top of it, as they would be on top of any published snapshot.
    if (!herd && report !== null && change !== null && change.from === this.observedReport && this.options.live) {
      const fast = observeReport(this.current, report, change, (node) => this.recordOf(node), Date.now());
      this.observedReport = report;
      if (fast !== null) {
        this.current = fast.snapshot;
        this.onDelta(fast.delta, fast.gone);
        this.scheduleAnomalies();
      }
      return;
    }
    this.publish();
  }

  /** The child a node was read from. */
  private recordOf(node: LockNode): ChildRecord | undefined {
    return this.parents.get(node.path.slice(0, node.path.length - node.name.length - 1))?.records.get(node.name);
  }

  /** Whether a waiter's watch is neither confirmed nor named missing yet, though ZooKeeper reports its session. */
  private pendingJudgements(): boolean {
    return this.current.nodes.some((node) => node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children' && node.watchConfirmed === null && node.client !== null);
  }

  /** Reads the herd verdict of the window since the last report; true when it changed what the lock is said to be. */
  private judgeHerd(report: Introspected): boolean {
    const waiting = herdCandidates(this.current.nodes);
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
    this.parents.set(path, { exists: false, listedAt: 0, tree: null, cversion: null, czxid: null, records: new Map(), watcher: () => this.refresh(path) });
    this.dirty.add(path);
  }

  private unwatch(path: string, parent: Parent): void {
    const tree = parent.tree;
    parent.tree = null;
    if (tree?.state === 'armed') {
      tree.remove().catch((error: unknown) => console.warn(`lock ${this.path}: could not remove the watch on ${path}: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** Whether this watcher follows its parents with persistent watches (live, and the server has not refused them). */
  private get persistent(): boolean {
    return this.options.live && this.session.persistentWatchesRefused === null;
  }

  /** One event of a persistent watch: a parent itself changed (listed again), or a child of one came, went or changed. */
  private readonly onTreeEvent: Watcher = (event) => {
    if (this.stopped) return;
    const seq = this.session.notificationSeq;
    if (this.parents.has(event.path)) {
      this.refresh(event.path);
      return;
    }
    const slash = event.path.lastIndexOf('/');
    const parent = slash <= 0 ? '/' : event.path.slice(0, slash);
    if (!this.parents.has(parent)) return;
    const kind = event.type === 'NODE_CREATED' ? 'created' : event.type === 'NODE_DELETED' ? 'deleted' : 'changed';
    this.pending.push({ seq, parent, name: event.path.slice(slash + 1), kind });
    this.kick();
  };

  /** Adds the persistent watch before the parent is listed (so that no change falls between); false when the server refused it. */
  private async armTree(path: string, parent: Parent): Promise<boolean> {
    if (parent.tree !== null) return true;
    parent.tree = { state: 'arming' };
    try {
      const remove = await this.session.watchTree(path, this.onTreeEvent);
      if (this.stopped || this.parents.get(path) !== parent) {
        await remove();
        return true;
      }
      parent.tree = { state: 'armed', remove };
      return true;
    } catch (error) {
      parent.tree = null;
      if (this.session.persistentWatchesRefused !== null) return false;
      throw error;
    }
  }

  private async loop(): Promise<void> {
    this.change = newChange(false);
    let failure: unknown;
    while ((this.dirty.size > 0 || this.pending.length > 0) && !this.stopped) {
      const [path] = this.dirty;
      if (path !== undefined) this.dirty.delete(path);
      try {
        if (path !== undefined) await this.readParent(path);
        else await this.applyPending();
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
    // With a persistent watch on the path, no one-shot watch of another kind goes on it (ZOOKEEPER-4466).
    const persistent = this.persistent && (await this.armTree(path, parent));
    const watcher = this.options.live && !persistent ? parent.watcher : undefined;
    const isRoot = path === this.path;
    let names: string[];
    try {
      const listing = await this.session.getChildren(path, watcher);
      names = listing.children;
      parent.listedAt = listing.seq;
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
    if (isRoot) for (const name of fresh) this.change.added.add(name);
    else if (fresh.length > 0) this.change.other = true;
    if (isRoot) {
      for (let i = 0; i < fresh.length; i += 1) this.childEvents.push({ at, created: true });
      // Without reports (introspection off or failing) nobody reads them: only the last minute is kept.
      while (this.childEvents.length > 0 && this.childEvents[0]!.at < at - CHILD_EVENTS_KEPT_MS) this.childEvents.shift();
    }
    for (const record of await readChildren(this.session, path, fresh)) parent.records.set(record.name, record);
    if (isRoot) this.updateAuxiliaryParents(names);
  }

  /**
   * Applies the child events of persistent watches since the last listing of each parent: a
   * deletion as it is, with no read (its parent's cversion counted, its pzxid read a moment
   * later); a creation or data change by reading the nodes, all in one multiRead. Events
   * already in a listing are skipped.
   */
  private async applyPending(): Promise<void> {
    const events = this.pending.splice(0);
    const reads = new Map<string, Set<string>>();
    const at = Date.now();
    let moveAuxiliary = false;
    for (const event of events) {
      const parent = this.parents.get(event.parent);
      if (parent === undefined || event.seq <= parent.listedAt) continue;
      const isRoot = event.parent === this.path;
      let names = reads.get(event.parent);
      if (event.kind === 'changed') {
        if (!parent.records.has(event.name)) continue;
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        continue;
      }
      if (parent.cversion !== null) parent.cversion += 1;
      this.change.unread = true;
      if (!isRoot) this.change.other = true;
      else if (mayMoveAuxiliaryParents(event.name)) moveAuxiliary = true;
      if (event.kind === 'deleted') {
        names?.delete(event.name);
        if (isRoot) this.change.added.delete(event.name);
        if (parent.records.delete(event.name) && isRoot) {
          this.change.removed.push(event.name);
          this.childEvents.push({ at, created: false });
        }
      } else if (!parent.records.has(event.name)) {
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        if (isRoot) {
          this.change.added.add(event.name);
          this.childEvents.push({ at, created: true });
        }
      }
    }
    while (this.childEvents.length > 0 && this.childEvents[0]!.at < at - CHILD_EVENTS_KEPT_MS) this.childEvents.shift();
    for (const [path, names] of reads) {
      const parent = this.parents.get(path);
      if (parent === undefined || names.size === 0) continue;
      const wanted = [...names];
      const results = await this.session.getDataMany(wanted.map((name) => childPath(path, name)));
      wanted.forEach((name, index) => {
        const result = results[index];
        if (result === undefined || result instanceof ZkError) {
          // Gone again already: its deletion is (or was) an event of its own.
          if (result instanceof ZkError && result.code !== 'NO_NODE') throw result;
          return;
        }
        if (parent.records.has(name)) this.change.other = true;
        parent.records.set(name, { name, stat: result.stat, data: describeData(result.data) });
      });
    }
    const root = this.parents.get(this.path);
    // Only a child that is not sequential (Curator's `locks`/`leases`, a Kazoo lease) or an empty lock can change the recipe's other parents.
    if (root !== undefined && (moveAuxiliary || root.records.size === 0)) this.updateAuxiliaryParents([...root.records.keys()]);
  }

  private updateAuxiliaryParents(names: string[]): void {
    const wanted = new Set(auxiliaryParents(this.path, names, this.self?.data ?? null));
    for (const [path, parent] of [...this.parents]) {
      if (path === this.path || wanted.has(path)) continue;
      this.unwatch(path, parent);
      this.parents.delete(path);
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
    const change = this.change;
    this.change = newChange(true);
    if (change.unread) this.schedulePzxid();
    // The common cases first: the holder went and the next one holds, contenders joined at the tail; no need to analyse the whole queue again.
    if (this.loaded && !change.other && this.publishFast(change)) {
      this.scheduleAnomalies();
      return;
    }
    const input = this.input();
    this.observedReport = input.introspection ?? null;
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
      const gone = goneNodes(this.current, delta);
      this.current = next;
      this.onDelta(delta, gone);
    }
    this.scheduleAnomalies();
  }

  /**
   * Publishes a removal at the head and arrivals at the tail of a one-line queue as deltas made
   * from the change alone; false (nothing published) when the change needs the full analysis.
   */
  private publishFast(change: Change): boolean {
    const read = { at: Date.now(), pzxid: this.self?.stat.pzxid ?? null };
    const steps: FastChange[] = [];
    let snapshot = this.current;
    if (change.removed.length > 0) {
      const removal = handover(snapshot, change.removed, read);
      if (removal === null) return false;
      steps.push(removal);
      snapshot = removal.snapshot;
    }
    if (change.added.size > 0) {
      const root = this.parents.get(this.path);
      const records: ChildRecord[] = [];
      for (const name of change.added) {
        const record = root?.records.get(name);
        if (record !== undefined) records.push(record);
      }
      if (records.length > 0) {
        const arrival = append(snapshot, records, read, this.options.introspection?.() ?? null);
        if (arrival === null) return false;
        steps.push(arrival);
      }
    }
    for (const step of steps) {
      this.current = step.snapshot;
      this.onDelta(step.delta, step.gone);
    }
    return true;
  }

  /** Reads the lock parent's pzxid a moment after changes applied without a read, and says it in a delta of its own. */
  private schedulePzxid(): void {
    if (this.pzxidTimer !== null || !this.options.live) return;
    this.pzxidTimer = setTimeout(() => {
      this.pzxidTimer = null;
      this.session.exists(this.path).then(
        (stat) => {
          if (this.stopped || stat === null || this.self === null || !this.loaded) return;
          this.self = { stat, data: this.self.data };
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
      this.current = updated.snapshot;
      this.onDelta(updated.delta, []);
    }
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    const staleAt = nextStaleAt(this.current, now, context.staleHolderMs);
    this.staleTimer = staleAt === null ? null : setTimeout(() => this.scheduleAnomalies(), Math.min(staleAt - now, 2 ** 31 - 1));
  }
}

/** What one loop of reads changed: names gone from the lock path, names come to it, whether anything else changed, whether a change went unread. */
interface Change {
  removed: string[];
  added: Set<string>;
  other: boolean;
  unread: boolean;
}

function newChange(other: boolean): Change {
  return { removed: [], added: new Set(), other, unread: false };
}
