import { describe, expect, it } from 'vitest';
import { NO_OWN_SESSIONS, ownSessionBegan, ownSessionIds, ownSessionsReported } from './own-sessions';

describe('the explorer’s own sessions', () => {
  it('are none before the first session, then the first one', () => {
    expect([...ownSessionIds(NO_OWN_SESSIONS)]).toEqual([]);
    const own = ownSessionBegan(NO_OWN_SESSIONS, '0x100000bab290003');
    expect(own).toEqual({ current: '0x100000bab290003', earlier: [] });
    expect([...ownSessionIds(own)]).toEqual(['0x100000bab290003']);
  });

  it('keep the session before an expiry as an earlier one, and the same session announced again changes nothing', () => {
    const first = ownSessionBegan(NO_OWN_SESSIONS, '0xa');
    expect(ownSessionBegan(first, '0xa')).toBe(first);
    const second = ownSessionBegan(ownSessionBegan(first, '0xb'), '0xc');
    expect(second).toEqual({ current: '0xc', earlier: ['0xa', '0xb'] });
    expect(ownSessionIds(second)).toEqual(new Set(['0xa', '0xb', '0xc']));
  });

  it('forget an earlier session once a whole report no longer names it, and never the current one', () => {
    const own = ownSessionBegan(ownSessionBegan(ownSessionBegan(NO_OWN_SESSIONS, '0xa'), '0xb'), '0xc');
    // ZooKeeper still keeps 0xb (its expiry has not come yet): it stays left out.
    const after = ownSessionsReported(own, (session) => session === '0xb');
    expect(after).toEqual({ current: '0xc', earlier: ['0xb'] });
    expect(ownSessionsReported(after, () => false)).toEqual({ current: '0xc', earlier: [] });
    // A report that still names every earlier one keeps the same value.
    expect(ownSessionsReported(after, () => true)).toBe(after);
  });
});
