/**
 * The classroom's arithmetic: what theory says a herd and a chain cost, and the figures of one
 * side of a run, read from the simulated contenders' own counters.
 */
import type { ContenderInfo } from '../protocol';

export type Side = 'herd' | 'chained';

/** Notifications the k-th release (1-based) delivers among N contenders: the herd wakes every waiter left, the chain one. */
export function notificationsAtRelease(side: Side, contenders: number, release: number): number {
  const waitersLeft = Math.max(0, contenders - release);
  return side === 'herd' ? waitersLeft : Math.min(1, waitersLeft);
}

/** Notifications delivered by the first `releases` releases: k(2N−k−1)/2 for a herd, k for a chain (to N−1). */
export function notificationsAfter(side: Side, contenders: number, releases: number): number {
  let total = 0;
  for (let release = 1; release <= releases; release += 1) total += notificationsAtRelease(side, contenders, release);
  return total;
}

/**
 * What a herd's contenders count in all after `releases` releases: the notifications to the
 * waiters and, at each release but the first, one more to the holder's own child watch (a holder
 * that waited still watches the children when it deletes its node; the first holder's watch went
 * off while the queue formed). The reveal's N(N−1)/2 + (N−1) at the end; 181 after 13 releases of 20.
 */
export function herdCountAfter(contenders: number, releases: number): number {
  return notificationsAfter('herd', contenders, releases) + Math.max(0, Math.min(releases, contenders) - 1);
}

/** One side's figures, summed over its contenders. */
export interface SideFigures {
  contenders: number;
  /** Holds that ended: releases so far. */
  releases: number;
  holding: number;
  notifications: number;
  /** Notifications after which the contender still did not hold. */
  wasted: number;
  getChildren: number;
  childBytes: number;
  requests: number;
}

export const NO_FIGURES: SideFigures = { contenders: 0, releases: 0, holding: 0, notifications: 0, wasted: 0, getChildren: 0, childBytes: 0, requests: 0 };

export function sideFigures(contenders: readonly ContenderInfo[]): SideFigures {
  const figures = { ...NO_FIGURES };
  for (const contender of contenders) {
    figures.contenders += 1;
    const holding = contender.state === 'holding' || (contender.state === 'paused' && contender.believesHolding);
    if (holding) figures.holding += 1;
    figures.releases += contender.acquisitions - (holding ? 1 : 0);
    figures.notifications += contender.notifications;
    figures.wasted += contender.wakeups;
    figures.getChildren += contender.getChildren;
    figures.childBytes += contender.childBytes;
    figures.requests += contender.requests;
  }
  return figures;
}

/** What happened since `baseline`: the run's own cost, without what joining the queue cost. */
export function since(figures: SideFigures, baseline: SideFigures): SideFigures {
  return {
    contenders: figures.contenders,
    releases: figures.releases - baseline.releases,
    holding: figures.holding,
    notifications: figures.notifications - baseline.notifications,
    wasted: figures.wasted - baseline.wasted,
    getChildren: figures.getChildren - baseline.getChildren,
    childBytes: figures.childBytes - baseline.childBytes,
    requests: figures.requests - baseline.requests,
  };
}

/** A point of the chart: after `releases` releases, `notifications` delivered in all. */
export interface RunPoint {
  releases: number;
  notifications: number;
}

/** Adds the latest figures to a side's curve: one point per release count, the highest seen. */
export function extendCurve(curve: readonly RunPoint[], figures: SideFigures): RunPoint[] {
  const last = curve.at(-1);
  if (last !== undefined && last.releases === figures.releases) {
    if (figures.notifications <= last.notifications) return curve as RunPoint[];
    return [...curve.slice(0, -1), { releases: figures.releases, notifications: figures.notifications }];
  }
  if (last !== undefined && figures.releases < last.releases) return curve as RunPoint[];
  return [...curve, { releases: figures.releases, notifications: figures.notifications }];
}

/** Contender counts a sweep runs through, and what draining each costs in theory. */
export const SWEEP_SIZES = [5, 10, 20, 40] as const;

/** Notifications to drain a queue of N from its forming to its end: N(N−1)/2 for a herd, N−1 for a chain. */
export function drainCost(side: Side, contenders: number): number {
  return notificationsAfter(side, contenders, contenders);
}
