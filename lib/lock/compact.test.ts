import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import type { LockNode } from '../protocol';
import { compactNodes, compactSnapshot, compactSnapshotJson, expandNodes, expandSnapshot, type Columns } from './compact';
import curatorRw from './fixtures/curator-rw.json';
import curatorSemaphore from './fixtures/curator-semaphore.json';
import kazooSemaphore from './fixtures/kazoo-semaphore.json';
import zkWriteLock from './fixtures/zk-writelock.json';
import { buildSnapshot, type LockInput } from './queue';

/** Through JSON, as a client receives it. */
function roundTrip(nodes: LockNode[]): LockNode[] {
  const columns = JSON.parse(JSON.stringify(compactNodes(nodes))) as Columns;
  return expandNodes(nodes.length, columns);
}

describe('the compact form of a lock', () => {
  it.each([
    ['Curator read-write', curatorRw.input],
    ['Curator semaphore (two parents)', curatorSemaphore.input],
    ['Kazoo semaphore', kazooSemaphore.input],
    ['ZooKeeper WriteLock', zkWriteLock.input],
  ])('gives back exactly the nodes of a %s lock recorded from the real client', (_name, input) => {
    const snapshot = buildSnapshot(input as Omit<LockInput, 'hint'>, null, 5_000);
    expect(roundTrip(snapshot.nodes)).toEqual(snapshot.nodes);
    const compact = JSON.parse(JSON.stringify(compactSnapshot(snapshot))) as ReturnType<typeof compactSnapshot>;
    expect(expandSnapshot(compact)).toEqual(snapshot);
    // The text written for HTTP is the same JSON, the second time from what was written the first.
    expect(JSON.parse(compactSnapshotJson(snapshot))).toEqual(compact);
    expect(JSON.parse(compactSnapshotJson({ ...snapshot, version: 99 }))).toEqual({ ...compact, version: 99 });
  });

  it('gives back what no column rule fits: binary and cut data, a herd watching its parent, promoted holders, nodes of other parents', () => {
    const names = Array.from({ length: 40 }, (_, i) => `lock-${String(i).padStart(10, '0')}`);
    const snapshot = snapshotOf('/herd', names.map((name, i) => record(name, `0x${(100 + i).toString(16)}`, i + 1, 1_000 + i, i % 3 === 0 ? `client-${i}` : null)));
    const nodes: LockNode[] = snapshot.nodes.map((node, i) => ({
      ...node,
      watch: i === 0 ? null : { type: 'children', path: '/herd' },
      predecessor: null,
      data: i === 5 ? { size: 5000, text: null, hex: 'ff00', truncated: true } : i === 7 ? { size: 3, text: 'é', hex: null, truncated: false } : node.data,
      roleSince: i < 20 ? 9_000 + i : node.roleSince,
      role: i % 2 === 0 ? 'holder' : 'waiter',
      path: i === 39 ? `/elsewhere/${node.name}` : node.path,
      watchers: i === 3 ? ['0x1', '0x2'] : null,
      sessionId: i % 2 === 0 ? '0x0' : node.sessionId,
      ephemeral: i % 2 !== 0,
    }));
    expect(roundTrip(nodes)).toEqual(nodes);
    expect(roundTrip([])).toEqual([]);
  });

  it('gives back sort keys that are not the name’s suffix, wrapped sequences and ids past 2^53', () => {
    // A lock-N queue sorts by the sequence's value (a padded number), which no name ends with.
    const snapshot = snapshotOf('/seq', ['lock-0000000007', 'lock-0000000012', 'lock--000000003', 'lock-2147483647'].map((name, i) => record(name, '0x100000000000001', i + 1)));
    const nodes = snapshot.nodes.map((node, i) => ({ ...node, czxid: i === 2 ? '0x7fffffffffffffff' : node.czxid }));
    expect(roundTrip(snapshot.nodes)).toEqual(snapshot.nodes);
    expect(roundTrip(nodes)).toEqual(nodes);
    expect(compactNodes(snapshot.nodes).sortKey).toHaveProperty('h');
  });

  it('writes a chained queue’s predecessors, watches, paths and times as one rule each', () => {
    const names = Array.from({ length: 50 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const columns = compactNodes(snapshotOf('/chain', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i))).nodes);
    expect(columns).toMatchObject({
      path: { u: '/chain' },
      sortKey: { p: '\u0001', t: 10 },
      predecessor: { o: { a: 1, x: [[0, null]] } },
      watch: { w: 'data', o: { a: 1, x: [[0, null]] } },
      sequence: { s: true },
      role: { a: 'waiter', x: [[0, 'holder']] },
    });
    expect((columns.ctime as { d: number[] }).d.slice(1).every((step) => step === 1)).toBe(true);
  });

  it('writes a queue of 10,000 waiters in under a fifth of the bytes of the node list', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const snapshot = snapshotOf('/big', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i, `10.0.${i % 250}.1`)), null, 5);
    const full = JSON.stringify(snapshot).length;
    const compact = JSON.stringify(compactSnapshot(snapshot)).length;
    expect(compact * 5).toBeLessThan(full);
    expect(expandSnapshot(JSON.parse(JSON.stringify(compactSnapshot(snapshot))))).toEqual(snapshot);
  });

  it('refuses columns that do not describe the nodes they claim', () => {
    const columns = compactNodes(snapshotOf('/l', [record('lock-0000000000')]).nodes);
    expect(() => expandNodes(2, columns)).toThrow(/names do not match/);
    const { ctime: _ctime, ...missing } = columns;
    expect(() => expandNodes(1, missing)).toThrow(/no column ctime/);
  });
});
