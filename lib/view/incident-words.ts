/**
 * An incident of ZooKeeper's files (`GET /api/incidents`) as a person reads it, in the page's
 * language: its kind in words and one sentence that says who, what and for how long, with its
 * times written by the page's clock (the browser's zone, to the millisecond).
 */
import type { Incident, IncidentKind } from '../protocol';
import type { MessageKey, Translate } from '../i18n/messages';
import { formatDuration } from './format';

export const INCIDENT_KIND_KEYS: Record<IncidentKind, MessageKey> = {
  'forced-handover': 'incKindForced',
  stuck: 'incKindStuck',
  election: 'incKindElection',
  'long-hold': 'incKindLongHold',
  'long-wait': 'incKindLongWait',
  'mass-expiry': 'incKindMassExpiry',
  'herd-storm': 'incKindHerdStorm',
};

const ELECTION_HOW: Record<NonNullable<Incident['ended']>, MessageKey> = {
  released: 'incElectionClean',
  'session-closed': 'incElectionClosed',
  'session-expired': 'incElectionExpired',
  broken: 'incElectionBroken',
  gap: 'incElectionGap',
};

/** How long an incident lasted (a stuck interval, a hold, a wait, the run of expiries), or null for a moment (a handover, an election said from its end). */
export function incidentLength(incident: Incident): number | null {
  return incident.kind === 'forced-handover' || incident.kind === 'election' ? null : incident.to - incident.from;
}

export interface IncidentThresholds {
  longHoldMs: number;
  longWaitMs: number;
}

/** The sentence of one incident, its sessions named by their ids; `clock` writes a time of day. */
export function describeIncident(incident: Incident, t: Translate, clock: (ms: number) => string, thresholds: IncidentThresholds): string {
  const first = incident.sessions[0];
  const holder = first ?? t('incNobody');
  const duration = formatDuration(incident.to - incident.from, t);
  switch (incident.kind) {
    case 'forced-handover': {
      const what = t(incident.ended === 'broken' ? 'incForcedBroken' : 'incForcedExpired', { holder });
      if (incident.next === null) return what + t('incNobodyNext');
      const gap = incident.to - incident.from;
      return what + (gap < 1 ? t('incNextHeldAtOnce', { next: incident.next }) : t('incNextHeld', { next: incident.next, gap: formatDuration(gap, t) }));
    }
    case 'stuck':
      if (incident.timeoutMs === null) return t('incStuckNoTimeout', { n: incident.count, holder, to: clock(incident.to) });
      return t(incident.count === 1 ? 'incStuckOne' : 'incStuck', { n: incident.count, holder, duration, from: clock(incident.from), to: clock(incident.to), timeout: formatDuration(incident.timeoutMs, t) });
    case 'election': {
      // The identities the system wrote (a broker id); the sessions where it wrote none.
      const before = incident.identities?.before ?? holder;
      const after = incident.identities?.after ?? incident.next ?? t('incNobody');
      return t('incElection', { before, after, how: t(ELECTION_HOW[incident.ended ?? 'released']) });
    }
    case 'long-hold':
      return t(incident.ended === 'gap' ? 'incLongHoldGap' : 'incLongHold', { holder, duration, threshold: formatDuration(thresholds.longHoldMs, t) });
    case 'long-wait':
      return t('incLongWait', { session: holder, duration, threshold: formatDuration(thresholds.longWaitMs, t) });
    case 'mass-expiry':
      return t('incMassExpiry', { n: incident.count, duration });
    case 'herd-storm':
      return t('incHerdStorm', { changes: incident.herd?.changes ?? 0, peak: incident.herd?.peakWaiters ?? 0, n: incident.count, duration });
  }
}
