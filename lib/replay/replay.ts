/**
 * A lock at any moment of ZooKeeper's files: the tree replayed from a snapshot (or from nothing,
 * when the log begins with the first transaction) with every transaction after it, each parent's
 * children indexed by zxid, and the locks of the whole span found as the live discovery finds
 * them. A lock at a moment is read from its children then by the live model (`buildSnapshot`,
 * `lockAnomalies`), its holders dated as its timeline (the live machine fed the log) dates them,
 * from the names back from the moment where they can tell: the files and the live explorer read
 * a lock by one set of rules.
 */
import type { Deadlock, Incident, RecipeId, LockHistory, LockNode, LockSnapshot, LockSummary, NodeData, ReplayGap, ReplayMoment, WaitsForGraph, WrittenHold } from '../protocol';
import { lockAnomalies } from '../lock/anomalies';
import { describeData } from '../lock/data';
import { enclosingLock, isLock, isSearched, isSystemLock, lockParentsAt, mayMakeLock } from '../lock/discovery';
import { followingState, layoutRead, lockFound, type FollowingOptions } from '../lock/following';
import { buildSnapshot, missingLock } from '../lock/queue';
import { auxiliaryParents, detectRecipe, herdPossible, readsByNames, standingOf } from '../lock/reader';
import { summarizeLock } from '../lock/summary';
import { notALockRecipesAt, SELF_LOCK_NAMES } from '../lock/systems';
import { WaitsFor } from '../lock/waits-for';
import { ChildIndex, type ChildAt, type ChildEvent, type SessionSpans } from '../zk/child-index';
import { partitionPoint } from '../zk/columns';
import { zxidOf } from '../zk/ids';
import { childPath, nameOf, parentPath } from '../zk/path';
import type { SnapshotRead } from '../zk/snapshot';
import type { Txn } from '../zk/txn-log';
import { compareZxid, ZnodeTree, type LaterChanges } from '../zk/znode-tree';
import { findIncidents, INCIDENT_DEFAULTS, type IncidentOptions } from './incidents';
import { buildTimeline, recordOf, type LockTimeline } from './lock-timeline';
import { FileSessions } from './sessions';
import { Moments, type Moment, type MomentQuery } from './moments';

export interface ReplayOptions {
  /** Where locks are looked for (LOCK_ROOTS). */
  roots: readonly string[];
  /** A holder that holds longer than this at the moment is named a stale holder (and a hold as long is a long hold). */
  staleHolderMs: number;
  /** The other thresholds incidents are judged by (LONG_WAIT_MS, MASS_EXPIRY_SESSIONS, HERD_STORM_WAITERS); `INCIDENT_DEFAULTS` where not given. */
  incidents?: Partial<IncidentOptions>;
  /**
   * About how many transactions the files hold, when known: the index's columns are made that
   * long at once instead of doubled a score of times on the way (a million loaded: 7% sooner;
   * pages not written are not memory taken).
   */
  expectedTransactions?: number;
}

/** How many locks' timelines are kept once built: a list of every lock at a moment builds each once, then reads them (1,000 locks of 100,000 transactions: 1.5 s, then 60 ms). */
const TIMELINES_KEPT = 4096;
/** The longest queue, and the most changes back, a holder is dated from its names over (`holdingSince`); past them, by its timeline. */
const HOLD_WALK_NAMES = 1000;
const HOLD_WALK_STEPS = 256;
/** How many locks' sessions a deadlock is looked for across, from the asked lock. */
const DEADLOCK_LOCKS = 2000;
/** How many locks `preparing` makes ready between two yields (about a millisecond's work). */
const PREPARED_AT_ONCE = 16;

/** The following machine's options where nothing is pushed or scanned again: replay finds its locks once, over the whole files. */
const FOLLOWING: FollowingOptions = { push: { intervalMs: 0, costFactor: 0, windowMs: 0 }, rescanMs: 0, rescanAfterGrowthMs: 0 };

export class Replay {
  readonly tree: ZnodeTree;
  readonly index: ChildIndex;
  readonly moments: Moments;
  /** Every session the files tell of: made, timed out, closed or expired. */
  readonly sessions: FileSessions;
  /** The incidents of the span as last found, and at which transaction (found again once more are applied). */
  private found: { applied: number; options: string; incidents: Incident[] } | null = null;
  /** The moment the replay starts from: the snapshot's zxid, or none (an empty tree). */
  readonly start: Moment | null;
  /** The zxid of the last transaction applied (a number), or of the snapshot; -1 before any. */
  private applied: number;
  private lockPaths: string[] | null = null;
  private readonly timelines = new Map<string, LockTimeline>();
  private readonly gapList: ReplayGap[] = [];
  /** How many of the moments are gaps' (`jump`). */
  private jumped = 0;
  /** Each session's nodes in the locks over the span, for a deadlock across them. */
  private spans: Map<string, SessionSpans> | null = null;

  constructor(
    private readonly options: ReplayOptions,
    /** The snapshot's tree and its zxid, or an empty tree. */
    start: { tree: ZnodeTree; moment: Moment | null } = { tree: new ZnodeTree(), moment: null },
  ) {
    this.tree = start.tree;
    this.start = start.moment;
    this.applied = start.moment === null ? -1 : zxidOf(start.moment.zxid);
    this.moments = new Moments(options.expectedTransactions);
    this.index = new ChildIndex(this.tree, options.expectedTransactions);
    this.sessions = new FileSessions(this.tree.sessions);
  }

  /** Applies the next transaction; one at or before the last applied (a snapshot's fuzzy past, a log read twice) is passed over. */
  apply(txn: Txn): void {
    if (txn.zxid <= this.applied) return;
    this.sessions.observe(txn);
    this.tree.apply(txn);
    this.applied = txn.zxid;
    this.moments.push(txn.zxid, txn.time);
    this.lockPaths = null;
    this.spans = null;
    if (this.timelines.size > 0) this.timelines.clear();
  }

  /**
   * Goes on after a stretch of the log that could not be read, from `snapshot` (taken at the
   * zxid of `to`): the tree becomes the snapshot's, each change between told at that moment as
   * one made in the gap (`ZnodeTree.jumpTo`); the sessions gone by then end in it. The gap is
   * kept (`gaps`) from the last transaction applied to `to`, with where reading broke off and why.
   * `later`: what the log deletes and closes right after the snapshot, left to it (see `ZnodeTree.jumpTo`).
   */
  jump(snapshot: SnapshotRead, to: Moment, where: Omit<ReplayGap, 'from' | 'to'>, later?: LaterChanges): void {
    const from = this.span().to ?? to;
    const zxid = zxidOf(to.zxid);
    if (zxid > this.applied) {
      const time = Math.max(to.time, from.time);
      const gap: Txn = { offset: -1, session: '0x0', cxid: -1, zxid, time, type: 'multi', ops: [], failed: false, gap: true };
      this.sessions.gap(snapshot.sessions, { zxid: to.zxid, time }, later?.closed);
      this.tree.jumpTo(snapshot, gap, later);
      this.applied = zxid;
      this.moments.push(zxid, time);
      this.jumped += 1;
      this.lockPaths = null;
      this.spans = null;
      this.found = null;
      if (this.timelines.size > 0) this.timelines.clear();
      this.gapList.push({ from, to: { zxid: to.zxid, time }, ...where });
    } else this.gapList.push({ from, to: from, ...where });
  }

  /** The stretches of the log the replay could not read and went on after (`jump`), oldest first. */
  get gaps(): readonly ReplayGap[] {
    return this.gapList;
  }

  /** How many transactions were applied (a gap's moment is none). */
  get transactions(): number {
    return this.moments.count - this.jumped;
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

  /** The recipe a lock's names over the whole span are read as (its children at any moment). */
  recipeEver(path: string): RecipeId {
    return detectRecipe([...this.index.namesEver(path).keys()], null, null).id;
  }

  private findLocks(): string[] {
    const { roots } = this.options;
    // The parents any of whose children, over the span, was ephemeral or named as a lock's are: the locks among them and the semaphores above.
    const candidates = new Set<string>();
    // Names are read only where no child was ephemeral: a million of them take a second.
    const consider = (parent: string): void => {
      if (this.index.ephemeralsEver(parent).ephemeral === 0 && ![...this.index.namesEver(parent).keys()].some(mayMakeLock)) return;
      for (const candidate of lockParentsAt(parent)) if (isSearched(candidate, roots)) candidates.add(candidate);
    };
    const changed = new Set(this.index.changedParents());
    for (const parent of changed) consider(parent);
    // Where nothing changed, the tree's children are the span's.
    const read = new Set<string>();
    for (const path of this.tree.paths()) {
      if (path === '/') continue;
      const parent = parentPath(path);
      if (changed.has(parent) || read.has(parent)) continue;
      const name = nameOf(path);
      if (this.tree.get(path)!.ephemeralOwner === '0x0' && !mayMakeLock(name)) continue;
      read.add(parent);
      consider(parent);
    }
    // The live explorer's rules of what is followed (lib/lock/following.ts): none within a lock, a lock above others in their place.
    const following = followingState(0);
    const mayMakeNoLock = (path: string): boolean => {
      const recipes = notALockRecipesAt(path);
      if (recipes.size === 0) return false;
      const { id } = detectRecipe([...this.index.namesEver(path).keys()], null, null);
      return id === 'unknown' || recipes.has(id);
    };
    const found = (path: string): void => void lockFound(following, path, 0, FOLLOWING);
    const sorted = [...candidates].sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
    for (const parent of sorted) {
      if (enclosingLock(parent, following.locks) !== null) continue;
      const { children, ephemeral } = this.index.ephemeralsEver(parent);
      // A system's lock node at a fixed name (Kafka's /controller) is a lock of its own, and makes its parent none: only those names are looked for.
      const systemLocks = ephemeral === 0 ? [] : this.index.ephemeralAmong(parent, SELF_LOCK_NAMES).filter((name) => isSystemLock(childPath(parent, name)));
      for (const name of systemLocks) found(childPath(parent, name));
      // Every child ever ephemeral: a lock whatever the names (`isLock`'s single-node rule holds, and any recipe's).
      if (children > 0 && ephemeral === children && systemLocks.length === 0) {
        found(parent);
        continue;
      }
      const names = this.index.namesEver(parent);
      if (names.size > 0 && isLock(parent, [...names.keys()].sort(), (name) => names.get(name) === true)) found(parent);
    }
    // A system's nodes that make no lock (Kafka's notification queues, a service's instances), read at the end of the files as the
    // live explorer reads them, are dropped as live discovery drops them after its first reading. Only a lock whose names may be
    // read as such a layout's recipe is read: the names at the end are some of those ever, which a recipe's names stay.
    const end = this.span().to;
    if (end !== null) for (const path of [...following.locks]) if (mayMakeNoLock(path)) layoutRead(following, path, this.readAt(path, end, false)?.built.recipe.systemLayout ?? null, 0, FOLLOWING);
    return [...following.locks].sort();
  }

  /**
   * The lock at `path` right after the moment's transaction, read as the live explorer reads it.
   * `deadlocks`: those known across the locks (null: looked for from this lock).
   */
  lockAt(path: string, moment: Moment, deadlocks: readonly Deadlock[] | null = null): LockSnapshot {
    const read = this.readAt(path, moment, true);
    if (read === null) return { ...missingLock(path, this.versionAt(path, moment)), read: { at: moment.time, pzxid: null } };
    const { built, selfData, children, pzxid } = read;
    const holders = built.nodes.filter((node) => node.role === 'holder');
    const since = holders.length > 0 ? this.holdersSince(path, built.recipe.id, selfData, children, holders, moment) : null;
    const nodes = since === null ? built.nodes : built.nodes.map((node) => {
      if (node.role !== 'holder') return node;
      const roleSince = since.get(node.name) ?? null;
      return roleSince === node.roleSince ? node : { ...node, roleSince };
    });
    const snapshot: LockSnapshot = { ...built, nodes, read: { at: moment.time, pzxid } };
    // In hindsight: a holder whose session the files show expired later, and not heard from since its last-heard bound, holds for a dead client.
    const disconnected = new Map<string, number>();
    const lastHeard = new Map<string, number>();
    for (const holder of holders) {
      const session = this.sessions.get(holder.sessionId);
      const heard = this.sessions.lastHeardBound(holder.sessionId);
      if (session?.endedAt === undefined || session.endedAt === null || heard === null || session.endedAt <= moment.time || heard > moment.time) continue;
      disconnected.set(holder.sessionId, session.endedAt);
      lastHeard.set(holder.sessionId, heard);
    }
    const anomalies = lockAnomalies(snapshot, { now: moment.time, staleHolderMs: this.options.staleHolderMs, deadlocks: deadlocks ?? this.deadlocksNear(path, snapshot, moment), disconnected, lastHeard });
    return { ...snapshot, anomalies };
  }

  /** The lock at the moment as its recipe reads it, with what that was read from; null where its node is not there. `whole`: its version and its pzxid too (a read only for who waits for whom has no use for them). */
  private readAt(path: string, moment: Moment, whole: boolean): { built: LockSnapshot; selfData: NodeData | null; children: ChildAt[]; pzxid: string | null } | null {
    const self = this.index.nodeAt(path, moment.zxid);
    if (self === null) return null;
    const children = this.index.childrenAt(path, moment.zxid);
    const selfData = describeData(self.data);
    const auxiliary = auxiliaryParents(path, children.map((child) => child.name), selfData).map((parent) => {
      const node = this.index.nodeAt(parent, moment.zxid);
      return { path: parent, exists: node !== null, children: node === null ? [] : this.index.childrenAt(parent, moment.zxid).map(recordOf) };
    });
    const pzxid = whole ? (this.index.lastChange(path, moment.zxid) ?? self.stat.pzxid) : self.stat.pzxid;
    const built = buildSnapshot(
      { path, self: { stat: { ...self.stat, pzxid, numChildren: children.length }, data: selfData }, root: { path, exists: true, children: children.map(recordOf) }, auxiliary },
      null,
      moment.time,
      whole ? this.versionAt(path, moment) : 0,
    );
    return { built, selfData, children, pzxid };
  }

  /** Who holds and who waits in the lock at the moment, and no more: no dates, no anomalies (a deadlock search reads hundreds of locks). */
  private nodesAt(path: string, moment: Moment): readonly LockNode[] {
    return this.readAt(path, moment, false)?.built.nodes ?? [];
  }

  /**
   * When each holder began to hold, as its timeline dates it (null: from before the files
   * begin): from the timeline when it is built, else from the names (`holdingSince`, for a list of
   * a thousand locks that would otherwise build a thousand timelines), else by building it.
   */
  private holdersSince(path: string, recipe: string, selfData: NodeData | null, children: readonly ChildAt[], holders: readonly LockNode[], moment: Moment): Map<string, number | null> {
    let timeline = this.keptTimeline(path);
    if (timeline === undefined) {
      const names = children.map((child) => child.name);
      const quick = new Map<string, number | null>();
      for (const holder of holders) {
        const since = this.holdingSince(path, recipe, selfData, names, holder.name, moment);
        if (since === undefined) break;
        quick.set(holder.name, since);
      }
      if (quick.size === holders.length) return quick;
      timeline = this.timeline(path);
    }
    const dated = timeline;
    return new Map(
      holders.map((node) => {
        const hold = dated.holdsByNode.get(node.name)?.findLast((record) => record.from <= moment.time && (record.to === null || record.to >= moment.time));
        return [node.name, hold === undefined || hold.before ? null : hold.from];
      }),
    );
  }

  /**
   * When `holder` began to hold, up to the moment, told from the names alone: the lock's changes
   * are undone one by one from the moment back, and after each the recipe's own rule
   * (`standingOf`) says whether it held before that change. The first change it did not hold
   * before is when it began to; its own create too; null when it held from before the files
   * begin, as its timeline dates it. Undefined where the names cannot tell (a recipe not read by
   * its names, names read as another recipe before the change, a queue or a walk too long): the
   * timeline dates it then.
   */
  private holdingSince(path: string, recipe: string, selfData: NodeData | null, names: readonly string[], holder: string, moment: Moment): number | null | undefined {
    if (!readsByNames(recipe) || names.length > HOLD_WALK_NAMES) return undefined;
    const present = new Set(names);
    let steps = 0;
    for (const change of this.index.changesBack(path, moment.zxid)) {
      if (change.kind === 'set') continue;
      if (change.kind === 'create' && change.name === holder) return change.time;
      if ((steps += 1) > HOLD_WALK_STEPS) return undefined;
      if (change.kind === 'create') present.delete(change.name);
      else present.add(change.name);
      const before = [...present].sort();
      if (detectRecipe(before, selfData, recipe).id !== recipe) return undefined;
      if (standingOf(recipe, path, before, holder).kind !== 'holds') return change.time;
    }
    return null;
  }

  /**
   * A lock that is one node of a named system (Kafka's `/controller`, Hadoop's elector lock): that
   * node's own creates, data changes and deletes, from its parent's changes; null for a lock whose
   * changes are its children's.
   */
  private ownChanges(path: string): ChildEvent[] | null {
    if (path === '/' || !isSystemLock(path)) return null;
    const name = nameOf(path);
    return this.index.changesOf(parentPath(path)).filter((event) => event.child.name === name);
  }

  /** How many changes the lock had up to the moment: its version then. */
  private versionAt(path: string, moment: Moment): number {
    const own = this.ownChanges(path);
    if (own === null) return this.index.countAt(path, moment.zxid);
    return partitionPoint(own.length, (at) => compareZxid(own[at]!.zxid, moment.zxid) <= 0);
  }

  /** The moment of the lock's change number `at` (0 the oldest); null past either end. */
  private changeMoment(path: string, at: number, own = this.ownChanges(path)): Moment | null {
    if (own === null) return this.index.changeMoment(path, at);
    const event = own[at];
    return event === undefined ? null : { zxid: event.zxid, time: event.time };
  }

  /** How many changes the lock had over the span (its children's, or a one-node lock's node's). */
  changeCount(path: string): number {
    return this.ownChanges(path)?.length ?? this.index.changeCount(path);
  }

  /** The moments the lock changed (its children, or a one-node lock's node), oldest first. */
  changes(path: string): Moment[] {
    const own = this.ownChanges(path);
    if (own !== null) return own.map((event) => ({ zxid: event.zxid, time: event.time }));
    const count = this.index.changeCount(path);
    return Array.from({ length: count }, (_, at) => this.index.changeMoment(path, at)!);
  }

  /** The lock's change just before or just after the moment; null at either end. */
  step(path: string, moment: Moment, direction: 'previous' | 'next'): Moment | null {
    const own = this.ownChanges(path);
    const at = this.versionAt(path, moment);
    if (direction === 'next') return this.changeMoment(path, at, own);
    // `at` changes are at or before the moment: the previous one is the last strictly before it.
    const last = this.changeMoment(path, at - 1, own);
    return last !== null && last.zxid === moment.zxid ? this.changeMoment(path, at - 2, own) : last;
  }

  /** The lock's changes counted in `bins` equal stretches of the span (the last one holds its end). */
  density(path: string, bins: number): number[] {
    const counts = new Array<number>(bins).fill(0);
    const { from, to } = this.span();
    if (from === null || to === null) return counts;
    const width = Math.max(1, to.time - from.time) / bins;
    for (const time of this.ownChanges(path)?.map((event) => event.time) ?? this.index.changeTimes(path)) {
      const bin = Math.floor((time - from.time) / width);
      counts[Math.min(bins - 1, Math.max(0, bin))]! += 1;
    }
    return counts;
  }

  /**
   * Every hold and wait of the lock over the span, with how each ended; its figures over the
   * whole span, or (live) over `window` ms before `now`. `since`: only the records that may have
   * changed since then (a page that has the rest).
   */
  history(path: string, live: { now: number; window: number } | null = null, since: number | null = null): LockHistory {
    const timeline = this.timeline(path);
    const { from, to } = this.span();
    const now = live?.now ?? to?.time ?? 0;
    const window = live?.window ?? Math.max(1, (to?.time ?? 0) - (from?.time ?? 0));
    return timeline.history.view(now, window, since === null ? true : { since });
  }

  /**
   * Every incident of the span (`findIncidents`): forced handovers, the stuck intervals before
   * them, elections, long holds and waits, mass expiries, herd storms; those overlapping `from`–`to` (ms) and
   * of `path` when given. Found once per transaction applied.
   */
  incidents(query: { from?: number; to?: number; path?: string } = {}, given: Partial<IncidentOptions> = {}): Incident[] {
    const options = this.incidentOptions(given);
    const key = JSON.stringify(options);
    if (this.found === null || this.found.applied !== this.applied || this.found.options !== key) {
      const locks = this.locks().map((path) => {
        const { holds, waits } = this.history(path);
        const election = path !== '/' && isSystemLock(path);
        const identityAt = (time: number): string | null => {
          const moment = this.moment({ time });
          return moment === null ? null : (this.lockAt(path, moment, []).nodes.find((node) => node.role === 'holder')?.identity ?? null);
        };
        // The recipe by every name the lock had over the span (at the end it may have none).
        const names = [...new Set([...holds.map((hold) => nameOf(hold.node)), ...waits.map((wait) => nameOf(wait.node))])];
        return { path, holds, waits, election, identityAt, herdPossible: !election && herdPossible(detectRecipe(names, null, null).id) };
      });
      this.found = { applied: this.applied, options: key, incidents: findIncidents(locks, this.sessions, (time) => this.moment({ time })?.zxid ?? null, options, this.gapList) };
    }
    return this.found.incidents.filter((incident) => (query.path === undefined || incident.path === query.path) && (query.from === undefined || incident.to >= query.from) && (query.to === undefined || incident.from <= query.to));
  }

  /**
   * Every hold of the span overlapping `from`–`to` (ms), of `path` or of every lock, oldest first:
   * each with the zxids at its start and end and its node's czxid, the fencing token a resource
   * guarded by it would have been shown (a hold found held at the start: the first moment's).
   */
  writtenHolds(query: { from?: number; to?: number; path?: string } = {}): WrittenHold[] {
    const first = this.span().from;
    const zxidAt = (time: number): string | null => this.moment({ time })?.zxid ?? first?.zxid ?? null;
    const paths = query.path === undefined ? this.locks() : [query.path];
    return paths
      .flatMap((path) =>
        this.history(path)
          .holds.filter((hold) => (query.from === undefined || (hold.to ?? Infinity) >= query.from) && (query.to === undefined || hold.from <= query.to))
          .map((hold) => {
            const fromZxid = zxidAt(hold.from);
            // A one-node lock's holder is the lock's own node (Kafka's /controller); a queue's, a child.
            const node = nameOf(path) === hold.node ? path : childPath(path, hold.node);
            const czxid = fromZxid === null ? null : (this.index.nodeAt(node, fromZxid)?.stat.czxid ?? null);
            return { path, hold, fromZxid, toZxid: hold.to === null ? null : zxidAt(hold.to), czxid };
          }),
      )
      .sort((a, b) => a.hold.from - b.hold.from || a.path.localeCompare(b.path));
  }

  /** The thresholds incidents are judged by: a long hold is a stale holder's (STALE_HOLDER_MS), the rest the settings' (`ReplayOptions.incidents`) or `INCIDENT_DEFAULTS`, or as given. */
  incidentOptions(given: Partial<IncidentOptions> = {}): IncidentOptions {
    return { ...INCIDENT_DEFAULTS, longHoldMs: this.options.staleHolderMs, ...this.options.incidents, ...given };
  }

  /** Whether the files know anything of the node at `path`: a change of its children, or the node itself at the end. */
  knows(path: string): boolean {
    const end = this.span().to;
    return this.changeCount(path) > 0 || this.index.changeCount(path) > 0 || (end !== null && this.index.nodeAt(path, end.zxid) !== null);
  }

  /** Every lock at the moment, summarised (the lock list then). */
  summaries(moment: Moment): LockSummary[] {
    const snapshots = this.locksAt(moment);
    return snapshots.map((snapshot) => summarizeLock(snapshot));
  }

  /** The waits-for graph at the moment. */
  graph(moment: Moment): WaitsForGraph {
    return this.waitsFor(this.locks().map((path) => [path, this.nodesAt(path, moment)])).graph();
  }

  /** Every lock at the moment, with the deadlocks across them. */
  locksAt(moment: Moment): LockSnapshot[] {
    const plain = this.locks().map((path) => this.lockAt(path, moment, []));
    const deadlocks = this.waitsFor(plain.map((snapshot) => [snapshot.path, snapshot.nodes])).deadlocks();
    if (deadlocks.length === 0) return plain;
    return plain.map((snapshot) => (deadlocks.some((deadlock) => deadlock.locks.includes(snapshot.path)) ? this.lockAt(snapshot.path, moment, deadlocks) : snapshot));
  }

  /** The waits-for graph of these locks' nodes. */
  private waitsFor(locks: Iterable<readonly [string, readonly LockNode[]]>): WaitsFor {
    const graph = new WaitsFor();
    for (const [path, nodes] of locks) graph.apply(path, [], nodes);
    return graph;
  }

  /**
   * The deadlocks the lock is part of at the moment: from its holders, the locks each waits in at
   * that moment, their holders, and so on (a cycle through this lock comes back to one of its
   * waiters that way), read up to DEADLOCK_LOCKS locks.
   */
  private deadlocksNear(path: string, snapshot: LockSnapshot, moment: Moment): Deadlock[] {
    if (snapshot.waiters.length === 0 || snapshot.holders.length === 0) return [];
    const read = new Map<string, readonly LockNode[]>([[path, snapshot.nodes]]);
    const holdersOf = (nodes: readonly LockNode[]): string[] => nodes.filter((node) => node.role === 'holder' && node.ephemeral).map((node) => node.sessionId);
    const queue = holdersOf(snapshot.nodes);
    const seen = new Set(queue);
    for (let i = 0; i < queue.length && read.size < DEADLOCK_LOCKS; i += 1) {
      const session = queue[i]!;
      for (const lock of this.locksOfSessionAt(session, moment.zxid)) {
        if (read.has(lock)) continue;
        const other = this.nodesAt(lock, moment);
        read.set(lock, other);
        if (!other.some((node) => node.sessionId === session && node.role === 'waiter')) continue;
        for (const holder of holdersOf(other)) {
          if (seen.has(holder)) continue;
          seen.add(holder);
          queue.push(holder);
        }
      }
    }
    if (read.size === 1) return [];
    return this.waitsFor(read).deadlocksOf(path);
  }

  /** The locks the session had a node in right after `zxid`. */
  private locksOfSessionAt(session: string, zxid: string): string[] {
    const spans = this.sessionSpans().get(session);
    if (spans === undefined) return [];
    const n = this.index.changesUpTo(zxid);
    const locks = new Set<string>();
    // The spans begun by then (`from < n`), searched back while some node before may still be there.
    const end = partitionPoint(spans.from.length, (index) => spans.from[index]! < n);
    for (let i = end - 1; i >= 0 && spans.reach[i]! >= n; i -= 1) if (spans.to[i]! >= n) locks.add(this.locks()[spans.parents[i]!]!);
    return [...locks];
  }

  /**
   * What the first reads of the locks would do, done ahead a slice at a time, for a server to run
   * while nothing waits (`runWhileIdle`): the locks found, the sessions' nodes across them, and
   * each lock read once at the end of the span (its checkpoints made up to there, what is told
   * from its path and its names kept). A moment's deadlock search reads hundreds of locks: read
   * cold, a slider's moment took up to 120 ms, warm half as long.
   */
  *preparing(): Generator<void, void, void> {
    const locks = this.locks();
    yield;
    this.sessionSpans();
    const end = this.span().to;
    if (end === null) return;
    for (let i = 0; i < locks.length; i += 1) {
      if (i % PREPARED_AT_ONCE === 0) yield;
      this.nodesAt(locks[i]!, end);
    }
  }

  /** Each session's nodes in the locks over the span (their parents' places are the locks' in `locks()`). */
  private sessionSpans(): Map<string, SessionSpans> {
    if (this.spans === null) this.spans = this.index.sessionSpans(this.locks());
    return this.spans;
  }

  /** The lock's timeline if it is built (kept as the latest used). */
  private keptTimeline(path: string): LockTimeline | undefined {
    const timeline = this.timelines.get(path);
    if (timeline !== undefined) {
      this.timelines.delete(path);
      this.timelines.set(path, timeline);
    }
    return timeline;
  }

  private timeline(path: string): LockTimeline {
    let timeline = this.keptTimeline(path);
    if (timeline !== undefined) return timeline;
    const begin = this.start ?? this.moments.first() ?? { zxid: '0x0', time: 0 };
    const beginZxid = this.start?.zxid ?? '0x0';
    const self = this.index.nodeAt(path, beginZxid);
    const childrenThen = (parent: string): ChildAt[] => (this.index.nodeAt(parent, beginZxid) === null ? [] : this.index.childrenAt(parent, beginZxid));
    // The other parents its recipe keeps nodes under (a semaphore's), by the names its children ever had and its data at the end.
    const end = this.span().to;
    const selfData = end === null ? null : describeData(this.index.nodeAt(path, end.zxid)?.data ?? null);
    const others = auxiliaryParents(path, [...this.index.namesEver(path).keys()].sort(), selfData);
    const auxiliary = others.map((parent) => ({ path: parent, initial: childrenThen(parent), events: this.index.changesOf(parent) }));
    timeline = buildTimeline({ path, exists: self !== null, self, initial: childrenThen(path), events: this.index.changesOf(path), auxiliary, own: this.ownChanges(path) ?? [], since: begin.time });
    this.timelines.set(path, timeline);
    if (this.timelines.size > TIMELINES_KEPT) this.timelines.delete(this.timelines.keys().next().value!);
    return timeline;
  }
}
