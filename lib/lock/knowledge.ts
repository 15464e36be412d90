/**
 * What can and cannot be known of the locks from what ZooKeeper answers. Every lock's nodes are
 * read from the tree (names, stats, data), so its queue, owners and recipe watches are always
 * known; whether a watch is really set, where a session connects from, whether it is still
 * connected and when it expires, and the server's counts come only from the members' reports
 * (`wchc`, `cons`, `dump`, `mntr`, or the AdminServer), which ZooKeeper 3.10 will ship closed.
 */
import { KNOWN_FACTS, type DiscoveryStatus, type IntrospectionStatus, type Knowledge, type ReportedFact } from '../protocol';

/** What the explorer was told by the members, as `knowledgeOf` reads it. */
export interface Answered {
  introspection: Pick<IntrospectionStatus, 'reason' | 'servers'>;
  /** Whether any member answered `mntr` (or the AdminServer's `monitor`). */
  monitor: boolean;
  /** Whether any member answered `dump` (or the AdminServer's) with its sessions' expiry. */
  expiries: boolean;
  discovery: Pick<DiscoveryStatus, 'method' | 'live' | 'treeNotificationsPerSecond' | 'ephemerals'>;
}

/** The facts only the sessions' report (`wchc` and `cons`, or the AdminServer's `watches` and `connections`) tells. */
const FROM_SESSIONS: readonly ReportedFact[] = ['watches-set', 'other-watchers', 'client-addresses', 'sessions-connected', 'session-expiry', 'herd-wakeups'];

/**
 * What can and cannot be known, from what the members answered; null where they tell everything
 * the explorer asks, before they were first asked (nothing is known of them yet), and in replay.
 */
export function knowledgeOf({ introspection, monitor, expiries, discovery }: Answered): Knowledge | null {
  if (discovery.method === 'files') return null;
  const notAsked = discovery.ephemerals.state === 'off';
  const { servers } = introspection;
  if (!notAsked && servers.length === 0) return null;
  // A member that answers its sessions is enough: a waiter whose member did not is said by its own verdict.
  const sessions = !notAsked && servers.some((server) => server.ok);
  const unknown: ReportedFact[] = sessions ? [] : [...FROM_SESSIONS];
  if (sessions && !expiries) unknown.push('session-expiry');
  if (notAsked || !monitor) unknown.push('watch-counts');
  if (unknown.length === 0) return null;
  const refused = servers.flatMap((server) => (server.refused === null ? [] : [`${server.server}: ${server.refused}`]));
  return {
    cause: notAsked ? 'not-asked' : sessions ? 'partial' : 'refused',
    reason: notAsked ? null : (introspection.reason ?? (refused.length > 0 ? refused.join('; ') : null)),
    known: [...KNOWN_FACTS],
    unknown,
    newLocks: { live: discovery.live, treeNotificationsPerSecond: discovery.live === 'recursive-watch' ? discovery.treeNotificationsPerSecond : null },
  };
}
