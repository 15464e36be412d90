/** A lock's history as a page keeps it: a first whole read, then only what changed since the last. */
import type { LockHistory } from '../protocol';

/** How far before the last read the next one begins (ms): a hold may end with a time stamped a little before the read that missed it. */
export const HISTORY_OVERLAP_MS = 5000;

/** Where the next read's records begin (`?since=`, the explorer's clock), after `last`. */
export function nextHistorySince(last: LockHistory): number {
  return last.stats.at - HISTORY_OVERLAP_MS;
}

/**
 * `update` (read with `?since=`) laid over `kept`: the records `update` left out, those that ended
 * before its `recordsSince`, are taken from `kept`, the others from `update`, oldest first and at
 * most `capacity` of each, as the explorer keeps them. An update that left nothing out is whole.
 */
export function mergeHistory(kept: LockHistory | null, update: LockHistory): LockHistory {
  const since = update.recordsSince;
  if (since === null || kept === null || kept.path !== update.path) return update;
  const last = <T>(records: T[]): T[] => records.slice(Math.max(0, records.length - update.capacity));
  const holds = [...kept.holds.filter((hold) => hold.to !== null && hold.to < since), ...update.holds].sort((a, b) => a.from - b.from);
  const waits = [...kept.waits.filter((wait) => (wait.heldAt ?? wait.leftAt ?? since) < since), ...update.waits].sort((a, b) => a.queuedAt - b.queuedAt);
  return { ...update, recordsSince: kept.recordsSince, holds: last(holds), waits: last(waits) };
}

/** A history as it stood at `at` (a replay's moment): what began later left out, what ended later still going. */
export function historyAt(history: LockHistory, at: number): LockHistory {
  const holds = history.holds.filter((hold) => hold.from <= at).map((hold) => (hold.to !== null && hold.to > at ? { ...hold, to: null, ended: null } : hold));
  const waits = history.waits
    .filter((wait) => wait.queuedAt <= at)
    .map((wait) => {
      const held = wait.heldAt !== null && wait.heldAt > at;
      const left = wait.leftAt !== null && wait.leftAt > at;
      return held || left ? { ...wait, heldAt: held ? null : wait.heldAt, leftAt: left ? null : wait.leftAt } : wait;
    });
  return { ...history, holds, waits, stats: { ...history.stats, at } };
}
