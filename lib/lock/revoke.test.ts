import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { revocability } from './revoke';

describe('whether a holder can be asked to let go', () => {
  const snapshot = snapshotOf('/app/jobs/lock', [record('_c_0f6e2c1a-1111-4222-8333-944445555666-lock-0000000000', '0x1'), record('_c_0f6e2c1a-1111-4222-8333-944445555667-lock-0000000001', '0x2')]);
  const [holder, waiter] = snapshot.nodes as [(typeof snapshot.nodes)[number], (typeof snapshot.nodes)[number]];

  it('by the watch of its own session on its node, as ZooKeeper reports it', () => {
    expect(revocability('curator-mutex', { ...holder, watchers: [holder.sessionId] })).toBe('listening');
    // The next waiter watching the holder's node is no sign: it waits for the node to go.
    expect(revocability('curator-mutex', { ...holder, watchers: [waiter.sessionId] })).toBe('not-listening');
    expect(revocability('curator-rwlock', { ...holder, watchers: [] })).toBe('not-listening');
    expect(revocability('curator-mutex', { ...holder, watchers: null })).toBe('unknown');
  });

  it('only for the holder of a Curator lock', () => {
    expect(revocability('curator-mutex', { ...waiter, watchers: [waiter.sessionId] })).toBe('unsupported');
    expect(revocability('kazoo-lock', { ...holder, watchers: [holder.sessionId] })).toBe('unsupported');
    expect(revocability('curator-mutex', { ...holder, ephemeral: false, watchers: [holder.sessionId] })).toBe('unsupported');
  });
});
