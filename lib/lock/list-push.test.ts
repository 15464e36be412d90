import { describe, expect, it } from 'vitest';
import { agingLocks, askPush, figuresAre, lineChanged, lineGone, linePushed, listPushState, pushTook, takePush, type ListPushOptions, type ListPushState } from './list-push';

const OPTIONS: ListPushOptions = { intervalMs: 250, costFactor: 10, windowMs: 310_000 };

/** Runs the pushes due up to `until` on a manual clock, as discovery's timer would, each line pushed with the figures `figures` gives. */
function runUntil(state: ListPushState, until: number, figures: (path: string) => string = () => ''): Array<{ at: number; dirty: string[]; removed: string[] }> {
  const pushes: Array<{ at: number; dirty: string[]; removed: string[] }> = [];
  while (state.dueAt !== null && state.dueAt <= until) {
    const at = state.dueAt;
    const push = takePush(state, at)!;
    for (const path of push.dirty) linePushed(state, path, figures(path));
    pushes.push({ at, ...push });
  }
  return pushes;
}

describe('the lock list pushes', () => {
  it('pushes a burst of changes once, an interval after the first, and the next burst an interval after its own first', () => {
    const state = listPushState();
    for (let i = 0; i < 1_000; i += 1) lineChanged(state, `/locks/lock-${i % 10}`, 1_000 + i / 10, OPTIONS, 1_000 + i / 10);
    expect(state.dueAt).toBe(1_250);
    // Not before it is due.
    expect(takePush(state, 1_249)).toBeNull();
    const [first] = runUntil(state, 1_250);
    expect(first).toEqual({ at: 1_250, dirty: Array.from({ length: 10 }, (_, i) => `/locks/lock-${i}`), removed: [] });
    expect(state.dueAt).toBeNull();
    lineChanged(state, '/locks/lock-3', 5_000, OPTIONS, 5_000);
    expect(runUntil(state, 10_000)).toEqual([{ at: 5_250, dirty: ['/locks/lock-3'], removed: [] }]);
  });

  it('waits ten times what making the last push took, when that is longer than the interval', () => {
    const state = listPushState();
    lineChanged(state, '/a', 0, OPTIONS);
    takePush(state, 250);
    pushTook(state, 80);
    lineChanged(state, '/a', 300, OPTIONS);
    expect(state.dueAt).toBe(300 + 800);
    pushTook(state, 5);
    takePush(state, 1_100);
    lineChanged(state, '/a', 2_000, OPTIONS);
    expect(state.dueAt).toBe(2_250);
  });

  it('sends a lock changed then gone within one push as gone, and one gone then back as changed', () => {
    const state = listPushState();
    lineChanged(state, '/kafka/controller', 0, OPTIONS, 0);
    lineGone(state, '/kafka/controller', 10, OPTIONS);
    lineGone(state, '/hbase/master', 20, OPTIONS);
    lineChanged(state, '/hbase/master', 30, OPTIONS, 30);
    expect(runUntil(state, 1_000)).toEqual([{ at: 250, dirty: ['/hbase/master'], removed: ['/kafka/controller'] }]);
    // Nothing of a gone lock is kept: its figures are not looked at again.
    expect(state.changedAt.has('/kafka/controller')).toBe(false);
    expect(agingLocks(state, 1_000, OPTIONS, new Set(['/hbase/master']))).toEqual(['/hbase/master']);
  });

  it('asks for a changed lock\'s figures until its window has passed, and pushes its line again only when they moved', () => {
    const state = listPushState();
    const listed = new Set(['/orders']);
    let figures = '3 120';
    lineChanged(state, '/orders', 0, OPTIONS, 0);
    runUntil(state, 250, () => figures);
    // Ten seconds on, the same figures: nothing to push.
    expect(agingLocks(state, 10_000, OPTIONS, listed)).toEqual(['/orders']);
    expect(figuresAre(state, '/orders', figures, 10_000, OPTIONS)).toBe(false);
    expect(state.dueAt).toBeNull();
    // A minute on, the handovers of the first minute have aged out of the rate: pushed again.
    figures = '2 120';
    expect(figuresAre(state, '/orders', figures, 60_000, OPTIONS)).toBe(true);
    expect(runUntil(state, 61_000, () => figures)).toEqual([{ at: 60_250, dirty: ['/orders'], removed: [] }]);
    expect(figuresAre(state, '/orders', figures, 70_000, OPTIONS)).toBe(false);
    // Past the window the lock is forgotten: its figures stand as last pushed.
    expect(agingLocks(state, 310_000, OPTIONS, listed)).toEqual(['/orders']);
    expect(agingLocks(state, 310_001, OPTIONS, listed)).toEqual([]);
    expect(state.changedAt.size).toBe(0);
  });

  it('forgets the figures of a lock no longer listed, and leaves a line never pushed when asked to', () => {
    const state = listPushState();
    lineChanged(state, '/gone', 0, OPTIONS, 0);
    lineChanged(state, '/kept', 0, OPTIONS, 0);
    runUntil(state, 250, () => 'x');
    expect(agingLocks(state, 1_000, OPTIONS, new Set(['/kept']))).toEqual(['/kept']);
    expect(state.changedAt.has('/gone')).toBe(false);
    // A whole list made for a page: a lock never pushed asks no push; one whose figures moved does.
    expect(figuresAre(state, '/never', 'y', 2_000, OPTIONS, true)).toBe(false);
    expect(figuresAre(state, '/kept', 'y', 2_000, OPTIONS, true)).toBe(true);
    expect(state.dueAt).toBe(2_250);
  });

  it('asks one push for the list\'s own state, and none twice', () => {
    const state = listPushState();
    askPush(state, 100, OPTIONS);
    askPush(state, 200, OPTIONS);
    expect(state.dueAt).toBe(350);
    expect(runUntil(state, 1_000)).toEqual([{ at: 350, dirty: [], removed: [] }]);
  });
});
