import type { EnsembleSummary, Reason, ZkConnectionState } from '../protocol';
import { sayReason } from '../i18n/messages';
import { attentionRank } from './lock-table';

/** How an ensemble stands, from its session's state and why it has none (`why`), and what discovery could read. */
export function ensembleStanding(name: string, state: ZkConnectionState, why: Reason | null, standing: { locks: number; partial: Reason | null }): Omit<EnsembleSummary, 'attention' | 'worst'> {
  const { locks, partial } = standing;
  const said = (reason: Reason | null): Pick<EnsembleSummary, 'reason' | 'why'> => ({ reason: reason === null ? null : sayReason('en', reason), why: reason });
  const own = (kind: Reason['kind']): Reason => why ?? { kind, params: {} };
  switch (state) {
    case 'connected':
    case 'read-only':
      return { name, state: partial === null ? 'connected' : 'partial', ...said(partial ?? (state === 'read-only' ? { kind: 'read-only', params: {} } : null)), locks };
    case 'auth-failed':
    case 'tls-failed':
      return { name, state, ...said(own(state === 'auth-failed' ? 'login-refused' : 'tls-failed')), locks };
    case 'connecting':
      return why === null ? { name, state: 'connecting', ...said(null), locks } : { name, state: 'unreachable', ...said(why), locks };
    default:
      return { name, state: 'unreachable', ...said(own(state === 'expired' ? 'expired' : state === 'closed' ? 'closed' : 'no-member')), locks };
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
