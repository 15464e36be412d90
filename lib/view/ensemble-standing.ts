import type { EnsembleSummary, ZkConnectionState } from '../protocol';
import { attentionRank } from './lock-table';

/** How an ensemble stands, from its session's state and what discovery could read. */
export function ensembleStanding(name: string, state: ZkConnectionState, reason: string | null, standing: { locks: number; partial: string | null }): Omit<EnsembleSummary, 'attention' | 'worst'> {
  const { locks, partial } = standing;
  switch (state) {
    case 'connected':
    case 'read-only':
      return { name, state: partial === null ? 'connected' : 'partial', reason: partial ?? (state === 'read-only' ? 'the member is read-only (cut off from the quorum)' : null), locks };
    case 'auth-failed':
    case 'tls-failed':
      return { name, state, reason: reason ?? (state === 'auth-failed' ? 'ZooKeeper refused the login' : 'the TLS handshake failed'), locks };
    case 'connecting':
      return reason === null ? { name, state: 'connecting', reason: null, locks } : { name, state: 'unreachable', reason, locks };
    default:
      return { name, state: 'unreachable', reason: reason ?? (state === 'expired' ? 'the session expired; a new one is being opened' : state === 'closed' ? 'the session is closed' : 'no member answers'), locks };
  }
}

const UNREADABLE: ReadonlySet<EnsembleSummary['state']> = new Set(['auth-failed', 'tls-failed', 'unreachable']);

/**
 * The fleet's triage, the ensemble most in need of a look first: one that cannot be read at
 * all; then by its worst lock, as the dashboard ranks locks (a deadlock, what will not resolve
 * itself, an anomaly); then the more locks needing a look; a partly readable one before a whole
 * one; then by name.
 */
export function byFleetTriage(a: EnsembleSummary, b: EnsembleSummary): number {
  const rank = (ensemble: EnsembleSummary): number[] => [UNREADABLE.has(ensemble.state) ? 0 : 1, ensemble.worst[0] === undefined ? 9 : attentionRank(ensemble.worst[0]), -ensemble.attention, ensemble.state === 'partial' ? 0 : 1];
  const [left, right] = [rank(a), rank(b)];
  for (let i = 0; i < left.length; i += 1) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
