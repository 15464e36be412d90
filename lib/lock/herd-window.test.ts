import { describe, expect, it } from 'vitest';
import type { Introspected } from './report';
import { record, snapshotOf } from '../testing/records';
import { herdChild, herdJudge, herdWatch } from './herd-window';

const seq = (i: number): string => String(i).padStart(10, '0');

/** The nodes of a plain lock whose children 0..n-1 are owned by sessions 0x1..0xn (the first holds). */
function nodes(first: number, n: number): ReturnType<typeof snapshotOf>['nodes'] {
  return snapshotOf('/l', Array.from({ length: n - first }, (_, i) => record(`lock-${seq(first + i)}`, `0x${first + i + 1}`))).nodes;
}

/** A report at `at` whose sessions 0x1..0xn last sent the request ids `ids`. */
function report(at: number, ids: readonly number[]): Introspected {
  return { watchers: new Map(), clients: new Map(), at, lastRequest: new Map(ids.map((id, i) => [`0x${i + 1}`, String(id)])) };
}

describe('a herd told from the window between two reports', () => {
  it('is not told from new waiters setting their watches: a chain of 10 just spawned', () => {
    const window = herdWatch();
    // Three waiters are there at the first report; seven more come before the next, and the three list the children and watch.
    expect(herdJudge(window, report(1000, [1, 1, 1, 1]), nodes(0, 4))).toBe(false);
    for (let i = 0; i < 6; i += 1) herdChild(window, true, 1100 + i * 10);
    expect(herdJudge(window, report(1500, [1, 3, 3, 3, 1, 1, 1, 1, 1, 1]), nodes(0, 10))).toBe(false);
    expect(window.evidence).toBeNull();
  });

  it('is told when every settled waiter wakes at one release', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdChild(window, false, 1700);
    // The holder went; the four waiters all listed the children again.
    expect(herdJudge(window, report(2000, [0, 2, 2, 2, 2]), nodes(1, 5))).toBe(true);
    expect(window.evidence).toMatch(/3 of the 3 waiting sessions sent requests/);
  });

  it('is still told among settled waiters while new ones arrive', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), nodes(0, 5));
    // Three come; each creation wakes the four who wait, and the three newcomers set their watches.
    for (let i = 0; i < 3; i += 1) herdChild(window, true, 1600 + i * 10);
    expect(herdJudge(window, report(2000, [1, 4, 4, 4, 4, 2, 2, 2]), nodes(0, 8))).toBe(true);
    expect(window.evidence).toMatch(/after 3 created children, 4 of the 4 waiting sessions/);
  });
});
