import { describe, expect, it } from 'vitest';
import type { LockList, LockSummary } from '../protocol';
import { applyListChange, splitListChange } from './lock-list-change';

const lock = (path: string, queueLength = 0): LockSummary => ({
  path,
  exists: true,
  recipe: { id: 'curator-mutex', name: 'Curator InterProcessMutex', note: null, maxLeases: null, candidates: [], evidence: null, system: null, role: null, systemLayout: null, systemNote: null, longHolds: false },
  holders: [],
  holderSessions: [],
  holderClients: [],
  holderIdentities: [],
  holderDataClients: [],
  queueLength,
  holderSince: null,
  oldestWaiterSince: null,
  anomalies: 0,
  anomalyKinds: [],
  activity: null,
});

const state = {
  roots: ['/'],
  partial: false,
  partialReason: null,
  complete: true,
  scannedNodes: 10,
  discovery: {
    method: 'ephemerals' as const,
    live: 'ephemerals-poll' as const,
    pollMs: 1000,
    treeNotificationsPerSecond: null,
    notLocks: { count: 0, first: [] },
    ephemerals: { state: 'done' as const, server: null, source: null, nodes: 3, reason: null, at: 1 },
    scan: { state: 'running' as const, read: 10, total: 100, readsPerSecond: 10_000, startedAt: 1, endedAt: null },
  },
};

describe('the dashboard’s list, kept from changes', () => {
  const list: LockList = { ...state, locks: [lock('/a'), lock('/b'), lock('/c')] };

  it('replaces a changed lock in place, adds a new one in path order, drops a gone one', () => {
    const next = applyListChange(list, { ...state, upserted: [lock('/b', 5), lock('/ab', 1)], removed: ['/c'] });
    expect(next.locks.map((entry) => [entry.path, entry.queueLength])).toEqual([
      ['/a', 0],
      ['/ab', 1],
      ['/b', 5],
    ]);
    // Unchanged locks are the same objects: their rows need not be drawn again.
    expect(next.locks[0]).toBe(list.locks[0]);
  });

  it('takes the list’s state from the change alone when no lock changed', () => {
    const next = applyListChange(list, { ...state, scannedNodes: 50, discovery: { ...state.discovery, scan: { ...state.discovery.scan, read: 50 } }, upserted: [], removed: [] });
    expect(next.locks).toBe(list.locks);
    expect(next.discovery.scan.read).toBe(50);
  });
});

describe('a large change cut into parts', () => {
  it('sends at most `size` summaries a part, the gone paths first, and applied in order makes the whole change', () => {
    const list: LockList = { ...state, locks: Array.from({ length: 10 }, (_, index) => lock(`/l${index}`)) };
    const change = { ...state, scannedNodes: 99, upserted: [...Array.from({ length: 7 }, (_, index) => lock(`/l${index}`, index + 1)), lock('/new', 3)], removed: ['/l9', '/l8'] };
    const parts = splitListChange(change, 3);
    expect(parts.map((part) => [part.upserted.length, part.removed.length])).toEqual([
      [3, 2],
      [3, 0],
      [2, 0],
    ]);
    expect(parts.every((part) => part.scannedNodes === 99)).toBe(true);
    expect(parts.reduce(applyListChange, list)).toEqual(applyListChange(list, change));
  });

  it('leaves a change within the size whole', () => {
    const change = { ...state, upserted: [lock('/a', 1)], removed: ['/b'] };
    expect(splitListChange(change, 3)).toEqual([change]);
  });
});
