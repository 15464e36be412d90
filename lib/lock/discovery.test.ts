import { describe, expect, it } from 'vitest';
import { candidatesFromEphemerals, depthOf, enclosingLock, isLock, isSearched, isSystemLock, lockParentsOf, mayMakeLock } from './discovery';

const UUID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

describe('what is a lock', () => {
  it('a node whose children are a recipe’s sequential contenders is a lock, whatever their nodes are', () => {
    expect(isLock('/x', [`_c_${UUID}-lock-0000000001`, `_c_${UUID}-lock-0000000002`], () => false)).toBe(true);
    expect(isLock('/x', ['lock-0000000007'], () => false)).toBe(true);
  });

  it('a node whose children are all ephemeral leaves is a single-node lock; one persistent child makes it a plain node', () => {
    expect(isLock('/x', ['printer-1', 'printer-2'], () => true)).toBe(true);
    expect(isLock('/x', ['printer-1', 'config'], (name) => name !== 'config')).toBe(false);
    expect(isLock('/x', [], () => true)).toBe(false);
  });

  it('a directory of named locks is not a Curator semaphore: only one with a leases/ is', () => {
    expect(isLock('/x', ['locks'], () => false)).toBe(false);
    expect(isLock('/x', ['locks', 'leases'], () => false)).toBe(true);
  });

  it('a Kafka-style tree is not a lock', () => {
    expect(isLock('/x', ['partitions'], () => false)).toBe(false);
    expect(isLock('/x', ['state'], () => false)).toBe(false);
  });

  it('a system’s lock node at a fixed name is a lock of its own, and makes its parent none', () => {
    expect(isSystemLock('/controller')).toBe(true);
    expect(isSystemLock('/hadoop-ha/mycluster/ActiveStandbyElectorLock')).toBe(true);
    expect(isSystemLock('/hbase/master')).toBe(true);
    expect(isSystemLock('/loadbalance/leader')).toBe(true);
    expect(isSystemLock('/hbase/backup-masters')).toBe(false);
    expect(isSystemLock('/locks/printer-1')).toBe(false);
    // Pulsar's /loadbalance holds only its leader: no single-node lock of its own.
    expect(isLock('/loadbalance', ['leader'], () => true)).toBe(false);
    expect(isLock('/hadoop-ha/mycluster', ['ActiveStandbyElectorLock'], () => true)).toBe(false);
  });

  it('a sequential or recipe name may make a lock by itself; a plain name only if its node is ephemeral', () => {
    expect(mayMakeLock(`_c_${UUID}-lock-0000000001`)).toBe(true);
    expect(mayMakeLock('leases')).toBe(true);
    expect(mayMakeLock('state')).toBe(false);
  });
});

describe('where the locks of ephemeral nodes are', () => {
  it('the parent of each ephemeral node, each once, shallower first, within the roots and outside /zookeeper', () => {
    const ephemerals = [
      `/apps/billing/lock/_c_${UUID}-lock-0000000002`,
      `/apps/billing/lock/_c_${UUID}-lock-0000000001`,
      '/brokers/ids/1',
      '/elsewhere/lock/x-1-0000000001',
      '/zookeeper/quota/x',
      '/apps/controller',
    ];
    expect(candidatesFromEphemerals(ephemerals, ['/apps', '/brokers'])).toEqual(['/apps', '/brokers/ids', '/apps/billing/lock']);
    expect(candidatesFromEphemerals(ephemerals, ['/'])).toEqual(['/apps', '/brokers/ids', '/elsewhere/lock', '/apps/billing/lock']);
  });

  it('a node of a Curator semaphore’s leases/ or locks/ points at the semaphore first', () => {
    expect(lockParentsOf(`/jobs/sem/leases/_c_${UUID}-lease-0000000001`)).toEqual(['/jobs/sem', '/jobs/sem/leases']);
    expect(candidatesFromEphemerals([`/jobs/sem/locks/_c_${UUID}-lock-0000000003`], ['/'])).toEqual(['/jobs/sem', '/jobs/sem/locks']);
  });

  it('finds the known lock a path lies in by its ancestors', () => {
    const locks = new Set(['/apps/billing/lock', '/jobs/sem']);
    expect(enclosingLock('/jobs/sem/leases/x', locks)).toBe('/jobs/sem');
    expect(enclosingLock('/apps/billing/lock', locks)).toBe('/apps/billing/lock');
    expect(enclosingLock('/apps/billing', locks)).toBeNull();
    expect(isSearched('/zookeeper/config', ['/'])).toBe(false);
    expect(depthOf('/')).toBe(0);
    expect(depthOf('/a/b/c')).toBe(3);
  });
});
