/**
 * Finds every lock under the configured roots, at a cost that does not grow with the tree, and
 * keeps the list live without rescanning.
 *
 * - **From the ephemeral nodes.** Lock contenders are ephemeral, and ZooKeeper lists every
 *   ephemeral node of every session (`dump`, or the AdminServer's `/commands/dump`): only their
 *   parents are read. Its cost grows with the ephemeral nodes, not with the tree.
 * - **The scan.** The whole tree below the roots is read, children listed in multiReads of a few
 *   hundred, at a bounded rate of reads (DISCOVERY_READS_PER_SECOND), to the end: it finds the
 *   locks that have no live contender (persistent orphans) and, where no member answers `dump`,
 *   every lock. Its progress is told against the roots' `getAllChildrenNumber`. Its memory is the
 *   path it is on, not the tree.
 * - **Live, from the ephemeral nodes.** Where a member lists them, the list is read again every
 *   `pollMs` (a second; longer when reading it is slow) and the parents of the nodes new since
 *   the last read are read: a new lock anywhere is found within a poll, and ZooKeeper tells the
 *   explorer nothing of the writes outside its locks (each lock's own watch tells of its nodes,
 *   and of its parent's deletion).
 * - **Live, from a watch on the roots**, where no member lists them: one persistent recursive watch
 *   per root (ZooKeeper 3.6+) reports each creation and deletion below it: a creation outside a
 *   known lock makes its parent read (a plain name only when its node is ephemeral), a deletion of
 *   a lock (or above it) drops it. It also delivers every data change below the roots, which the
 *   status counts (`treeNotificationsPerSecond`). Where the server refuses persistent watches, a
 *   child watch on every node the scan reads instead (the tree's size in watches and in memory).
 * A parent read as a system's nodes that make no lock (Kafka's notification queues, Curator's
 * service discovery: they look like locks and may change hundreds of times a second) is no
 * longer followed, and not read again until the next scan.
 * Why: see the README's "Finding every lock".
 */
import { EventEmitter } from 'node:events';
import { candidatesFromEphemerals, enclosingLock, isLock, isLockByNames, isSearched, isSystemLock, lockParentsOf, mayMakeLock } from '../../lib/lock/discovery';
import { kazooSemaphoreQueue } from '../../lib/lock/recipes/kazoo-semaphore';
import { leafSample, leavesAfterSample } from '../../lib/lock/garbage';
import { batchDone, batchListed, batchPaths, leavesStatted, nextBatch, outermostRoots, rootsListed, SCAN_BATCH, scanWalk, walkInto, type Listing, type ScanPiece, type ScanWalk } from '../../lib/lock/scan';
import { summarizeSessions, type SessionContext } from '../../lib/lock/sessions';
import { agingLocks, askPush, figuresAre, lineChanged, linePushed, pushTook, takePush, type ListPush, type ListPushState } from '../../lib/lock/list-push';
import {
  candidatesTaken,
  ephemeralsListed,
  followingState,
  layoutRead,
  listingBegins,
  listingEnds,
  lockFound,
  mayBeLocks,
  pathGone,
  rescanPlanned,
  rescanTaken,
  scanBegins,
  scanCapped,
  scanEnds,
  scanned,
  treeGrew,
  unreadableFound,
  unreadableListed,
  type Follows,
  type FollowingOptions,
  type FollowingState,
} from '../../lib/lock/following';
import { summarizeLock } from '../../lib/lock/summary';
import { describeUnreadable, summarizeUnreadable, unreadableAnomaly, type UnreadableNode } from '../../lib/lock/unreadable';
import { sayReason } from '../../lib/i18n/messages';
import type { Diagnostics, DiscoveryStatus, Reason, LockActivity, LockList, LockListChange, LockSnapshot, LockSummary, SessionList, UnreadableLock, ZnodeStat } from '../../lib/protocol';
import { NO_SESSION } from '../../lib/zk/ids';
import { childPath, isWithin, parentPath } from '../../lib/zk/path';
import type { EphemeralNodes } from '../zk/introspection';
import type { LockRegistry } from './registry';
import { ZkError, type Watcher, type WatchEvent, type ZkSession } from '../zk/session';
import { TRANSIENT, type ReadResult } from '../zk/zk-types';

export interface DiscoveryOptions {
  roots: string[];
  /** An explicit cap on the znodes one scan reads (DISCOVERY_MAX_NODES); null: the whole tree. */
  maxNodes: number | null;
  /** The deepest level below a root that is scanned. */
  maxDepth: number;
  /** The most znodes the scan reads a second (DISCOVERY_READS_PER_SECOND). */
  readsPerSecond: number;
  /** How often at most the list is pushed while locks change (ms); longer while the list is large. */
  pushIntervalMs: number;
  /** How busy each lock was lately (from its history), for the dashboard's hot locks. */
  activity?: (path: string) => LockActivity | null;
  /** How often the activity of the locks that changed lately is recomputed as it ages (ms; ACTIVITY_REFRESH_MS by default). */
  activityRefreshMs?: number;
  /** Every ephemeral node of the ensemble (ZooKeeper's `dump`), or why no member would say; absent: the scan alone. */
  ephemerals?: () => Promise<EphemeralNodes>;
  /** How often the ephemeral nodes are listed again to find new locks (ms; POLL_MS by default), longer while listing them is slow. */
  pollMs?: number;
  /** Where a session connects from (ZooKeeper's `cons`), for the holders of a lock the explorer may not read. */
  clientOf?: (sessionId: string) => string | null;
  /** How many notifications the explorer's session has received so far: what a watch on the roots costs. */
  notifications?: () => number;
  /** The clock (ms since the epoch): the explorer's one, `Date.now` by default. */
  now?: () => number;
  /** Told the stats of the nodes without children the scan lists (null: gone, or not readable): the lock parents left empty are among them. Absent: not read. */
  leavesRead?: (leaves: Array<{ path: string; stat: ZnodeStat | null }>) => void;
  /** Told when a scan of the whole tree ends, with when it began. */
  scanEnded?: (began: number) => void;
  /** While the ephemeral nodes keep the list live, the tree is scanned again this long after each scan (ms; 0 or absent: never): a lock of persistent nodes alone made later is found by it. */
  rescanMs?: number;
  /** The soonest the tree is scanned again after a listing found a lock the last scan had not (ms; RESCAN_AFTER_GROWTH_MS by default). */
  rescanAfterGrowthMs?: number;
}

interface DiscoveryEvents {
  /** What changed in the list since the last push (a whole `list()` is asked separately). */
  changes: [change: LockListChange];
}

const SUBSCRIBER = 'discovery';
/** What a Kazoo semaphore's queue adds to the semaphore's path. */
const KAZOO_QUEUE_SUFFIX = kazooSemaphoreQueue('');
/** How many of the parents that make no lock the status names. */
const NOT_LOCKS_LISTED = 20;
/** Steps of the scan in flight at once. */
const SCAN_CONCURRENCY = 4;
/** Locks read at once when many are found together (each is a listing, a multiRead and a watch). */
const ACQUIRE_CONCURRENCY = 32;
/** Creations reported within this time are read together. */
const CANDIDATE_DELAY_MS = 50;
/** Changes are pushed at most once per this many times what building them took. */
const PUSH_COST_FACTOR = 10;
/** A lock's activity (handovers a minute, p99 wait) covers five minutes: a lock that changed within them is summarized again this often, as its figures age. */
const ACTIVITY_REFRESH_MS = 10_000;
const ACTIVITY_WINDOW_MS = 5 * 60_000 + ACTIVITY_REFRESH_MS;
/** The ephemeral nodes are listed again this often: a new lock anywhere is listed within about a second. */
export const POLL_MS = 1_000;
/** The soonest the tree is scanned again after a listing of the ephemeral nodes found a lock the last scan had not (ms). */
const RESCAN_AFTER_GROWTH_MS = 30_000;
/** A listing waits at least this many times what the last one took: a slow member (a million ephemeral nodes) is asked less often. */
const POLL_COST_FACTOR = 20;
/** And at most this much of their paths is asked for a second: 100,000 ephemeral nodes of 60 bytes are listed every 6 s. */
const POLL_BYTES_PER_SECOND = 1_000_000;

/** How long to wait before the next listing of the ephemeral nodes: the configured interval, longer when the last listing was slow or large. */
export function nextPollMs(configuredMs: number, tookMs: number, pathBytes: number): number {
  return Math.max(configuredMs, POLL_COST_FACTOR * tookMs, Math.ceil((pathBytes * 1_000) / POLL_BYTES_PER_SECOND));
}

/** A lock's activity figures as one comparable string. */
function activityKey(activity: LockActivity | null): string {
  return activity === null ? '' : `${activity.handoversPerMinute} ${activity.waitP99}`;
}

type Generation = { stopped: boolean };

/** A read's stat; null where the node is gone or could not be read. */
function statOf(read: ReadResult | undefined): ZnodeStat | null {
  return read === undefined || read instanceof ZkError ? null : read.stat;
}

/** Errors the connection's state already tells (a lost connection, a refused login): discovery starts again when it comes back. */
const PASSING = new Set([...TRANSIENT, 'AUTH_FAILED', 'SESSION_CLOSED_REQUIRE_SASL_AUTH']);

/** A listing as the scan takes it: the children, or that ZooKeeper would not let the explorer list the node, or that it is gone. */
function listingOf(answer: string[] | ZkError): Listing {
  if (Array.isArray(answer)) return answer;
  return answer.code === 'NO_AUTH' ? 'no-auth' : 'gone';
}

function warnUnlessPassing(error: unknown, what: string): void {
  if (error instanceof ZkError && PASSING.has(error.code)) return;
  console.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
}

export class LockDiscovery extends EventEmitter<DiscoveryEvents> {
  /** The set of locks followed, what is no lock, what cannot be read, the scan's times and the list's pushes: a machine this runs (lib/lock/following.ts). */
  private readonly following: FollowingState;
  private readonly followingOptions: FollowingOptions;
  /** The machine's own sets, read here as they are (it changes them in place). */
  private readonly locks: Set<string>;
  private readonly notLocks: Map<string, string>;
  private readonly unreadable: Map<string, UnreadableNode[]>;
  private readonly pushes: ListPushState;
  private readonly acquiring = new Set<Promise<void>>();
  private acquireSlots = ACQUIRE_CONCURRENCY;
  private readonly acquireQueue: Array<() => void> = [];
  /** Set while the paths that may be locks wait CANDIDATE_DELAY_MS to be read together. */
  private candidateTimer: NodeJS.Timeout | null = null;
  private classifying = 0;
  /** The scan's memory where child watches keep the list live: each node it read and its children. */
  private readonly directories = new Map<string, Set<string>>();
  private readonly childWatchers = new Map<string, Watcher>();
  private unwatchRoots: Array<() => Promise<void>> = [];
  private generation: Generation = { stopped: true };
  private running: Promise<void> | null = null;
  private readonly waiters: Array<{ condition: () => boolean; resolve: () => void }> = [];
  private readingEphemerals = false;
  private stopped = false;
  private pushTimer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private activityTimer: NodeJS.Timeout | null = null;
  private listFollowed: () => boolean = () => true;
  /** When the next read of the scan may go (pacing at readsPerSecond). */
  private nextReadAt = 0;
  /** Why the list is partial (a capped scan, a listing refused), if it is. */
  private partialReason: Reason | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private rescanTimer: NodeJS.Timeout | null = null;
  /** The session's notification count and when it was read, to tell what a watch on the roots costs a second. */
  private notificationsSeen: { count: number; at: number } | null = null;
  /** Nodes the scan could not list (NoAuth) where no member lists the ephemeral nodes: how many, and the first. */
  private unlisted: { count: number; first: string } | null = null;
  private status: DiscoveryStatus;
  private completedOnce = false;

  constructor(
    private readonly session: ZkSession,
    private readonly registry: LockRegistry,
    private readonly options: DiscoveryOptions,
  ) {
    super();
    this.now = options.now ?? Date.now;
    this.followingOptions = {
      push: { intervalMs: options.pushIntervalMs, costFactor: PUSH_COST_FACTOR, windowMs: ACTIVITY_WINDOW_MS },
      rescanMs: options.rescanMs ?? 0,
      rescanAfterGrowthMs: options.rescanAfterGrowthMs ?? RESCAN_AFTER_GROWTH_MS,
    };
    this.following = followingState(options.readsPerSecond);
    ({ locks: this.locks, notLocks: this.notLocks, unreadable: this.unreadable, pushes: this.pushes } = this.following);
    this.status = {
      method: options.ephemerals === undefined ? 'scan' : 'ephemerals',
      live: 'pending',
      pollMs: null,
      treeNotificationsPerSecond: null,
      notLocks: { count: 0, first: [] },
      ephemerals: { state: options.ephemerals === undefined ? 'off' : 'pending', server: null, source: null, nodes: 0, reason: null, at: null },
      scan: this.following.scan,
    };
    registry.on('delta', this.onDelta);
    session.on('session', this.newSession);
    session.on('reconnected', this.reconnected);
    session.on('state', this.stateChanged);
  }

  /**
   * Starts following the roots and the first discovery; `idle()` resolves when it is done. The
   * changes are pushed (`changes`) while `followed` says a page follows the list (one that starts
   * to is sent it whole).
   */
  start(followed: () => boolean = () => true): void {
    this.listFollowed = followed;
    this.activityTimer = setInterval(this.refreshActivity, this.options.activityRefreshMs ?? ACTIVITY_REFRESH_MS);
    this.activityTimer.unref();
    this.restart('all');
  }

  /** Resolves when no discovery work is pending: the ephemeral nodes read, the scan ended, creations reported read, found locks read. */
  idle(): Promise<void> {
    return this.when(() => this.running === null && this.caughtUp());
  }

  /** Whether the locks found so far are read, and every change reported so far looked at (the scan may still run). */
  private caughtUp(): boolean {
    return !this.readingEphemerals && this.following.candidates.size === 0 && this.classifying === 0 && this.acquiring.size === 0;
  }

  private when(condition: () => boolean): Promise<void> {
    if (this.stopped || condition()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ condition, resolve }));
  }

  private settle(): void {
    if (this.running === null && this.caughtUp()) this.schedulePush();
    const waiting = this.waiters.splice(0);
    for (const waiter of waiting) {
      if (this.stopped || waiter.condition()) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  list(): LockList {
    const locks = this.lockSnapshots().map((snapshot) => {
      const summary = summarizeLock(snapshot, this.options.activity?.(snapshot.path) ?? null);
      // Figures newer than those last pushed are pushed to everyone, so that all pages agree again.
      if (figuresAre(this.pushes, summary.path, activityKey(summary.activity), this.now(), this.followingOptions.push, true)) this.wakeForPush();
      return summary;
    });
    if (this.unreadable.size === 0) return { ...this.listState(), locks };
    for (const [path, nodes] of this.unreadable) locks.push(summarizeUnreadable(path, nodes, this.clientOf));
    return { ...this.listState(), locks: locks.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
  }

  private readonly clientOf = (sessionId: string): string | null => this.options.clientOf?.(sessionId) ?? null;

  /** What the list says besides its locks: the roots, whether it is partial or complete, how discovery goes. */
  private listState(): Omit<LockList, 'locks'> {
    return {
      roots: this.options.roots,
      partial: this.partialReason !== null,
      partialReason: this.partialReason === null ? null : sayReason('en', this.partialReason),
      complete: this.complete,
      scannedNodes: this.status.scan.read,
      discovery: this.discoveryStatus(),
    };
  }

  /**
   * Whether every lock that has a live contender is listed (from the ephemeral nodes), or the scan
   * has read the whole tree; once so, a discovery again after a reconnect does not take it back
   * (the locks listed are read again by their watchers meanwhile).
   */
  get complete(): boolean {
    return this.completedOnce;
  }

  /** How the locks are found and kept live, and how far the scan is. */
  discoveryStatus(): DiscoveryStatus {
    this.countTreeNotifications();
    const first: Array<{ path: string; layout: string }> = [];
    for (const [path, layout] of this.notLocks) {
      if (first.length === NOT_LOCKS_LISTED) break;
      first.push({ path, layout });
    }
    return { ...this.status, notLocks: { count: this.notLocks.size, first }, ephemerals: { ...this.status.ephemerals }, scan: { ...this.status.scan } };
  }

  /** What a watch on the roots costs: the notifications the session received a second since the status was last read (at least a second apart). */
  private countTreeNotifications(): void {
    const read = this.options.notifications;
    if (read === undefined || this.status.live !== 'recursive-watch') {
      this.status.treeNotificationsPerSecond = null;
      this.notificationsSeen = null;
      return;
    }
    const now = { count: read(), at: this.now() };
    const before = this.notificationsSeen;
    if (before === null) this.notificationsSeen = now;
    else if (now.at - before.at >= 1_000) {
      this.status.treeNotificationsPerSecond = Math.round(((now.count - before.count) * 1_000) / (now.at - before.at));
      this.notificationsSeen = now;
    }
  }

  /** How many locks are followed. */
  get size(): number {
    return this.locks.size;
  }

  /** How many locks are listed (those ZooKeeper will not let the explorer read included), and why some may be missing or unread; null when none is. */
  standing(): { locks: number; partial: Reason | null } {
    const unread = this.unreadable.size;
    const partial = this.partialReason ?? (unread > 0 ? { kind: 'noauth-locks' as const, params: { n: unread } } : null);
    return { locks: this.locks.size + unread, partial };
  }

  /**
   * The list once the locks of the ephemeral nodes and of the changes reported so far are read:
   * what a live page starts from (the changes that follow bring it up to date within a push).
   */
  async settledList(): Promise<LockList> {
    await this.when(() => this.caughtUp() || !this.readable());
    return this.list();
  }

  /** Whether ZooKeeper can be asked now: while it cannot (unreachable, a refused login), a list waits for nothing and gives what is known. */
  private readable(): boolean {
    return this.session.state === 'connected' || this.session.state === 'read-only';
  }

  /**
   * The list with every change ZooKeeper had made to the locks found when this was asked: the
   * locks of the ephemeral nodes and of the changes reported are read first (not the rest of a
   * scan, which may take minutes), then each lock is brought up to date (see `LockWatcher.fresh`).
   */
  async freshList(): Promise<LockList> {
    await this.when(() => this.caughtUp() || !this.readable());
    if (this.readable()) await this.registry.freshMany([...this.locks]);
    return this.list();
  }

  /** What a push sends: the summaries of the locks that changed or appeared, the paths of those that went. */
  private changesOf(push: ListPush): LockListChange {
    const upserted: LockSummary[] = [];
    const removed = new Set(push.removed);
    for (const path of push.dirty) {
      const summary = this.summaryOf(path);
      if (summary === null) removed.add(path);
      else upserted.push(summary);
      // A Kazoo semaphore's queue is folded into the semaphore: the semaphore's row changes with it.
      if (path.endsWith(KAZOO_QUEUE_SUFFIX)) {
        const semaphore = this.summaryOf(path.slice(0, -KAZOO_QUEUE_SUFFIX.length));
        if (semaphore !== null) upserted.push(semaphore);
      }
    }
    for (const lock of upserted) removed.delete(lock.path);
    return { ...this.listState(), upserted, removed: [...removed] };
  }

  /** What is known of a lock ZooKeeper will not let the explorer read, from its ephemeral nodes alone; null for any other path. */
  unreadableLock(path: string, limit: number): UnreadableLock | null {
    const nodes = this.unreadable.get(path);
    return nodes === undefined ? null : describeUnreadable(path, nodes, this.clientOf, limit);
  }

  /** One lock's line of the list; null when it is not listed (not found, not read yet, or a Kazoo semaphore's queue). */
  private summaryOf(path: string): LockSummary | null {
    const unreadable = this.unreadable.get(path);
    if (unreadable !== undefined) return summarizeUnreadable(path, unreadable, this.clientOf);
    if (!this.locks.has(path) || this.isFolded(path)) return null;
    const snapshot = this.registry.current(path);
    if (snapshot === undefined) return null;
    const summary = summarizeLock(snapshot, this.options.activity?.(path) ?? null);
    linePushed(this.pushes, path, activityKey(summary.activity));
    return summary;
  }

  /** Whether the lock at `path` is the queue of a Kazoo semaphore that is listed: it is part of that semaphore, not a lock of its own. */
  private isFolded(path: string): boolean {
    const semaphore = this.registry.semaphoreOfQueue(path);
    return semaphore !== null && this.locks.has(semaphore);
  }

  /** A lock's line may have changed (`changedAt`: the lock itself changed then, and its activity figures move). */
  private markDirty(path: string, changedAt: number | null = null): void {
    lineChanged(this.pushes, path, this.now(), this.followingOptions.push, changedAt);
    this.wakeForPush();
  }

  /**
   * Every lock that changed within the activity window has its handovers a minute and p99 wait
   * recomputed as they age; those whose figures moved are pushed (ten thousand locks made at once
   * would otherwise be pushed whole every ACTIVITY_REFRESH_MS for five minutes).
   */
  private readonly refreshActivity = (): void => {
    const now = this.now();
    const aging = agingLocks(this.pushes, now, this.followingOptions.push, this.locks);
    // While nobody follows the list nothing would be pushed (one who starts to is sent it whole): the figures are not made.
    if (!this.listFollowed()) return;
    for (const path of aging) figuresAre(this.pushes, path, activityKey(this.options.activity?.(path) ?? null), now, this.followingOptions.push);
    this.wakeForPush();
  };

  /** The snapshots of the locks found, by path; a Kazoo semaphore's queue is part of its semaphore, not a lock of its own. */
  private lockSnapshots(): LockSnapshot[] {
    const snapshots: LockSnapshot[] = [];
    for (const path of this.locks) {
      const snapshot = this.isFolded(path) ? undefined : this.registry.current(path);
      if (snapshot !== undefined) snapshots.push(snapshot);
    }
    return snapshots.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Everything wrong with the locks found, as each lock's own snapshot says it, and the deadlocks across them. */
  diagnostics(): Diagnostics {
    const snapshots = this.lockSnapshots();
    return {
      anomalies: [
        ...snapshots.flatMap((snapshot) => snapshot.anomalies.map((anomaly) => ({ path: snapshot.path, ...anomaly }))),
        ...[...this.unreadable].map(([path, nodes]) => ({ path, ...unreadableAnomaly(nodes) })),
      ],
      deadlocks: this.registry.deadlocks(),
      staleHolderMs: this.registry.staleHolderMs,
    };
  }

  /** Every session owning nodes in the discovered locks, with what `context` adds about them. */
  sessions(context: SessionContext = {}): SessionList {
    return summarizeSessions(this.lockSnapshots(), context);
  }

  stop(): void {
    this.stopped = true;
    this.generation.stopped = true;
    this.registry.off('delta', this.onDelta);
    this.session.off('session', this.newSession);
    this.session.off('reconnected', this.reconnected);
    this.session.off('state', this.stateChanged);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    if (this.activityTimer) clearInterval(this.activityTimer);
    if (this.candidateTimer) clearTimeout(this.candidateTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.rescanTimer) clearTimeout(this.rescanTimer);
    for (const unwatch of this.unwatchRoots.splice(0)) void unwatch().catch(() => undefined);
    this.registry.releaseAll(SUBSCRIBER);
    this.locks.clear();
    this.directories.clear();
    for (const { resolve } of this.waiters.splice(0)) resolve();
  }

  /** A lock whose parent is gone leaves the list (its deletion may have come while disconnected). */
  private readonly onDelta = (delta: { path: string; exists: boolean; recipe: { systemLayout: string | null } | null }): void => {
    if (!this.locks.has(delta.path)) return;
    if (!delta.exists) {
      this.forget(delta.path);
      return;
    }
    // The recipe comes with a delta only when it changed.
    if (delta.recipe !== null && this.droppedAsNotALock(delta.path, delta.recipe.systemLayout)) return;
    this.markDirty(delta.path, this.now());
  };

  /**
   * A reconnect loses the notifications of its gap. Where the ephemeral nodes are listed and the
   * scan has read the whole tree, listing them again finds every lock with a contender that came
   * meanwhile (a lock without one, until the next session's scan); otherwise discovery starts over.
   * A blip does not cost a scan of a million znodes.
   */
  private readonly newSession = (): void => this.restart('all');

  private readonly reconnected = (): void => {
    this.restart(this.status.method === 'ephemerals' && scanned(this.following) && this.running === null ? 'ephemerals' : 'all');
  };

  /** A lost connection lets every list waiting for ZooKeeper go with what is known. */
  private readonly stateChanged = (): void => this.settle();

  /**
   * Discovers again: from the start at start and after a new session, whose gap no notification
   * covers (a scan under way is dropped), or from the ephemeral nodes only. The locks already found stay.
   */
  private restart(what: 'all' | 'ephemerals'): void {
    if (this.stopped) return;
    this.generation.stopped = true;
    const generation: Generation = { stopped: false };
    this.generation = generation;
    const run = this.discover(generation, what)
      .catch((error: unknown) => {
        warnUnlessPassing(error, 'lock discovery');
      })
      .finally(() => {
        if (this.running === run) this.running = null;
        this.settle();
      });
    this.running = run;
  }

  /**
   * The ephemeral nodes first: where a member lists them, listing them again keeps the list live
   * (from the listing just read, so that no creation falls between); otherwise a watch on the
   * roots does, armed before the scan reads what it covers.
   */
  private async discover(generation: Generation, what: 'all' | 'ephemerals'): Promise<void> {
    // Without a session nothing found could be read (a refused login): discovery begins with the session (`session`, `reconnected`).
    if (this.session.state !== 'connected' && this.session.state !== 'read-only') return;
    const ephemeral = await this.fromEphemerals(generation);
    if (generation.stopped) return;
    if (ephemeral !== null) this.pollFrom(generation, ephemeral);
    else await this.followRoots(generation);
    if (generation.stopped) return;
    // After a reconnect the tree scanned before stands, and the scans again go on from this generation.
    if (what !== 'ephemerals') await this.scan(generation, ephemeral);
    this.armRescan(generation, rescanPlanned(this.following, this.now(), this.followingOptions));
  }

  /**
   * Sets the timer of the scan again that the machine planned (`at`; null: none): while the
   * ephemeral nodes keep the list live, a lock of persistent nodes alone (a buggy client's) has no
   * node that a listing would show. A stopped generation's plan is not this one's.
   */
  private armRescan(generation: Generation, at: number | null): void {
    if (generation.stopped) return;
    if (this.rescanTimer !== null) clearTimeout(this.rescanTimer);
    this.rescanTimer = null;
    if (at === null) return;
    this.rescanTimer = setTimeout(() => {
      this.rescanTimer = null;
      rescanTaken(this.following);
      if (generation.stopped || this.stopped) return;
      // A discovery from the start under way (a new session) scans the tree itself.
      if (this.running !== null) return;
      const run = this.scan(generation, this.following.listing)
        .then(() => this.armRescan(generation, rescanPlanned(this.following, this.now(), this.followingOptions)))
        .catch((error: unknown) => warnUnlessPassing(error, 'lock discovery'))
        .finally(() => {
          if (this.running === run) this.running = null;
          this.settle();
        });
      this.running = run;
    }, Math.max(0, at - this.now()));
    this.rescanTimer.unref();
  }

  /** Keeps the list live by listing the ephemeral nodes again and again; the watch on the roots, if it was one, goes. */
  private pollFrom(generation: Generation, ephemerals: Set<string>): void {
    listingBegins(this.following, ephemerals);
    this.status.live = 'ephemerals-poll';
    for (const unwatch of this.unwatchRoots.splice(0)) void unwatch().catch(() => undefined);
    this.schedulePoll(generation, this.options.pollMs ?? POLL_MS);
  }

  private schedulePoll(generation: Generation, delayMs: number): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.status.pollMs = delayMs;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.poll(generation);
    }, delayMs);
    this.pollTimer.unref();
  }

  /**
   * Lists the ephemeral nodes again and reads the parents of the new ones. Where no member lists
   * them any more, the watch on the roots takes over, and a discovery from the start covers the gap.
   */
  private async poll(generation: Generation): Promise<void> {
    const source = this.options.ephemerals;
    if (this.stopped || generation.stopped || source === undefined) return;
    // What the listing alone took: the parents read after it (and the rest of the explorer's work meanwhile) are no cost of the member's.
    let listingMs = 0;
    let pathBytes = 0;
    try {
      const asked = this.now();
      const answer = await source();
      listingMs = this.now() - asked;
      if (generation.stopped) return;
      if ('refused' in answer) {
        listingEnds(this.following);
        this.status.live = 'pending';
        this.restart('all');
        return;
      }
      for (const path of answer.paths) pathBytes += path.length;
      const fresh = ephemeralsListed(this.following, answer.paths);
      const listing = this.following.listing!;
      this.status.ephemerals = { ...this.status.ephemerals, server: answer.server, source: answer.source, nodes: answer.paths.length, at: this.now() };
      if (this.unreadable.size > 0) {
        unreadableListed(this.following, answer.nodesUnder(new Set(this.unreadable.keys())), this.clientOf, this.now(), this.followingOptions);
        this.wakeForPush();
      }
      // A lock found that stays one once read (not a system's nodes that make none, found again after every scan) asks a rescan sooner.
      const grew = (): void => {
        const due = treeGrew(this.following, this.followingOptions);
        if (due !== null) this.armRescan(generation, due);
      };
      if (fresh.length > 0) await this.lockParentsOfEphemerals(generation, fresh, listing, answer.nodesUnder, grew);
    } catch (error) {
      warnUnlessPassing(error, 'lock discovery');
    } finally {
      if (!generation.stopped && this.following.listing !== null) {
        this.schedulePoll(generation, nextPollMs(this.options.pollMs ?? POLL_MS, listingMs, pathBytes));
      }
    }
  }

  /** One persistent recursive watch per root; where ZooKeeper refuses them, child watches on every node the scan reads. */
  private async followRoots(generation: Generation): Promise<void> {
    if (this.status.live === 'recursive-watch' && this.unwatchRoots.length === this.options.roots.length) return;
    if (this.status.live === 'child-watches') return;
    try {
      const unwatch = await Promise.all(this.options.roots.map((root) => this.session.watchTree(root, this.onTreeEvent)));
      if (generation.stopped && this.stopped) {
        for (const stop of unwatch) void stop().catch(() => undefined);
        return;
      }
      this.unwatchRoots = unwatch;
      this.status.live = 'recursive-watch';
    } catch (error) {
      if (error instanceof ZkError && TRANSIENT.has(error.code)) throw error;
      if (this.session.persistentWatchesRefused === null) throw error;
      this.status.live = 'child-watches';
    }
  }

  /** Reads the parents of every ephemeral node; resolves with their paths (null when no member would list them). */
  private async fromEphemerals(generation: Generation): Promise<Set<string> | null> {
    const source = this.options.ephemerals;
    if (source === undefined) return null;
    this.readingEphemerals = true;
    try {
      return await this.readEphemerals(generation, source);
    } finally {
      this.readingEphemerals = false;
      this.settle();
    }
  }

  private async readEphemerals(generation: Generation, source: () => Promise<EphemeralNodes>): Promise<Set<string> | null> {
    const answer = await source();
    if (generation.stopped) return null;
    if ('refused' in answer) {
      this.status.method = 'scan';
      this.status.ephemerals = { state: 'refused', server: null, source: null, nodes: 0, reason: answer.refused, at: this.now() };
      this.schedulePush();
      return null;
    }
    this.status.method = 'ephemerals';
    this.status.ephemerals = { state: 'running', server: answer.server, source: answer.source, nodes: answer.paths.length, reason: null, at: null };
    const ephemerals = new Set(answer.paths);
    await this.lockParentsOfEphemerals(generation, ephemerals, ephemerals, answer.nodesUnder);
    // Done once the locks found are read, so that a list said complete holds them all.
    await Promise.all(this.acquiring);
    if (generation.stopped) return null;
    this.status.ephemerals = { ...this.status.ephemerals, state: 'done', at: this.now() };
    this.completedOnce = true;
    this.schedulePush();
    return ephemerals;
  }

  /**
   * Reads the parents of `nodes` (ephemeral nodes among `ephemerals`, the whole listing) and
   * follows those that are locks; a parent ZooKeeper will not let the explorer list is judged by
   * the ephemeral nodes under it (`nodesUnder`) alone.
   */
  private async lockParentsOfEphemerals(generation: Generation, nodes: Iterable<string>, ephemerals: ReadonlySet<string>, nodesUnder: (parents: ReadonlySet<string>) => Map<string, UnreadableNode[]>, kept?: () => void): Promise<void> {
    // A system's lock node at a fixed name (Kafka's /controller) is a lock whatever its parent is.
    for (const path of nodes) if (isSystemLock(path) && isSearched(path, this.options.roots)) this.becomeLock(path, kept);
    const candidates = candidatesFromEphemerals(nodes, this.options.roots);
    const refused = new Set<string>();
    for (let start = 0; start < candidates.length && !generation.stopped; start += SCAN_BATCH) {
      const paths = candidates.slice(start, start + SCAN_BATCH).filter((path) => enclosingLock(path, this.locks) === null && !this.notLocks.has(path));
      const listings = await this.session.getChildrenMany(paths);
      paths.forEach((path, index) => {
        const names = listings[index];
        if (names instanceof ZkError && names.code === 'NO_AUTH') refused.add(path);
        // A semaphore's `leases/` read in the same batch as the semaphore found it already.
        if (!Array.isArray(names) || enclosingLock(path, this.locks) !== null) return;
        if (isLock(path, names, (name) => ephemerals.has(childPath(path, name)))) this.becomeLock(path, kept);
      });
    }
    if (refused.size > 0 && !generation.stopped) {
      unreadableFound(this.following, nodesUnder(refused), this.clientOf, this.now(), this.followingOptions);
      this.wakeForPush();
    }
  }

  /**
   * Reads the whole tree below the roots at the configured rate, depth first so that what it
   * holds is the path it is on: each node's children are listed together with its siblings' (a
   * multiRead), a node whose children are a recipe's is a lock and is not walked into, one whose
   * children are all ephemeral leaves too (their stats read, or known from `dump`).
   */
  private async scan(generation: Generation, ephemerals: Set<string> | null): Promise<void> {
    const scan = this.status.scan;
    const began = this.now();
    // What was no lock is judged again from what the scan reads now.
    scanBegins(this.following, this.now());
    this.partialReason = null;
    this.unlisted = null;
    void this.countTree(generation);
    const walk = scanWalk(this.options.roots, this.options.maxDepth);
    const roots = outermostRoots(this.options.roots);
    const rootListings = await this.listChildren(roots);
    scan.read += roots.length;
    for (const root of rootsListed(walk, roots, rootListings)) this.becomeLock(root);
    const steps = new Set<Promise<void>>();
    while (!generation.stopped && (walk.stack.length > 0 || steps.size > 0)) {
      if (walk.stack.length === 0 || steps.size >= SCAN_CONCURRENCY) {
        await Promise.race(steps);
        continue;
      }
      const batch = nextBatch(walk);
      const paths = batch.reduce((sum, piece) => sum + piece.names.length, 0);
      if (this.options.maxNodes !== null && scan.read + paths > this.options.maxNodes) {
        this.partialReason = { kind: 'scan-capped', params: { max: this.options.maxNodes } };
        scanCapped(this.following);
        walk.stack.length = 0;
        continue;
      }
      await this.pace(paths);
      const step = this.scanStep(generation, walk, batch, ephemerals).finally(() => steps.delete(step));
      // The first failure ends the scan (a lost connection starts it over); the others must not go unhandled.
      step.catch(() => undefined);
      steps.add(step);
    }
    await Promise.all(steps);
    if (generation.stopped) return;
    if (scanEnds(this.following, this.now())) {
      this.completedOnce = true;
      this.options.scanEnded?.(began);
    }
    this.schedulePush();
  }

  /** The scan's progress bar: how many nodes lie below the roots (ZooKeeper 3.6+), asked once a scan. */
  private async countTree(generation: Generation): Promise<void> {
    try {
      const counts = await Promise.all(this.options.roots.map((root) => this.session.countDescendants(root).catch(() => 0)));
      if (!generation.stopped) this.status.scan.total = counts.reduce((sum, count) => sum + count, 0) + this.options.roots.length;
    } catch {
      // Before 3.6 the server does not count: the progress is told without a total.
    }
  }

  /** Lists the children of a batch's nodes (`lib/lock/scan.ts` walks into those that have children and judges their parents), then the stats only they can tell by. */
  private async scanStep(generation: Generation, walk: ScanWalk, batch: ScanPiece[], ephemerals: Set<string> | null): Promise<void> {
    const paths = batchPaths(batch);
    const listings = await this.listChildren(paths);
    if (generation.stopped) return;
    this.status.scan.read += paths.length;
    const listed = batchListed(walk, batch, listings, ephemerals, (path) => this.locks.has(path));
    for (const path of listed.unlisted) {
      this.unlisted = { count: (this.unlisted?.count ?? 0) + 1, first: this.unlisted?.first ?? path };
      this.partialReason = { kind: 'noauth-listing', params: { count: this.unlisted.count, first: this.unlisted.first } };
    }
    if (listed.partial !== null) this.partialReason = listed.partial;
    for (const path of listed.locks) this.becomeLock(path);
    const { systemLeaves, unsure } = listed;
    if (systemLeaves.length > 0) {
      const known = ephemerals;
      const ephemeral = known !== null ? systemLeaves.map((path) => known.has(path)) : (await this.session.getDataMany(systemLeaves)).map((read) => !(read instanceof ZkError) && read.stat.ephemeralOwner !== NO_SESSION);
      systemLeaves.forEach((path, index) => {
        if (ephemeral[index]) this.becomeLock(path);
      });
    }
    const statted = new Map<string, ReadResult>();
    if (unsure.length > 0) {
      // The single-node layout: whether every leaf is ephemeral only its stat says.
      const leaves = unsure.flatMap((entry) => entry.leaves);
      const stats = await this.session.getDataMany(leaves);
      this.status.scan.read += leaves.length;
      let index = 0;
      for (const entry of unsure) {
        const reads = stats.slice(index, index + entry.leaves.length);
        entry.leaves.forEach((leaf, at) => statted.set(leaf, reads[at]!));
        index += entry.leaves.length;
        leavesStatted(entry, reads.some((read) => !(read instanceof ZkError) && read.stat.ephemeralOwner === NO_SESSION));
      }
    }
    if (this.options.leavesRead !== undefined && listed.leaves.length > 0) {
      // A directory of more than a batch is listed in pieces, its short last piece first: a leaf alone in it is no lone leaf.
      const split = new Set(batch.filter((piece) => piece.parent.pending > 1).map((piece) => piece.parent.path));
      await this.readLeaves(generation, listed.leaves, statted, split, this.options.leavesRead);
    }
    for (const path of batchDone(batch)) this.becomeLock(path);
    this.schedulePush();
  }

  /**
   * The stats of the leaves a step listed that may be lock parents left empty (`leafSample`: a
   * sample of each directory of several leaves, then the rest of a pile), for the lock garbage;
   * those the single-node layout's question read already are not read again.
   */
  private async readLeaves(generation: Generation, leaves: readonly string[], statted: ReadonlyMap<string, ReadResult>, split: ReadonlySet<string>, told: (leaves: Array<{ path: string; stat: ZnodeStat | null }>) => void): Promise<void> {
    const { sample, rest } = leafSample(leaves, (directory) => split.has(directory));
    const read = new Map<string, ZnodeStat | null>();
    const readAll = async (paths: readonly string[]): Promise<void> => {
      const unread = paths.filter((path) => !statted.has(path));
      if (unread.length > 0) await this.pace(unread.length);
      const reads = unread.length > 0 ? await this.session.getDataMany(unread) : [];
      this.status.scan.read += unread.length;
      unread.forEach((path, index) => read.set(path, statOf(reads[index])));
      for (const path of paths) if (statted.has(path)) read.set(path, statOf(statted.get(path)));
    };
    await readAll(sample);
    if (generation.stopped) return;
    const pile = leavesAfterSample(rest, read);
    if (pile.length > 0) await readAll(pile);
    if (generation.stopped) return;
    // The single-node layout's reads tell the rest of their directories' leaves for nothing.
    for (const [path, one] of statted) if (!read.has(path)) read.set(path, statOf(one));
    told([...read].map(([path, stat]) => ({ path, stat })));
  }

  /** Waits until `reads` more reads keep the scan within its rate. */
  private async pace(reads: number): Promise<void> {
    const now = this.now();
    const at = Math.max(now, this.nextReadAt);
    this.nextReadAt = at + (1000 * reads) / this.options.readsPerSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  /** Lists the children of nodes: in multiReads without watches, or (child watches keeping the list live) one by one, each with its watch. */
  private async listChildren(paths: readonly string[]): Promise<Listing[]> {
    if (this.status.live !== 'child-watches') return (await this.session.getChildrenMany(paths)).map(listingOf);
    return Promise.all(
      paths.map(async (path) => {
        try {
          const { children } = await this.session.getChildren(path, this.childWatcherOf(path));
          this.directories.set(path, new Set(children));
          return children;
        } catch (error) {
          if (error instanceof ZkError && !TRANSIENT.has(error.code)) return listingOf(error);
          throw error;
        }
      }),
    );
  }

  /** One watcher function a path, so that re-arming it never stacks callbacks. */
  private childWatcherOf(path: string): Watcher {
    let watcher = this.childWatchers.get(path);
    if (watcher === undefined) {
      watcher = () => {
        this.childWatchers.delete(path);
        void this.relist(path).catch((error: unknown) => {
          warnUnlessPassing(error, `lock discovery of ${path}`);
        });
      };
      this.childWatchers.set(path, watcher);
    }
    return watcher;
  }

  /** A child watch fired (ZooKeeper refused persistent watches): the node is listed again, its new children walked, its gone ones forgotten. */
  private async relist(path: string): Promise<void> {
    if (this.stopped || this.locks.has(path)) return;
    const before = this.directories.get(path) ?? new Set<string>();
    const [names] = await this.listChildren([path]);
    if (!Array.isArray(names)) {
      this.forget(path);
      return;
    }
    for (const name of before) if (!names.includes(name)) this.forget(childPath(path, name));
    if (isLockByNames(names)) {
      this.becomeLock(path);
      return;
    }
    const added = names.filter((name) => !before.has(name));
    if (added.length === 0 && names.length === 0) return;
    this.mayBeLocks([path]);
    if (added.length > 0) {
      const walk = scanWalk(this.options.roots, this.options.maxDepth);
      walkInto(walk, { path, depth: 0, pending: 0, allLeaves: false, leaves: 0, judged: true }, added);
      const generation = this.generation;
      this.classifying += 1;
      try {
        while (walk.stack.length > 0 && !generation.stopped) await this.scanStep(generation, walk, nextBatch(walk), null);
      } finally {
        this.classifying -= 1;
        this.settle();
      }
    }
  }

  /** A creation or deletion below a root (its persistent recursive watch). */
  private readonly onTreeEvent = (event: WatchEvent): void => {
    const path = event.path;
    if (this.stopped || path === undefined || !isSearched(path, this.options.roots)) return;
    if (event.type === 'NODE_DELETED') {
      this.forget(path);
      return;
    }
    if (event.type !== 'NODE_CREATED' || enclosingLock(parentPath(path), this.locks) !== null) return;
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (mayMakeLock(name)) {
      this.mayBeLocks(lockParentsOf(path).filter((parent) => isSearched(parent, this.options.roots)));
      return;
    }
    // A plain name makes its parent a lock only as an ephemeral node (one node per resource); a system's lock node is one of its own.
    this.classifying += 1;
    this.session
      .exists(path)
      .then((stat) => {
        if (stat === null || stat.ephemeralOwner === NO_SESSION) return;
        if (isSystemLock(path)) {
          this.becomeLock(path);
          return;
        }
        this.mayBeLocks([parentPath(path)]);
      })
      .catch(() => undefined)
      .finally(() => {
        this.classifying -= 1;
        this.settle();
      });
  };

  /** Paths that may be locks now: read together CANDIDATE_DELAY_MS after the first of a burst. */
  private mayBeLocks(paths: string[]): void {
    if (mayBeLocks(this.following, paths)) this.scheduleCandidates();
  }

  private scheduleCandidates(): void {
    if (this.candidateTimer !== null || this.stopped) return;
    this.candidateTimer = setTimeout(() => {
      this.candidateTimer = null;
      void this.readCandidates();
    }, CANDIDATE_DELAY_MS);
  }

  /** Reads the nodes whose new children may make them locks, shallower first. */
  private async readCandidates(): Promise<void> {
    const paths = candidatesTaken(this.following);
    this.classifying += 1;
    try {
      const listings = await this.session.getChildrenMany(paths);
      const unsure: Array<{ path: string; names: string[] }> = [];
      paths.forEach((path, index) => {
        const names = listings[index];
        if (!Array.isArray(names) || enclosingLock(path, this.locks) !== null) return;
        if (isLockByNames(names)) this.becomeLock(path);
        else if (names.length > 0) unsure.push({ path, names });
      });
      for (const { path, names } of unsure) {
        const stats = await this.session.getDataMany(names.map((name) => childPath(path, name)));
        const ephemeralLeaf = (index: number): boolean => {
          const read = stats[index];
          return read !== undefined && !(read instanceof ZkError) && read.stat.ephemeralOwner !== NO_SESSION && read.stat.numChildren === 0 && !isSystemLock(childPath(path, names[index]!));
        };
        // Their names are no recipe's (see above): a lock only if every child is an ephemeral leaf.
        if (names.every((_, index) => ephemeralLeaf(index))) this.becomeLock(path);
      }
    } catch (error) {
      warnUnlessPassing(error, 'lock discovery');
    } finally {
      this.classifying -= 1;
      this.settle();
    }
  }

  /**
   * Follows a lock found at `path` (once), unless it lies within a lock already known; a lock found
   * above known ones takes their place. `kept` is called once its first reading keeps it a lock,
   * the first time the path is one.
   */
  private becomeLock(path: string, kept?: () => void): void {
    if (this.stopped) return;
    const follows = lockFound(this.following, path, this.now(), this.followingOptions);
    this.unfollow(follows.unfollow);
    for (const { again } of follows.follow) this.follow(path, again, kept);
  }

  /** Starts the watcher of a lock the machine follows now, and marks its line once read; `kept` as `becomeLock` says. */
  private follow(path: string, again: boolean, kept?: () => void): void {
    const acquired = this.withAcquireSlot(() => this.registry.acquire(path, SUBSCRIBER).then(() => undefined))
      .catch((error: unknown) => {
        if (!(error instanceof ZkError && error.code === 'NO_NODE')) warnUnlessPassing(error, `lock discovery of ${path}`);
      })
      .finally(() => {
        this.acquiring.delete(acquired);
        if (!this.droppedAsNotALock(path, this.registry.published(path)?.recipe.systemLayout ?? null)) {
          this.markDirty(path);
          if (!again && this.locks.has(path) && this.registry.published(path) !== undefined) kept?.();
        }
        this.settle();
      });
    this.acquiring.add(acquired);
  }

  private async withAcquireSlot<T>(run: () => Promise<T>): Promise<T> {
    if (this.acquireSlots === 0) await new Promise<void>((resolve) => this.acquireQueue.push(resolve));
    else this.acquireSlots -= 1;
    try {
      return await run();
    } finally {
      const next = this.acquireQueue.shift();
      if (next !== undefined) next();
      else this.acquireSlots += 1;
    }
  }

  /** Drops a followed lock that its reading (`layout`) names a system's nodes that make no lock, and remembers it; whether it did. */
  private droppedAsNotALock(path: string, layout: string | null): boolean {
    const dropped = layoutRead(this.following, path, layout, this.now(), this.followingOptions);
    if (dropped === null) return false;
    this.unfollow(dropped);
    return true;
  }

  /** Stops the watchers of the locks the machine no longer follows; their lines go with the next push. */
  private unfollow(paths: Follows['unfollow']): void {
    if (paths.length === 0) return;
    for (const path of paths) this.registry.release(path, SUBSCRIBER);
    this.wakeForPush();
  }

  /** Drops a path that went away, with every lock and node known below it. */
  private forget(path: string): void {
    this.unfollow(pathGone(this.following, path, this.now(), this.followingOptions));
    if (this.directories.size > 0) {
      for (const known of [...this.directories.keys()]) if (isWithin(known, path)) this.directories.delete(known);
    }
  }

  /** Asks a push (the list's state moved: the scan, the ephemeral nodes, what cannot be read). */
  private schedulePush(): void {
    askPush(this.pushes, this.now(), this.followingOptions.push);
    this.wakeForPush();
  }

  /** Sets the timer of the push the machine asks, if one is asked and none is set. */
  private wakeForPush(): void {
    const due = this.pushes.dueAt;
    if (this.stopped || this.pushTimer !== null || due === null) return;
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      const started = this.now();
      const push = takePush(this.pushes, started);
      if (push === null) return this.wakeForPush();
      // Nobody to tell: the summaries (every changed lock's activity) are not made for nobody.
      if (!this.listFollowed()) return;
      this.emit('changes', this.changesOf(push));
      pushTook(this.pushes, this.now() - started);
    }, Math.max(0, due - this.now()));
  }
}
