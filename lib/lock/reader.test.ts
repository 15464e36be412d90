import { describe, expect, it } from 'vitest';
import { describeData } from './data';
import { record, snapshotOf } from '../testing/records';
import { auxiliaryParents, detectRecipe, standingOf, type ChildRecord } from './reader';
import { kazooSemaphoreQueue } from './recipes/kazoo-semaphore';
import type { LockSnapshot, RecipeId } from '../protocol';
import { buildSnapshot } from './queue';

const uuid = (n: number): string => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
const hex32 = (n: number): string => String(n).padStart(32, 'a');
const seq = (n: number): string => String(n).padStart(10, '0');

/** Queue order, role, predecessor and mode of each node, one row a node. */
function rows(path: string, children: ChildRecord[]) {
  return snapshotOf(path, children).nodes.map((node) => [node.name, node.role, node.predecessor, node.mode]);
}

describe('recognising the recipe from child names', () => {
  it.each([
    [[`_c_${uuid(1)}-lock-${seq(0)}`], 'curator-mutex'],
    [[`_c_${uuid(1)}-latch-${seq(0)}`], 'curator-latch'],
    [[`_c_${uuid(1)}-__READ__${seq(0)}`, `_c_${uuid(2)}-__WRIT__${seq(1)}`], 'curator-rwlock'],
    [['locks', 'leases'], 'curator-semaphore'],
    [['leases'], 'curator-semaphore'],
    [[`${hex32(1)}__lock__${seq(0)}`], 'kazoo-lock'],
    [[`${hex32(1)}__lock__${seq(0)}`, `${hex32(2)}__rlock__${seq(1)}`], 'kazoo-rwlock'],
    [[hex32(1), hex32(2)], 'kazoo-semaphore'],
    [[`x-72057611217403904-${seq(0)}`], 'zk-writelock'],
    [[`_c_${'0123456789abcdef'.repeat(2)}-lock-${seq(0)}`], 'go-zookeeper'],
    [[`lock-${seq(0)}`], 'sequential-lock'],
    [[`readLock-${seq(0)}`, `writeLock-${seq(1)}`], 'menagerie-rwlock'],
    [[`orderLock_lock_${seq(0)}`, `userLock_lock_${seq(1)}`], 'named-locks'],
    [['resource-a', 'resource-b'], 'single-node'],
    // A UUID whose last group is all digits ends in ten digits: no sequence all the same.
    [['0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11', 'dbcf48f2-29d0-4bf8-810e-bf1524810035', 'a1b2c3d4-0000-4000-8000-123456789012'], 'single-node'],
    [[`job-${seq(0)}`, `job-${seq(1)}`], 'generic'],
  ])('%j is %s', (names, id) => {
    expect(detectRecipe(names, null, null).id).toBe(id);
  });

  it('falls back to the generic rule for mixed layouts and says so', () => {
    const detected = detectRecipe([`_c_${uuid(1)}-lock-${seq(0)}`, `${hex32(1)}__lock__${seq(1)}`], null, null);
    expect(detected.id).toBe('generic');
    expect(detected.note).toMatch(/mixed layouts \(curator-lock, kazoo-lock\)/);
  });

  it('keeps the recipe it knew while the queue is empty, and knows an empty Kazoo semaphore by its max_leases data', () => {
    expect(detectRecipe([], null, 'curator-rwlock').id).toBe('curator-rwlock');
    expect(detectRecipe([], null, null).id).toBe('unknown');
    expect(detectRecipe([], describeData(new TextEncoder().encode('3')), null).id).toBe('kazoo-semaphore');
  });

  it('stays a Kazoo read-write lock when only writers are left', () => {
    expect(detectRecipe([`${hex32(1)}__lock__${seq(0)}`], null, 'kazoo-rwlock').id).toBe('kazoo-rwlock');
  });

  it('watches the parents a semaphore keeps its nodes under', () => {
    expect(auxiliaryParents('/s', ['locks', 'leases'], null)).toEqual(['/s/locks', '/s/leases']);
    expect(auxiliaryParents('/k', [hex32(1)], null)).toEqual(['/k-__lock__']);
    expect(auxiliaryParents('/m', [`lock-${seq(0)}`], null)).toEqual([]);
  });
});

describe('mutexes', () => {
  it('Curator: the lowest sequence holds, each waiter watches the node just before it with getData', () => {
    const names = [2, 0, 1].map((n) => `_c_${uuid(n)}-lock-${seq(n)}`);
    const snapshot = snapshotOf('/l', names.map((name) => record(name)));
    expect(snapshot.nodes.map((node) => [node.name, node.role, node.predecessor])).toEqual([
      [names[1], 'holder', null],
      [names[2], 'waiter', names[1]],
      [names[0], 'waiter', names[2]],
    ]);
    expect(snapshot.nodes[1]?.watch).toEqual({ type: 'data', path: `/l/${names[1]}` });
    expect(snapshot.recipe).toMatchObject({ id: 'curator-mutex', note: null, maxLeases: null, evidence: null });
    expect(snapshot.recipe.candidates).toContain('Curator InterProcessMutex');
  });

  it('ZooKeeper WriteLock: waiters watch their predecessor with exists', () => {
    const snapshot = snapshotOf('/w', [record(`x-1-${seq(0)}`), record(`x-2-${seq(1)}`)]);
    expect(snapshot.nodes[1]?.watch).toEqual({ type: 'exists', path: `/w/x-1-${seq(0)}` });
  });

  it('Curator and Kazoo sort wrapped (negative) sequences first, by their text', () => {
    const names = [`_c_${uuid(1)}-lock-2147483647`, `_c_${uuid(2)}-lock--000000002`, `_c_${uuid(3)}-lock--000000001`];
    expect(rows('/l', names.map((name) => record(name))).map((row) => row[0])).toEqual([names[2], names[1], names[0]]);
  });

  it('go-zookeeper sorts by the number, so -2 comes before -1', () => {
    const names = [`_c_${hex32(1)}-lock--000000001`, `_c_${hex32(2)}-lock--000000002`].map((name) => name.replace(/a+/, (a) => a.replace(/a/g, '0')));
    expect(rows('/g', names.map((name) => record(name))).map((row) => row[0])).toEqual([names[1], names[0]]);
  });

  it("ZooKeeper's WriteLock reads a wrapped -000000001 as 1, after 0", () => {
    const names = [`x-1--000000001`, `x-2-${seq(0)}`];
    expect(rows('/w', names.map((name) => record(name))).map((row) => row[0])).toEqual([`x-2-${seq(0)}`, 'x-1--000000001']);
  });

  it('named locks keep one queue per lock name under one root', () => {
    const snapshot = snapshotOf('/locks', [`a_lock_${seq(0)}`, `b_lock_${seq(1)}`, `a_lock_${seq(2)}`, `b_lock_${seq(3)}`].map((name) => record(name)));
    expect(snapshot.nodes.map((node) => [node.queue, node.name, node.role, node.predecessor])).toEqual([
      ['a', `a_lock_${seq(0)}`, 'holder', null],
      ['a', `a_lock_${seq(2)}`, 'waiter', `a_lock_${seq(0)}`],
      ['b', `b_lock_${seq(1)}`, 'holder', null],
      ['b', `b_lock_${seq(3)}`, 'waiter', `b_lock_${seq(1)}`],
    ]);
    expect(snapshot.holders).toEqual([`a_lock_${seq(0)}`, `b_lock_${seq(1)}`]);
  });

  it('the single-node lock: each ephemeral leaf is a held lock of its own; directories are not locks', () => {
    const dir = record('archive', '0x0');
    dir.stat.numChildren = 2;
    const snapshot = snapshotOf('/res', [record('resource-b', '0x5', 3, 0, 'client-7'), record('resource-a', '0x6'), dir]);
    expect(snapshot.nodes.map((node) => [node.queue, node.role, node.sequence])).toEqual([
      ['resource-a', 'holder', null],
      ['resource-b', 'holder', null],
    ]);
    expect(snapshot.nodes[1]?.data?.text).toBe('client-7');
  });

  it('the single-node lock opened at the node itself: the node holds', () => {
    const self = record('resource-a', '0x77');
    const snapshot = buildSnapshot({ path: '/res/resource-a', self: { stat: self.stat, data: null }, root: { path: '/res/resource-a', exists: true, children: [] }, auxiliary: [] }, null, 0);
    expect(snapshot.nodes.map((node) => [node.name, node.path, node.role, node.sessionId])).toEqual([['resource-a', '/res/resource-a', 'holder', '0x77']]);
    expect(snapshot.recipe.id).toBe('single-node');
  });

  it('generic rule: lowest sequence first, children without a sequence left out', () => {
    expect(rows('/q', [record('leases'), record(`job-${seq(3)}`), record(`job-${seq(1)}`)])).toEqual([
      [`job-${seq(1)}`, 'holder', null, 'exclusive'],
      [`job-${seq(3)}`, 'waiter', `job-${seq(1)}`, 'exclusive'],
    ]);
  });
});

describe('read-write locks', () => {
  const r = (n: number): string => `_c_${uuid(n)}-__READ__${seq(n)}`;
  const w = (n: number): string => `_c_${uuid(n)}-__WRIT__${seq(n)}`;

  it('Curator: readers before the first writer all hold; later readers wait on the first writer', () => {
    expect(rows('/rw', [r(0), r(1), w(2), r(3), w(4), r(5)].map((name) => record(name)))).toEqual([
      [r(0), 'holder', null, 'read'],
      [r(1), 'holder', null, 'read'],
      [w(2), 'waiter', r(1), 'write'],
      [r(3), 'waiter', w(2), 'read'],
      [w(4), 'waiter', r(3), 'write'],
      [r(5), 'waiter', w(2), 'read'],
    ]);
  });

  it('Curator: a writer at the head holds alone', () => {
    expect(rows('/rw', [w(0), r(1)].map((name) => record(name)))).toEqual([
      [w(0), 'holder', null, 'write'],
      [r(1), 'waiter', w(0), 'read'],
    ]);
  });

  it('Kazoo: a reader waits on the nearest writer before it, a writer on the node before it', () => {
    const kr = (n: number): string => `${hex32(n)}__rlock__${seq(n)}`;
    const kw = (n: number): string => `${hex32(n)}__lock__${seq(n)}`;
    expect(rows('/k', [kr(0), kw(1), kr(2), kw(3), kr(4)].map((name) => record(name)))).toEqual([
      [kr(0), 'holder', null, 'read'],
      [kw(1), 'waiter', kr(0), 'write'],
      [kr(2), 'waiter', kw(1), 'read'],
      [kw(3), 'waiter', kr(2), 'write'],
      [kr(4), 'waiter', kw(3), 'read'],
    ]);
  });

  it('menagerie: readers wait on the nearest earlier writeLock with exists', () => {
    const snapshot = snapshotOf('/m', [`writeLock-${seq(0)}`, `readLock-${seq(1)}`, `readLock-${seq(2)}`].map((name) => record(name)));
    expect(snapshot.nodes.map((node) => [node.role, node.predecessor, node.watch?.type ?? null])).toEqual([
      ['holder', null, null],
      ['waiter', `writeLock-${seq(0)}`, 'exists'],
      ['waiter', `writeLock-${seq(0)}`, 'exists'],
    ]);
  });
});

describe('semaphores', () => {
  it('Curator SemaphoreV2: leases hold; the acquirer at the head of locks/ waits on leases/ with a child watch', () => {
    const lease = (n: number, owner: string): ChildRecord => record(`_c_${uuid(n)}-lease-${seq(n)}`, owner);
    const lock = (n: number, owner: string): ChildRecord => record(`_c_${uuid(n + 10)}-lock-${seq(n)}`, owner);
    const snapshot = buildSnapshot(
      {
        path: '/sem',
        self: null,
        root: { path: '/sem', exists: true, children: [record('locks', '0x0'), record('leases', '0x0')] },
        auxiliary: [
          { path: '/sem/locks', exists: true, children: [lock(1, '0xc'), lock(0, '0xb')] },
          { path: '/sem/leases', exists: true, children: [lease(1, '0xa'), lease(0, '0x9')] },
        ],
      },
      null,
      0,
    );
    expect(snapshot.nodes.map((node) => [node.sessionId, node.role, node.mode, node.predecessor, node.watch])).toEqual([
      ['0x9', 'holder', 'lease', null, null],
      ['0xa', 'holder', 'lease', null, null],
      ['0xb', 'waiter', 'lease', null, { type: 'children', path: '/sem/leases' }],
      ['0xc', 'waiter', 'lease', `_c_${uuid(10)}-lock-${seq(0)}`, { type: 'data', path: `/sem/locks/_c_${uuid(10)}-lock-${seq(0)}` }],
    ]);
    expect(snapshot.nodes[2]?.path).toBe(`/sem/locks/_c_${uuid(10)}-lock-${seq(0)}`);
  });

  it('Kazoo Semaphore: leases under the path hold, max_leases comes from its data, the queue beside it waits', () => {
    const queuePath = kazooSemaphoreQueue('/ks');
    const snapshot = buildSnapshot(
      {
        path: '/ks',
        self: { stat: record('ks', '0x0').stat, data: describeData(new TextEncoder().encode('2')) },
        root: { path: '/ks', exists: true, children: [record(hex32(2), '0x2', 20), record(hex32(1), '0x1', 10)] },
        auxiliary: [{ path: queuePath, exists: true, children: [record(`${hex32(3)}__lock__${seq(0)}`, '0x3'), record(`${hex32(4)}__lock__${seq(1)}`, '0x4')] }],
      },
      null,
      0,
    );
    expect(snapshot.recipe).toMatchObject({ id: 'kazoo-semaphore', maxLeases: 2 });
    expect(snapshot.nodes.map((node) => [node.sessionId, node.role, node.watch?.type ?? null])).toEqual([
      ['0x1', 'holder', null],
      ['0x2', 'holder', null],
      ['0x3', 'waiter', 'children'],
      ['0x4', 'waiter', 'data'],
    ]);
    expect(snapshot.nodes[2]?.watch?.path).toBe('/ks');
  });
});

describe('standings: the rule a simulated contender decides by is the one the explorer reads with', () => {
  const seq = (i: number): string => String(i).padStart(10, '0');
  const hex = (i: number): string => i.toString(16).padStart(32, '0');
  /** What the explorer reads of these names: each node's standing. */
  const read = (snapshot: LockSnapshot, name: string): ReturnType<typeof standingOf> => {
    const at = snapshot.nodes.findIndex((node) => node.name === name);
    const node = snapshot.nodes[at]!;
    return node.role === 'holder' ? { kind: 'holds' } : { kind: 'waits', on: node.predecessor ?? snapshot.nodes[at - 1]!.name };
  };
  // The names each of the simulator's strategies creates, protected and not.
  const layouts: Array<[string, RecipeId, string[]]> = [
    ['chained (ZooKeeper WriteLock)', 'zk-writelock', [`x-72057611217403905-${seq(0)}`, `x-72057611217403904-${seq(1)}`, `x-72057611217403906-${seq(2)}`]],
    ['chained, unprotected', 'sequential-lock', [`lock-${seq(3)}`, `lock-${seq(1)}`, `lock-${seq(2)}`]],
    ['chained with getData (Curator)', 'curator-mutex', [1, 2, 3].map((i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${seq(i)}`)],
    ['read-write (Kazoo)', 'kazoo-rwlock', [`${hex(1)}__rlock__${seq(0)}`, `${hex(2)}__lock__${seq(1)}`, `${hex(3)}__rlock__${seq(2)}`, `${hex(4)}__rlock__${seq(3)}`]],
    ['read-write, unprotected (ZooKeeper’s documented shared lock)', 'zk-shared-lock', [`read-${seq(0)}`, `read-${seq(1)}`, `write-${seq(2)}`, `read-${seq(3)}`, `write-${seq(4)}`]],
    ['a Kazoo semaphore’s queue', 'kazoo-lock', [`${hex(1)}__lock__${seq(0)}`, `${hex(2)}__lock__${seq(1)}`]],
  ];

  it.each(layouts)('%s: every node stands where the explorer draws it', (_name, id, names) => {
    const snapshot = snapshotOf('/l', names.map((name, i) => record(name, `0x${i + 1}`)), null, 0);
    expect(snapshot.recipe.id).toBe(id);
    for (const name of names) expect(standingOf(id, '/l', names, name)).toEqual(read(snapshot, name));
    expect(standingOf(id, '/l', names, 'gone-0000000009')).toEqual({ kind: 'missing' });
  });

  it('reads ZooKeeper’s documented shared lock: readers hold together until a writer, each waiting on the writer before it', () => {
    const names = [`read-${seq(0)}`, `read-${seq(1)}`, `write-${seq(2)}`, `read-${seq(3)}`, `write-${seq(4)}`];
    expect(names.map((name) => standingOf('zk-shared-lock', '/l', names, name))).toEqual([
      { kind: 'holds' },
      { kind: 'holds' },
      { kind: 'waits', on: `read-${seq(1)}` },
      { kind: 'waits', on: `write-${seq(2)}` },
      { kind: 'waits', on: `read-${seq(3)}` },
    ]);
  });

  it('reads a wrapped WriteLock sequence as ZooKeeper’s ZNodeName does (the number after the last dash), not as text', () => {
    // `x-7--000000001` is sequence 2^31 + 1 wrapped: ZNodeName reads 1, after 0; Curator's text order would put it first.
    const names = [`x-7-${seq(0)}`, 'x-7--000000001'];
    expect(standingOf('zk-writelock', '/l', names, 'x-7--000000001')).toEqual({ kind: 'waits', on: `x-7-${seq(0)}` });
  });

  it('in a herd, the lowest holds and the others wait, each drawn after the node before it', () => {
    const names = [`lock-${seq(2)}`, `lock-${seq(0)}`, `lock-${seq(1)}`];
    expect(standingOf('herd', '/l', names, `lock-${seq(0)}`)).toEqual({ kind: 'holds' });
    expect(standingOf('herd', '/l', names, `lock-${seq(2)}`)).toEqual({ kind: 'waits', on: `lock-${seq(1)}` });
    expect(() => standingOf('curator-semaphore', '/l', names, `lock-${seq(0)}`)).toThrow(/not a recipe of one sequential queue/);
  });
});
