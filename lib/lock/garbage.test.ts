import { describe, expect, it } from 'vitest';
import type { EmptyParent, LockSnapshot } from '../protocol';
import { record, snapshotOf } from '../testing/records';
import {
  adviceFor,
  childCreated,
  cleanupPlan,
  cleanupFailure,
  cleanupVerdict,
  emptyParentsOf,
  garbageGroups,
  garbageState,
  leafSample,
  leavesAfterSample,
  ghostsSeen,
  leakedNodes,
  lockFollowed,
  lockInFiles,
  looksEmptyParent,
  nodeStatted,
  pathGone,
  unreadSince,
  persistentInLock,
  zkCliCommands,
  type LeafStat,
} from './garbage';

/** A Kazoo lock's parent after `handovers` acquires and releases: persistent, no data, no children. */
const emptied = (cversion: number, mtime = 1_000, extra: Partial<LeafStat> = {}): LeafStat => ({
  ephemeralOwner: '0x0',
  dataLength: 0,
  numChildren: 0,
  version: 0,
  cversion,
  pzxid: `0x${(100 + cversion).toString(16)}`,
  mtime,
  ctime: mtime,
  ...extra,
});

describe('empty lock parents', () => {
  it('are persistent nodes without data or children that had children once', () => {
    expect(looksEmptyParent(emptied(2))).toBe(true);
    // A configuration node that never had a child, one with data, an ephemeral node, one with children: none is.
    expect(looksEmptyParent(emptied(0))).toBe(false);
    expect(looksEmptyParent(emptied(2, 1_000, { dataLength: 12 }))).toBe(false);
    expect(looksEmptyParent(emptied(2, 1_000, { ephemeralOwner: '0x1000a' }))).toBe(false);
    expect(looksEmptyParent(emptied(2, 1_000, { numChildren: 1 }))).toBe(false);
  });

  it('say how sure they are: seen followed by the explorer, shown by the files, or told by the stat alone', () => {
    const state = garbageState();
    lockFollowed(state, '/locks/job-1', 'kazoo-lock');
    lockInFiles(state, '/locks/job-2', 'kazoo-lock');
    for (const path of ['/locks/job-1', '/locks/job-2', '/locks/job-3']) nodeStatted(state, path, emptied(4), 5_000);
    expect(emptyParentsOf(state, null).map((parent) => [parent.path, parent.sure, parent.recipe])).toEqual([
      ['/locks/job-1', 'seen', 'kazoo-lock'],
      ['/locks/job-2', 'files', 'kazoo-lock'],
      ['/locks/job-3', 'stat', null],
    ]);
  });

  it('leave the pile when a contender comes, the node goes, or a new stat says otherwise', () => {
    const state = garbageState();
    for (const name of ['a', 'b', 'c', 'd']) nodeStatted(state, `/locks/${name}`, emptied(2), 5_000);
    childCreated(state, '/locks/a');
    pathGone(state, '/locks/b');
    lockFollowed(state, '/locks/c', 'curator-mutex');
    nodeStatted(state, '/locks/d', emptied(2, 1_000, { numChildren: 1 }), 5_000);
    expect(emptyParentsOf(state, null)).toEqual([]);
    // A lock followed and emptied again comes back as seen, with its recipe.
    nodeStatted(state, '/locks/c', emptied(6), 5_000);
    expect(emptyParentsOf(state, null)[0]).toMatchObject({ path: '/locks/c', sure: 'seen', recipe: 'curator-mutex', cversion: 6 });
  });

  it('are read again after a scan that did not read them: one deleted by someone else does not stay listed', () => {
    const state = garbageState();
    nodeStatted(state, '/locks/a', emptied(2), 1_000);
    nodeStatted(state, '/locks/b', emptied(2), 1_000);
    // The scan began at 5,000 and read /locks/b again.
    nodeStatted(state, '/locks/b', emptied(2), 6_000);
    expect(unreadSince(state, 5_000)).toEqual(['/locks/a']);
    expect(emptyParentsOf(state, null).map((parent) => Object.keys(parent).includes('readAt'))).toEqual([false, false]);
  });

  it('are grouped by their parent path, the largest pile first, with its oldest and newest change and the recipe that left it', () => {
    const state = garbageState();
    for (let index = 0; index < 5; index += 1) nodeStatted(state, `/kazoo/locks/job-${index}`, emptied(2, 1_000 + index), 5_000);
    nodeStatted(state, '/app/users/ann', emptied(8, 50), 5_000);
    // The pile's live sibling names its recipe where no empty parent of it was seen followed.
    lockFollowed(state, '/kazoo/locks/job-live', 'kazoo-lock');
    expect(garbageGroups(state)).toEqual([
      { parent: '/kazoo/locks', count: 5, oldest: 1_000, newest: 1_004, recipe: 'kazoo-lock', sure: { seen: 0, files: 0, stat: 5 }, advice: 'kazoo' },
      { parent: '/app/users', count: 1, oldest: 50, newest: 50, recipe: null, sure: { seen: 0, files: 0, stat: 1 }, advice: 'unknown' },
    ]);
    expect(emptyParentsOf(state, '/app/users').map((parent) => parent.path)).toEqual(['/app/users/ann']);
  });

  it('advise by the recipe that left them', () => {
    expect(adviceFor('kazoo-lock')).toBe('kazoo');
    expect(adviceFor('curator-rwlock')).toBe('curator');
    expect(adviceFor('zk-writelock')).toBe('writelock');
    expect(adviceFor('go-zookeeper')).toBe('container');
    expect(adviceFor(null)).toBe('unknown');
  });

  it('are planned for a clean-up once the explorer has known them empty for long enough', () => {
    const state = garbageState();
    nodeStatted(state, '/locks/old', emptied(2), 1_000);
    nodeStatted(state, '/locks/new', emptied(2), 60_000);
    nodeStatted(state, '/other/old', emptied(2), 1_000);
    // Read again unchanged: still empty since the first read; changed since: empty since now.
    nodeStatted(state, '/locks/old', emptied(2), 50_000);
    expect(cleanupPlan(state, ['/locks'], 30_000, 70_000)).toMatchObject({ plan: [{ path: '/locks/old', emptySince: 1_000 }], recent: 1 });
    nodeStatted(state, '/locks/old', emptied(4), 65_000);
    expect(cleanupPlan(state, null, 30_000, 70_000)).toMatchObject({ plan: [{ path: '/other/old' }], recent: 2 });
  });

  it('print as zkCli commands that refuse a parent changed since (-v)', () => {
    const state = garbageState();
    nodeStatted(state, '/locks/b', emptied(2, 1_000, { version: 3 }), 5_000);
    nodeStatted(state, '/locks/a', emptied(2), 5_000);
    expect(zkCliCommands(emptyParentsOf(state, null))).toBe('delete -v 0 /locks/a\ndelete -v 3 /locks/b\n');
  });
});

describe('the leaves the scan reads', () => {
  it('leave a lone leaf, sample three of a directory of several, and read the rest only of a pile', () => {
    const jobs = Array.from({ length: 6 }, (_, index) => `/kazoo/locks/job-${index}`);
    const config = ['/config/a', '/config/b'];
    const { sample, rest } = leafSample([...jobs, '/cluster/topics/t1/partitions/0/state', ...config]);
    expect(sample).toEqual(['/kazoo/locks/job-0', '/kazoo/locks/job-3', '/kazoo/locks/job-5', '/config/a', '/config/b']);
    const sampled = new Map<string, LeafStat | null>([
      ['/kazoo/locks/job-0', emptied(2)],
      ['/kazoo/locks/job-3', emptied(4)],
      ['/kazoo/locks/job-5', null],
      ['/config/a', emptied(0, 1_000, { dataLength: 40 })],
      ['/config/b', emptied(0, 1_000, { dataLength: 40 })],
    ]);
    expect(leavesAfterSample(rest, sampled)).toEqual(['/kazoo/locks/job-1', '/kazoo/locks/job-2', '/kazoo/locks/job-4']);
  });

  it("read a leaf alone in a step when its directory is listed in pieces: a pile's last short piece", () => {
    const split = (directory: string): boolean => directory === '/kazoo/locks';
    expect(leafSample(['/kazoo/locks/job-10000', '/cluster/topics/t1/partitions/0/state'], split)).toEqual({ sample: ['/kazoo/locks/job-10000'], rest: new Map() });
  });
});

describe('the clean-up', () => {
  const planned: EmptyParent = { path: '/locks/a', version: 0, cversion: 4, pzxid: '0x68', changed: 1_000, sure: 'stat', recipe: null, emptySince: 1_000 };
  const asPlanned = emptied(4);

  it('deletes a parent only while it is as the plan read it', () => {
    expect(cleanupVerdict(planned, asPlanned)).toBe('delete');
    expect(cleanupVerdict(planned, null)).toBe('gone');
    // A contender that is there now, or came and went since (its child version and last child change moved).
    expect(cleanupVerdict(planned, { ...asPlanned, numChildren: 1 })).toBe('not-empty');
    expect(cleanupVerdict(planned, emptied(6))).toBe('changed');
    expect(cleanupVerdict(planned, { ...asPlanned, version: 1 })).toBe('changed');
    expect(cleanupVerdict(planned, { ...asPlanned, dataLength: 3 })).toBe('has-data');
  });

  it("reads ZooKeeper's refusal of the check and delete", () => {
    expect(cleanupFailure('NOT_EMPTY')).toBe('not-empty');
    expect(cleanupFailure('BAD_VERSION')).toBe('changed');
    expect(cleanupFailure('NO_NODE')).toBe('gone');
    expect(cleanupFailure('NO_AUTH')).toBe('no-auth');
    expect(cleanupFailure('CONNECTION_LOSS')).toBe('failed');
  });
});

describe('ghost ephemerals', () => {
  const ephemerals = new Map([
    ['0x1001', ['/app/lock/_c_1-lock-0000000001']],
    ['0x1002', ['/app/workers/w-2']],
  ]);

  it('are the nodes of a session no member connects and the leader does not track, in two reports running', () => {
    const state = garbageState();
    const report = (at: number) => ({ ephemerals, tracked: new Map([['0x1001', at + 30_000]]), connected: new Set(['0x1001']), at });
    ghostsSeen(state, report(1_000));
    // One report is not enough: a session made between the leader's dump and a member's cons is in neither.
    expect(state.ghosts).toEqual([]);
    ghostsSeen(state, report(3_000));
    expect(state.ghosts).toEqual([{ sessionId: '0x1002', paths: ['/app/workers/w-2'], since: 1_000 }]);
    expect(state.ghostsKnown).toBe(true);
  });

  it('are not told where the leader or a member would not say', () => {
    const state = garbageState();
    ghostsSeen(state, { ephemerals, tracked: null, connected: new Set(), at: 1_000 });
    ghostsSeen(state, { ephemerals, tracked: null, connected: new Set(), at: 3_000 });
    expect(state.ghosts).toEqual([]);
    expect(state.ghostsKnown).toBe(false);
  });

  it('let a session go that the leader tracks again', () => {
    const state = garbageState();
    ghostsSeen(state, { ephemerals, tracked: new Set(['0x1001']), connected: new Set(), at: 1_000 });
    ghostsSeen(state, { ephemerals, tracked: new Set(['0x1001', '0x1002']), connected: new Set(), at: 3_000 });
    expect(state.ghosts).toEqual([]);
  });
});

describe('leaked contender nodes', () => {
  const SESSION_A = '0x100000000000a';
  const SESSION_B = '0x100000000000b';
  const kazoo = (seq: number, owner: string) => record(`f3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8__lock__${String(seq).padStart(10, '0')}`, owner, seq);
  const withWatch = (lock: LockSnapshot, confirmed: Record<string, boolean>): LockSnapshot => ({
    ...lock,
    nodes: lock.nodes.map((node) => ({ ...node, watchConfirmed: confirmed[node.name] ?? null })),
  });

  it('are a waiter no watch will wake while its session lives', () => {
    const lock = withWatch(snapshotOf('/locks/job', [kazoo(1, SESSION_A), kazoo(2, SESSION_B)]), { [kazoo(2, SESSION_B).name]: false });
    expect(leakedNodes(lock, () => true)).toMatchObject([{ node: kazoo(2, SESSION_B).name, why: 'watches-nothing', leads: false, sessionId: SESSION_B }]);
    // A session without a connection is a crashed client's: its nodes go when it expires.
    expect(leakedNodes(lock, (session) => session !== SESSION_B)).toEqual([]);
  });

  it('are a node whose session queued again behind it, the head of the queue too', () => {
    const lock = snapshotOf('/locks/job', [kazoo(1, SESSION_A), kazoo(2, SESSION_B), kazoo(3, SESSION_A)]);
    expect(leakedNodes(lock, () => true)).toMatchObject([{ node: kazoo(1, SESSION_A).name, why: 'queued-again', leads: true }]);
  });

  it('leave a plain queue alone', () => {
    const lock = withWatch(snapshotOf('/locks/job', [kazoo(1, SESSION_A), kazoo(2, SESSION_B)]), { [kazoo(2, SESSION_B).name]: true });
    expect(leakedNodes(lock, () => true)).toEqual([]);
  });
});

describe('persistent nodes inside a lock', () => {
  it('are the nodes with no owner session', () => {
    const lock = snapshotOf('/locks/job', [record('lock-0000000001', '0x0'), record('lock-0000000002', '0x100000000000a')]);
    expect(persistentInLock(lock)).toMatchObject([{ lock: '/locks/job', node: 'lock-0000000001' }]);
  });
});
