import { describe, expect, it } from 'vitest';
import type { HoldRecord, LockHistory } from '../protocol';
import { layoutHistoryStrip } from './history-strip';

const NOW = 1_700_000_600_000;
const hold = (node: string, from: number, to: number | null, extra: Partial<HoldRecord> = {}): HoldRecord => ({
  node,
  sessionId: '0x1',
  client: null,
  mode: 'exclusive',
  from: NOW + from,
  to: to === null ? null : NOW + to,
  ended: to === null ? null : 'released',
  before: false,
  ...extra,
});
const history = (holds: HoldRecord[]): LockHistory => ({ path: '/l', capacity: 100, since: NOW - 600_000, recordsSince: null, holds, waits: [], stats: { windowMs: 300_000, at: NOW, hold: null, wait: null, handoversPerMinute: 0 } });

describe('the history strip', () => {
  it('draws each hold of the span as a bar on a time axis ending now, the current one reaching now', () => {
    const layout = layoutHistoryStrip(history([hold('a', -400_000, -350_000), hold('b', -320_000, -60_000, { ended: 'session-expired' }), hold('c', -60_000, null)]), NOW, 600, 300_000);
    // `a` ended before the span: not drawn. `b` is cut at the span's start.
    expect(layout.bars.map((bar) => [bar.hold.node, bar.kind, Math.round(bar.x), Math.round(bar.width)])).toEqual([
      ['b', 'session-expired', 0, 480],
      ['c', 'holding', 480, 120],
    ]);
    expect(layout.bars[0]!.ms).toBe(260_000);
    expect(layout.ticks.map((tick) => tick.label)).toEqual(['now', '−1 min', '−2 min', '−3 min', '−4 min', '−5 min']);
    expect(layout.ticks[0]!.x).toBe(600);
  });

  it('keeps a very short hold visible, and marks one found holding', () => {
    const layout = layoutHistoryStrip(history([hold('a', -10_000, -9_999, { before: true }), hold('b', -5_000, -4_999)]), NOW, 300, 60_000);
    expect(layout.bars.map((bar) => [bar.kind, bar.width])).toEqual([
      ['before', 2],
      ['released', 2],
    ]);
    expect(layout.ticks.map((tick) => tick.label)).toEqual(['now', '−10 s', '−20 s', '−30 s', '−40 s', '−50 s', '−1 min']);
  });

  it('writes hours over the span of a replay’s files, and never draws more than eight ticks', () => {
    const hours = layoutHistoryStrip(history([]), NOW, 600, 8 * 3_600_000);
    expect(hours.ticks.map((tick) => tick.label)).toEqual(['now', '−1 h', '−2 h', '−3 h', '−4 h', '−5 h', '−6 h', '−7 h', '−8 h']);
    const days = layoutHistoryStrip(history([]), NOW, 600, 30 * 86_400_000);
    expect(days.ticks.length).toBeLessThanOrEqual(9);
  });
});
