/**
 * How a hold ended, as a rule over plain data: broken when the explorer itself deleted the node
 * (it says so before it deletes it); its session expired when an earlier report of ZooKeeper
 * listed the owner's session as connected and the report now no longer does (a crashed client
 * stops answering; ZooKeeper deletes its nodes when the session times out); released otherwise (a
 * session too new for any report counts as connected). The histories (`server/locks/history.ts`)
 * run it with each report and each hold that ends; unit tests feed it reports on a manual clock.
 */
import type { HoldEnd, LockNode } from '../protocol';
import type { Introspected } from './report';

export interface HoldEndState {
  /** Node paths the explorer deleted to break a lock, until their deletion is seen. */
  broken: Set<string>;
  /** The sessions ZooKeeper's reports listed as connected, with when they were last listed (those gone from the reports only while they own a node in a lock). */
  seen: Map<string, number>;
}

export function holdEndState(): HoldEndState {
  return { broken: new Set(), seen: new Map() };
}

/**
 * A new report: the sessions it lists were connected at its time. A session no longer listed
 * matters only while it owns a node in a lock (`ownsNodes`: its hold's end it may explain), and
 * not for longer than `keptMs`: a busy ensemble's short sessions (20 a second) are forgotten as
 * they go, not kept for half an hour.
 */
export function reportSeen(state: HoldEndState, report: Introspected, ownsNodes: (session: string) => boolean, keptMs: number): void {
  for (const session of report.clients.keys()) state.seen.set(session, report.at);
  for (const [session, at] of state.seen) if (at < report.at && (!ownsNodes(session) || at < report.at - keptMs)) state.seen.delete(session);
}

/** The explorer is about to delete this lock node to break the lock: its hold ends as broken. */
export function breaking(state: HoldEndState, nodePath: string): void {
  state.broken.add(nodePath);
}

/** A hold ended as its node went: how, by what the explorer did and what ZooKeeper's reports (the last, `report`) said of its session. */
export function holdEnded(state: HoldEndState, node: LockNode, report: Introspected | null): HoldEnd {
  if (state.broken.delete(node.path)) return 'broken';
  if (report !== null && node.ephemeral && state.seen.has(node.sessionId) && !report.clients.has(node.sessionId)) return 'session-expired';
  return 'released';
}
