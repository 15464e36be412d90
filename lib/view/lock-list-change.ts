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

/**
 * A change cut into changes of at most `size` summaries each, to be sent and applied in order:
 * a page takes each as its own task, so that ten thousand locks changed at once (the first
 * report of ZooKeeper naming every holder's client) do not hold it for one long one. The paths
 * gone go with the first part; applied in order, the parts make the whole change.
 */
export function splitListChange(change: LockListChange, size: number): LockListChange[] {
  if (change.upserted.length <= size) return [change];
  const parts: LockListChange[] = [];
  for (let from = 0; from < change.upserted.length; from += size) {
    parts.push({ ...change, upserted: change.upserted.slice(from, from + size), removed: from === 0 ? change.removed : [] });
  }
  return parts;
}
