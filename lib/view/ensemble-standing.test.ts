import { describe, expect, it } from 'vitest';
import type { LockSummary } from '../protocol';
import { byFleetTriage, ensembleStanding } from './ensemble-standing';
import { needingLook } from './lock-table';

describe('how an ensemble stands', () => {
  const whole = { locks: 4, partial: null };

  it('is connected with every lock read, partial where some could not be, and read-only said', () => {
    expect(ensembleStanding('kafka', 'connected', null, whole)).toEqual({ name: 'kafka', state: 'connected', reason: null, why: null, locks: 4 });
    const noAuth = { kind: 'noauth-locks' as const, params: { n: 1 } };
    expect(ensembleStanding('kafka', 'connected', null, { locks: 5, partial: noAuth })).toEqual({ name: 'kafka', state: 'partial', reason: '1 lock ZooKeeper will not let the explorer read (NoAuth)', why: noAuth, locks: 5 });
    expect(ensembleStanding('kafka', 'read-only', null, whole)).toMatchObject({ state: 'connected', reason: expect.stringContaining('read-only'), why: { kind: 'read-only' } });
  });

  it('names a refused login or certificate, and a ZooKeeper that does not answer', () => {
    const refused = { kind: 'sasl-digest-refused' as const, params: { user: 'explorer', error: 'AUTH_FAILED' } };
    expect(ensembleStanding('hbase', 'auth-failed', refused, whole)).toMatchObject({ state: 'auth-failed', reason: 'SASL: ZooKeeper refused user "explorer" (DIGEST-MD5, AUTH_FAILED): wrong user or password?', why: refused });
    expect(ensembleStanding('hbase', 'auth-failed', null, whole)).toMatchObject({ state: 'auth-failed', reason: 'ZooKeeper refused the login' });
    expect(ensembleStanding('hbase', 'tls-failed', null, whole)).toMatchObject({ state: 'tls-failed', reason: 'the TLS handshake failed', why: { kind: 'tls-failed' } });
    expect(ensembleStanding('solr', 'connecting', null, whole)).toMatchObject({ state: 'connecting', reason: null, why: null });
    const down = { kind: 'network' as const, params: { where: '127.0.0.1:2181', detail: 'connect ECONNREFUSED 127.0.0.1:2181' } };
    expect(ensembleStanding('solr', 'connecting', down, whole)).toMatchObject({ state: 'unreachable', reason: '127.0.0.1:2181: connect ECONNREFUSED 127.0.0.1:2181', why: down });
    expect(ensembleStanding('solr', 'disconnected', null, whole)).toMatchObject({ state: 'unreachable', reason: 'no member answers' });
    expect(ensembleStanding('solr', 'expired', null, whole)).toMatchObject({ state: 'unreachable', reason: expect.stringContaining('expired') });
  });

  it('gives the locks that need a look, the most urgent first, and how many there are', () => {
    const lock = (path: string, kinds: LockSummary['anomalyKinds'], since: number | null): LockSummary =>
      ({ path, anomalyKinds: kinds, anomalies: kinds.length, queueLength: 1, holders: ['lock-0'], oldestWaiterSince: since, holderSince: since }) as unknown as LockSummary;
    const locks = [lock('/a', [], 1), lock('/b', ['stale-holder'], 5), lock('/c', ['deadlock'], 9), lock('/d', ['no-watch'], 3), lock('/e', ['stale-holder'], 2)];
    const { locks: worst, total } = needingLook(locks, 3);
    expect(total).toBe(4);
    expect(worst.map((one) => one.path)).toEqual(['/c', '/d', '/e']);
  });

  it('orders the fleet as a triage: what cannot be read, then the worst lock, then how many need a look', () => {
    const lock = (kinds: LockSummary['anomalyKinds']): LockSummary => ({ path: '/l', anomalyKinds: kinds, anomalies: kinds.length, queueLength: 1, holders: [] }) as unknown as LockSummary;
    const ensemble = (name: string, state: 'connected' | 'partial' | 'unreachable', worst: LockSummary[], attention = worst.length) => ({ name, state, reason: null, why: null, locks: 9, attention, worst });
    const fleet = [
      ensemble('calm', 'connected', []),
      ensemble('stale', 'connected', [lock(['stale-holder'])], 5),
      ensemble('partly', 'partial', []),
      ensemble('down', 'unreachable', []),
      ensemble('dead', 'connected', [lock(['deadlock'])]),
      ensemble('stuck', 'connected', [lock(['no-watch'])]),
      ensemble('stale2', 'connected', [lock(['stale-holder'])], 2),
    ];
    expect(fleet.sort(byFleetTriage).map((one) => one.name)).toEqual(['down', 'dead', 'stuck', 'stale', 'stale2', 'partly', 'calm']);
  });
});
