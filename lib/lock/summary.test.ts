import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { summarizeLock } from './summary';

describe('summarizeLock', () => {
  it('names the holder, counts the queue and dates the oldest wait', () => {
    const read = snapshotOf('/l', [
      record('lock-0000000000', '0xa', 1, 1000),
      record('lock-0000000001', '0xb', 2, 2000),
      record('lock-0000000002', '0xc', 3, 3000),
    ]);
    // Where ZooKeeper's `cons` says the holder's session connects from.
    const snapshot = { ...read, nodes: read.nodes.map((node) => (node.sessionId === '0xa' ? { ...node, client: '10.1.2.3:45678' } : node)) };
    expect(summarizeLock(snapshot)).toEqual({
      path: '/l',
      exists: true,
      recipe: snapshot.recipe,
      holders: ['lock-0000000000'],
      holderSessions: ['0xa'],
      holderClients: ['10.1.2.3:45678'],
      holderIdentities: [null],
      holderDataClients: [null],
      queueLength: 2,
      holderSince: 1000,
      oldestWaiterSince: 2000,
      anomalies: 0,
      anomalyKinds: [],
      activity: null,
    });
  });

  it('has no times for an empty lock', () => {
    expect(summarizeLock(snapshotOf('/l', []))).toMatchObject({ holders: [], queueLength: 0, holderSince: null, oldestWaiterSince: null });
  });

  it('dates the oldest wait of a queue too long to spread into arguments (200,000 waiters)', () => {
    const snapshot = snapshotOf('/l', [record('lock-0000000000', '0xa', 1, 5000)]);
    const waiter = snapshot.nodes[0]!;
    const nodes = [waiter, ...Array.from({ length: 200_000 }, (_, i) => ({ ...waiter, name: `lock-${String(i + 1).padStart(10, '0')}`, role: 'waiter' as const, ctime: 9000 - (i === 150_000 ? 8000 : 0) }))];
    expect(summarizeLock({ ...snapshot, nodes })).toMatchObject({ queueLength: 200_000, oldestWaiterSince: 1000 });
  });
});
