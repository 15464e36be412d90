import { anomalyLabel, LANGUAGES } from '../i18n/messages';
import type { AnomalyKind, LockSummary } from '../protocol';

/** The columns the lock table sorts by. */
export type LockColumn = 'path' | 'recipe' | 'holder' | 'heldFor' | 'waiting' | 'oldestWait' | 'handovers' | 'waitP99' | 'anomalies';

export interface LockTableView {
  /** A column, or `attention`: the rows that matter first (see `attentionRank`). */
  sortBy: LockColumn | 'attention';
  descending: boolean;
  /** Words that every shown lock's path, recipe, holder or anomaly kinds contain (case-insensitive). */
  filter: string;
}

/** A lock's key for a column; times are ordered by their start, so that the order does not move with the clock. */
function sortValue(lock: LockSummary, column: LockColumn): string | number {
  switch (column) {
    case 'path':
      return lock.path;
    case 'recipe':
      return lock.recipe.name;
    case 'holder':
      return lock.holderClients[0] ?? lock.holderDataClients[0] ?? lock.holderSessions[0] ?? '';
    case 'heldFor':
      return lock.holderSince === null ? Number.NEGATIVE_INFINITY : -lock.holderSince;
    case 'waiting':
      return lock.queueLength;
    case 'oldestWait':
      return lock.oldestWaiterSince === null ? Number.NEGATIVE_INFINITY : -lock.oldestWaiterSince;
    case 'handovers':
      return lock.activity?.handoversPerMinute ?? -1;
    case 'waitP99':
      return lock.activity?.waitP99 ?? -1;
    case 'anomalies':
      return lock.anomalies;
  }
}

/**
 * What will not resolve itself: ZooKeeper will not let the explorer read the lock, a holder whose
 * session has no connection (every waiter waits for its expiry), waiters that no release will
 * wake or that wait on their own or on a persistent node.
 */
const STUCK: readonly AnomalyKind[] = ['no-auth', 'holder-disconnected', 'no-watch', 'wrong-watch', 'orphan', 'persistent-node'];

/** Whether a lock's anomalies include one that will not resolve itself (a deadlock, or a STUCK kind): said in red; the rest in amber. */
export function needsHand(kinds: readonly AnomalyKind[]): boolean {
  return kinds.some((kind) => kind === 'deadlock' || STUCK.includes(kind));
}

/**
 * How urgently a lock needs a look, smaller first: a triage. Deadlocked; then what will not
 * resolve itself (STUCK); then what may (a long hold, a herd); then waited on, then held, then free.
 */
export function attentionRank(lock: LockSummary): number {
  if (lock.anomalyKinds.includes('deadlock')) return 0;
  if (needsHand(lock.anomalyKinds)) return 1;
  if (lock.anomalies > 0) return 2;
  if (lock.queueLength > 0) return 3;
  return lock.holders.length > 0 ? 4 : 5;
}

/** Within a rank, the longest wait first (a held lock: the longest hold), then the path. */
export function attentionOrder(a: LockSummary, b: LockSummary): number {
  const rank = attentionRank(a) - attentionRank(b);
  if (rank !== 0) return rank;
  const since = (lock: LockSummary): number => lock.oldestWaiterSince ?? lock.holderSince ?? Number.POSITIVE_INFINITY;
  const age = since(a) - since(b);
  if (age !== 0 && !Number.isNaN(age)) return age;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** What the filter looks in, per lock: made once per list, not on every keystroke. */
const searchText = new WeakMap<LockSummary, string>();

function textOf(lock: LockSummary): string {
  let text = searchText.get(lock);
  if (text === undefined) {
    const { recipe } = lock;
    // An anomaly is found by its kind's name in any language the page speaks ("deadlock", "死锁").
    const kinds = lock.anomalyKinds.flatMap((kind) => LANGUAGES.map((language) => anomalyLabel(language, kind))).join(' ');
    text = `${lock.path} ${recipe.name} ${recipe.system ?? ''} ${recipe.role ?? ''} ${lock.holders.join(' ')} ${lock.holderIdentities.join(' ')} ${lock.holderSessions.join(' ')} ${lock.holderClients.join(' ')} ${lock.holderDataClients.join(' ')} ${kinds}`.toLowerCase();
    searchText.set(lock, text);
  }
  return text;
}

/** The locks to show, filtered and sorted as the table's controls say; ties keep path order. */
export function viewLocks(locks: readonly LockSummary[], view: LockTableView): LockSummary[] {
  const words = view.filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = words.length === 0 ? [...locks] : locks.filter((lock) => words.every((word) => textOf(lock).includes(word)));
  const sortBy = view.sortBy;
  if (sortBy === 'attention') return shown.sort(attentionOrder);
  const direction = view.descending ? -1 : 1;
  // Each lock's key once, not once per comparison.
  const keys = new Map(shown.map((lock) => [lock, sortValue(lock, sortBy)]));
  return shown.sort((a, b) => {
    const left = keys.get(a)!;
    const right = keys.get(b)!;
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

/** Of `locks`, those that need a look (a deadlock, what will not resolve itself, an anomaly), the most urgent first: `count` of them, and how many there are. */
export function needingLook(locks: readonly LockSummary[], count: number): { locks: LockSummary[]; total: number } {
  const needing = locks.filter((lock) => attentionRank(lock) <= 2).sort(attentionOrder);
  return { locks: needing.slice(0, count), total: needing.length };
}
