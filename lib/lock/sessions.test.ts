import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { summarizeSessions } from './sessions';

describe('summarizeSessions', () => {
  const orders = snapshotOf('/orders', [record('lock-0000000000', '0xa'), record('lock-0000000001', '0xb')]);
  const stock = snapshotOf('/stock', [record('lock-0000000000', '0xb'), record('lock-0000000001', '0xa'), record('lock-0000000002', '0x0')]);

  it('lists each session with the nodes it owns in every lock', () => {
    const { sessions } = summarizeSessions([orders, stock]);
    expect(sessions.find((session) => session.sessionId === '0xa')).toEqual({
      sessionId: '0xa',
      nodes: [
        { lock: '/orders', name: 'lock-0000000000', role: 'holder', mode: 'exclusive' },
        { lock: '/stock', name: 'lock-0000000001', role: 'waiter', mode: 'exclusive' },
      ],
      holds: 1,
      waits: 1,
    });
  });

  it('puts holders first and cuts the list at the limit', () => {
    const list = summarizeSessions([orders, stock], 2);
    expect(list.sessions.map((session) => session.sessionId)).toEqual(['0xa', '0xb']);
    expect(list.truncated).toBe(true);
  });
});
