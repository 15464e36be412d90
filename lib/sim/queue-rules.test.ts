import { describe, expect, it } from 'vitest';
import { findOwnNode, mutexStanding, readWriteStanding, sortBySequence } from './queue-rules';

describe('a simulated contender reads its place in the queue', () => {
  const names = ['lock-0000000002', 'lock-0000000000', 'lock-0000000001'];

  it('holds when its sequence is the lowest', () => {
    expect(mutexStanding(names, 'lock-0000000000')).toEqual({ kind: 'holds' });
  });

  it('otherwise waits on the node just before it', () => {
    expect(mutexStanding(names, 'lock-0000000002')).toEqual({ kind: 'waits', on: 'lock-0000000001' });
  });

  it('notices that its node is gone', () => {
    expect(mutexStanding(names, 'lock-0000000009')).toEqual({ kind: 'missing' });
  });

  it('sorts by the sequence, not by the name in front of it', () => {
    expect(sortBySequence(['b-0000000001', 'a-0000000002', 'leases'])).toEqual(['b-0000000001', 'a-0000000002']);
  });

  it('as a reader waits only on the nearest earlier writer', () => {
    const rw = ['readLock-0000000000', 'writeLock-0000000001', 'readLock-0000000002', 'readLock-0000000003'];
    const isWrite = (name: string): boolean => name.startsWith('writeLock-');
    expect(readWriteStanding(rw, 'readLock-0000000000', isWrite)).toEqual({ kind: 'holds' });
    expect(readWriteStanding(rw, 'writeLock-0000000001', isWrite)).toEqual({ kind: 'waits', on: 'readLock-0000000000' });
    expect(readWriteStanding(rw, 'readLock-0000000003', isWrite)).toEqual({ kind: 'waits', on: 'writeLock-0000000001' });
  });

  it('finds its own node by its GUID after a lost create reply', () => {
    expect(findOwnNode(['_c_aaa-lock-0000000001', '_c_bbb-lock-0000000002'], '_c_bbb-lock-')).toBe('_c_bbb-lock-0000000002');
    expect(findOwnNode(['x-123-0000000001', 'x-12-0000000002'], 'x-12-')).toBe('x-12-0000000002');
    expect(findOwnNode(['lock-0000000001'], '_c_ccc-lock-')).toBeNull();
  });
});
