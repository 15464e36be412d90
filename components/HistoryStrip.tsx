'use client';
import { useEffect, useRef, useState } from 'react';
import type { LockHistory, LockNode, Percentiles } from '../lib/protocol';
import { formatClock, formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { formatClock as clockMs } from './momentInput';
import { layoutHistoryStrip, type HistoryBar } from '../lib/view/history-strip';
import type { MessageKey } from '../lib/i18n/messages';
import { useLanguage, type Translate } from './language';
import { goTo, useReplay } from './replay';

const HEIGHT = 44;
const BAR_TOP = 6;
const BAR_HEIGHT = 22;
/** The narrowest a bar that can be clicked is drawn (px). */
const MIN_TARGET = 8;

/** How each kind of hold ended, said of one bar. */
const ENDED: Record<HistoryBar['kind'], MessageKey> = {
  holding: 'lpEndedHolding',
  released: 'lpEndedReleased',
  'session-expired': 'lpEndedExpired',
  'session-closed': 'lpEndedClosed',
  broken: 'lpEndedBroken',
  gap: 'lpEndedGap',
  before: 'lpEndedBefore',
};

function seconds(value: number, t: Translate): string {
  return formatDuration(value * 1000, t);
}

function figures(t: Translate, label: string, percentiles: Percentiles | null, none: string): string {
  return percentiles === null
    ? none
    : t('lpFigures', { label, p50: seconds(percentiles.p50, t), p95: seconds(percentiles.p95, t), p99: seconds(percentiles.p99, t) });
}

/** A wait shorter than this (s) is written "0 ms": a hold granted at once. */
const AT_ONCE_S = 0.0005;

/**
 * The waits that ended in a hold; where every one of them was none (each hold granted at once,
 * a lock's first holder), said so: "wait p50 0 ms · p95 0 ms · p99 0 ms" beside "3 still waiting
 * for 50 s" read as if nobody waited.
 */
function waitFigures(t: Translate, waits: Percentiles | null): string {
  if (waits !== null && waits.p99 < AT_ONCE_S) return waits.count === 1 ? t('lpGrantedAtOnceOne') : t('lpGrantedAtOnce', { n: formatCount(waits.count) });
  return figures(t, t('lpFigureWait'), waits, t('lpNoneEnded', { label: t('lpFigureWait') }));
}

/**
 * How busy the lock was: a rate once there are enough holds to make one; a few holds counted
 * ("1 hold began in the last 5 min", not "0.2 handovers/min" beside "no hold ended yet").
 */
function handoverFigure(t: Translate, stats: LockHistory['stats']): string {
  const began = Math.round((stats.handoversPerMinute * stats.windowMs) / 60_000);
  if (began >= RATE_FROM) return t('lpHandovers', { n: stats.handoversPerMinute.toFixed(1) });
  return t(began === 1 ? 'lpHoldsBeganOne' : 'lpHoldsBegan', { n: formatCount(began), span: formatDuration(stats.windowMs, t) });
}

/** The holds in the window from which their rate is said rather than their count. */
const RATE_FROM = 10;

/** What the legend calls each kind of bar drawn. */
const LEGEND: Record<HistoryBar['kind'], MessageKey> = {
  holding: 'lpEndedHolding',
  released: 'lpEndedReleased',
  'session-expired': 'lpLegendExpired',
  'session-closed': 'lpLegendClosed',
  broken: 'lpLegendBroken',
  gap: 'lpLegendGap',
  before: 'lpLegendBefore',
};

export interface HistoryStripProps {
  history: LockHistory | null;
  /** The history is asked and not answered yet: its place is kept (the page does not jump when it comes). */
  reading: boolean;
  now: number;
  /** The nodes still in the lock: a click on one's bar selects it. */
  present: ReadonlySet<string>;
  onSelect: (name: string) => void;
  /** The waits under way: how many, and since when the longest (its node's creation, ms); none when nobody waits. */
  waiting?: { count: number; since: number } | null;
}

/**
 * The waits under way in `nodes`: how many, and the longest's start. A wait counts in the figures
 * only once it ends, so a lock whose waiter waits for ever (a deadlock) says so beside them.
 */
export function waitingOf(nodes: readonly LockNode[]): { count: number; since: number } | null {
  let count = 0;
  let since = Number.POSITIVE_INFINITY;
  for (const node of nodes) {
    if (node.role !== 'waiter' || node.ctime <= 0) continue;
    count += 1;
    since = Math.min(since, node.ctime);
  }
  return count === 0 ? null : { count, since };
}

const MINUTE = 60_000;
/** The longest span drawn (a replay's figures may be over days of files): bars narrower than a pixel say nothing. */
const LONGEST_SPAN = 8 * 3_600_000;

/** The span drawn: the figures' window, so that the strip and its figures speak of the same minutes. */
function historySpan(history: LockHistory): number {
  return Math.min(LONGEST_SPAN, Math.max(MINUTE, history.stats.windowMs));
}

/** Who held the lock when, over the last five minutes, as bars on a time axis; the figures beside it. */
export function HistoryStrip({ history, reading, now, present, onSelect, waiting = null }: HistoryStripProps) {
  // Replayed, a hold whose node is not there at the moment shown goes to when it began.
  const replaying = useReplay().info !== null;
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const { t } = useLanguage();
  // The box is there once a history is: it is measured from then on.
  const shown = history !== null;
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (history === null) {
    if (!reading) return null;
    return (
      <section className="history" aria-label={t('lpHistory')} aria-busy="true" data-testid="history-reading">
        <div className="history-head">
          <h2>{t('lpHistory')}</h2>
          <p className="muted history-figures">{t('lpHistoryReading')}</p>
        </div>
        <div className="history-box">
          <svg className="history-svg" width="100%" height={HEIGHT} aria-hidden="true" />
        </div>
        {/* The legend's line, kept too. */}
        <p className="history-legend muted" aria-hidden="true">
          {'\u00a0'}
        </p>
      </section>
    );
  }
  const span = historySpan(history);
  const layout = layoutHistoryStrip(history, now, width, span, t);
  const { stats } = history;
  // No hold ended in the window: the one under way says how long it has lasted, rather than "none".
  // Only a hold still under way: one that began before the explorer followed the lock may have ended since (its session expired).
  const current = layout.bars.find((bar) => bar.hold.to === null && (bar.kind === 'holding' || bar.kind === 'before'));
  // A hold under way since before the explorer followed the lock lasts at least as long as it has been seen.
  const noHold =
    current === undefined
      ? t('lpNoneEnded', { label: t('lpFigureHold') })
      : t(current.kind === 'before' ? 'lpNoneEndedHoldingMore' : 'lpNoneEndedHolding', { label: t('lpFigureHold'), duration: formatDuration(current.ms, t) });
  const kinds = [...new Set(layout.bars.map((bar) => bar.kind))];
  return (
    <section className="history" aria-label={t('lpHistory')} data-testid="history-strip">
      <div className="history-head">
        <h2>{t('lpHoldsLast', { span: formatDuration(span, t) })}</h2>
        <p className="muted history-figures" data-testid="history-figures">
          <span>{figures(t, t('lpFigureHold'), stats.hold, noHold)}</span>
          <span>
            {waitFigures(t, stats.wait)}
            {waiting ? <span data-testid="history-waiting">{` · ${t('lpStillWaiting', { n: formatCount(waiting.count), duration: formatDuration(Math.max(0, now - waiting.since), t) })}`}</span> : null}
          </span>
          <span data-testid="history-handovers">{handoverFigure(t, stats)}</span>
        </p>
      </div>
      <div className="history-box" ref={box}>
        <svg className="history-svg" width={width} height={HEIGHT} role="group" aria-label={t('lpHoldsCount', { n: layout.bars.length, span: formatDuration(span, t) })}>
          {layout.ticks.map((tick) => (
            <g key={tick.label} transform={`translate(${tick.x} 0)`} className="history-tick">
              <line y1={BAR_TOP - 2} y2={BAR_TOP + BAR_HEIGHT + 2} />
              <text y={HEIGHT - 2} textAnchor={tick.x > width - 20 ? 'end' : tick.x < 20 ? 'start' : 'middle'}>
                {tick.label}
              </text>
            </g>
          ))}
          {layout.bars.map((bar) => {
            const { hold } = bar;
            const selectable = present.has(hold.node);
            const travels = !selectable && replaying && bar.kind !== 'before';
            const act = selectable ? () => onSelect(hold.node) : travels ? () => goTo(String(Math.round(hold.from))) : null;
            // A hold that just began is a sliver: one that selects its node is drawn wide enough to hit, growing leftwards over the one before.
            const drawnWidth = bar.width > 4 ? bar.width - 1 : bar.width;
            const barWidth = act !== null ? Math.max(drawnWidth, MIN_TARGET) : drawnWidth;
            const barX = Math.max(0, bar.x + drawnWidth - barWidth);
            const held = bar.kind === 'before' ? t('lpBarHeldPlain') : t('lpBarHeld', { duration: formatDuration(bar.ms, t) });
            // Its times to the millisecond, as the replay's clock and the incidents write them: what a post-mortem quotes.
            const when = bar.kind === 'before' ? t('lpBarSince', { time: formatClock(hold.from) }) : `${clockMs(hold.from)} – ${hold.to === null ? '…' : clockMs(hold.to)} · ${held}`;
            const title = `${hold.node}\n${t('lpBarSession', { id: hold.sessionId })}${hold.client ? ` · ${hold.client}` : ''}\n${when} · ${t(ENDED[bar.kind])}${travels ? `\n${t('lpBarGoTo')}` : ''}`;
            return (
              <rect
                key={`${hold.node}-${hold.from}`}
                className={`history-bar ${bar.kind}${act !== null ? ' selectable' : ''}`}
                x={barX}
                y={BAR_TOP}
                width={barWidth}
                height={BAR_HEIGHT}
                rx={3}
                data-testid="history-bar"
                data-node={hold.node}
                data-session={hold.sessionId}
                data-ended={bar.kind}
                data-ms={Math.round(bar.ms)}
                data-travels={travels ? 'true' : undefined}
                data-from={Math.round(hold.from)}
                tabIndex={act !== null ? 0 : undefined}
                role={act !== null ? 'button' : undefined}
                aria-label={`${shortNodeName(hold.node)}: ${held}, ${t(ENDED[bar.kind])}${travels ? ` · ${t('lpBarGoTo')}` : ''}`}
                onClick={act ?? undefined}
                onKeyDown={
                  act !== null
                    ? (event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          act();
                        }
                      }
                    : undefined
                }
              >
                <title>{title}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {kinds.length > 0 ? (
        <p className="history-legend muted" data-testid="history-legend">
          {kinds.map((kind) => (
            <span key={kind} className="history-legend-item" data-kind={kind}>
              <svg width="14" height="10" aria-hidden="true">
                <rect width="14" height="10" rx="2" className={`history-bar ${kind}`} />
              </svg>{' '}
              {t(LEGEND[kind])}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
