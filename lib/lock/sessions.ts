import type { LockSnapshot, SessionList, SessionSummary } from '../protocol';

/**
 * Every session that owns lock nodes, with those nodes, across the given locks: the sessions
 * that hold come first, then the ones with most nodes. Persistent nodes are listed under `0x0`.
 */
export function summarizeSessions(locks: readonly LockSnapshot[], limit = 500): SessionList {
  const bySession = new Map<string, SessionSummary>();
  for (const lock of locks) {
    for (const node of lock.nodes) {
      let summary = bySession.get(node.sessionId);
      if (summary === undefined) {
        summary = { sessionId: node.sessionId, nodes: [], holds: 0, waits: 0 };
        bySession.set(node.sessionId, summary);
      }
      summary.nodes.push({ lock: lock.path, name: node.name, role: node.role, mode: node.mode });
      if (node.role === 'holder') summary.holds += 1;
      else summary.waits += 1;
    }
  }
  const sessions = [...bySession.values()].sort(
    (a, b) => Number(b.holds > 0) - Number(a.holds > 0) || b.nodes.length - a.nodes.length || (a.sessionId < b.sessionId ? -1 : 1),
  );
  return { sessions: sessions.slice(0, limit), truncated: sessions.length > limit };
}
