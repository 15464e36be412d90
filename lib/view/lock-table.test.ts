import { describe, expect, it } from 'vitest';
import type { LockSummary } from '../protocol';
import { needsHand, recordQueueLengths, viewLocks } from './lock-table';

const lock = (path: string, queueLength: number, holderSince: number | null, recipe = 'Curator InterProcessMutex'): LockSummary => ({
  path,
  exists: true,
  recipe: { id: 'curator-mutex', name: recipe, note: null, maxLeases: null, candidates: [], evidence: null, system: null, role: null, systemLayout: null, systemNote: null, longHolds: false },
  holders: holderSince === null ? [] : [`${path.slice(1)}-holder`],
  holderSessions: holderSince === null ? [] : ['0xabc'],
  holderClients: holderSince === null ? [] : [`10.0.0.${queueLength}:4000`],
  holderIdentities: holderSince === null ? [] : [null],
  holderDataClients: holderSince === null ? [] : [null],
  queueLength,
  holderSince,
  oldestWaiterSince: null,
  anomalies: 0,
  anomalyKinds: [],
  activity: null,
});

describe('the lock table', () => {
  const locks = [lock('/b', 3, 1000), lock('/a', 10, 5000), lock('/c', 0, null, 'Kazoo Lock')];

  it('sorts by any column, either way', () => {
    expect(viewLocks(locks, { sortBy: 'waiting', descending: true, filter: '' }).map((l) => l.path)).toEqual(['/a', '/b', '/c']);
    expect(viewLocks(locks, { sortBy: 'heldFor', descending: true, filter: '' }).map((l) => l.path)).toEqual(['/b', '/a', '/c']);
    expect(viewLocks(locks, { sortBy: 'path', descending: false, filter: '' }).map((l) => l.path)).toEqual(['/a', '/b', '/c']);
    // By who holds: the client's address.
    expect(viewLocks(locks, { sortBy: 'holder', descending: false, filter: '' }).map((l) => l.path)).toEqual(['/c', '/a', '/b']);
  });

  it('sorts and filters by the client a holder’s data names where ZooKeeper does not say where it connects from', () => {
    const closed = [
      { ...lock('/x', 1, 1000), holderClients: [null], holderDataClients: ['10.9.0.2'] },
      { ...lock('/y', 1, 1000), holderClients: [null], holderDataClients: ['10.9.0.1'] },
    ];
    expect(viewLocks(closed, { sortBy: 'holder', descending: false, filter: '' }).map((l) => l.path)).toEqual(['/y', '/x']);
    expect(viewLocks(closed, { sortBy: 'path', descending: false, filter: '10.9.0.2' }).map((l) => l.path)).toEqual(['/x']);
  });

  it('sorts the hot locks first: by handovers a minute or by the p99 wait, locks with no history last', () => {
    const busy = [
      { ...lock('/quiet', 0, null), activity: { handoversPerMinute: 0.2, waitP99: 30 } },
      { ...lock('/hot', 4, 1000), activity: { handoversPerMinute: 120, waitP99: 0.5 } },
      lock('/unseen', 0, null),
    ];
    expect(viewLocks(busy, { sortBy: 'handovers', descending: true, filter: '' }).map((l) => l.path)).toEqual(['/hot', '/quiet', '/unseen']);
    expect(viewLocks(busy, { sortBy: 'waitP99', descending: true, filter: '' }).map((l) => l.path)).toEqual(['/quiet', '/hot', '/unseen']);
  });

  it('filters on an anomaly by its kind’s name, in English or in Chinese', () => {
    const mixed: LockSummary[] = [{ ...lock('/stuck', 1, 10), anomalies: 1, anomalyKinds: ['no-watch'] }, { ...lock('/cycle', 1, 10), anomalies: 1, anomalyKinds: ['deadlock'] }, lock('/calm', 0, 10)];
    expect(viewLocks(mixed, { sortBy: 'path', descending: false, filter: 'no watch seen' }).map((l) => l.path)).toEqual(['/stuck']);
    expect(viewLocks(mixed, { sortBy: 'path', descending: false, filter: 'DEADLOCK' }).map((l) => l.path)).toEqual(['/cycle']);
    expect(viewLocks(mixed, { sortBy: 'path', descending: false, filter: '死锁' }).map((l) => l.path)).toEqual(['/cycle']);
  });

  it('filters on path, recipe, holder, session and client address, every word', () => {
    expect(viewLocks(locks, { sortBy: 'path', descending: false, filter: 'kazoo' }).map((l) => l.path)).toEqual(['/c']);
    expect(viewLocks(locks, { sortBy: 'path', descending: false, filter: '10.0.0.10:' }).map((l) => l.path)).toEqual(['/a']);
    expect(viewLocks(locks, { sortBy: 'path', descending: false, filter: 'curator a-holder' }).map((l) => l.path)).toEqual(['/a']);
  });

  it('puts the rows that matter first by default, a triage: deadlocked, what will not resolve itself, what may, waited on (longest wait first), held, free', () => {
    const urgent: LockSummary[] = [
      lock('/free', 0, null),
      { ...lock('/held-long', 0, 100), holderSince: 100 },
      lock('/held', 0, 900),
      { ...lock('/waited-recently', 2, 500), oldestWaiterSince: 9000 },
      { ...lock('/waited-long', 1, 500), oldestWaiterSince: 2000 },
      // Three stale holders held since long before the queue that no release will wake formed: they may still let go, it will not.
      { ...lock('/stale', 0, 10), anomalies: 1, anomalyKinds: ['stale-holder'] },
      { ...lock('/stale-too', 0, 5), anomalies: 1, anomalyKinds: ['stale-holder'] },
      { ...lock('/herd', 5, 20), anomalies: 1, anomalyKinds: ['herd'] },
      { ...lock('/unwoken', 1, 600), oldestWaiterSince: 700, anomalies: 1, anomalyKinds: ['no-watch'] },
      { ...lock('/unreadable', 1, null), holderSince: null, anomalies: 1, anomalyKinds: ['no-auth'] },
      { ...lock('/deadlocked', 1, 500), anomalies: 2, anomalyKinds: ['deadlock', 'orphan'] },
      { ...lock('/cut-off', 3, 800), anomalies: 2, anomalyKinds: ['holder-disconnected', 'stale-holder'] },
    ];
    expect(viewLocks(urgent, { sortBy: 'attention', descending: false, filter: '' }).map((l) => l.path)).toEqual([
      '/deadlocked',
      '/unwoken',
      '/cut-off',
      '/unreadable',
      '/stale-too',
      '/stale',
      '/herd',
      '/waited-long',
      '/waited-recently',
      '/held-long',
      '/held',
      '/free',
    ]);
  });

  it('filters ten thousand locks by every word given', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => lock(`/apps/team${i % 17}/lock${i}`, i % 7, 1000 + i));
    const filtered = viewLocks(many, { sortBy: 'attention', descending: false, filter: 'team3/ lock1' });
    expect(filtered.length).toBe(many.filter((entry) => entry.path.includes('team3/') && entry.path.includes('lock1')).length);
    expect(filtered.length).toBeGreaterThan(0);
  });

  it('remembers queue lengths for the sparklines, up to a limit', () => {
    let history = new Map<string, number[]>();
    for (let i = 0; i < 100; i += 1) history = recordQueueLengths(history, [lock('/a', i, 0)], 60);
    expect(history.get('/a')).toHaveLength(60);
    expect(history.get('/a')?.at(-1)).toBe(99);
  });
});

describe('what needs a hand', () => {
  it('is a deadlock or what will not resolve itself; a long hold or a herd may', () => {
    expect(needsHand(['deadlock'])).toBe(true);
    expect(needsHand(['stale-holder', 'no-watch'])).toBe(true);
    expect(needsHand(['no-auth'])).toBe(true);
    expect(needsHand(['stale-holder'])).toBe(false);
    expect(needsHand(['herd', 'stale-holder'])).toBe(false);
    expect(needsHand([])).toBe(false);
  });
});
