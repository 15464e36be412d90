import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { buildSnapshot } from './queue';
import { findDeadlocks, lockAnomalies, staleHolders } from './anomalies';

const kinds = (snapshot: Parameters<typeof lockAnomalies>[0]): string[] => lockAnomalies(snapshot).map((anomaly) => anomaly.kind);

describe('anomalies of one lock', () => {
  it('names a persistent lock node', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0x0'), record('lock-0000000001', '0xa')]))).toEqual(['persistent-node']);
  });

  it('names an orphan: two nodes of one session, or of one protected GUID', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0xa'), record('lock-0000000001', '0xb'), record('lock-0000000002', '0xa')]))).toEqual(['orphan']);
    const guid = '0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11';
    expect(kinds(snapshotOf('/l', [record(`_c_${guid}-lock-0000000000`, '0xa'), record(`_c_${guid}-lock-0000000001`, '0xb')]))).toEqual(['orphan']);
  });

  it('names a waiter that watches nothing while the others watch, and one that watches the wrong node', () => {
    const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002', 'lock-0000000003'];
    const children = names.map((name, i) => record(name, `0x${i + 1}`));
    // 0x2 watches node 0 (right), 0x3 watches nothing, 0x4 watches node 1 (wrong: it should watch node 2).
    const watchers = new Map([
      ['/l/lock-0000000000', ['0x2']],
      ['/l/lock-0000000001', ['0x4']],
    ]);
    const snapshot = buildSnapshot({ path: '/l', self: null, root: { path: '/l', exists: true, children }, auxiliary: [], introspection: { watchers, clients: new Map() } }, null, 0);
    expect(lockAnomalies(snapshot).map((anomaly) => [anomaly.kind, anomaly.node])).toEqual([
      ['no-watch', 'lock-0000000002'],
      ['wrong-watch', 'lock-0000000003'],
    ]);
  });

  it('names a herd lock and wrapped sequences', () => {
    const herd = buildSnapshot(
      { path: '/h', self: null, root: { path: '/h', exists: true, children: ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((n, i) => record(n, `0x${i + 1}`)) }, auxiliary: [], declared: 'herd' },
      null,
      0,
    );
    expect(kinds(herd)).toEqual(['herd']);
    expect(kinds(snapshotOf('/w', [record('lock--000000001', '0x1'), record('lock-2147483647', '0x2')]))).toEqual(['sequence-wrap']);
  });

  it('finds nothing wrong in a healthy lock', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0x1'), record('lock-0000000001', '0x2')]))).toEqual([]);
  });

  it('names a holder held past the threshold', () => {
    const snapshot = snapshotOf('/l', [record('lock-0000000000', '0x1', 1, 1000)]);
    expect(staleHolders(snapshot, 1000 + 61_000, 60_000).map((anomaly) => anomaly.kind)).toEqual(['stale-holder']);
    expect(staleHolders(snapshot, 1000 + 59_000, 60_000)).toEqual([]);
  });
});

describe('deadlocks across locks', () => {
  // A lock whose first node (holder) is owned by `holder` and second (waiter) by `waiter`.
  const lock = (path: string, holder: string, waiter: string) => snapshotOf(path, [record('lock-0000000000', holder), record('lock-0000000001', waiter)]);

  it('finds two sessions each holding what the other waits for', () => {
    const [deadlock, ...rest] = findDeadlocks([lock('/a', '0x1', '0x2'), lock('/b', '0x2', '0x1')]);
    expect(rest).toEqual([]);
    expect([...deadlock!.sessions].sort()).toEqual(['0x1', '0x2']);
    expect([...deadlock!.locks].sort()).toEqual(['/a', '/b']);
  });

  it('finds a cycle of three, once', () => {
    const found = findDeadlocks([lock('/a', '0x1', '0x2'), lock('/b', '0x2', '0x3'), lock('/c', '0x3', '0x1')]);
    expect(found).toHaveLength(1);
    expect(found[0]?.sessions).toHaveLength(3);
  });

  it('finds none in a chain that ends', () => {
    expect(findDeadlocks([lock('/a', '0x1', '0x2'), lock('/b', '0x2', '0x3')])).toEqual([]);
  });
});
