import { describe, expect, it } from 'vitest';
import type { HoldRecord, LockHistory, WaitRecord } from '../protocol';
import { historyAt, mergeHistory, nextHistorySince } from './history-merge';

const T0 = 1_700_000_000_000;
const hold = (node: string, from: number, to: number | null): HoldRecord => ({ node, sessionId: '0x1', client: null, mode: 'exclusive', from: T0 + from, to: to === null ? null : T0 + to, ended: to === null ? null : 'released', before: false });
const wait = (node: string, queuedAt: number, heldAt: number | null): WaitRecord => ({ node, sessionId: '0x1', queuedAt: T0 + queuedAt, heldAt: heldAt === null ? null : T0 + heldAt, leftAt: null });
const history = (at: number, holds: HoldRecord[], waits: WaitRecord[], recordsSince: number | null = null, capacity = 100): LockHistory => ({
  path: '/l',
  capacity,
  since: T0,
  recordsSince: recordsSince === null ? null : T0 + recordsSince,
  holds,
  waits,
  stats: { windowMs: 300_000, at: T0 + at, hold: null, wait: null, handoversPerMinute: 0 },
});

describe('a history kept from reads of what changed', () => {
  it('keeps what the update left out and takes the rest from it, oldest first: the same as a whole read', () => {
    // Whole at 10 s: a held 0–4 s, b holds from 4 s, c waits.
    const first = history(10_000, [hold('a', 0, 4000), hold('b', 4000, null)], [wait('b', 0, 4000), wait('c', 1000, null)]);
    expect(nextHistorySince(first)).toBe(T0 + 5000);
    // At 20 s, since 5 s: b ended at 12 s, c holds from 12 s, d held 13–15 s (came and went between the reads).
    const update = history(20_000, [hold('b', 4000, 12_000), hold('c', 12_000, null), hold('d', 13_000, 15_000)], [wait('c', 1000, 12_000), wait('d', 11_000, 13_000)], 5000);
    const merged = mergeHistory(first, update);
    expect(merged.holds.map((one) => [one.node, one.to === null ? null : one.to - T0])).toEqual([
      ['a', 4000],
      ['b', 12_000],
      ['c', null],
      ['d', 15_000],
    ]);
    expect(merged.waits.map((one) => one.node)).toEqual(['b', 'c', 'd']);
    // Whole again, as the first read was; the figures are the update's.
    expect(merged.recordsSince).toBeNull();
    expect(merged.stats).toBe(update.stats);
  });

  it('keeps at most the capacity, the oldest going first', () => {
    const first = history(10_000, [hold('a', 0, 1000), hold('b', 1000, 2000)], [], null, 2);
    const merged = mergeHistory(first, history(20_000, [hold('c', 12_000, null)], [], 5000, 2));
    expect(merged.holds.map((one) => one.node)).toEqual(['b', 'c']);
  });

  it('takes a whole read as it is, and nothing of another lock', () => {
    const first = history(10_000, [hold('a', 0, 1000)], []);
    const whole = history(20_000, [hold('z', 12_000, null)], []);
    expect(mergeHistory(first, whole)).toBe(whole);
    expect(mergeHistory(null, history(20_000, [], [], 5000)).holds).toEqual([]);
    const other = { ...history(20_000, [hold('y', 12_000, null)], [], 5000), path: '/other' };
    expect(mergeHistory(first, other)).toBe(other);
  });
});

describe('a history as it stood at a moment of the files', () => {
  it('leaves out what began later and keeps going what ended later', () => {
    const whole = history(20_000, [hold('a', 0, 4000), hold('b', 4000, 12_000), hold('c', 12_000, null)], [wait('b', 1000, 4000), { ...wait('x', 2000, null), leftAt: T0 + 9000 }, wait('c', 3000, 12_000)]);
    const at = historyAt(whole, T0 + 8000);
    expect(at.holds.map((one) => [one.node, one.to === null ? null : one.to - T0, one.ended])).toEqual([
      ['a', 4000, 'released'],
      ['b', null, null],
    ]);
    expect(at.waits.map((one) => [one.node, one.heldAt === null ? null : one.heldAt - T0, one.leftAt])).toEqual([
      ['b', 4000, null],
      ['x', null, null],
      ['c', null, null],
    ]);
    expect(at.stats.at).toBe(T0 + 8000);
    // A hold that ends at the moment itself has ended then.
    expect(historyAt(whole, T0 + 4000).holds.map((one) => one.ended)).toEqual(['released', null]);
  });
});
