/**
 * Tells a herd from what happened between two reports of ZooKeeper: how many children of the
 * lock came and went in that window, and how many of the sessions that waited throughout sent
 * requests (woke). A lock's recipe is named a herd from this evidence, and no longer when
 * windows show a chain (two in a row: a busy host's waiters may wake late).
 */
import { countWoken, herdCandidates, judgeHerd } from './herd';
import type { Introspected } from './report';
import type { HerdEvidence, LockNode } from '../protocol';

/** A child change this close before a report may not have woken its waiters by the time ZooKeeper was asked. */
const REPORT_MARGIN_MS = 200;
/**
 * A new waiter sends requests of its own after it creates its node (it lists the children, then
 * sets its watch): those are not a wake. Only a session seen waiting at least this long before
 * the window opened counts.
 */
const SETTLE_MS = 500;
/**
 * A herd's waiters on a busy host may answer a deletion a second or more late: a window whose
 * deletions came this close before its report shows no chain (their wakes may fall in the next).
 */
const SLOW_WAKE_MS = 1_500;
/** A lock named a herd is no longer so after this many windows in a row that showed a chain: one may be waiters slower still. */
const CHAIN_WINDOWS_TO_UNNAME = 2;
/** How long child changes are kept for telling a herd: far longer than the time between two reports. */
const CHILD_EVENTS_KEPT_MS = 60_000;

/**
 * What a lock's reading keeps for telling a herd (`LockState.herd`): plain data, changed in place
 * by the functions below.
 */
export interface HerdWatch {
  /** When children of the lock path came and went (ms), since the report before last. */
  events: Array<{ at: number; created: boolean }>;
  /** What the report before this one said of requests (not the report itself: its watches are megabytes at 100,000 waiters), and the sessions that waited then, with their nodes. */
  last: { at: number; lastRequest: Introspected['lastRequest']; waiting: Map<string, string> } | null;
  /** When each waiting node was first seen waiting (the time of that report, ms), by name. */
  waitingSince: Map<string, number>;
  /** What showed the herd, until windows showed a chain (CHAIN_WINDOWS_TO_UNNAME in a row); null otherwise. */
  evidence: HerdEvidence | null;
  /** Windows that showed a chain since the last that showed a herd (those that showed neither do not count). */
  chainWindows: number;
}

export function herdWatch(): HerdWatch {
  return { events: [], last: null, waitingSince: new Map(), evidence: null, chainWindows: 0 };
}

/** A child of the lock path came (`created`) or went at `at`. */
export function herdChild(watch: HerdWatch, created: boolean, at: number): void {
  watch.events.push({ at, created });
  // Without reports (introspection off or failing) nobody reads them: only the last minute is kept.
  dropEvents(watch, (event) => event.at < at - CHILD_EVENTS_KEPT_MS);
}

/**
 * Drops the oldest events while `old` says so, in one splice: shifting them one by one moves
 * the whole list each time, seconds with the 100,000 creations of a queue filled at once.
 */
function dropEvents(watch: HerdWatch, old: (event: { at: number }) => boolean): void {
  let count = 0;
  while (count < watch.events.length && old(watch.events[count]!)) count += 1;
  if (count > 0) watch.events.splice(0, count);
}

/** The reports stopped: the next window starts with the next one. */
export function herdForget(watch: HerdWatch): void {
  watch.last = null;
  watch.waitingSince.clear();
}

/** Reads the verdict of the window since the last report, with the lock's nodes as they are; true when it changed what the lock is said to be. */
export function herdJudge(watch: HerdWatch, report: Introspected, nodes: readonly LockNode[]): boolean {
  const waiting = herdCandidates(nodes);
  const { waitingSince } = watch;
  const names = new Set(waiting.values());
  for (const name of waitingSince.keys()) if (!names.has(name)) waitingSince.delete(name);
  for (const name of names) if (!waitingSince.has(name)) waitingSince.set(name, report.at);
  const last = watch.last;
  watch.last = { at: report.at, lastRequest: report.lastRequest, waiting };
  if (last === null || last.lastRequest === undefined || report.lastRequest === undefined) return false;
  const from = last.at - REPORT_MARGIN_MS;
  const to = report.at - REPORT_MARGIN_MS;
  let created = 0;
  let deleted = 0;
  // A change in the last report's margin counts in this window, but the waiters it woke may have sent their requests before
  // that report was read, where this window does not see them: a window with one is no proof of a chain.
  // So is one whose deletions came too late before this report for slow waiters to have answered.
  let deferred = false;
  for (const event of watch.events) {
    if (event.at <= from || event.at > to) continue;
    if (event.created) created += 1;
    else deleted += 1;
    if (event.at <= last.at || (!event.created && event.at > report.at - SLOW_WAKE_MS)) deferred = true;
  }
  dropEvents(watch, (event) => event.at <= to);
  // Waiters that were still setting their watch when the window opened would read as woken; so would one that held, let go
  // and queued again meanwhile (a looping client): only a session waiting with the same node at both reports counts.
  const settledBy = last.at - SETTLE_MS;
  const throughout: string[] = [];
  for (const [session, name] of waiting) if (last.waiting.get(session) === name && waitingSince.get(name)! <= settledBy) throughout.push(session);
  const judged = judgeHerd({ created, deleted, ...countWoken(throughout, last.lastRequest, report.lastRequest, watchingPredecessor(nodes, report)) });
  const verdict = judged.kind === 'chain' && deferred ? ({ kind: 'unknown' } as const) : judged;
  const before = watch.evidence;
  if (verdict.kind === 'herd') {
    watch.evidence = verdict.evidence;
    watch.chainWindows = 0;
  } else if (verdict.kind === 'chain') {
    watch.chainWindows += 1;
    if (watch.chainWindows >= CHAIN_WINDOWS_TO_UNNAME) watch.evidence = null;
  }
  return (before === null) !== (watch.evidence === null);
}

/**
 * The waiting sessions ZooKeeper reports watching the very node they wait behind, as a chain's
 * waiters do. Whatever woke one of them it is no herd's wake: a herd's waiter watches the
 * parent's children or the lowest node, not its own predecessor. Curator wakes such waiters
 * after a release: an `acquire` that timed out leaves its watch on the node it waited behind, and
 * when that node goes the watch wakes the same client, queued again behind another node.
 */
function watchingPredecessor(nodes: readonly LockNode[], report: Introspected): Set<string> {
  const sessions = new Set<string>();
  if (report.watchers.size === 0) return sessions;
  for (const node of nodes) {
    if (node.role !== 'waiter' || node.watch === null || node.watch.type === 'children' || !report.clients.has(node.sessionId)) continue;
    if (report.watchers.get(node.watch.path)?.includes(node.sessionId) === true) sessions.add(node.sessionId);
  }
  return sessions;
}
