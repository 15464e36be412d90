import { describe, expect, it } from 'vitest';
import type { ContenderInfo } from '../protocol';
import { drainCost, extendCurve, herdCountAfter, notificationsAfter, notificationsAtRelease, sideFigures, since } from './classroom';

const contender = (overrides: Partial<ContenderInfo>): ContenderInfo => ({
  id: 'c1',
  path: '/sim/x',
  strategy: 'herd',
  state: 'waiting',
  sessionId: '0x1',
  node: null,
  czxid: null,
  believesHolding: false,
  round: 1,
  acquisitions: 0,
  notifications: 0,
  wakeups: 0,
  getChildren: 0,
  requests: 0,
  childBytes: 0,
  waitMs: 0,
  holdMs: 0,
  violations: 0,
  error: null,
  ...overrides,
});

describe('the theory', () => {
  it('a herd of N wakes N−1, then N−2, …: N(N−1)/2 to drain; a chain wakes one per release: N−1', () => {
    expect(notificationsAtRelease('herd', 10, 1)).toBe(9);
    expect(notificationsAtRelease('chained', 10, 1)).toBe(1);
    expect(notificationsAtRelease('chained', 10, 10)).toBe(0);
    expect(notificationsAfter('herd', 10, 10)).toBe(45);
    expect(notificationsAfter('chained', 10, 10)).toBe(9);
    expect(notificationsAfter('herd', 200, 200)).toBe(19_900);
    expect(drainCost('herd', 40)).toBe(780);
    expect(drainCost('chained', 40)).toBe(39);
  });

  it('a herd counts the holder\'s own watch at each release but the first: 209 for N = 20, as the chart and the reveal both say', () => {
    expect(herdCountAfter(20, 20)).toBe(190 + 19);
    // As a run of 20 counted it after 13 releases: 169 to the waiters, 12 to holders that had waited.
    expect(herdCountAfter(20, 13)).toBe(181);
    expect(herdCountAfter(20, 5)).toBe(notificationsAfter('herd', 20, 5) + 4);
    expect(herdCountAfter(6, 2)).toBe(10);
    expect(herdCountAfter(20, 1)).toBe(19);
    expect(herdCountAfter(20, 0)).toBe(0);
  });
});

describe("a side's figures", () => {
  it('counts releases as holds that ended, and the run apart from joining', () => {
    const joined = sideFigures([contender({ state: 'holding', acquisitions: 1, notifications: 0 }), contender({ notifications: 3, wakeups: 3, getChildren: 4 })]);
    expect(joined).toMatchObject({ contenders: 2, releases: 0, holding: 1, notifications: 3 });
    const later = sideFigures([contender({ state: 'done', acquisitions: 1 }), contender({ state: 'holding', acquisitions: 1, notifications: 4, wakeups: 3, getChildren: 5 })]);
    expect(since(later, joined)).toMatchObject({ releases: 1, notifications: 1, wasted: 0, getChildren: 1 });
  });

  it('grows a curve by release, keeping the highest count seen for each', () => {
    let curve = extendCurve([], { ...sideFigures([]), releases: 0, notifications: 0 });
    curve = extendCurve(curve, { ...sideFigures([]), releases: 1, notifications: 2 });
    curve = extendCurve(curve, { ...sideFigures([]), releases: 1, notifications: 5 });
    curve = extendCurve(curve, { ...sideFigures([]), releases: 1, notifications: 4 });
    expect(curve).toEqual([
      { releases: 0, notifications: 0 },
      { releases: 1, notifications: 5 },
    ]);
  });
});
