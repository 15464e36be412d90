import type { DumpReport } from '../zk/four-letter';
import type { Introspected } from './report';
import type { LockSnapshot, SessionList, SessionSummary } from '../protocol';

/** What ZooKeeper and the explorer itself know about sessions besides the nodes they own. */
export interface SessionContext {
  /** ZooKeeper's report of watches and client addresses; null when unavailable. */
  introspected?: Introspected | null;
  /** ZooKeeper's `dump`: each session's ephemeral nodes and expiry; null when unavailable. */
  dump?: DumpReport | null;
  /** The sessions of the explorer's simulated contenders. */
  simulated?: ReadonlySet<string>;
  /** The sessions on a deadlock's cycle. */
  deadlocked?: ReadonlySet<string>;
  /** Whether every member answered with its connections (default true): otherwise a session connected to a silent member would look disconnected. */
  connectionsComplete?: boolean;
  /** Only sessions whose id, client, lock or node name contains this (any case). */
  query?: string;
  /** The page: how many matching sessions to skip, and the most to list. */
  offset?: number;
  limit?: number;
}

/**
 * Whether a member holds a session's connection: known only where ZooKeeper listed its
 * connections (`cons`, or the AdminServer's); `none` where its `dump` still keeps the session
 * with an expiry while no member lists a connection for it.
 */
function connectionOf(summary: SessionSummary, introspected: Introspected | null, dump: DumpReport | null): SessionSummary['connection'] {
  if (summary.sessionId === '0x0' || introspected === null) return 'unknown';
  if (introspected.clients.has(summary.sessionId)) return 'connected';
  return dump !== null && summary.expiresAt !== null ? 'none' : 'unknown';
}

/** Whether a session matches a filter: its id, its client's address, or a lock or node of it contains the text. */
function matches(summary: SessionSummary, needle: string): boolean {
  if (needle === '') return true;
  const has = (text: string | null): boolean => text !== null && text.toLowerCase().includes(needle);
  return has(summary.sessionId) || has(summary.client) || summary.nodes.some((node) => has(node.lock) || has(node.name));
}

// Enough paths to see what a session waits on; the count tells the rest.
const WATCHES_SHOWN = 20;
// Enough of a session's lock nodes to see what it does (holds first); `nodeCount` tells the rest: a client in ten thousand locks is one row, not ten thousand lines.
const NODES_SHOWN = 20;

/**
 * Every session that owns lock nodes, with those nodes, across the given locks: the sessions
 * that hold come first, then the ones with most nodes. Persistent nodes are listed under `0x0`.
 * The explorer's own session owns none, and ZooKeeper's report comes without it: it is not listed.
 */
export function summarizeSessions(locks: readonly LockSnapshot[], context: SessionContext = {}): SessionList {
  const { introspected = null, dump = null, simulated = new Set<string>(), deadlocked = new Set<string>(), query = '', offset = 0, limit = 500 } = context;
  const watchesBySession = new Map<string, string[]>();
  if (introspected !== null) {
    for (const [path, sessions] of introspected.watchers) {
      for (const session of sessions) {
        const paths = watchesBySession.get(session) ?? [];
        paths.push(path);
        watchesBySession.set(session, paths);
      }
    }
  }
  const bySession = new Map<string, SessionSummary>();
  const summaryOf = (sessionId: string): SessionSummary => {
    let summary = bySession.get(sessionId);
    if (summary === undefined) {
      const watches = introspected === null ? null : (watchesBySession.get(sessionId) ?? []).sort();
      summary = {
        sessionId,
        nodes: [],
        nodeCount: 0,
        holds: 0,
        waits: 0,
        client: introspected?.clients.get(sessionId) ?? null,
        watches: watches === null ? null : watches.slice(0, WATCHES_SHOWN),
        watchCount: watches?.length ?? 0,
        origin: simulated.has(sessionId) ? 'simulated' : null,
        ephemeralCount: dump === null ? null : (dump.ephemerals.get(sessionId)?.length ?? 0),
        expiresAt: dump?.expiries.get(sessionId) ?? null,
        connection: 'unknown',
        deadlocked: deadlocked.has(sessionId),
        files: null,
      };
      bySession.set(sessionId, summary);
    }
    return summary;
  };
  for (const lock of locks) {
    for (const node of lock.nodes) {
      const summary = summaryOf(node.sessionId);
      summary.nodes.push({ lock: lock.path, name: node.name, role: node.role, mode: node.mode });
      summary.nodeCount += 1;
      if (node.client !== null && summary.client === null) summary.client = node.client;
      if (node.role === 'holder') summary.holds += 1;
      else summary.waits += 1;
    }
  }
  for (const summary of bySession.values()) summary.connection = connectionOf(summary, introspected, context.connectionsComplete === false ? null : dump);
  const needle = query.trim().toLowerCase();
  // What needs a look first: a deadlock, then a session without a connection that holds (its lock is stuck until it expires), then holders.
  const rank = (summary: SessionSummary): number => (summary.deadlocked ? 3 : summary.connection === 'none' && summary.holds > 0 ? 2 : summary.connection === 'none' ? 1 : 0);
  const all = [...bySession.values()]
    .filter((summary) => matches(summary, needle))
    .sort((a, b) => rank(b) - rank(a) || Number(b.holds > 0) - Number(a.holds > 0) || b.nodes.length - a.nodes.length || (a.sessionId < b.sessionId ? -1 : 1));
  const page = all.slice(offset, offset + limit).map((summary) => {
    if (summary.nodes.length <= NODES_SHOWN) return summary;
    // A filter that names a node shows that node first.
    const named = (node: SessionSummary['nodes'][number]): boolean => needle !== '' && (node.lock.toLowerCase().includes(needle) || node.name.toLowerCase().includes(needle));
    const first = [...summary.nodes].sort((a, b) => Number(named(b)) - Number(named(a)) || Number(b.role === 'holder') - Number(a.role === 'holder'));
    return { ...summary, nodes: first.slice(0, NODES_SHOWN) };
  });
  return { sessions: page, truncated: offset + limit < all.length, total: all.length, offset };
}
