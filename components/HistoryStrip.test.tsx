import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LockHistory } from '../lib/protocol';
import { record, snapshotOf } from '../lib/testing/records';
import { HistoryStrip, waitingOf } from './HistoryStrip';
import { formatClock } from './momentInput';

const now = 1_795_000_000_000;
/** A deadlocked lock's history: its holder took it at once (a wait of 0 s), nobody's wait has ended since. */
const history: LockHistory = {
  path: '/app/lock',
  capacity: 1000,
  since: now - 300_000,
  recordsSince: null,
  holds: [{ node: 'lock-0000000000', sessionId: '0x1', client: null, mode: 'exclusive', from: now - 200_000, to: null, ended: null, before: false }],
  waits: [
    { node: 'lock-0000000000', sessionId: '0x1', queuedAt: now - 200_000, heldAt: now - 200_000, leftAt: null },
    { node: 'lock-0000000001', sessionId: '0x2', queuedAt: now - 156_000, heldAt: null, leftAt: null },
  ],
  stats: { windowMs: 300_000, at: now, hold: null, wait: { count: 1, p50: 0, p95: 0, p99: 0 }, handoversPerMinute: 0.2 },
} as LockHistory;

describe('the hold strip’s figures', () => {
  it('say beside the ended waits how many still wait and the longest for how long: a deadlock’s "p99 0 ms" is not all it says', () => {
    const nodes = snapshotOf('/app/lock', [record('lock-0000000000', '0x1', 1, now - 200_000), record('lock-0000000001', '0x2', 2, now - 156_000)]).nodes;
    const waiting = waitingOf(nodes);
    expect(waiting).toEqual({ count: 1, since: now - 156_000 });
    const html = renderToStaticMarkup(<HistoryStrip history={history} reading={false} now={now} present={new Set()} onSelect={() => undefined} waiting={waiting} />);
    expect(html).toContain('1 still waiting, the longest for 2 min 36 s');
    // Its one ended wait was none: said in words, not as three percentiles of 0 ms.
    expect(html).toContain('no wait yet: the one hold was granted at once');
    expect(html).not.toContain('wait p50');
  });

  it('say the percentiles of the waits once one was a wait, and count holds granted at once', () => {
    const render = (wait: { count: number; p50: number; p95: number; p99: number }): string =>
      renderToStaticMarkup(<HistoryStrip history={{ ...history, stats: { ...history.stats, wait } }} reading={false} now={now} present={new Set()} onSelect={() => undefined} waiting={null} />);
    expect(render({ count: 3, p50: 0, p95: 0.0002, p99: 0.0002 })).toContain('no wait yet: all 3 holds were granted at once');
    // 1 ms is a wait, however short.
    expect(render({ count: 2, p50: 0, p95: 0.001, p99: 0.001 })).toContain('wait p50 0 ms · p95 1 ms · p99 1 ms');
  });

  it('say nothing of waits under way where nobody waits', () => {
    expect(waitingOf(snapshotOf('/app/lock', [record('lock-0000000000', '0x1')]).nodes)).toBeNull();
    const html = renderToStaticMarkup(<HistoryStrip history={history} reading={false} now={now} present={new Set()} onSelect={() => undefined} waiting={null} />);
    expect(html).not.toContain('still waiting');
  });

  it('give each ended hold its times to the millisecond, as a post-mortem quotes them', () => {
    const expired = { node: 'lock-0000000000', sessionId: '0x1', client: null, mode: 'exclusive' as const, from: now - 60_250, to: now - 42_130, ended: 'session-expired' as const, before: false };
    const html = renderToStaticMarkup(<HistoryStrip history={{ ...history, holds: [expired] }} reading={false} now={now} present={new Set()} onSelect={() => undefined} waiting={null} />);
    expect(html).toContain(`${formatClock(now - 60_250)} – ${formatClock(now - 42_130)} · held 18 s`);
  });
});
