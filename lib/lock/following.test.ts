import { describe, expect, it } from 'vitest';
import {
  candidatesTaken,
  ephemeralsListed,
  FOLLOWED_ONCE_MAX,
  followingState,
  layoutRead,
  listingBegins,
  listingEnds,
  lockDropped,
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
  type FollowingOptions,
} from './following';
import { takePush } from './list-push';

const OPTIONS: FollowingOptions = { push: { intervalMs: 250, costFactor: 10, windowMs: 310_000 }, rescanMs: 600_000, rescanAfterGrowthMs: 30_000 };
const noClient = (): string | null => null;

describe('the set of locks an ensemble follows', () => {
  it('follows a lock found once, and a path found again only as the same lock', () => {
    const state = followingState(5_000);
    expect(lockFound(state, '/app/locks/orders', 0, OPTIONS)).toEqual({ follow: [{ path: '/app/locks/orders', again: false }], unfollow: [] });
    expect(lockFound(state, '/app/locks/orders', 10, OPTIONS)).toEqual({ follow: [], unfollow: [] });
    // A contender's node is no lock of its own, nor is anything deeper within a followed lock.
    expect(lockFound(state, '/app/locks/orders/_c_0f1e-lock-0000000001', 20, OPTIONS).follow).toEqual([]);
    expect([...state.locks]).toEqual(['/app/locks/orders']);
  });

  it('lets a lock found above followed ones take their place, their lines gone with the next push', () => {
    const state = followingState(5_000);
    lockFound(state, '/sem/leases', 0, OPTIONS);
    lockFound(state, '/sem/locks', 0, OPTIONS);
    takePush(state.pushes, 1_000);
    expect(lockFound(state, '/sem', 2_000, OPTIONS)).toEqual({ follow: [{ path: '/sem', again: false }], unfollow: ['/sem/leases', '/sem/locks'] });
    expect(takePush(state.pushes, 2_250)).toEqual({ dirty: [], removed: ['/sem/leases', '/sem/locks'] });
  });

  it('says a lock that comes back (a container parent reaped and made again) is followed again, and forgets every path at its bound', () => {
    const state = followingState(5_000);
    lockFound(state, '/curator/locks/job', 0, OPTIONS);
    expect(pathGone(state, '/curator/locks/job', 60_000, OPTIONS)).toEqual(['/curator/locks/job']);
    expect(lockFound(state, '/curator/locks/job', 61_000, OPTIONS).follow).toEqual([{ path: '/curator/locks/job', again: true }]);
    // A tree of one lock parent per resource name: the memory of the paths is bounded.
    for (let i = state.followedOnce.size; i < FOLLOWED_ONCE_MAX; i += 1) state.followedOnce.add(`/kazoo/resource-${i}`);
    expect(lockFound(state, '/kazoo/resource-new', 62_000, OPTIONS).follow).toEqual([{ path: '/kazoo/resource-new', again: false }]);
    expect(state.followedOnce.size).toBe(1);
  });

  it('drops every lock below a path that went, but not a lock whose contender went', () => {
    const state = followingState(5_000);
    for (const path of ['/hbase/table-lock/users', '/hbase/table-lock/orders', '/kafka/controller']) lockFound(state, path, 0, OPTIONS);
    expect(pathGone(state, '/hbase/table-lock/users/write-0000000003', 10, OPTIONS)).toEqual([]);
    expect(pathGone(state, '/hbase', 20, OPTIONS)).toEqual(['/hbase/table-lock/users', '/hbase/table-lock/orders']);
    expect([...state.locks]).toEqual(['/kafka/controller']);
    // What lies below each path is counted, not looked for: only the controller's ancestors have a lock below them now.
    expect(new Map(state.below)).toEqual(new Map([['/kafka', 1], ['/', 1]]));
    expect(pathGone(state, '/zookeeper', 30, OPTIONS)).toEqual([]);
  });

  it('shows a Kazoo semaphore\'s queue again as a lock of its own when the semaphore goes', () => {
    const state = followingState(5_000);
    lockFound(state, '/kazoo/sem', 0, OPTIONS);
    // The queue lies beside the semaphore, not within it: both are followed, the queue folded into the semaphore's line.
    lockFound(state, '/kazoo/sem-__lock__', 0, OPTIONS);
    takePush(state.pushes, 1_000);
    expect(lockDropped(state, '/kazoo/sem', 2_000, OPTIONS)).toEqual(['/kazoo/sem']);
    expect(takePush(state.pushes, 2_250)).toEqual({ dirty: ['/kazoo/sem-__lock__'], removed: ['/kazoo/sem'] });
  });

  it('drops a lock read as a system\'s nodes that make no lock and finds it no more until the next scan', () => {
    const state = followingState(5_000);
    lockFound(state, '/services/billing', 0, OPTIONS);
    expect(layoutRead(state, '/kafka/controller', null, 10, OPTIONS)).toBeNull();
    expect(layoutRead(state, '/services/billing', 'curator-discovery/instances', 10, OPTIONS)).toEqual(['/services/billing']);
    expect(lockFound(state, '/services/billing', 20, OPTIONS).follow).toEqual([]);
    scanBegins(state, 30);
    expect(lockFound(state, '/services/billing', 40, OPTIONS).follow).toEqual([{ path: '/services/billing', again: true }]);
  });

  it('names the ephemeral nodes new since the last listing, and those of a lock dropped and made again between two', () => {
    const state = followingState(5_000);
    listingBegins(state, new Set(['/kafka/controller', '/locks/a/_c_1-lock-0000000001']));
    lockFound(state, '/kafka/controller', 0, OPTIONS);
    // The controller is re-elected between two listings: its node is at the same path, of another session.
    pathGone(state, '/kafka/controller', 500, OPTIONS);
    expect(ephemeralsListed(state, ['/kafka/controller', '/locks/a/_c_1-lock-0000000001', '/locks/b/_c_2-lock-0000000001'])).toEqual(['/kafka/controller', '/locks/b/_c_2-lock-0000000001']);
    expect(ephemeralsListed(state, ['/kafka/controller', '/locks/b/_c_2-lock-0000000001'])).toEqual([]);
    expect([...state.listing!]).toEqual(['/kafka/controller', '/locks/b/_c_2-lock-0000000001']);
    // Without listings, nothing dropped is remembered for one.
    listingEnds(state);
    lockFound(state, '/kafka/controller', 3_000, OPTIONS);
    pathGone(state, '/kafka/controller', 3_500, OPTIONS);
    expect(state.droppedSinceListing.size).toBe(0);
  });

  it('lists a lock it may not read by its ephemeral nodes, pushes its line when they or their clients change, and drops it with the last', () => {
    const state = followingState(5_000);
    const node = (name: string, sessionId: string) => ({ name, sessionId });
    const under = new Map([['/secret/lock', [node('_c_b-lock-0000000002', '0x2'), node('_c_a-lock-0000000001', '0x1')]]]);
    unreadableFound(state, under, noClient, 0, OPTIONS);
    expect(state.unreadable.get('/secret/lock')!.map((n) => n.name)).toEqual(['_c_a-lock-0000000001', '_c_b-lock-0000000002']);
    expect(takePush(state.pushes, 250)).toEqual({ dirty: ['/secret/lock'], removed: [] });
    // The same nodes, no client known yet: nothing to push.
    unreadableListed(state, under, noClient, 1_000, OPTIONS);
    expect(state.pushes.dueAt).toBeNull();
    // ZooKeeper's report names the clients later: the line changes.
    unreadableListed(state, under, (id) => (id === '0x1' ? '10.0.0.7:51234' : null), 2_000, OPTIONS);
    expect(takePush(state.pushes, 2_250)).toEqual({ dirty: ['/secret/lock'], removed: [] });
    unreadableListed(state, new Map(), noClient, 3_000, OPTIONS);
    expect(state.unreadable.size).toBe(0);
    expect(takePush(state.pushes, 3_250)).toEqual({ dirty: [], removed: ['/secret/lock'] });
  });

  it('keeps no unreadable parent that is followed already, and forgets one once it is read as a lock', () => {
    const state = followingState(5_000);
    lockFound(state, '/shared/lock', 0, OPTIONS);
    unreadableFound(state, new Map([['/shared/lock', [{ name: '_c_a-lock-0000000001', sessionId: '0x1' }]]]), noClient, 0, OPTIONS);
    expect(state.unreadable.size).toBe(0);
    unreadableFound(state, new Map([['/secret/lock', [{ name: 'x-72057594037927937-0000000001', sessionId: '0x1' }]]]), noClient, 0, OPTIONS);
    expect(state.unreadable.has('/secret/lock')).toBe(true);
    lockFound(state, '/secret/lock', 10, OPTIONS);
    expect(state.unreadable.has('/secret/lock')).toBe(false);
  });
});

describe('the paths that may be locks', () => {
  it('reads a burst of creations together, planned at the first, shallower first and none within a followed lock', () => {
    const state = followingState(5_000);
    lockFound(state, '/app/locks/orders', 0, OPTIONS);
    expect(mayBeLocks(state, ['/app/locks/orders/_c_9-lock-0000000004', '/app/locks/new/deeper'])).toBe(true);
    expect(mayBeLocks(state, ['/app/locks/new', '/app/locks/new'])).toBe(false);
    expect(candidatesTaken(state)).toEqual(['/app/locks/new', '/app/locks/new/deeper']);
    expect(state.candidates.size).toBe(0);
    // Nothing to read plans nothing.
    expect(mayBeLocks(state, [])).toBe(false);
  });
});

describe('the scan again', () => {
  /** A state whose listings keep the list live, its first scan read from `startedAt` to `endedAt`. */
  function scannedFrom(startedAt: number, endedAt: number) {
    const state = followingState(5_000);
    listingBegins(state, new Set());
    scanBegins(state, startedAt);
    expect(scanEnds(state, endedAt)).toBe(true);
    return state;
  }

  it('plans a scan the configured time after each, only while listings keep the list live', () => {
    const state = scannedFrom(0, 4_000);
    expect(scanned(state)).toBe(true);
    expect(rescanPlanned(state, 4_000, OPTIONS)).toBe(604_000);
    listingEnds(state);
    expect(rescanPlanned(state, 5_000, OPTIONS)).toBeNull();
    listingBegins(state, new Set());
    expect(rescanPlanned(state, 5_000, { ...OPTIONS, rescanMs: 0 })).toBeNull();
  });

  it('moves the scan sooner when a listing shows a new lock, never to more than a tenth of the time scanning, nor later than planned', () => {
    const quick = scannedFrom(0, 1_000);
    rescanPlanned(quick, 1_000, OPTIONS);
    expect(treeGrew(quick, OPTIONS)).toBe(31_000);
    // Asked again, it is already as soon as it may be.
    expect(treeGrew(quick, OPTIONS)).toBeNull();
    // A scan of a million znodes took 5 minutes: the next is 50 minutes after it, no sooner (later than planned: not moved).
    const slow = scannedFrom(0, 300_000);
    rescanPlanned(slow, 300_000, OPTIONS);
    expect(treeGrew(slow, OPTIONS)).toBeNull();
    expect(slow.rescanAt).toBe(900_000);
    const slower = scannedFrom(0, 30_000);
    rescanPlanned(slower, 30_000, OPTIONS);
    expect(treeGrew(slower, OPTIONS)).toBe(330_000);
  });

  it('does not move a scan under way, none planned, or before any', () => {
    const state = scannedFrom(0, 1_000);
    expect(treeGrew(state, OPTIONS)).toBeNull();
    rescanPlanned(state, 1_000, OPTIONS);
    rescanTaken(state);
    expect(treeGrew(state, OPTIONS)).toBeNull();
    scanBegins(state, 601_000);
    expect(scanned(state)).toBe(false);
    state.rescanAt = 1_200_000;
    expect(treeGrew(state, OPTIONS)).toBeNull();
    expect(treeGrew(followingState(5_000), OPTIONS)).toBeNull();
  });

  it('says a capped scan is no whole one, yet enough not to scan again after a reconnect', () => {
    const state = followingState(5_000);
    scanBegins(state, 0);
    scanCapped(state);
    expect(scanEnds(state, 100)).toBe(false);
    expect(state.scan).toMatchObject({ state: 'capped', startedAt: 0, endedAt: 100 });
    expect(scanned(state)).toBe(true);
  });
});
