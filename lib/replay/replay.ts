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

/** How many locks' timelines are kept once built: a list of every lock at a moment builds each once, then reads them (1,000 locks of 100,000 transactions: 1.5 s, then 60 ms). */
const TIMELINES_KEPT = 4096;
/** How many locks' sessions a deadlock is looked for across, from the asked lock. */
const DEADLOCK_LOCKS = 2000;

/** A session's node in a lock, from the zxid that made it to the one that took it away. */
interface SessionSpan {
  lock: string;
  from: string;
  to: string | null;
}

export class Replay {
  readonly tree: ZnodeTree;
  readonly index: ChildIndex;
  readonly moments = new Moments();
  /** The moment the replay starts from: the snapshot's zxid, or none (an empty tree). */
  readonly start: Moment | null;
  private lockPaths: string[] | null = null;
  private readonly timelines = new Map<string, LockTimeline>();
  /** Each session's nodes in the locks over the span, for a deadlock across them. */
  private spans: Map<string, SessionSpan[]> | null = null;

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
    const last = this.moments.lastZxid ?? this.start?.zxid ?? null;
    if (last !== null && compareZxid(txn.zxid, last) <= 0) return;
    this.tree.apply(txn);
    this.moments.push(txn.zxid, txn.time);
    this.lockPaths = null;
    this.spans = null;
    if (this.timelines.size > 0) this.timelines.clear();
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

  /**
   * The lock at `path` right after the moment's transaction, read as the live explorer reads it.
   * `deadlocks`: those known across the locks (null: looked for from this lock); `dated`: whether
   * its holders are dated by its timeline (a lock read only to follow who waits for whom is not).
   */
  lockAt(path: string, moment: Moment, deadlocks: readonly Deadlock[] | null = null, dated = true): LockSnapshot {
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
    const timeline = dated ? this.timeline(path) : null;
    const nodes = timeline === null ? built.nodes : built.nodes.map((node) => {
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

  /**
   * The deadlocks the lock is part of at the moment: from its holders, the locks each waits in at
   * that moment, their holders, and so on (a cycle through this lock comes back to one of its
   * waiters that way), read up to DEADLOCK_LOCKS locks.
   */
  private deadlocksNear(path: string, snapshot: LockSnapshot, moment: Moment): Deadlock[] {
    if (snapshot.waiters.length === 0 || snapshot.holders.length === 0) return [];
    const read = new Map<string, LockSnapshot>([[path, snapshot]]);
    const holdersOf = (lock: LockSnapshot): string[] => lock.nodes.filter((node) => node.role === 'holder' && node.ephemeral).map((node) => node.sessionId);
    const queue = holdersOf(snapshot);
    const seen = new Set(queue);
    for (let i = 0; i < queue.length && read.size < DEADLOCK_LOCKS; i += 1) {
      const session = queue[i]!;
      for (const lock of this.locksOfSessionAt(session, moment.zxid)) {
        if (read.has(lock)) continue;
        const other = this.lockAt(lock, moment, [], false);
        read.set(lock, other);
        if (!other.nodes.some((node) => node.sessionId === session && node.role === 'waiter')) continue;
        for (const holder of holdersOf(other)) {
          if (seen.has(holder)) continue;
          seen.add(holder);
          queue.push(holder);
        }
      }
    }
    if (read.size === 1) return [];
    return this.waitsFor([...read.values()]).deadlocksOf(path);
  }

  /** The locks the session had a node in right after `zxid`. */
  private locksOfSessionAt(session: string, zxid: string): string[] {
    const spans = this.sessionSpans().get(session) ?? [];
    const locks = new Set<string>();
    // Spans are in the order their nodes came: none after the first one made later can be there.
    let end = spans.length;
    for (let low = 0; low < end; ) {
      const middle = (low + end) >>> 1;
      if (compareZxid(spans[middle]!.from, zxid) <= 0) low = middle + 1;
      else end = middle;
    }
    for (let i = 0; i < end; i += 1) {
      const span = spans[i]!;
      if (span.to === null || compareZxid(span.to, zxid) > 0) locks.add(span.lock);
    }
    return [...locks];
  }

  /** Each session's nodes in the locks over the span: in which lock, from which zxid to which (null: to the end), in the order they came. */
  private sessionSpans(): Map<string, SessionSpan[]> {
    if (this.spans !== null) return this.spans;
    const bySession = new Map<string, SessionSpan[]>();
    const begin = this.start?.zxid ?? '0x0';
    for (const lock of this.locks()) {
      const open = new Map<string, SessionSpan>();
      const add = (session: string, name: string, from: string): void => {
        if (session === '0x0') return;
        const span: SessionSpan = { lock, from, to: null };
        open.set(name, span);
        const spans = bySession.get(session) ?? [];
        spans.push(span);
        bySession.set(session, spans);
      };
      for (const child of this.index.childrenAt(lock, begin)) add(child.stat.ephemeralOwner, child.name, begin);
      for (const event of this.index.changesOf(lock)) {
        if (event.kind === 'create') add(event.child.stat.ephemeralOwner, event.child.name, event.zxid);
        else if (event.kind === 'delete') {
          const span = open.get(event.child.name);
          if (span !== undefined) span.to = event.zxid;
          open.delete(event.child.name);
        }
      }
    }
    for (const spans of bySession.values()) spans.sort((a, b) => compareZxid(a.from, b.from));
    this.spans = bySession;
    return bySession;
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
