/**
 * Tells a herd from what happened between two reports of ZooKeeper: how many children of the
 * lock came and went in that window, and how many of the sessions that waited throughout sent
 * requests (woke). A lock's recipe is named a herd from this evidence, and no longer when a
 * window shows a chain.
 */
import { countWoken, herdCandidates, judgeHerd } from './herd';
import type { Introspected } from './report';
import type { LockNode } from '../protocol';

/** A child change this close before a report may not have woken its waiters by the time ZooKeeper was asked. */
const REPORT_MARGIN_MS = 200;
/**
 * A new waiter sends requests of its own after it creates its node (it lists the children, then
 * sets its watch): those are not a wake. Only a session seen waiting at least this long before
 * the window opened counts.
 */
const SETTLE_MS = 500;
/** How long child changes are kept for telling a herd: far longer than the time between two reports. */
const CHILD_EVENTS_KEPT_MS = 60_000;

export class HerdWindow {
  /** When children of the lock path came and went (ms), since the report before last. */
  private readonly events: Array<{ at: number; created: boolean }> = [];
  /** What the report before this one said of requests (not the report itself: its watches are megabytes at 100,000 waiters), and the sessions that waited then. */
  private last: { at: number; lastRequest: Introspected['lastRequest']; waiting: Set<string> } | null = null;
  /** When each waiting session was first seen waiting (the time of that report, ms). */
  private readonly waitingSince = new Map<string, number>();
  private found: string | null = null;

  /** What showed the herd, while the last window did; null otherwise. */
  get evidence(): string | null {
    return this.found;
  }

  /** A child of the lock path came (`created`) or went at `at`. */
  child(created: boolean, at: number): void {
    this.events.push({ at, created });
    // Without reports (introspection off or failing) nobody reads them: only the last minute is kept.
    this.dropEvents((event) => event.at < at - CHILD_EVENTS_KEPT_MS);
  }

  /**
   * Drops the oldest events while `old` says so, in one splice: shifting them one by one moves
   * the whole list each time, seconds with the 100,000 creations of a queue filled at once.
   */
  private dropEvents(old: (event: { at: number }) => boolean): void {
    let count = 0;
    while (count < this.events.length && old(this.events[count]!)) count += 1;
    if (count > 0) this.events.splice(0, count);
  }

  /** The reports stopped: the next window starts with the next one. */
  forget(): void {
    this.last = null;
    this.waitingSince.clear();
  }

  /** Reads the verdict of the window since the last report, with the lock's nodes as they are; true when it changed what the lock is said to be. */
  judge(report: Introspected, nodes: readonly LockNode[]): boolean {
    const waiting = herdCandidates(nodes);
    for (const session of this.waitingSince.keys()) if (!waiting.has(session)) this.waitingSince.delete(session);
    for (const session of waiting) if (!this.waitingSince.has(session)) this.waitingSince.set(session, report.at);
    const last = this.last;
    this.last = { at: report.at, lastRequest: report.lastRequest, waiting };
    if (last === null || last.lastRequest === undefined || report.lastRequest === undefined) return false;
    const from = last.at - REPORT_MARGIN_MS;
    const to = report.at - REPORT_MARGIN_MS;
    let created = 0;
    let deleted = 0;
    for (const event of this.events) {
      if (event.at <= from || event.at > to) continue;
      if (event.created) created += 1;
      else deleted += 1;
    }
    this.dropEvents((event) => event.at <= to);
    // Waiters that were still setting their watch when the window opened would read as woken.
    const settledBy = last.at - SETTLE_MS;
    const throughout = [...waiting].filter((session) => last.waiting.has(session) && this.waitingSince.get(session)! <= settledBy);
    const verdict = judgeHerd({ created, deleted, ...countWoken(throughout, last.lastRequest, report.lastRequest) });
    const before = this.found;
    if (verdict.kind === 'herd') this.found = verdict.evidence;
    else if (verdict.kind === 'chain') this.found = null;
    return (before === null) !== (this.found === null);
  }
}
