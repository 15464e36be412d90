/**
 * One lock's reading as a state machine over plain data: `step(state, event, now, world)` takes
 * what happened (a notification of ZooKeeper, the answer to a read, a timer due, a report of
 * ZooKeeper's watches) and answers the deltas to publish, the reads to make and when its timers
 * are due. It reads no clock and makes no call: the live watcher (`server/locks/watcher.ts`) is a
 * thin runner of its reads and timers, and unit tests drive it on a manual clock.
 *
 * What it follows: the lock path and the other parents its recipe keeps nodes under (a
 * semaphore's `leases/`), each listed once with a persistent recursive watch on it (ZooKeeper
 * 3.6+), then each creation and deletion below it applied as its event comes: a deletion as it
 * is, with no read (the parent's cversion counted, its pzxid read a moment later unless a
 * creation's read brings it first), creations by reading the new nodes in one multiRead, with
 * the lock path's stat. Where the server refuses persistent watches, the
 * one-shot way: a child watch re-armed by listing the parent again, an `exists` watch while a
 * parent is missing. After a reconnect or a new session, whose gap no event covers, the parents
 * are listed again. Reads never overlap: events that come during one are applied in the next.
 * A change becomes the next reading by `nextReading`, as a replayed lock's does.
 *
 * Its state is plain data: objects, arrays, Maps and Sets (Maps where 100,000 nodes are found by
 * name), no class and no function, so that a structured copy of it (`structuredClone`, a worker's
 * message) goes on exactly as the original does. It is not JSON: its Maps would have to become
 * objects of 100,000 keys, which V8 keeps as slow dictionaries.
 */
import type { LockNode, LockSnapshot, NodeData, RecipeId, ZnodeStat } from '../protocol';
import { nextStaleAt, type AnomalyContext } from './anomalies';
import { describeData } from './data';
import { herdChild, herdForget, herdJudge, herdWatch, type HerdWatch } from './herd-window';
import { keepOnly, nodeIndexes, type NodeIndexes } from './indexes';
import { awaitsJudgement } from './place';
import { missingLock, observeReport, withAnomalies, type ChildRecord, type LockInput, type ParentListing } from './queue';
import { auxiliaryParents, mayMoveAuxiliaryParents } from './reader';
import { nextReading, type ReadingStep } from './reading';
import type { Introspected, ReportChange } from './report';
import { childPath } from '../zk/path';

/** Anomalies are judged this long after a change went out, once for a burst of handovers. */
export const ANOMALY_DELAY_MS = 200;
/** A deletion is applied without a read: the lock parent's pzxid (its last child change) is read this long after, once for a burst. */
export const PZXID_DELAY_MS = 250;
/** The lock path's data is read with its new children only up to this size (its stat is what is wanted). */
const SELF_DATA_READ_MAX = 4096;

/** What a lock's anomalies depend on besides the lock and the time. */
export type LockContext = Pick<AnomalyContext, 'staleHolderMs' | 'deadlocks' | 'disconnected'>;

/**
 * What a step knows besides its event, given with it as plain data (never kept, never a call back
 * into the runner): the world as it is at that moment.
 */
export interface LockWorld {
  /** The recipe declared for this lock by the explorer's own simulator, if any. */
  declared: RecipeId | null;
  /** What ZooKeeper reports of watches and client addresses, if the explorer can ask it. */
  introspection: Introspected | null;
  /** Whether the server takes persistent watches (none was refused yet). */
  persistentWatches: boolean;
}

/** A parent as read: its children's records, and what its last listing said. */
interface Parent {
  exists: boolean;
  /** The notification number at the last listing: the changes of later notifications are not in it. */
  listedAt: number;
  /** Whether it was listed before: what the first listing finds was there already. */
  listed: boolean;
  /** The persistent recursive watch on it: being added, added, or none. */
  tree: 'arming' | 'armed' | null;
  /** The parent's cversion as far as the applied changes go: read with each listing, then one more for every child created or deleted since. */
  cversion: number | null;
  /** The parent's creating transaction at that listing: a parent made again starts its cversion anew. */
  czxid: string | null;
  records: Map<string, ChildRecord>;
}

/** A parent's state at its last listing, for telling whether a reading made from it is current. */
export interface ParentState {
  exists: boolean;
  cversion: number;
  czxid: string | null;
}

/** What the reads since the last reading changed: names gone from the lock path, names come to it, whether anything else changed, whether a change went unread. */
interface Change {
  removed: string[];
  added: Set<string>;
  other: boolean;
  unread: boolean;
}

/** A child event of a persistent watch not applied yet, with its notification number. */
interface Pending {
  seq: number;
  parent: string;
  name: string;
  kind: 'created' | 'deleted' | 'changed';
}

/** A read of ZooKeeper the runner makes; its answer comes back as an `answer` event. */
export type ZkRead =
  /** Adds a persistent recursive watch on `path` (answered `armed` or `refused`). */
  | { kind: 'watchTree'; path: string }
  /** Removes it (no answer). */
  | { kind: 'unwatchTree'; path: string }
  /** Lists `path`'s children, with a one-shot child watch when `watch` (answered `listed`, or `noNode`). */
  | { kind: 'getChildren'; path: string; watch: boolean }
  /** Reads `path`'s data (answered `data`, or `noNode`). */
  | { kind: 'getData'; path: string }
  /** Reads `path`'s stat, with a one-shot exists watch when `watch` (answered `stat`). */
  | { kind: 'exists'; path: string; watch: boolean }
  /** Reads many nodes' data and stat in one multiRead (answered `many`). */
  | { kind: 'getDataMany'; paths: string[] }
  /** Reads the lock path's stat for its pzxid: apart from the loop of reads (answered by a `pzxid` event). */
  | { kind: 'pzxid'; path: string };

/** The answer to the loop's read in flight. */
export type ZkAnswer =
  | { kind: 'armed' }
  | { kind: 'refused' }
  | { kind: 'listed'; children: string[]; stat: ZnodeStat; seq: number }
  | { kind: 'data'; data: Uint8Array | null }
  | { kind: 'stat'; stat: ZnodeStat | null }
  /** Each node's data and stat, or null where it went. */
  | { kind: 'many'; results: Array<{ data: Uint8Array | null; stat: ZnodeStat } | null> }
  | { kind: 'noNode' };

export type TimerName = 'judge' | 'stale' | 'pzxid';

export type LockEvent =
  /** List the given parents again (all when none is given): after a reconnect or a new session. */
  | { type: 'refresh'; paths: readonly string[] }
  /** A one-shot watch on a parent fired. */
  | { type: 'watchFired'; path: string }
  /** An event of a persistent watch, numbered by the session's notifications. */
  | { type: 'treeEvent'; path: string; kind: 'created' | 'deleted' | 'changed'; seq: number }
  /** The loop's read in flight answered. */
  | { type: 'answer'; answer: ZkAnswer }
  /** The loop's read in flight failed (lost with the connection or session, it is read again when they are back). */
  | { type: 'failed'; error: unknown }
  /** The lock path's stat read for its pzxid (null: gone, or the read failed). */
  | { type: 'pzxid'; stat: ZnodeStat | null }
  /** The judge timer due, with what the anomalies are judged with now: the stale-holder threshold, the deadlocks the lock is part of, the sessions without a connection. */
  | { type: 'timer'; name: 'judge'; context: LockContext }
  /** Another timer due. */
  | { type: 'timer'; name: Exclude<TimerName, 'judge'> }
  /** A new report of ZooKeeper; `changed`: it says something new of this lock's sessions (`change`: what, from which report). */
  | { type: 'report'; report: Introspected | null; changed: boolean; change: ReportChange | null }
  /** Read the lock again from what is known: its declared recipe or ZooKeeper's report changed. */
  | { type: 'republish' }
  /** The deadlocks it is part of, or its holders' connections, changed: its anomalies are judged again soon. */
  | { type: 'contextChanged' }
  /** Someone reads the lock: anomalies waiting for their moment are judged now, with the context of now. */
  | { type: 'settle'; context: LockContext }
  | { type: 'stop' };

export interface LockState {
  readonly path: string;
  /** False reads the lock once and sets no watch (a REST snapshot of a lock nobody watches). */
  readonly live: boolean;
  parents: Map<string, Parent>;
  dirty: Set<string>;
  pending: Pending[];
  /** The lock path's own stat and data; null while it does not exist. */
  self: { stat: ZnodeStat; data: NodeData | null } | null;
  change: Change;
  /** The reading published last. */
  current: LockSnapshot;
  /** Whether the lock has been read once: before that `current` is an empty placeholder. */
  loaded: boolean;
  stopped: boolean;
  /** The loop of reads: the read it waits for, or null while it does not run. */
  reading: LoopRead | null;
  /** The pzxid read is in flight. */
  pzxidReading: boolean;
  /** The report the published nodes were read with (or one that says the same of them): a report's change applies only on top of it. */
  observedReport: Introspected | null;
  /** What the published reading was made from: each parent's state at its last listing, and when it was published. */
  published: Map<string, ParentState>;
  publishedAt: number;
  herd: HerdWatch;
  /** The published reading's nodes by name and its owners counted, handed on from one reading to the next. */
  indexes: NodeIndexes;
  /** When each timer is due (ms), or null. */
  timers: Record<TimerName, number | null>;
}

/** The loop's read in flight, with what its answer continues. */
type LoopRead =
  | { kind: 'watchTree'; path: string; parent: Parent }
  | { kind: 'getChildren'; path: string; parent: Parent; watch: boolean }
  | { kind: 'getData'; path: string; parent: Parent; watch: boolean; listing: { children: string[]; stat: ZnodeStat; seq: number } }
  | { kind: 'exists'; path: string; parent: Parent }
  | { kind: 'children'; path: string; parent: Parent; names: string[]; all: string[] }
  | { kind: 'pending'; reads: Array<{ path: string; names: string[] }>; at: number; moveAuxiliary: boolean; withSelf: boolean };

/** What one step asks of the runner. */
export interface StepResult {
  /** Deltas to publish, in order: the reading after each, the delta, the nodes it removed or replaced as they were. */
  deltas: ReadingStep[];
  /** Reads to make now. */
  reads: ZkRead[];
  /** When each timer is due now (null: none). */
  timers: Readonly<Record<TimerName, number | null>>;
  /** The loop of reads ended: the first reading is there (or could not be made: `failure`), readers waiting for it wake. */
  caughtUp: { failure: unknown } | null;
}

function newChange(other: boolean): Change {
  return { removed: [], added: new Set(), other, unread: false };
}

/**
 * Whether a report's change concerns the lock's own node (a single-node lock at its path, such
 * as Kafka's `/controller`): it is no child of a listed parent, so the fast path, which looks a
 * node again through its child record, cannot; the lock is then read whole. Such a lock has no
 * other node.
 */
function concernsSelf(state: LockState, change: ReportChange): boolean {
  const node = state.current.nodes[0];
  return node !== undefined && node.path === state.path && (change.paths.has(node.path) || change.sessions.has(node.sessionId));
}

export function initialState(path: string, live: boolean): LockState {
  const state: LockState = {
    path,
    live,
    parents: new Map(),
    dirty: new Set(),
    pending: [],
    self: null,
    change: newChange(false),
    current: missingLock(path),
    loaded: false,
    stopped: false,
    reading: null,
    pzxidReading: false,
    observedReport: null,
    published: new Map(),
    publishedAt: 0,
    herd: herdWatch(),
    // A machine's readings are read by nobody once the next is made: a live lock's long lists are edited in place.
    indexes: nodeIndexes(live),
    timers: { judge: null, stale: null, pzxid: null },
  };
  addParent(state, path);
  return state;
}

/** One step: `state` is changed in place and answered with what the runner is to do. */
export function step(state: LockState, event: LockEvent, now: number, world: LockWorld): StepResult & { state: LockState } {
  const out: StepResult & { state: LockState } = { state, deltas: [], reads: [], timers: state.timers, caughtUp: null };
  new Step(state, out, now, world).take(event);
  keepOnly(state.indexes, state.current.nodes);
  out.timers = { ...state.timers };
  return out;
}

/** The parents followed now. */
export function parentPaths(state: LockState): string[] {
  return [...state.parents.keys()];
}

/** The child record a node of the lock was read from, by its parent's path. */
function recordOf(state: LockState, node: LockNode): ChildRecord | undefined {
  return state.parents.get(node.path.slice(0, node.path.length - node.name.length - 1))?.records.get(node.name);
}

/** A parent's children as read so far. */
export function listing(state: LockState, path: string): ParentListing {
  const parent = state.parents.get(path);
  return { path, exists: parent?.exists ?? false, children: parent ? [...parent.records.values()] : [] };
}

/** Everything read of the lock so far, as the model takes it. */
export function lockInput(state: LockState, world: LockWorld): Omit<LockInput, 'hint'> {
  return {
    path: state.path,
    self: state.self,
    root: listing(state, state.path),
    auxiliary: parentPaths(state).flatMap((path) => (path === state.path ? [] : [listing(state, path)])),
    declared: world.declared,
    introspection: world.introspection,
    herdEvidence: state.herd.evidence,
  };
}

/** The path string a node of this lock placed at `parent`/`name` already holds (its reading's), so that a million names share theirs. */
export function placedPath(state: LockState, parent: string, name: string): string | undefined {
  return state.parents.get(parent)?.records.get(name)?.state?.path;
}

/** Whether the published reading has every child change ZooKeeper had made to the parent `path` when it showed `stat`, asked at `asked`. */
export function includes(state: LockState, path: string, stat: ZnodeStat | null, asked: number): boolean {
  // A parent the recipe no longer uses does not hold the answer back.
  if (!state.parents.has(path)) return true;
  const seen = state.published.get(path);
  if (seen === undefined) return false;
  // Gone, or gone and made again, since: only a listing read after the ask is new enough.
  if (stat === null) return !seen.exists || state.publishedAt >= asked;
  if (!seen.exists || seen.czxid !== stat.czxid) return state.publishedAt >= asked;
  return seen.cversion >= stat.cversion;
}

/** Whether events of persistent watches are there to apply, or a read is under way that will take them. */
export function busy(state: LockState): boolean {
  return state.reading !== null || state.pending.length > 0;
}

/** The anomalies of `snapshot` (the lock's of `state`), judged at `now`. */
export function judged(state: LockState, snapshot: LockSnapshot, now: number, context: LockContext): LockSnapshot {
  return withAnomalies(snapshot, { now, ...context }, state.indexes)?.snapshot ?? snapshot;
}

function addParent(state: LockState, path: string): void {
  if (state.parents.has(path)) return;
  state.parents.set(path, { exists: false, listedAt: 0, listed: false, tree: null, cversion: null, czxid: null, records: new Map() });
  state.dirty.add(path);
}

/** One step's work: the state, what it asks of the runner, the time and the world, at hand. */
class Step {
  constructor(
    private readonly state: LockState,
    private readonly out: StepResult,
    private readonly now: number,
    private readonly world: LockWorld,
  ) {}

  take(event: LockEvent): void {
    const { state } = this;
    if (state.stopped) return;
    switch (event.type) {
      case 'refresh':
        for (const path of event.paths.length > 0 ? event.paths : state.parents.keys()) state.dirty.add(path);
        this.kick();
        return;
      case 'watchFired':
        if (!state.parents.has(event.path)) return;
        state.dirty.add(event.path);
        this.kick();
        return;
      case 'treeEvent':
        this.treeEvent(event.path, event.kind, event.seq);
        return;
      case 'answer':
        this.answer(event.answer);
        return;
      case 'failed':
        // A watch that could not be added is added again with the next listing.
        if (state.reading?.kind === 'watchTree') state.reading.parent.tree = null;
        state.reading = null;
        this.out.caughtUp = { failure: event.error };
        return;
      case 'pzxid':
        this.pzxidRead(event.stat);
        return;
      case 'timer':
        this.timer(event);
        return;
      case 'report':
        this.report(event.report, event.changed, event.change);
        return;
      case 'republish':
        if (state.loaded) this.publish();
        return;
      case 'contextChanged':
        if (state.loaded && state.live) this.judgeSoon();
        return;
      case 'settle':
        // Whoever reads the lock gets the same answer as the page a moment later.
        if (state.timers.judge === null) return;
        state.timers.judge = null;
        this.judge(event.context);
        return;
      case 'stop':
        // A persistent watch is removed from ZooKeeper; a one-shot watch cannot be, and its notification is ignored.
        state.stopped = true;
        for (const [path, parent] of state.parents) this.unwatch(path, parent);
        state.timers = { judge: null, stale: null, pzxid: null };
        state.reading = null;
        return;
    }
  }

  /** Whether the parents are followed with persistent watches (live, and the server has not refused them). */
  private get persistent(): boolean {
    return this.state.live && this.world.persistentWatches;
  }

  /** Starts the loop of reads unless it runs: it takes whatever is dirty or pending when it gets there. */
  private kick(): void {
    const { state } = this;
    if (state.reading !== null) return;
    state.change = newChange(false);
    this.next();
  }

  /** The loop's next piece of work: a parent listed, or the pending events applied; when there is none, the reading published. */
  private next(): void {
    const { state } = this;
    state.reading = null;
    const [path] = state.dirty;
    if (path !== undefined) {
      state.dirty.delete(path);
      this.list(path);
      return;
    }
    if (state.pending.length > 0) {
      this.applyPending();
      return;
    }
    this.publish();
    // Each parent's state at its last listing, kept in place (a lock of the files publishes at each of its transactions).
    for (const path of state.published.keys()) if (!state.parents.has(path)) state.published.delete(path);
    for (const [path, parent] of state.parents) {
      const seen = state.published.get(path) ?? { exists: false, cversion: -1, czxid: null };
      seen.exists = parent.exists;
      seen.cversion = parent.cversion ?? -1;
      seen.czxid = parent.czxid;
      state.published.set(path, seen);
    }
    state.publishedAt = this.now;
    this.out.caughtUp = { failure: undefined };
  }

  private ask(reading: LoopRead, read: ZkRead): void {
    this.state.reading = reading;
    this.out.reads.push(read);
  }

  /** Lists a parent (with its watch, added first so that no change falls between) and reads its new children. */
  private list(path: string): void {
    const parent = this.state.parents.get(path);
    if (parent === undefined) return this.next();
    // With a persistent watch on the path, no one-shot watch of another kind goes on it (ZOOKEEPER-4466).
    if (this.persistent && parent.tree === null) {
      parent.tree = 'arming';
      return this.ask({ kind: 'watchTree', path, parent }, { kind: 'watchTree', path });
    }
    const watch = this.state.live && !(this.persistent && parent.tree !== null);
    this.ask({ kind: 'getChildren', path, parent, watch }, { kind: 'getChildren', path, watch });
  }

  private answer(answer: ZkAnswer): void {
    const { state } = this;
    const reading = state.reading;
    if (reading === null) return;
    switch (reading.kind) {
      case 'watchTree': {
        const current = state.parents.get(reading.path) === reading.parent;
        reading.parent.tree = answer.kind === 'armed' ? 'armed' : null;
        // The parent went while its watch was being added: the watch goes too.
        if (answer.kind === 'armed' && !current) this.unwatch(reading.path, reading.parent);
        if (!current) return this.next();
        const watch = state.live && reading.parent.tree === null;
        return this.ask({ kind: 'getChildren', path: reading.path, parent: reading.parent, watch }, { kind: 'getChildren', path: reading.path, watch });
      }
      case 'getChildren':
        if (answer.kind === 'noNode') return this.missing(reading.path, reading.parent, reading.watch);
        if (answer.kind !== 'listed') return this.next();
        // The path's own data matters to a few recipes (Kazoo keeps a semaphore's max_leases there): read it when it appears.
        if (reading.path === state.path && state.self === null) {
          return this.ask({ kind: 'getData', path: reading.path, parent: reading.parent, watch: reading.watch, listing: answer }, { kind: 'getData', path: reading.path });
        }
        return this.listed(reading.path, reading.parent, answer, state.self?.data ?? null);
      case 'getData':
        if (answer.kind === 'noNode') return this.missing(reading.path, reading.parent, reading.watch);
        return this.listed(reading.path, reading.parent, reading.listing, answer.kind === 'data' ? describeData(answer.data, false, state.indexes.data) : null);
      case 'exists':
        // Created between the two calls: read it again, now with a child watch.
        if (answer.kind === 'stat' && answer.stat !== null && state.live) state.dirty.add(reading.path);
        return this.next();
      case 'children':
        if (answer.kind === 'many') this.keep(reading.parent, reading.names, answer.results, false);
        return this.childrenRead(reading.path, reading.all);
      case 'pending': {
        const done = reading.reads[reading.at]!;
        const parent = state.parents.get(done.path);
        if (parent !== undefined && answer.kind === 'many') {
          this.keep(parent, done.names, answer.results, true);
          if (reading.withSelf) this.selfRead(parent, answer.results[done.names.length] ?? null);
        }
        return this.readPending(reading.reads, reading.at + 1, reading.moveAuxiliary);
      }
    }
  }

  /** The parent is not there (listed, or its data read, a moment after it went). */
  private missing(path: string, parent: Parent, watch: boolean): void {
    const { state } = this;
    parent.exists = false;
    parent.listed = true;
    parent.cversion = null;
    parent.czxid = null;
    parent.records.clear();
    if (path === state.path) state.self = null;
    state.change.other = true;
    this.ask({ kind: 'exists', path, parent }, { kind: 'exists', path, watch });
  }

  /** A parent listed: its gone children dropped, its new ones read. */
  private listed(path: string, parent: Parent, listed: { children: string[]; stat: ZnodeStat; seq: number }, selfData: NodeData | null): void {
    const { state, now } = this;
    const isRoot = path === state.path;
    const names = listed.children;
    parent.listedAt = listed.seq;
    parent.cversion = listed.stat.cversion;
    parent.czxid = listed.stat.czxid;
    if (isRoot) {
      if (state.self === null) state.change.other = true;
      state.self = { stat: listed.stat, data: selfData };
    } else state.change.other = true;
    if (!parent.exists) state.change.other = true;
    parent.exists = true;
    const present = new Set(names);
    for (const name of parent.records.keys()) {
      if (present.has(name)) continue;
      parent.records.delete(name);
      if (isRoot) {
        state.change.removed.push(name);
        herdChild(state.herd, false, now);
      }
    }
    const fresh = names.filter((name) => !parent.records.has(name));
    if (isRoot) {
      // The first listing finds the queue as it is: its children did not come now (and a herd's window never counts them).
      const came = parent.listed;
      for (const name of fresh) {
        state.change.added.add(name);
        if (came) herdChild(state.herd, true, now);
      }
    } else if (fresh.length > 0) state.change.other = true;
    parent.listed = true;
    if (fresh.length > 0) return this.ask({ kind: 'children', path, parent, names: fresh, all: names }, { kind: 'getDataMany', paths: fresh.map((name) => childPath(path, name)) });
    this.childrenRead(path, names);
  }

  /** A listing's new children are read: the recipe's other parents follow the lock path's names. */
  private childrenRead(path: string, names: string[]): void {
    if (path === this.state.path) this.updateAuxiliaryParents(names);
    this.next();
  }

  /** Keeps the nodes read (a node gone again already is left out: its deletion is, or was, an event of its own). */
  private keep(parent: Parent, names: readonly string[], results: ReadonlyArray<{ data: Uint8Array | null; stat: ZnodeStat } | null>, changes: boolean): void {
    names.forEach((name, index) => {
      const result = results[index];
      if (result === undefined || result === null) return;
      if (changes && parent.records.has(name)) this.state.change.other = true;
      parent.records.set(name, { name, stat: result.stat, data: describeData(result.data, false, this.state.indexes.data), state: undefined });
    });
  }

  /**
   * The lock path's stat, read with its new children. When its cversion is the one counted from
   * the changes applied, the reading has every child change ZooKeeper had made, and its pzxid is
   * exact: none is read apart. Otherwise (more changes are on their way) it is not taken, and
   * the read apart stays due.
   */
  private selfRead(parent: Parent, result: { data: Uint8Array | null; stat: ZnodeStat } | null): void {
    const { state } = this;
    const self = state.self;
    if (result === null || self === null || result.stat.czxid !== parent.czxid || result.stat.cversion !== parent.cversion) return;
    // Its data is kept as first read, as a listing keeps it.
    state.self = { stat: result.stat, data: self.data };
    state.change.unread = false;
    state.timers.pzxid = null;
  }

  /** One event of a persistent watch: a parent itself changed (listed again), or a child of one came, went or changed. */
  private treeEvent(path: string, kind: Pending['kind'], seq: number): void {
    const { state } = this;
    if (state.parents.has(path)) {
      state.dirty.add(path);
      return this.kick();
    }
    const slash = path.lastIndexOf('/');
    const parent = slash <= 0 ? '/' : path.slice(0, slash);
    if (!state.parents.has(parent)) return;
    state.pending.push({ seq, parent, name: path.slice(slash + 1), kind });
    this.kick();
  }

  /**
   * Applies the child events of persistent watches since the last listing of each parent: a
   * deletion as it is, with no read (its parent's cversion counted, its pzxid read a moment
   * later); a creation or data change by reading the nodes, all of a parent in one multiRead
   * (the lock path's stat with them: see `selfRead`). Events already in a listing are skipped.
   */
  private applyPending(): void {
    const { state, now } = this;
    const events = state.pending;
    state.pending = [];
    const reads = new Map<string, Set<string>>();
    let moveAuxiliary = false;
    for (const event of events) {
      const parent = state.parents.get(event.parent);
      if (parent === undefined || event.seq <= parent.listedAt) continue;
      const isRoot = event.parent === state.path;
      let names = reads.get(event.parent);
      if (event.kind === 'changed') {
        if (!parent.records.has(event.name)) continue;
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        continue;
      }
      if (parent.cversion !== null) parent.cversion += 1;
      state.change.unread = true;
      if (!isRoot) state.change.other = true;
      else if (mayMoveAuxiliaryParents(event.name)) moveAuxiliary = true;
      if (event.kind === 'deleted') {
        names?.delete(event.name);
        if (isRoot) state.change.added.delete(event.name);
        if (parent.records.delete(event.name) && isRoot) {
          state.change.removed.push(event.name);
          herdChild(state.herd, false, now);
        }
      } else if (!parent.records.has(event.name)) {
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        if (isRoot) {
          state.change.added.add(event.name);
          herdChild(state.herd, true, now);
        }
      }
    }
    this.readPending(
      [...reads].map(([path, names]) => ({ path, names: [...names] })),
      0,
      moveAuxiliary,
    );
  }

  /** Reads the nodes the pending events named, from the parent at `at` on; after the last, the recipe's other parents when a child could have moved them. */
  private readPending(reads: Array<{ path: string; names: string[] }>, at: number, moveAuxiliary: boolean): void {
    const { state } = this;
    for (; at < reads.length; at += 1) {
      const { path, names } = reads[at]!;
      if (!state.parents.has(path) || names.length === 0) continue;
      const paths = names.map((name) => childPath(path, name));
      // The lock path's own stat in the same multiRead: its pzxid then needs no read of its own (a handover is a deletion, then a creation).
      const withSelf = path === state.path && state.live && state.self !== null && state.self.stat.dataLength <= SELF_DATA_READ_MAX;
      if (withSelf) paths.push(path);
      return this.ask({ kind: 'pending', reads, at, moveAuxiliary, withSelf }, { kind: 'getDataMany', paths });
    }
    const root = state.parents.get(state.path);
    // Only a child that is not sequential (Curator's `locks`/`leases`, a Kazoo lease) or an empty lock can change the recipe's other parents.
    if (root !== undefined && (moveAuxiliary || root.records.size === 0)) this.updateAuxiliaryParents([...root.records.keys()]);
    this.next();
  }

  private updateAuxiliaryParents(names: string[]): void {
    const { state } = this;
    const wanted = new Set(auxiliaryParents(state.path, names, state.self?.data ?? null));
    for (const [path, parent] of [...state.parents]) {
      if (path === state.path || wanted.has(path)) continue;
      this.unwatch(path, parent);
      state.parents.delete(path);
    }
    for (const path of wanted) addParent(state, path);
  }

  private unwatch(path: string, parent: Parent): void {
    const armed = parent.tree === 'armed';
    parent.tree = null;
    if (armed) this.out.reads.push({ kind: 'unwatchTree', path });
  }

  /**
   * A new report of ZooKeeper came. When it changed what it says of this lock, or a waiter's
   * watch still awaits judgement, the nodes it concerns are looked at again (`change`, from the
   * report these nodes were read with), or the whole lock when that cannot be known; the waiters
   * that woke since the last report tell whether this is a herd.
   */
  private report(report: Introspected | null, changed: boolean, change: ReportChange | null): void {
    const { state } = this;
    if (!state.loaded) return;
    if (report === null) herdForget(state.herd);
    const herd = report !== null && herdJudge(state.herd, report, state.current.nodes);
    if (!changed && !herd && !state.current.nodes.some(awaitsJudgement)) {
      // It says what the last one said: the nodes read with that one are as this one would read them.
      state.observedReport = report;
      return;
    }
    // Only what the report tells of the nodes changed: applied to the nodes it concerns, the queue is not analysed again (100,000 waiters: ms, not a second).
    if (!herd && report !== null && change !== null && change.from === state.observedReport && state.live && !concernsSelf(state, change)) {
      const fast = observeReport(state.current, report, change, (node) => recordOf(state, node), this.now, state.indexes);
      state.observedReport = report;
      if (fast !== null) {
        state.current = fast.snapshot;
        this.out.deltas.push(fast);
        this.judgeSoon();
      }
      return;
    }
    this.publish();
  }

  /** Publishes what the reads since the last reading changed (everything, outside the loop of reads). */
  private publish(): void {
    const { state, world, now } = this;
    const change = state.change;
    state.change = newChange(true);
    if (change.unread) this.readPzxidSoon();
    const first = !state.loaded;
    // The fast paths read the newcomers from their records alone; a change they do not take is read whole.
    const root = state.parents.get(state.path);
    const added: ChildRecord[] = [];
    if (!first && !change.other && root !== undefined) {
      for (const name of change.added) {
        const record = root.records.get(name);
        if (record !== undefined) added.push(record);
      }
    }
    const whole = (): Omit<LockInput, 'hint'> => {
      const input = lockInput(state, world);
      state.observedReport = input.introspection ?? null;
      return input;
    };
    const read = { at: now, pzxid: state.self?.stat.pzxid ?? null };
    const reading = nextReading(state.current, { removed: change.removed, added, other: change.other }, read, whole, state.indexes, added.length > 0 || change.removed.length > 0 ? world.introspection : null, first, (node) => recordOf(state, node));
    state.loaded = true;
    if (!state.live) {
      // A one-time read has nobody to tell: no delta, and anomalies are the reader's to add.
      state.current = reading.snapshot;
      return;
    }
    for (const one of reading.steps) {
      state.current = one.snapshot;
      this.out.deltas.push(one);
    }
    this.judgeSoon();
  }

  /** Judges the anomalies a moment from now (once for a burst of changes). */
  private judgeSoon(): void {
    const { timers } = this.state;
    if (timers.judge === null) timers.judge = this.now + ANOMALY_DELAY_MS;
  }

  private judge(context: LockContext): void {
    const { state, now } = this;
    const updated = withAnomalies(state.current, { now, ...context }, state.indexes);
    if (updated !== null) {
      state.current = updated.snapshot;
      this.out.deltas.push({ snapshot: updated.snapshot, delta: updated.delta, gone: [] });
    }
    // The moment a holder passes the stale threshold, by a timer set for it.
    state.timers.stale = nextStaleAt(state.current, now, context.staleHolderMs, state.indexes);
  }

  private timer(event: Extract<LockEvent, { type: 'timer' }>): void {
    const { state } = this;
    if (state.timers[event.name] === null) return;
    state.timers[event.name] = null;
    if (event.name === 'judge') this.judge(event.context);
    else if (event.name === 'stale') this.judgeSoon();
    else if (state.loaded && !state.pzxidReading) {
      state.pzxidReading = true;
      this.out.reads.push({ kind: 'pzxid', path: state.path });
    }
  }

  /** Reads the lock parent's pzxid a moment after changes applied without a read. */
  private readPzxidSoon(): void {
    const { state } = this;
    if (state.timers.pzxid === null && state.live) state.timers.pzxid = this.now + PZXID_DELAY_MS;
  }

  /** The lock parent's pzxid, said in a delta of its own. */
  private pzxidRead(stat: ZnodeStat | null): void {
    const { state, now } = this;
    state.pzxidReading = false;
    const self = state.self;
    if (stat === null || self === null || !state.loaded) return;
    state.self = { stat, data: self.data };
    if (stat.pzxid === state.current.read?.pzxid) return;
    const read = { at: now, pzxid: stat.pzxid };
    const version = state.current.version + 1;
    state.current = { ...state.current, version, read };
    this.out.deltas.push({ snapshot: state.current, delta: { path: state.path, version, exists: state.current.exists, added: [], removed: [], updated: [], recipe: null, anomalies: null, read }, gone: [] });
  }
}
