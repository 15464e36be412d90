import { describe, expect, it } from 'vitest';
import type { LockNode, LockSnapshot } from '../protocol';
import { record, snapshotOf } from '../testing/records';
import { diffSnapshots, goneNodes } from './delta';
import { LockHistoryModel, percentiles, type HistoryEvents } from './history';
import { missingLock } from './queue';

const seq = (n: number): string => `lock-${String(n).padStart(10, '0')}`;
const T0 = 1_700_000_000_000;

/**
 * Follows a lock through the snapshots read at each time, as the explorer's deltas tell it: node
 * `n` named `nameOf(n)`, and `afterEach` called with the history after each read.
 */
function follow(
  reads: Array<{ at: number; names: number[]; owners?: Record<number, string> }>,
  capacity = 100,
  endOf: (node: LockNode) => 'released' | 'session-expired' | 'broken' = () => 'released',
  { nameOf = seq, afterEach }: { nameOf?: (n: number) => string; afterEach?: (history: LockHistoryModel, read: number) => void } = {},
) {
  const history = new LockHistoryModel('/l', capacity, T0);
  const counted = { held: [] as number[], waited: [] as number[], began: 0 };
  const events: HistoryEvents = { held: (seconds, before) => void (before ? undefined : counted.held.push(seconds)), waited: (seconds) => void counted.waited.push(seconds), began: () => void (counted.began += 1) };
  let previous: LockSnapshot = missingLock('/l');
  let first = true;
  for (const [read, { at, names, owners }] of reads.entries()) {
    const children = names.map((n) => record(nameOf(n), owners?.[n] ?? `0x${(n + 1).toString(16)}`, n + 1, T0 - 10_000 + n));
    const next = snapshotOf('/l', children, first ? null : previous, at);
    const delta = diffSnapshots(previous, next);
    if (delta !== null) history.apply(delta, goneNodes(previous, delta), at, endOf, events);
    previous = next;
    first = false;
    afterEach?.(history, read);
  }
  return { history, counted };
}

describe('the history of a lock', () => {
  it('records each hold and wait from the deltas, the first holder marked as holding from before', () => {
    const { history, counted } = follow([
      { at: T0, names: [0, 1, 2] },
      { at: T0 + 1000, names: [1, 2] },
      { at: T0 + 3000, names: [2, 3] },
    ]);
    const view = history.view(T0 + 4000, 60_000);
    expect(view.holds.map((hold) => [hold.node, hold.from - T0, hold.to === null ? null : hold.to - T0, hold.ended, hold.before])).toEqual([
      [seq(0), -10_000, 1000, 'released', true],
      [seq(1), 1000, 3000, 'released', false],
      [seq(2), 3000, null, null, false],
    ]);
    expect(view.waits.map((wait) => [wait.node, wait.queuedAt - T0, wait.heldAt === null ? null : wait.heldAt - T0])).toEqual([
      [seq(1), -9999, 1000],
      [seq(2), -9998, 3000],
      [seq(3), -9997, null],
    ]);
    // The hold that began before the explorer followed the lock has no known length: it is not a figure.
    expect(view.stats.hold).toEqual({ count: 1, p50: 2, p95: 2, p99: 2 });
    expect(view.stats.wait).toEqual({ count: 2, p50: 10.999, p95: 12.998, p99: 12.998 });
    expect(view.stats.handoversPerMinute).toBe(2);
    expect(counted).toEqual({ held: [2], waited: [10.999, 12.998], began: 2 });
  });

  it('says how a hold ended, and that a waiter left without holding', () => {
    const { history } = follow(
      [
        { at: T0, names: [0, 1, 2] },
        { at: T0 + 500, names: [0, 2] },
        { at: T0 + 1000, names: [2] },
      ],
      100,
      (node) => (node.sessionId === '0x1' ? 'session-expired' : 'broken'),
    );
    const view = history.view(T0 + 2000, 60_000);
    expect(view.holds.map((hold) => [hold.node, hold.ended])).toEqual([
      [seq(0), 'session-expired'],
      [seq(2), null],
    ]);
    expect(view.waits.find((wait) => wait.node === seq(1))).toMatchObject({ heldAt: null, leftAt: T0 + 500 });
  });

  it('keeps the last `capacity` records, and the window only what ended in it', () => {
    const reads = [{ at: T0, names: [0, 1, 2, 3, 4, 5] }];
    for (let i = 1; i <= 5; i += 1) reads.push({ at: T0 + i * 60_000, names: [0, 1, 2, 3, 4, 5].slice(i) });
    const { history } = follow(reads, 3);
    const view = history.view(T0 + 5 * 60_000, 2 * 60_000 + 1);
    expect(view.holds.map((hold) => hold.node)).toEqual([seq(3), seq(4), seq(5)]);
    expect(view.stats.hold).toEqual({ count: 2, p50: 60, p95: 60, p99: 60 });
    expect(view.capacity).toBe(3);
  });

  it('times the wait of a waiter whose record the ring let go, and still keeps the records it has', () => {
    // Ten waiters at the first read and room for three waits: the head's records are let go first.
    const names = Array.from({ length: 10 }, (_, n) => n);
    const { history, counted } = follow(
      [
        { at: T0, names },
        { at: T0 + 1000, names: names.slice(1) },
        { at: T0 + 2000, names: names.slice(1, 9) },
      ],
      3,
    );
    // seq(1) got the lock at 1 s: its wait, from its creation, counts although its record is gone.
    expect(counted.waited).toEqual([10.999]);
    // seq(9) left at 2 s without holding: its record, still kept, says so.
    expect(history.view(T0 + 3000, 60_000).waits.map((wait) => [wait.node, wait.heldAt, wait.leftAt === null ? null : wait.leftAt - T0])).toEqual([
      [seq(7), null, null],
      [seq(8), null, null],
      [seq(9), null, 2000],
    ]);
  });

  it('ends a hold whose record the ring let go without touching the record that took its place', () => {
    // Readers share the lock: four holds open at once in a ring of two.
    const history = new LockHistoryModel('/l', 2, T0);
    const reader = (n: number): LockNode => ({ ...snapshotOf('/l', [record(seq(n), `0x${n + 1}`, n + 1, T0 + n)], null, T0).nodes[0]!, mode: 'read', role: 'holder', roleSince: T0 + 100 + n });
    const readers = [0, 1, 2, 3].map(reader);
    history.apply({ added: readers, removed: [], updated: [] }, [], T0 + 100, () => 'released');
    // The first two readers' records are gone; their holds end at 1 s, the last two's go on.
    history.apply({ added: [], removed: [seq(0), seq(1)], updated: [] }, readers.slice(0, 2), T0 + 1000, () => 'released');
    const view = history.view(T0 + 2000, 60_000);
    expect(view.holds.map((hold) => [hold.node, hold.to, hold.ended])).toEqual([
      [seq(2), null, null],
      [seq(3), null, null],
    ]);
    // The figures are over the grants kept, as many as the records.
    expect(view.stats.handoversPerMinute).toBe(2);
    // The lock list's figures are the page's.
    expect(history.activity(T0 + 2000, 60_000)).toEqual({ handoversPerMinute: view.stats.handoversPerMinute, waitP99: view.stats.wait?.p99 ?? null });
  });

  it('keeps its records in order as its room grows to its capacity and then wraps', () => {
    const reads = [{ at: T0, names: [0, 1] }];
    for (let i = 1; i <= 40; i += 1) reads.push({ at: T0 + i * 1000, names: [i, i + 1] });
    const { history } = follow(reads, 25);
    const view = history.view(T0 + 41_000, 60_000);
    // 41 holds (the first from before), the last 25 kept, oldest first, each ended by the next one's start.
    expect(view.holds.map((hold) => hold.node)).toEqual(Array.from({ length: 25 }, (_, i) => seq(i + 16)));
    expect(view.holds.slice(0, -1).every((hold, i) => hold.to === view.holds[i + 1]!.from)).toBe(true);
    expect(view.waits.map((wait) => wait.node)).toEqual(Array.from({ length: 25 }, (_, i) => seq(i + 17)));
  });

  it('keeps every name as it was, however long and in whatever script, as slots are used again', () => {
    // A real client's names (Curator's 55 bytes, Kazoo's 50), of 64, 65 and 185 bytes, names whose UTF-8 is longer than their characters, and one too long to keep as bytes.
    const shapes = [
      (n: number) => `_c_0f8fad5b-d9cb-469f-a165-70867728950e-lock-${String(n).padStart(10, '0')}`,
      (n: number) => `6fa459eaee8a4ca4894edb77e160355e__lock__${String(n).padStart(10, '0')}`,
      (n: number) => `${'x'.repeat(54)}${String(n).padStart(10, '0')}`,
      (n: number) => `${'x'.repeat(55)}${String(n).padStart(10, '0')}`,
      (n: number) => `read-${'hbase-regionserver.example.internal,16020,1700000000000-'.repeat(3)}${String(n).padStart(10, '0')}`,
      (n: number) => `ロック-${String(n).padStart(10, '0')}`,
      (n: number) => `${'é'.repeat(27)}-${String(n).padStart(10, '0')}`,
      (n: number) => `${'鎖'.repeat(18)}-${String(n).padStart(10, '0')}`,
      (n: number) => `${'y'.repeat(1100)}-${String(n).padStart(10, '0')}`,
    ];
    // Shapes in an order of their own (a fixed pseudo-random walk), so that a slot's bytes are followed by longer and shorter names, past the ring's wrap and its growth.
    const shapeOf = (n: number): number => (n * 7 + ((n * n) >> 3)) % shapes.length;
    const nameOf = (n: number): string => shapes[shapeOf(n)]!(n);
    for (const capacity of [1, 7, 64]) {
      for (const steps of [13, 57, 200]) {
        const reads = [{ at: T0, names: [0, 1] }];
        for (let i = 1; i <= steps; i += 1) reads.push({ at: T0 + i * 1000, names: [i, i + 1] });
        const { history } = follow(reads, capacity, undefined, { nameOf });
        const view = history.view(T0 + (steps + 1) * 1000, 3_600_000);
        const kept = Math.min(capacity, steps + 1);
        expect(view.holds.map((hold) => hold.node)).toEqual(Array.from({ length: kept }, (_, i) => nameOf(steps + 1 - kept + i)));
        expect(view.waits.map((wait) => wait.node)).toEqual(Array.from({ length: kept }, (_, i) => nameOf(steps + 2 - kept + i)));
      }
    }
  });

  it('reads back every kept name after each change, through names of any length in any order', () => {
    // A fixed pseudo-random walk of lengths (mulberry32): names shorter and longer than those before, now and then one too long for bytes.
    let seed = 42;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    for (const capacity of [1, 2, 7, 64]) {
      const names = new Map<number, string>();
      const nameOf = (n: number): string => {
        if (!names.has(n)) {
          const roll = random();
          const length = roll < 0.02 ? 1100 : roll < 0.6 ? Math.floor(1 + random() * 8) : Math.floor(1 + random() * 400);
          names.set(n, `${String.fromCharCode(97 + (n % 26)).repeat(length)}-${seq(n)}`);
        }
        return names.get(n)!;
      };
      const reads = Array.from({ length: 1501 }, (_, i) => ({ at: T0 + i * 1000, names: [i, i + 1] }));
      follow(reads, capacity, undefined, {
        nameOf,
        afterEach: (history, i) => {
          const view = history.view(T0 + i * 1000, 3_600_000);
          const kept = Math.min(capacity, i + 1);
          expect(view.holds.map((hold) => hold.node)).toEqual(Array.from({ length: kept }, (_, k) => nameOf(i + 1 - kept + k)));
          // The first holder held before the lock was followed: the waits are those of nodes 1 to i + 1.
          expect(view.waits.map((wait) => wait.node)).toEqual(Array.from({ length: kept }, (_, k) => nameOf(i + 2 - kept + k)));
        },
      });
    }
  });

  it('leaves out, when asked, what ended before a time: the figures stay those of the whole window', () => {
    const { history } = follow([
      { at: T0, names: [0, 1, 2, 3] },
      { at: T0 + 1000, names: [1, 2, 3] },
      { at: T0 + 3000, names: [2, 3] },
      { at: T0 + 6000, names: [3] },
    ]);
    const all = history.view(T0 + 7000, 60_000);
    const later = history.view(T0 + 7000, 60_000, { since: T0 + 3000 });
    // The hold that ended at 3 s is kept (it ends at `since`), the one that ended at 1 s is not; waits end when they hold.
    expect(later.holds.map((hold) => hold.node)).toEqual([seq(1), seq(2), seq(3)]);
    expect(later.waits.map((wait) => [wait.node, wait.heldAt === null ? null : wait.heldAt - T0])).toEqual([
      [seq(2), 3000],
      [seq(3), 6000],
    ]);
    expect(later.recordsSince).toBe(T0 + 3000);
    expect(later.stats).toEqual(all.stats);
    expect(all.recordsSince).toBeNull();
    // Nothing left out: said so.
    expect(history.view(T0 + 7000, 60_000, { since: T0 - 20_000 }).recordsSince).toBeNull();
    expect(history.view(T0 + 7000, 60_000, false).holds).toEqual([]);
  });
});

describe('percentiles', () => {
  it('are the nearest ranks', () => {
    expect(percentiles([])).toBeNull();
    expect(percentiles([3, 1, 2])).toEqual({ count: 3, p50: 2, p95: 3, p99: 3 });
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentiles(hundred)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99 });
  });
});
