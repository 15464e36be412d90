import type { LockSummary } from '../protocol';

/** The columns the lock table sorts by. */
export type LockColumn = 'path' | 'recipe' | 'holder' | 'heldFor' | 'waiting' | 'oldestWait' | 'handovers' | 'waitP99' | 'anomalies';

export interface LockTableView {
  sortBy: LockColumn;
  descending: boolean;
  /** Words that every shown lock's path, recipe or holder contains (case-insensitive). */
  filter: string;
}

function sortValue(lock: LockSummary, column: LockColumn, now: number): string | number {
  switch (column) {
    case 'path':
      return lock.path;
    case 'recipe':
      return lock.recipe.name;
    case 'holder':
      return lock.holders[0] ?? '';
    case 'heldFor':
      return lock.holderSince === null ? -1 : now - lock.holderSince;
    case 'waiting':
      return lock.queueLength;
    case 'oldestWait':
      return lock.oldestWaiterSince === null ? -1 : now - lock.oldestWaiterSince;
    case 'handovers':
      return lock.activity?.handoversPerMinute ?? -1;
    case 'waitP99':
      return lock.activity?.waitP99 ?? -1;
    case 'anomalies':
      return lock.anomalies;
  }
}

/** The locks to show, filtered and sorted as the table's controls say; ties keep path order. */
export function viewLocks(locks: readonly LockSummary[], view: LockTableView, now: number): LockSummary[] {
  const words = view.filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = locks.filter((lock) => {
    const text = `${lock.path} ${lock.recipe.name} ${lock.holders.join(' ')} ${lock.holderSessions.join(' ')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const direction = view.descending ? -1 : 1;
  return shown.sort((a, b) => {
    const left = sortValue(a, view.sortBy, now);
    const right = sortValue(b, view.sortBy, now);
    if (left !== right) return (left < right ? -1 : 1) * direction;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
}

/** Keeps the last `size` queue lengths of each lock, for the sparklines. */
export function recordQueueLengths(history: ReadonlyMap<string, number[]>, locks: readonly LockSummary[], size = 60): Map<string, number[]> {
  const next = new Map<string, number[]>();
  for (const lock of locks) {
    const previous = history.get(lock.path) ?? [];
    const last = previous.at(-1);
    next.set(lock.path, last === lock.queueLength && previous.length > 1 ? previous : [...previous, lock.queueLength].slice(-size));
  }
  return next;
}
