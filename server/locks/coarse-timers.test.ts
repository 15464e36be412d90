import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoarseTimers } from './coarse-timers';

describe('timers on a shared grid', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  it('fires every timer due within one step at the next grid point, in the order set, from one timer of Node.js', () => {
    const timers = new CoarseTimers(100);
    const fired: string[] = [];
    timers.set(1_099, () => fired.push('c'));
    timers.set(1_010, () => fired.push('a'));
    timers.set(1_050, () => fired.push('b'));
    timers.set(1_150, () => fired.push('d'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['c', 'a', 'b']);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual(['c', 'a', 'b']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['c', 'a', 'b', 'd']);
    expect(vi.getTimerCount()).toBe(0);
    expect(timers.size).toBe(0);
  });

  it('fires a timer on a grid point at that point, and one already past at once', () => {
    const timers = new CoarseTimers(100);
    const fired: number[] = [];
    timers.set(1_200, () => fired.push(Date.now()));
    timers.set(900, () => fired.push(Date.now()));
    vi.advanceTimersByTime(0);
    expect(fired).toEqual([1_000]);
    vi.advanceTimersByTime(200);
    expect(fired).toEqual([1_000, 1_200]);
  });

  it('a cancelled timer never fires, and the last one cancelled leaves no timer of Node.js', () => {
    const timers = new CoarseTimers(100);
    const fired: string[] = [];
    const a = timers.set(1_030, () => fired.push('a'));
    const b = timers.set(1_250, () => fired.push('b'));
    timers.cancel(a);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([]);
    timers.cancel(b);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([]);
  });

  it("a timer cancelled by another's firing at the same point does not fire; one set for a point due already fires in the same run", () => {
    const timers = new CoarseTimers(100);
    const fired: string[] = [];
    let cancelled: ReturnType<CoarseTimers['set']> | null = null;
    timers.set(1_020, () => {
      fired.push('first');
      timers.cancel(cancelled!);
      timers.set(1_000, () => fired.push('due already'));
      timers.set(1_300, () => fired.push('later'));
    });
    // Set after the first, at the same grid point: fired after it, were it not cancelled.
    cancelled = timers.set(1_080, () => fired.push('cancelled'));
    timers.set(1_090, () => fired.push('second'));
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['first', 'second', 'due already']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(200);
    expect(fired).toEqual(['first', 'second', 'due already', 'later']);
  });

  it("one timer's error is said and does not keep the others from firing", () => {
    const timers = new CoarseTimers(100);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fired: string[] = [];
    timers.set(1_010, () => {
      throw new Error('a broken lock');
    });
    timers.set(1_020, () => fired.push('next'));
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['next']);
    expect(said).toHaveBeenCalledWith(expect.objectContaining({ message: 'a broken lock' }));
    said.mockRestore();
  });
});
