import { describe, expect, it } from 'vitest';
import { lockAnomalies } from '../lock/anomalies';
import { record, snapshotOf } from '../testing/records';
import type { Anomaly } from '../protocol';
import { anomalyPlaces, disconnectedHolders, readableAnomaly } from './anomaly-words';

describe('the words of an anomaly on the page', () => {
  const uuid = (i: number): string => `0000000${i}-1111-4222-8333-444444444444`;
  const snapshot = snapshotOf('/app/lock', [0, 1, 2, 3].map((i) => record(`_c_${uuid(i)}-lock-000000000${i}`, `0x${i + 1}`)));
  // The third waiter sets no watch: ZooKeeper's report missed it twice.
  const nodes = snapshot.nodes.map((node, i) => (i === 3 ? { ...node, watchConfirmed: false } : node));
  const anomalies = lockAnomalies({ ...snapshot, nodes }, { now: 0, staleHolderMs: 60_000, deadlocks: [], disconnected: new Map([['0x1', 1_795_615_407_000]]) });

  it('names each node by its place in the queue, with its short name', () => {
    const places = anomalyPlaces(anomalies, nodes);
    expect([...places]).toEqual([
      [`_c_${uuid(0)}-lock-0000000000`, 'the holder'],
      [`_c_${uuid(2)}-lock-0000000002`, 'waiter #2'],
      [`_c_${uuid(3)}-lock-0000000003`, 'waiter #3'],
    ]);
    const words = anomalies.map((anomaly) => readableAnomaly(anomaly, places));
    expect(words[0]).toMatch(/^The holder \(_c_0000…-lock-0000000000\) holds the lock, but its session 0x1 has no connection/);
    expect(words[1]).toMatch(/^Waiter #3 \(_c_0000…-lock-0000000003\) /);
    expect(words[1]).toContain('waiter #2 (_c_0000…-lock-0000000002)');
    expect(words.join(' ')).not.toContain(uuid(3));
  });

  it('says them in Chinese from their parameters, the places in Chinese too', () => {
    const places = anomalyPlaces(anomalies, nodes, 'zh');
    expect(places.get(`_c_${uuid(3)}-lock-0000000003`)).toBe('第 3 位等待者');
    const words = anomalies.map((anomaly) => readableAnomaly(anomaly, places, 'zh'));
    expect(words[0]).toMatch(/^持有者 \(_c_0000…-lock-0000000000\) 持有锁，但其会话 0x1 与 ZooKeeper 没有连接/);
    expect(words[1]).toMatch(/^第 3 位等待者 \(_c_0000…-lock-0000000003\) 在等待/);
    expect(words.join(' ')).not.toMatch(/waits|holds the lock/);
  });

  it('names a node as the caller calls it beside its place (the classroom by its contender)', () => {
    const places = anomalyPlaces(anomalies, nodes);
    const words = readableAnomaly(anomalies[1]!, places, 'en', (name) => (name.endsWith('0003') ? 'c4' : `node ${name.slice(-1)}`));
    expect(words).toMatch(/^Waiter #3 \(c4\) /);
    expect(words).toContain('waiter #2 (node 2)');
  });

  it('shortens the name of a node the queue no longer has (a crashed holder as ZooKeeper deletes it), never the whole 60 characters', () => {
    const gone = anomalies.map((anomaly) => readableAnomaly(anomaly, anomalyPlaces(anomalies, [])));
    expect(gone[0]).toMatch(/^_c_0000…-lock-0000000000 holds the lock/);
    expect(gone.join(' ')).not.toContain(uuid(0));
  });

  it('reads the queue not at all when no anomaly names a node', () => {
    expect(anomalyPlaces([], nodes).size).toBe(0);
  });
});

describe('the holders the anomalies name disconnected', () => {
  it('are their sessions with their expiries; no other kind, and none without both, counts', () => {
    const anomaly = (kind: Anomaly['kind'], params: Anomaly['params']): Anomaly => ({ kind, severity: 'error', node: 'lock-0000000001', params }) as Anomaly;
    const silent = disconnectedHolders([
      anomaly('holder-disconnected', { session: '0x2', expiresAt: 1_000 }),
      anomaly('holder-disconnected', { session: '0x3' }),
      anomaly('stale-holder', { session: '0x4', expiresAt: 2_000 }),
    ]);
    expect([...silent]).toEqual([['0x2', 1_000]]);
  });
});
