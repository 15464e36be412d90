import { translate, type Language, type MessageKey } from '../i18n/messages';
import type { LockNode } from '../protocol';

/** What ZooKeeper's report says of the watches of a lock's waiters, counted for one line on the page. */
export interface WatchVerdict {
  /** Waiters whose recipe sets a data watch (exists or getData), which ZooKeeper can report. */
  checkable: number;
  confirmed: number;
  /** Named missing (a no-watch or wrong-watch anomaly says which). */
  missing: number;
  /** Reported sessions not judged yet: they began to wait too recently. */
  pending: number;
  /** Sessions no member reported (a member did not answer, or ZooKeeper was not asked at all). */
  unreported: number;
  /** Waiters that watch the parent's children: ZooKeeper never reports child watches. */
  children: number;
}

/** Counts the waiters of a lock by what ZooKeeper's report could say of their watch. */
export function watchVerdict(nodes: readonly LockNode[]): WatchVerdict {
  const verdict: WatchVerdict = { checkable: 0, confirmed: 0, missing: 0, pending: 0, unreported: 0, children: 0 };
  for (const node of nodes) {
    if (node.role !== 'waiter' || node.watch === null) continue;
    if (node.watch.type === 'children') {
      verdict.children += 1;
      continue;
    }
    verdict.checkable += 1;
    if (node.watchConfirmed === true) verdict.confirmed += 1;
    else if (node.watchConfirmed === false) verdict.missing += 1;
    else if (node.client === null) verdict.unreported += 1;
    else verdict.pending += 1;
  }
  return verdict;
}

/**
 * The verdict in one or two sentences, in `language`; null when there is no waiter whose watch
 * matters. `unreportable`: ZooKeeper reports no watches here at all (`Knowledge`), so an unreported
 * waiter is said once as what cannot be known, not as a report still to come.
 */
export function describeWatchVerdict(verdict: WatchVerdict, language: Language = 'en', unreportable = false): string | null {
  const parts: string[] = [];
  const say = (key: MessageKey, values: Record<string, string | number> = {}): number => parts.push(translate(language, key, values));
  const waiters = (n: number): string => translate(language, n === 1 ? 'waitersOne' : 'waitersMany', { n });
  if (verdict.checkable > 0 && verdict.confirmed === verdict.checkable) say('lpVerdictAll', { n: verdict.confirmed });
  else if (verdict.confirmed > 0) say('lpVerdictSome', { waiters: waiters(verdict.confirmed) });
  if (verdict.pending > 0) say('lpVerdictPending', { waiters: waiters(verdict.pending) });
  if (verdict.unreported > 0) say(unreportable ? 'kVerdictUnreportable' : 'lpVerdictUnreported', { waiters: waiters(verdict.unreported) });
  if (verdict.children > 0) say(verdict.children === 1 ? 'lpVerdictChildrenOne' : 'lpVerdictChildren', { n: verdict.children });
  return parts.length === 0 ? null : parts.join(language === 'zh' ? '' : ' ');
}

/**
 * For each node watched by sessions that own no node of the lock (a single-node lock's
 * contenders waiting for it to go), those sessions, by the node's name.
 */
export function outsideWatchers(nodes: readonly LockNode[]): ReadonlyMap<string, readonly string[]> {
  // The lock's owners are gathered only when a node is watched by someone other than the owner of the node after it.
  let owners: Set<string> | null = null;
  const watching = new Map<string, string[]>();
  for (let index = 0; index < nodes.length; index += 1) {
    const { watchers, name } = nodes[index]!;
    // Most nodes are watched by their successor's owner alone (a chain), or by nobody ZooKeeper reports (a herd): nothing is made for them.
    if (watchers === null || watchers.length === 0 || (watchers.length === 1 && watchers[0] === nodes[index + 1]?.sessionId)) continue;
    owners ??= new Set(nodes.map((node) => node.sessionId));
    const known = owners;
    if (watchers.every((session) => known.has(session))) continue;
    watching.set(name, watchers.filter((session) => !known.has(session)));
  }
  return watching;
}
