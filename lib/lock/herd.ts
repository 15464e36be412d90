/**
 * Telling a herd lock from a chained one by what its waiters do, not by their names: in a herd
 * every waiter watches the parent's children, so every child created or deleted wakes them all
 * and each sends a request (it lists the children again); in a chained lock a waiter sends
 * nothing until the node just before it goes. ZooKeeper's `cons` shows each connection's last
 * request id (lcxid), which a ping never moves: between two reports, the waiters whose id moved
 * are the ones that woke.
 */
import type { HerdEvidence, LockNode } from '../protocol';

/**
 * The waiting sessions whose waking can tell a herd, each with the node it waits with: exclusive
 * waiters of the lock's own queue. Readers are left out: every reader behind a writer watches
 * that writer and wakes with the others when it goes, by design (a read-write lock is not a
 * herd); so are a semaphore's.
 */
export function herdCandidates(nodes: readonly LockNode[]): Map<string, string> {
  const sessions = new Map<string, string>();
  for (const node of nodes) {
    if (node.role === 'waiter' && node.ephemeral && node.queue === '' && node.mode !== 'read' && node.mode !== 'lease') sessions.set(node.sessionId, node.name);
  }
  return sessions;
}

/** What happened to one lock between two of ZooKeeper's reports. */
export interface HerdWindow {
  /** Children created in the lock between the reports. */
  created: number;
  /** Children deleted between the reports (releases, and waiters that gave up). */
  deleted: number;
  /** Waiting sessions present in both reports. */
  waiting: number;
  /** How many of those sent a request between the reports. */
  woke: number;
}

export type HerdVerdict = { kind: 'herd'; evidence: HerdEvidence } | { kind: 'chain' } | { kind: 'unknown' };

/**
 * The verdict of one window: a herd when, after children changed, more waiters woke than
 * deletions can explain (each deletion wakes at most its successor in a chain) and at least half
 * of them did; a chain when children were deleted and no more waiters woke than were deleted.
 */
export function judgeHerd(window: HerdWindow): HerdVerdict {
  const { created, deleted, waiting, woke } = window;
  if (created + deleted === 0 || waiting < 2) return { kind: 'unknown' };
  if (woke >= 2 && woke > deleted && woke * 2 >= waiting) {
    return { kind: 'herd', evidence: { by: 'cons', deleted, created, woke, waiting } };
  }
  if (deleted > 0 && woke <= deleted) return { kind: 'chain' };
  return { kind: 'unknown' };
}

/**
 * How many of `sessions` sent a request between two reports of each session's last request id;
 * those `chained` (seen watching their own predecessor) count as waiting, never as woken.
 */
export function countWoken(sessions: Iterable<string>, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>, chained: ReadonlySet<string> = new Set()): { waiting: number; woke: number } {
  let waiting = 0;
  let woke = 0;
  for (const session of sessions) {
    const then = before.get(session);
    const now = after.get(session);
    if (then === undefined || now === undefined) continue;
    waiting += 1;
    if (then !== now && !chained.has(session)) woke += 1;
  }
  return { waiting, woke };
}
