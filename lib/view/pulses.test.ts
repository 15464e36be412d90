import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../lock/delta';
import { buildSnapshot } from '../lock/queue';
import { record, snapshotOf } from '../testing/records';
import { wokenBy } from './pulses';

describe('who a deletion wakes', () => {
  it('a chained lock wakes only the node just behind', () => {
    const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'];
    const before = snapshotOf('/l', names.map((name) => record(name)));
    const after = snapshotOf('/l', names.slice(1).map((name) => record(name)), before, 1);
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([{ removed: 'lock-0000000000', woken: ['lock-0000000001'] }]);
  });

  it('a semaphore queue head, watching the leases, wakes when any lease goes', () => {
    const hex = (n: number): string => String(n).padStart(32, 'a');
    const input = (leases: number[]) => ({
      path: '/ks',
      self: null,
      root: { path: '/ks', exists: true, children: leases.map((n) => record(hex(n), `0x${n}`, n)) },
      auxiliary: [{ path: '/ks-__lock__', exists: true, children: [record(`${hex(9)}__lock__0000000000`, '0x9'), record(`${hex(8)}__lock__0000000001`, '0x8')] }],
    });
    const before = buildSnapshot(input([1, 2]), null, 0);
    const after = buildSnapshot(input([2]), before, 1);
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([{ removed: hex(1), woken: [`${hex(9)}__lock__0000000000`] }]);
  });

  it('nothing is woken when nothing went', () => {
    const before = snapshotOf('/l', [record('lock-0000000000')]);
    const after = snapshotOf('/l', [record('lock-0000000000'), record('lock-0000000001')], before, 1);
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([]);
  });
});
