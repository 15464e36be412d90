import { describe, expect, it } from 'vitest';
import type { ClientTruth } from '../testing/client-truth';
import { disagreements } from '../testing/client-truth';
import curatorLatch from './fixtures/curator-latch.json';
import curatorMutex from './fixtures/curator-mutex.json';
import curatorRw from './fixtures/curator-rw.json';
import curatorSemaphore from './fixtures/curator-semaphore.json';
import kazooLock from './fixtures/kazoo-lock.json';
import kazooRw from './fixtures/kazoo-rw.json';
import kazooSemaphore from './fixtures/kazoo-semaphore.json';
import zkWriteLock from './fixtures/zk-writelock.json';
import { buildSnapshot, type LockInput } from './queue';

// Recorded by scripts/record-fixtures.ts from Debian's Curator, ZooKeeper WriteLock and Kazoo clients.
interface Fixture {
  recipe: string;
  spec: string;
  input: Omit<LockInput, 'hint'>;
  truth: ClientTruth;
}

const fixtures: Array<[string, string, Fixture]> = [
  ['curator-mutex', 'curator-mutex', curatorMutex as Fixture],
  ['curator-rwlock', 'curator-rw', curatorRw as Fixture],
  ['curator-semaphore', 'curator-semaphore', curatorSemaphore as Fixture],
  ['curator-latch', 'curator-latch', curatorLatch as Fixture],
  ['zk-writelock', 'zk-writelock', zkWriteLock as Fixture],
  ['kazoo-lock', 'kazoo-lock', kazooLock as Fixture],
  ['kazoo-rwlock', 'kazoo-rw', kazooRw as Fixture],
  ['kazoo-semaphore', 'kazoo-semaphore', kazooSemaphore as Fixture],
];

describe('child lists recorded from the real clients', () => {
  it.each(fixtures)('are read as %s, with the holders and watches the clients really had', (recipe, _file, fixture) => {
    const snapshot = buildSnapshot(fixture.input, null, 0);
    expect(snapshot.recipe.id).toBe(recipe);
    expect(snapshot.nodes.length).toBeGreaterThan(1);
    expect(disagreements(snapshot, fixture.truth)).toEqual([]);
  });

  it('Curator read-write: two readers hold, and the later readers wait on the first writer', () => {
    const snapshot = buildSnapshot(curatorRw.input as Fixture['input'], null, 0);
    expect(snapshot.nodes.map((node) => `${node.mode}:${node.role}`)).toEqual([
      'read:holder',
      'read:holder',
      'write:waiter',
      'read:waiter',
      'write:waiter',
      'read:waiter',
    ]);
    const firstWriter = snapshot.nodes[2]?.name;
    expect(snapshot.nodes[3]?.predecessor).toBe(firstWriter);
    expect(snapshot.nodes[5]?.predecessor).toBe(firstWriter);
  });

  it('Kazoo semaphore: max_leases is read from the path data the client wrote', () => {
    expect(buildSnapshot(kazooSemaphore.input as Fixture['input'], null, 0).recipe.maxLeases).toBe(2);
  });
});
