/**
 * The set of locks an ensemble follows, as a state machine over plain data: which paths are
 * followed, which were read as a system's nodes that make no lock, which came back, which nodes a
 * listing of the ephemeral nodes shows as new, what is known of the locks ZooKeeper will not let
 * the explorer read, and when the tree is scanned again. Fed what discovery found or saw go and
 * the time, it answers which locks to start and stop following (the registry's watchers), and
 * marks the lines of the list's pushes (`list-push.ts`, nested in it). It reads no clock and
 * does no I/O: discovery (`server/locks/discovery.ts`) runs it, reading what it asks and setting
 * the rescan's timer at `rescanAt`; unit tests drive it on a manual clock.
 */
import type { DiscoveryStatus } from '../protocol';
import { isWithin, parentPath } from '../zk/path';
import { enclosingLock, isLock } from './discovery';
import { lineChanged, lineGone, listPushState, type ListPushOptions, type ListPushState } from './list-push';
import { kazooSemaphoreQueue } from './recipes/kazoo-semaphore';
import { isNotALock } from './systems';
import { queueOrder, type UnreadableNode } from './unreadable';

/** The most lock paths remembered as followed once (see `followedOnce`): a tree of one lock parent per resource name forgets them all at this count and starts again. */
export const FOLLOWED_ONCE_MAX = 100_000;

export interface FollowingOptions {
  /** The list's pushes. */
  push: ListPushOptions;
  /** While the ephemeral nodes keep the list live, the tree is scanned again this long after each scan (ms; 0: never). */
  rescanMs: number;
  /** The soonest the tree is scanned again after a listing found a lock the last scan had not (ms). */
  rescanAfterGrowthMs: number;
}

export interface FollowingState {
  /** The locks followed. */
  locks: Set<string>;
  /** How many followed locks lie below each path that has any: whether a path has locks below it, without a look at every lock. */
  below: Map<string, number>;
  /** Parents read as a system's nodes that make no lock, and the layout that said so; forgotten at each scan. */
  notLocks: Map<string, string>;
  /**
   * Every lock path followed since the start: one that comes back (a container parent reaped and
   * made again, a lock taken once a minute) is no growth of the tree, and asks no rescan.
   */
  followedOnce: Set<string>;
  /** The ephemeral nodes of the last listing, while listings keep the list live; null otherwise. */
  listing: Set<string> | null;
  /** Locks dropped since the last listing: a node at the same path in the next one is new (a controller re-elected between two listings). */
  droppedSinceListing: Set<string>;
  /** Locks ZooKeeper will not let the explorer list (their ACL answers NoAuth), known by the ephemeral nodes under them alone, in queue order. */
  unreadable: Map<string, UnreadableNode[]>;
  /** Where each of their sessions connects from, as last pushed. */
  unreadableClients: Map<string, string>;
  /** The scan: how far it is and when it began and ended (the discovery status's `scan`). */
  scan: DiscoveryStatus['scan'];
  /** When the tree is to be scanned again (ms); null: not planned. */
  rescanAt: number | null;
  /** Paths whose new children may have made them a lock, read together a moment after the first (a burst of creations is one read). */
  candidates: Set<string>;
  /** The list's pushes. */
  pushes: ListPushState;
}

export function followingState(readsPerSecond: number): FollowingState {
  return {
    locks: new Set(),
    below: new Map(),
    notLocks: new Map(),
    followedOnce: new Set(),
    listing: null,
    droppedSinceListing: new Set(),
    unreadable: new Map(),
    unreadableClients: new Map(),
    scan: { state: 'pending', read: 0, total: null, readsPerSecond, startedAt: null, endedAt: null },
    rescanAt: null,
    candidates: new Set(),
    pushes: listPushState(),
  };
}

/** What a rule asks of the runner: locks whose watchers to start (`again`: followed before) and to stop. */
export interface Follows {
  follow: Array<{ path: string; again: boolean }>;
  unfollow: string[];
}

const none = (): Follows => ({ follow: [], unfollow: [] });

/**
 * A lock was found at `path`: it is followed (once), unless it lies within a lock already known
 * or was read as no lock since the last scan; a lock found above known ones takes their place.
 */
export function lockFound(state: FollowingState, path: string, now: number, options: FollowingOptions): Follows {
  const follows = none();
  if (state.locks.has(path) || state.notLocks.has(path) || enclosingLock(parentPath(path), state.locks) !== null) return follows;
  follows.unfollow.push(...dropBelow(state, path, now, options));
  state.unreadable.delete(path);
  state.unreadableClients.delete(path);
  state.locks.add(path);
  countBelow(state, path, 1);
  const again = state.followedOnce.has(path);
  if (!again) {
    if (state.followedOnce.size >= FOLLOWED_ONCE_MAX) state.followedOnce.clear();
    state.followedOnce.add(path);
  }
  follows.follow.push({ path, again });
  return follows;
}

/** A followed lock is dropped: its line goes; a Kazoo semaphore's queue shows again as a lock of its own. The locks to stop following. */
export function lockDropped(state: FollowingState, path: string, now: number, options: FollowingOptions): string[] {
  if (!state.locks.delete(path)) return [];
  countBelow(state, path, -1);
  if (state.listing !== null) state.droppedSinceListing.add(path);
  lineGone(state.pushes, path, now, options.push);
  const queue = kazooSemaphoreQueue(path);
  if (state.locks.has(queue)) lineChanged(state.pushes, queue, now, options.push);
  return [path];
}

/** A path went away (its node deleted, or its parent's): every lock followed at or below it is dropped, unless it lies within a lock (a contender's node). */
export function pathGone(state: FollowingState, path: string, now: number, options: FollowingOptions): string[] {
  if (state.locks.has(path)) return lockDropped(state, path, now, options);
  if (enclosingLock(path, state.locks) !== null) return [];
  return dropBelow(state, path, now, options);
}

/** Drops every followed lock below `path` (those a lock found at `path` replaces, or a deletion of `path` takes along): the locks to stop following. */
function dropBelow(state: FollowingState, path: string, now: number, options: FollowingOptions): string[] {
  // Most paths have no lock below them: a deletion in a busy tree, a lock found at a leaf. Only those that have look at every lock.
  if (!state.below.has(path)) return [];
  const unfollow: string[] = [];
  for (const known of [...state.locks]) if (known !== path && isWithin(known, path)) unfollow.push(...lockDropped(state, known, now, options));
  return unfollow;
}

/** Counts a lock followed (`by` 1) or dropped (-1) at each path above it. */
function countBelow(state: FollowingState, lock: string, by: 1 | -1): void {
  if (lock === '/') return;
  for (let at = lock.lastIndexOf('/'); at >= 0; at = at === 0 ? -1 : lock.lastIndexOf('/', at - 1)) {
    const above = at === 0 ? '/' : lock.slice(0, at);
    const count = (state.below.get(above) ?? 0) + by;
    if (count > 0) state.below.set(above, count);
    else state.below.delete(above);
  }
}

/**
 * A followed lock's reading named its layout (`layout`, null for none): one that is a system's
 * nodes that make no lock is dropped and not read again until the next scan. The locks to stop
 * following, or null when it stays a lock.
 */
export function layoutRead(state: FollowingState, path: string, layout: string | null, now: number, options: FollowingOptions): string[] | null {
  if (layout === null || !isNotALock(layout)) return null;
  state.notLocks.set(path, layout);
  return lockDropped(state, path, now, options);
}

/**
 * A listing of the ephemeral nodes keeps the list live from now on (or again): the nodes it holds
 * are the ones the next listing is compared with.
 */
export function listingBegins(state: FollowingState, paths: Set<string>): void {
  state.listing = paths;
}

/** No member lists the ephemeral nodes any more: the list is kept live otherwise. */
export function listingEnds(state: FollowingState): void {
  state.listing = null;
}

/**
 * A new listing of the ephemeral nodes: the nodes new since the last one, and those under a lock
 * dropped since (made again at the same path between two listings). Their parents are to be read;
 * `state.listing` is this listing's nodes from now on.
 */
export function ephemeralsListed(state: FollowingState, paths: readonly string[]): string[] {
  const before = state.listing ?? new Set<string>();
  const dropped = state.droppedSinceListing;
  const fresh = paths.filter((path) => !before.has(path) || (dropped.size > 0 && enclosingLock(path, dropped) !== null));
  dropped.clear();
  state.listing = new Set(paths);
  return fresh;
}

/**
 * Parents ZooKeeper would not let the explorer list, with the ephemeral nodes a listing shows
 * under each: those whose nodes make a lock are listed by these nodes alone. `clientOf` says where
 * a session connects from.
 */
export function unreadableFound(state: FollowingState, under: ReadonlyMap<string, UnreadableNode[]>, clientOf: (sessionId: string) => string | null, now: number, options: FollowingOptions): void {
  for (const [path, nodes] of under) {
    if (!state.locks.has(path) && isLock(path, nodes.map((node) => node.name), () => true)) keepUnreadable(state, path, queueOrder(nodes), clientOf, now, options);
  }
}

/** Each listing brings the locks the explorer may not read up to date: their nodes now (`under`), and gone with the last of them. */
export function unreadableListed(state: FollowingState, under: ReadonlyMap<string, UnreadableNode[]>, clientOf: (sessionId: string) => string | null, now: number, options: FollowingOptions): void {
  for (const path of [...state.unreadable.keys()]) {
    const nodes = queueOrder(under.get(path) ?? []);
    if (nodes.length > 0) {
      keepUnreadable(state, path, nodes, clientOf, now, options);
      continue;
    }
    state.unreadable.delete(path);
    state.unreadableClients.delete(path);
    lineGone(state.pushes, path, now, options.push);
  }
}

/**
 * Keeps what is known of a lock the explorer may not read, its nodes and where their sessions
 * connect from, and marks its line when either changed (ZooKeeper's report, which names the
 * clients, may come after the listing that found the lock).
 */
function keepUnreadable(state: FollowingState, path: string, nodes: UnreadableNode[], clientOf: (sessionId: string) => string | null, now: number, options: FollowingOptions): void {
  const clients = nodes.map((node) => clientOf(node.sessionId) ?? '').join(' ');
  if (sameNodes(state.unreadable.get(path), nodes) && state.unreadableClients.get(path) === clients) return;
  state.unreadable.set(path, nodes);
  state.unreadableClients.set(path, clients);
  lineChanged(state.pushes, path, now, options.push);
}

/** Whether two lists of a lock's nodes (each in queue order) are the same nodes of the same sessions. */
function sameNodes(a: readonly UnreadableNode[] | undefined, b: readonly UnreadableNode[]): boolean {
  return a !== undefined && a.length === b.length && a.every((node, index) => node.name === b[index]!.name && node.sessionId === b[index]!.sessionId);
}

/** Children were made below these paths (or their child watch fired): each may be a lock now. Whether the first of a burst, for which the read is to be planned. */
export function mayBeLocks(state: FollowingState, paths: Iterable<string>): boolean {
  const first = state.candidates.size === 0;
  for (const path of paths) state.candidates.add(path);
  return first && state.candidates.size > 0;
}

/** The paths to read now of those that may be locks: none within a followed lock, shallower first. */
export function candidatesTaken(state: FollowingState): string[] {
  const paths = [...state.candidates].filter((path) => enclosingLock(path, state.locks) === null).sort((a, b) => a.length - b.length);
  state.candidates.clear();
  return paths;
}

/** A scan of the tree begins: what was no lock is judged again from what it reads. */
export function scanBegins(state: FollowingState, now: number): void {
  Object.assign(state.scan, { state: 'running', read: 0, total: null, startedAt: now, endedAt: null });
  state.notLocks.clear();
}

/** The scan stops at the cap on the znodes it reads (DISCOVERY_MAX_NODES). */
export function scanCapped(state: FollowingState): void {
  state.scan.state = 'capped';
}

/** The scan ended: it read the whole tree unless it was capped. Whether it read the whole tree. */
export function scanEnds(state: FollowingState, now: number): boolean {
  const whole = state.scan.state === 'running';
  if (whole) state.scan.state = 'done';
  state.scan.endedAt = now;
  return whole;
}

/** Whether the tree has been scanned to its end (or its cap) once, so that a reconnect need not scan it again. */
export function scanned(state: FollowingState): boolean {
  return state.scan.state === 'done' || state.scan.state === 'capped';
}

/**
 * Plans the next scan `rescanMs` from `now`, while listings of the ephemeral nodes keep the list
 * live (a lock of persistent nodes alone, a buggy client's, has no node a listing would show).
 * The time planned, or null for none.
 */
export function rescanPlanned(state: FollowingState, now: number, options: FollowingOptions): number | null {
  state.rescanAt = options.rescanMs > 0 && state.listing !== null ? now + options.rescanMs : null;
  return state.rescanAt;
}

/**
 * A listing showed a lock the last scan did not: the tree has grown since, and the parts new since
 * may hold locks of persistent nodes alone, which only a scan finds. The scan is moved sooner, but
 * a scan never takes more than a tenth of the time (a tree of a million znodes takes minutes), and
 * never later than planned. The time planned, when it moved; null otherwise.
 */
export function treeGrew(state: FollowingState, options: FollowingOptions): number | null {
  const { startedAt, endedAt } = state.scan;
  // A scan under way (or none yet) reads the new parts itself.
  if (startedAt === null || endedAt === null || state.scan.state === 'running' || state.rescanAt === null) return null;
  const due = endedAt + Math.max(options.rescanAfterGrowthMs, (endedAt - startedAt) * 10);
  if (due >= state.rescanAt) return null;
  state.rescanAt = due;
  return due;
}

/** The rescan planned is under way (or was given up): nothing is planned until it ends. */
export function rescanTaken(state: FollowingState): void {
  state.rescanAt = null;
}
