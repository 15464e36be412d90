import { describe, expect, it } from 'vitest';
import type { LockSummary } from '../protocol';
import { byFleetTriage, ensembleStanding } from './ensemble-standing';
import { needingLook } from './lock-table';

describe('how an ensemble stands', () => {
  const whole = { locks: 4, partial: null };

  it('is connected with every lock read, partial where some could not be, and read-only said', () => {
    expect(ensembleStanding('kafka', 'connected', null, whole)).toEqual({ name: 'kafka', state: 'connected', reason: null, locks: 4 });
    expect(ensembleStanding('kafka', 'connected', null, { locks: 5, partial: '1 lock ZooKeeper will not let the explorer read (NoAuth)' })).toEqual({ name: 'kafka', state: 'partial', reason: '1 lock ZooKeeper will not let the explorer read (NoAuth)', locks: 5 });
    expect(ensembleStanding('kafka', 'read-only', null, whole)).toMatchObject({ state: 'connected', reason: expect.stringContaining('read-only') });
  });

  it('names a refused login or certificate, and a ZooKeeper that does not answer', () => {
    expect(ensembleStanding('hbase', 'auth-failed', 'SASL DIGEST-MD5: wrong password', whole)).toMatchObject({ state: 'auth-failed', reason: 'SASL DIGEST-MD5: wrong password' });
    expect(ensembleStanding('hbase', 'tls-failed', null, whole)).toMatchObject({ state: 'tls-failed', reason: 'the TLS handshake failed' });
    expect(ensembleStanding('solr', 'connecting', null, whole)).toMatchObject({ state: 'connecting', reason: null });
    expect(ensembleStanding('solr', 'connecting', 'connection refused', whole)).toMatchObject({ state: 'unreachable', reason: 'connection refused' });
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
    const ensemble = (name: string, state: 'connected' | 'partial' | 'unreachable', worst: LockSummary[], attention = worst.length) => ({ name, state, reason: null, locks: 9, attention, worst });
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
