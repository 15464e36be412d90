/** The dashboard's list kept from a whole `locks:list` and the `locks:changes` that follow it. */
import type { LockList, LockListChange, LockSummary } from '../protocol';

/** The list with a change applied: changed and new locks replaced or added, gone ones dropped, in path order. */
export function applyListChange(list: LockList, change: LockListChange): LockList {
  const { upserted, removed, ...state } = change;
  if (upserted.length === 0 && removed.length === 0) return { ...list, ...state };
  const gone = new Set(removed);
  const changed = new Map(upserted.map((lock) => [lock.path, lock]));
  const locks: LockSummary[] = [];
  for (const lock of list.locks) {
    if (gone.has(lock.path)) continue;
    const next = changed.get(lock.path);
    locks.push(next ?? lock);
    changed.delete(lock.path);
  }
  if (changed.size > 0) {
    locks.push(...changed.values());
    locks.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  return { ...list, ...state, locks };
}
