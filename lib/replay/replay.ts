/**
 * A lock at any moment of ZooKeeper's files: the tree replayed from a snapshot (or from nothing,
 * when the log begins with the first transaction) with every transaction after it, each parent's
 * children indexed by zxid, and the locks of the whole span found as the live discovery finds
 * them. A lock at a moment is read from its children then by the live model (`buildSnapshot`,
 * `lockAnomalies`), its holders dated by its timeline: the files and the live explorer read a
 * lock by one set of rules.
 */
import type { Deadlock, LockHistory, LockSnapshot, LockSummary, ReplayMoment, WaitsForGraph } from '../protocol';
import { lockAnomalies } from '../lock/anomalies';
import { describeData } from '../lock/data';
import { enclosingLock, isLock, isSearched, lockParentsOf, mayMakeLock } from '../lock/discovery';
import { buildSnapshot, missingLock } from '../lock/queue';
import { auxiliaryParents } from '../lock/reader';
import { summarizeLock } from '../lock/summary';
import { WaitsFor } from '../lock/waits-for';
import { ChildIndex, type ChildAt } from '../zk/child-index';
import { childPath, parentPath } from '../zk/path';
import type { Txn } from '../zk/txn-log';
import { compareZxid, ZnodeTree } from '../zk/znode-tree';
import { buildTimeline, recordOf, type LockTimeline } from './lock-timeline';
import { Moments, type Moment, type MomentQuery } from './moments';

export interface ReplayOptions {
  /** Where locks are looked for (LOCK_ROOTS). */
  roots: readonly string[];
  /** A holder that holds longer than this at the moment is named a stale holder. */
  staleHolderMs: number;
}

/** How many locks' timelines are kept once built (each is rebuilt on demand). */
const TIMELINES_KEPT = 256;
/** How many locks' sessions a deadlock is looked for across, from the asked lock. */
const DEADLOCK_LOCKS = 2000;

export class Replay {
  readonly tree: ZnodeTree;
  readonly index: ChildIndex;
  readonly moments = new Moments();
  /** The moment the replay starts from: the snapshot's zxid, or none (an empty tree). */
  readonly start: Moment | null;
  private lockPaths: string[] | null = null;
  private readonly timelines = new Map<string, LockTimeline>();
  /** Each session's locks over the span (from its nodes), for a deadlock across them. */
  private sessionLocks: Map<string, Set<string>> | null = null;

  constructor(
    private readonly options: ReplayOptions,
    /** The snapshot's tree and its zxid, or an empty tree. */
    start: { tree: ZnodeTree; moment: Moment | null } = { tree: new ZnodeTree(), moment: null },
  ) {
    this.tree = start.tree;
    this.start = start.moment;
    this.index = new ChildIndex(this.tree);
  }

  /** Applies the next transaction; one at or before the last applied (a snapshot's fuzzy past, a log read twice) is passed over. */
  apply(txn: Txn): void {
    const last = this.span().to;
    if (last !== null && compareZxid(txn.zxid, last.zxid) <= 0) return;
    this.tree.apply(txn);
    this.moments.push(txn.zxid, txn.time);
    this.lockPaths = null;
    this.sessionLocks = null;
    this.timelines.clear();
  }

  /** The first and last moments the files can show. */
  span(): { from: Moment | null; to: Moment | null } {
    return { from: this.start ?? this.moments.first(), to: this.moments.last() ?? this.start };
  }

  /** The moment a query names, within the span: before the first one is an error, after the last one the last. */
  moment(query: MomentQuery | null): Moment | null {
    if (query === null) return this.span().to;
    const found = this.moments.find(query);
    if (found !== null) return found;
    return this.start !== null && ('zxid' in query ? compareZxid(query.zxid, this.start.zxid) >= 0 : query.time >= this.start.time) ? this.start : null;
  }

  /**
   * The moment a query names with the clock the pages show at it: the time asked for (within the
   * span), or the transaction's when a zxid was asked for. Null before the files begin.
   */
  view(query: MomentQuery | null): ReplayMoment | null {
    const at = this.moment(query);
    const { from, to } = this.span();
    if (at === null || from === null || to === null) return null;
    const time = query !== null && 'time' in query ? Math.min(Math.max(query.time, at.time), to.time) : at.time;
    return { at, time, from, to };
  }

  /** Every lock that existed at some moment of the span, sorted. */
  locks(): string[] {
    if (this.lockPaths === null) this.lockPaths = this.findLocks();
    return this.lockPaths;
  }

  private findLocks(): string[] {
    const { roots } = this.options;
    // Every child a parent had over the span, and whether it was ephemeral.
    const childrenEver = new Map<string, Map<string, boolean>>();
    const note = (parent: string, name: string, ephemeral: boolean): void => {
      for (const candidate of lockParentsOf(childPath(parent, name))) {
        if (!isSearched(candidate, roots)) continue;
        const names = childrenEver.get(candidate) ?? new Map<string, boolean>();
        childrenEver.set(candidate, names);
      }
      const names = childrenEver.get(parent);
      if (names !== undefined) names.set(name, (names.get(name) ?? false) || ephemeral);
    };
    for (const parent of this.index.changedParents()) {
      for (const event of this.index.changesOf(parent)) {
        const ephemeral = event.child.stat.ephemeralOwner !== '0x0';
        if (ephemeral || mayMakeLock(event.child.name) || childrenEver.has(parent)) note(parent, event.child.name, ephemeral);
      }
      for (const child of this.index.childrenAt(parent, this.start?.zxid ?? '0x0')) note(parent, child.name, child.stat.ephemeralOwner !== '0x0');
    }
    for (const path of this.tree.paths()) {
      if (path === '/') continue;
      const node = this.tree.get(path)!;
      const parent = parentPath(path);
      const name = path.slice(path.lastIndexOf('/') + 1);
      const ephemeral = node.stat.ephemeralOwner !== '0x0';
      if (ephemeral || mayMakeLock(name) || childrenEver.has(parent)) note(parent, name, ephemeral);
    }
    // A semaphore's `locks/` and `leases/` are noted under it once their own children are: read them again for the names.
    for (const [parent, names] of childrenEver) for (const child of this.tree.children(parent)) if (!names.has(child.name)) names.set(child.name, child.node.stat.ephemeralOwner !== '0x0');
    const found = new Set<string>();
    const sorted = [...childrenEver].sort(([a], [b]) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
    for (const [parent, names] of sorted) {
      if (names.size === 0 || enclosingLock(parent, found) !== null) continue;
      if (isLock([...names.keys()].sort(), (name) => names.get(name) === true)) found.add(parent);
    }
    return [...found].sort();
  }

  /** The lock at `path` right after the moment's transaction, read as the live explorer reads it. */
  lockAt(path: string, moment: Moment, deadlocks: readonly Deadlock[] | null = null): LockSnapshot {
    const self = this.index.nodeAt(path, moment.zxid);
    if (self === null) return { ...missingLock(path, this.versionAt(path, moment)), read: { at: moment.time, pzxid: null } };
    const children = this.index.childrenAt(path, moment.zxid);
    const selfData = describeData(self.data);
    const auxiliary = auxiliaryParents(path, children.map((child) => child.name), selfData).map((parent) => {
      const node = this.index.nodeAt(parent, moment.zxid);
      return { path: parent, exists: node !== null, children: node === null ? [] : this.index.childrenAt(parent, moment.zxid).map(recordOf) };
    });
    const pzxid = this.index.lastChange(path, moment.zxid)?.zxid ?? self.stat.pzxid;
    const built = buildSnapshot(
      { path, self: { stat: { ...self.stat, pzxid, numChildren: children.length }, data: selfData }, root: { path, exists: true, children: children.map(recordOf) }, auxiliary },
      null,
      moment.time,
      this.versionAt(path, moment),
    );
    const timeline = this.timeline(path);
    const nodes = built.nodes.map((node) => {
      if (node.role !== 'holder') return node;
      const hold = timeline.holdsByNode.get(node.name)?.findLast((record) => record.from <= moment.time && (record.to === null || record.to >= moment.time));
      const roleSince = hold === undefined || hold.before ? null : hold.from;
      return roleSince === node.roleSince ? node : { ...node, roleSince };
    });
    const snapshot: LockSnapshot = { ...built, nodes, read: { at: moment.time, pzxid } };
    const anomalies = lockAnomalies(snapshot, { now: moment.time, staleHolderMs: this.options.staleHolderMs, deadlocks: deadlocks ?? this.deadlocksNear(path, snapshot, moment) });
    return { ...snapshot, anomalies };
  }

  /** How many changes the lock had up to the moment: its version then. */
  private versionAt(path: string, moment: Moment): number {
    return this.index.countAt(path, moment.zxid);
  }

  /** The moments the lock's children changed, oldest first. */
  changes(path: string): Moment[] {
    return this.index.changesOf(path).map((event) => ({ zxid: event.zxid, time: event.time }));
  }

  /** The lock's change just before or just after the moment; null at either end. */
  step(path: string, moment: Moment, direction: 'previous' | 'next'): Moment | null {
    const events = this.index.changesOf(path);
    const at = this.versionAt(path, moment);
    // `at` changes are at or before the moment: the previous one is the last strictly before it.
    const event = direction === 'next' ? events[at] : events[at - 1]?.zxid === moment.zxid ? events[at - 2] : events[at - 1];
    return event === undefined ? null : { zxid: event.zxid, time: event.time };
  }

  /** The lock's changes counted in `bins` equal stretches of the span (the last one holds its end). */
  density(path: string, bins: number): number[] {
    const counts = new Array<number>(bins).fill(0);
    const { from, to } = this.span();
    if (from === null || to === null) return counts;
    const width = Math.max(1, to.time - from.time) / bins;
    for (const event of this.index.changesOf(path)) {
      const bin = Math.floor((event.time - from.time) / width);
      counts[Math.min(bins - 1, Math.max(0, bin))]! += 1;
    }
    return counts;
  }

  /** Every hold and wait of the lock over the span, with how each ended. */
  history(path: string): LockHistory {
    const timeline = this.timeline(path);
    const { from, to } = this.span();
    // The figures are over the whole span of the files.
    return timeline.history.view(to?.time ?? 0, Math.max(1, (to?.time ?? 0) - (from?.time ?? 0)));
  }

  /** Every lock at the moment, summarised (the lock list then). */
  summaries(moment: Moment): LockSummary[] {
    const snapshots = this.locksAt(moment);
    return snapshots.map((snapshot) => summarizeLock(snapshot));
  }

  /** The waits-for graph at the moment. */
  graph(moment: Moment): WaitsForGraph {
    return this.waitsFor(this.locks().map((path) => this.lockAt(path, moment, []))).graph();
  }

  /** Every lock at the moment, with the deadlocks across them. */
  locksAt(moment: Moment): LockSnapshot[] {
    const plain = this.locks().map((path) => this.lockAt(path, moment, []));
    const deadlocks = this.waitsFor(plain).deadlocks();
    if (deadlocks.length === 0) return plain;
    return plain.map((snapshot) => (deadlocks.some((deadlock) => deadlock.locks.includes(snapshot.path)) ? this.lockAt(snapshot.path, moment, deadlocks) : snapshot));
  }

  private waitsFor(snapshots: readonly LockSnapshot[]): WaitsFor {
    const graph = new WaitsFor();
    for (const snapshot of snapshots) graph.apply(snapshot.path, [], snapshot.nodes);
    return graph;
  }

  /** The deadlocks the lock is part of at the moment, looked for across the locks its sessions ever had nodes in. */
  private deadlocksNear(path: string, snapshot: LockSnapshot, moment: Moment): Deadlock[] {
    if (snapshot.waiters.length === 0 || snapshot.holders.length === 0) return [];
    const byLock = this.sessionIndex();
    const near = new Set<string>([path]);
    const sessions = [...new Set(snapshot.nodes.map((node) => node.sessionId))];
    for (let i = 0; i < sessions.length && near.size < DEADLOCK_LOCKS; i += 1) for (const lock of byLock.get(sessions[i]!) ?? []) near.add(lock);
    if (near.size === 1) return [];
    const snapshots = [...near].map((lock) => (lock === path ? snapshot : this.lockAt(lock, moment, [])));
    return this.waitsFor(snapshots).deadlocksOf(path);
  }

  private sessionIndex(): Map<string, Set<string>> {
    if (this.sessionLocks !== null) return this.sessionLocks;
    const byLock = new Map<string, Set<string>>();
    const note = (session: string, lock: string): void => {
      if (session === '0x0') return;
      const locks = byLock.get(session) ?? new Set<string>();
      locks.add(lock);
      byLock.set(session, locks);
    };
    for (const lock of this.locks()) {
      for (const event of this.index.changesOf(lock)) note(event.child.stat.ephemeralOwner, lock);
      for (const child of this.tree.children(lock)) note(child.node.stat.ephemeralOwner, lock);
    }
    this.sessionLocks = byLock;
    return byLock;
  }

  private timeline(path: string): LockTimeline {
    let timeline = this.timelines.get(path);
    if (timeline !== undefined) {
      this.timelines.delete(path);
      this.timelines.set(path, timeline);
      return timeline;
    }
    const begin = this.start ?? this.moments.first() ?? { zxid: '0x0', time: 0 };
    const beginZxid = this.start?.zxid ?? '0x0';
    const self = this.index.nodeAt(path, beginZxid);
    const initial: ChildAt[] = self === null ? [] : this.index.childrenAt(path, beginZxid);
    timeline = buildTimeline({ path, exists: self !== null, initial, events: this.index.changesOf(path), since: begin.time });
    this.timelines.set(path, timeline);
    if (this.timelines.size > TIMELINES_KEPT) this.timelines.delete(this.timelines.keys().next().value!);
    return timeline;
  }
}
