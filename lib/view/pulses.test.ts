import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../lock/delta';
import { buildSnapshot } from '../lock/queue';
import { record, snapshotOf } from '../testing/records';
import { departures, wakeTrails, wokenBy } from './pulses';
import { allEdges, edgePath, HERD_BUNDLE, layoutQueue } from './queue-layout';

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

  it('two nodes going at once in a chain each wake the node behind them', () => {
    const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002', 'lock-0000000003', 'lock-0000000004'];
    const before = snapshotOf('/l', names.map((name) => record(name)));
    const after = snapshotOf('/l', [names[0]!, names[2]!, names[4]!].map((name) => record(name)), before, 1);
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([
      { removed: 'lock-0000000001', woken: ['lock-0000000002'] },
      { removed: 'lock-0000000003', woken: ['lock-0000000004'] },
    ]);
  });

  it('two nodes going at once in a herd each wake every waiter left', () => {
    const declare = (children: string[]) => ({ path: '/h', self: null, root: { path: '/h', exists: true, children: children.map((name) => record(name)) }, auxiliary: [], declared: 'herd' as const });
    const names = Array.from({ length: 5 }, (_, i) => `lock-${String(i).padStart(10, '0')}`);
    const before = buildSnapshot(declare(names), null, 0);
    const after = buildSnapshot(declare([names[1]!, names[3]!, names[4]!]), before, 1);
    const left = [names[1], names[3], names[4]];
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([
      { removed: names[0], woken: left },
      { removed: names[2], woken: left },
    ]);
  });

  it('nothing is woken when nothing went', () => {
    const before = snapshotOf('/l', [record('lock-0000000000')]);
    const after = snapshotOf('/l', [record('lock-0000000000'), record('lock-0000000001')], before, 1);
    expect(wokenBy(before, diffSnapshots(before, after)!)).toEqual([]);
  });
});

describe('what the page animates', () => {
  const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'];
  const all = { first: 0, last: 100 };

  it('a chained release: the holder leaves, and one notification runs to the node behind it', () => {
    const before = snapshotOf('/l', names.map((name) => record(name)));
    const after = snapshotOf('/l', names.slice(1).map((name) => record(name)), before, 1);
    const wakes = wokenBy(before, diffSnapshots(before, after)!);
    const [beforeLayout, afterLayout] = [layoutQueue(before.nodes), layoutQueue(after.nodes)];
    const trails = wakeTrails(beforeLayout, wakes, all);
    expect(trails.map((trail) => trail.woken)).toEqual(['lock-0000000001']);
    expect(trails[0]!.d).toBe(edgePath(allEdges(beforeLayout)[0]!, beforeLayout.options));
    expect(departures(beforeLayout, afterLayout, all).map((entry) => [entry.node.name, entry.y])).toEqual([['lock-0000000000', 16]]);
  });

  it('a herd release: a notification runs to every waiter on screen, and no further', () => {
    const declare = (children: string[]) => ({ path: '/h', self: null, root: { path: '/h', exists: true, children: children.map((name) => record(name)) }, auxiliary: [], declared: 'herd' as const });
    const many = Array.from({ length: 50 }, (_, i) => `lock-${String(i).padStart(10, '0')}`);
    const before = buildSnapshot(declare(many), null, 0);
    const after = buildSnapshot(declare(many.slice(1)), before, 1);
    const wakes = wokenBy(before, diffSnapshots(before, after)!);
    expect(wakes[0]!.woken).toHaveLength(49);
    // Bundled, the herd's 49 edges are one, and one notification runs its trunk to all of them.
    const layout = layoutQueue(before.nodes);
    const trails = wakeTrails(layout, wakes, { first: 0, last: 9 });
    expect(trails).toHaveLength(1);
    expect(trails[0]!.d).toBe(edgePath(allEdges(layout)[0]!, layout.options));
    // Drawn one by one (at most HERD_BUNDLE), each waiter on screen gets its own, and no further.
    const few = buildSnapshot(declare(many.slice(0, HERD_BUNDLE + 1)), null, 0);
    const fewWakes = wokenBy(few, diffSnapshots(few, buildSnapshot(declare(many.slice(1, HERD_BUNDLE + 1)), few, 1))!);
    const fewLayout = layoutQueue(few.nodes);
    expect(wakeTrails(fewLayout, fewWakes, all)).toHaveLength(HERD_BUNDLE);
    expect(wakeTrails(fewLayout, fewWakes, { first: 0, last: 9 })).toHaveLength(9);
    expect(wakeTrails(fewLayout, fewWakes, all, 5)).toHaveLength(5);
  });

  it('nothing leaves the first time a lock is drawn', () => {
    const layout = layoutQueue(snapshotOf('/l', [record('lock-0000000000')]).nodes);
    expect(departures(layoutQueue([]), layout, all)).toEqual([]);
  });
});
