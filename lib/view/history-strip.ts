/**
 * The lock page's history strip, laid out without a DOM: each hold a bar on a time axis ending
 * now (the current one growing), with ticks a person reads at a glance.
 */
import type { HoldEnd, HoldRecord, LockHistory } from '../protocol';
import { translator, type Translate } from '../i18n/messages';
import { formatDuration } from './format';

const ENGLISH = translator('en');

export interface HistoryBar {
  hold: HoldRecord;
  x: number;
  width: number;
  /** How the hold ended, or `holding` while it lasts; `before` for one found already holding. */
  kind: 'holding' | HoldEnd | 'before';
  /** Its length so far (ms). */
  ms: number;
}

export interface HistoryStripLayout {
  bars: HistoryBar[];
  ticks: Array<{ x: number; label: string }>;
  /** The time span drawn (ms). */
  from: number;
  to: number;
}

const TICK_STEPS_MS = [1000, 5000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 86_400_000];

/** How long ago, as a tick says it: `now` (in the page's words), `-30 s`, `-2 min`, `-6 h`, in the page's language (`-2 分钟`) as every duration of the page is said. */
function ago(ms: number, nowWord: string, t: Translate): string {
  return ms === 0 ? nowWord : `−${formatDuration(ms, t)}`;
}

/** The holds of the last `spanMs` before `now` across `width` units, with four to eight ticks in the page's language (`t`), the last one "now". */
export function layoutHistoryStrip(history: LockHistory, clock: number, width: number, spanMs: number, t: Translate = ENGLISH): HistoryStripLayout {
  const nowWord = t('lpNow');
  // The page's clock ticks once a second: the history's own time (the server's) is never in the future.
  const now = Math.max(clock, history.stats.at);
  const from = now - spanMs;
  const scale = width / spanMs;
  const bars: HistoryBar[] = [];
  for (const hold of history.holds) {
    const end = hold.to ?? now;
    if (end < from) continue;
    const start = Math.max(from, hold.from);
    const x = (start - from) * scale;
    // At least a hair wide: a hold of a few ms is still seen.
    bars.push({ hold, x, width: Math.max(2, (end - start) * scale), kind: hold.before ? 'before' : (hold.ended ?? 'holding'), ms: end - hold.from });
  }
  // Past the longest step the step grows with the span: never more than eight ticks.
  const step = TICK_STEPS_MS.find((candidate) => spanMs / candidate <= 8) ?? Math.ceil(spanMs / 8);
  const ticks: HistoryStripLayout['ticks'] = [];
  for (let back = 0; back <= spanMs; back += step) ticks.push({ x: width - back * scale, label: ago(back, nowWord, t) });
  return { bars, ticks, from, to: now };
}
