'use client';
import { useState } from 'react';
import { shortNodeName } from '../lib/view/format';
import { formatClock } from './momentInput';
import type { LockEvent } from '../lib/view/event-log';
import type { MessageKey } from '../lib/i18n/messages';
import { useLanguage, type Translate } from './language';

// The strip shows the last minute.
const SPAN_MS = 60_000;
const HEIGHT = 34;

/** The words of an event of each kind, of one node and of several from one. */
const KIND_WORDS: Record<Exclude<LockEvent['kind'], 'notify'>, { one: MessageKey; many: MessageKey }> = {
  create: { one: 'lpEventCreate', many: 'lpEventCreateMany' },
  delete: { one: 'lpEventDelete', many: 'lpEventDeleteMany' },
  hold: { one: 'lpEventHold', many: 'lpEventHoldMany' },
};

/** A holder's deletion that was no release, said as what it was: a forced handover begins there. */
const FORCED_WORDS: Partial<Record<NonNullable<LockEvent['ended']>, MessageKey>> = {
  'session-expired': 'lpEventExpired',
  broken: 'lpEventBroken',
};

/** One event in words: "14:03:12.345 · deleted …0003 · its deletion woke 1, first …0004". */
function describe(event: LockEvent, t: Translate): string {
  const time = formatClock(event.at);
  const node = shortNodeName(event.node);
  const forced = event.kind === 'delete' && event.count === 1 && event.ended !== undefined ? FORCED_WORDS[event.ended] : undefined;
  const what =
    event.kind === 'notify'
      ? event.woken === null
        ? t('lpEventNotify', { node, n: event.count })
        : t('lpEventNotifyFirst', { node, n: event.count, first: shortNodeName(event.woken) })
      : forced !== undefined
        ? t(forced, { node })
        : t(event.count > 1 ? KIND_WORDS[event.kind].many : KIND_WORDS[event.kind].one, { node, n: event.count });
  return `${time} · ${what}${event.earlier === true ? t('lpEventEarlier') : ''}`;
}

/**
 * The lock's events under the queue: nodes created and deleted, holds begun, watches fired, over
 * the last minute. It can be paused (the picture stops moving, events are still kept) and
 * scrubbed event by event, each said in words; a click on "Select" picks its node.
 */
export function EventStrip({ events, now, onSelect, present }: { events: readonly LockEvent[]; now: number; onSelect: (name: string) => void; present: ReadonlySet<string> }) {
  const [pausedAt, setPausedAt] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const { t } = useLanguage();
  const end = pausedAt ?? now;
  const start = end - SPAN_MS;
  const shown = events.filter((event) => event.at >= start && event.at <= end);
  const chosen = cursor === null ? null : (events[cursor] ?? null);
  const x = (at: number): number => ((at - start) / SPAN_MS) * 100;
  return (
    <section className="event-strip" aria-label={t('lpEvents')} data-testid="event-strip" data-count={events.length}>
      <div className="event-strip-head">
        <h2>{t('lpEventsHeading')}</h2>
        <span className="muted event-legend">
          <span className="event-legend-item">
            <span className="event-mark create" aria-hidden="true" /> {t('lpEventCreated')}
          </span>{' '}
          <span className="event-legend-item">
            <span className="event-mark delete" aria-hidden="true" /> {t('lpEventDeleted')}
          </span>{' '}
          <span className="event-legend-item">
            <span className="event-mark hold" aria-hidden="true" /> {t('lpEventHolds')}
          </span>{' '}
          <span className="event-legend-item">
            <span className="event-mark notify" aria-hidden="true" /> {t('lpEventFired')}
          </span>
        </span>
        <button
          type="button"
          className="button small"
          aria-pressed={pausedAt !== null}
          data-testid="event-pause"
          onClick={() => {
            setPausedAt(pausedAt === null ? now : null);
            if (pausedAt !== null) setCursor(null);
          }}
        >
          {pausedAt === null ? t('pause') : t('resume')}
        </button>
      </div>
      <svg className="event-track" viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={t('lpEventsCount', { n: shown.length })}>
        <line x1={0} x2={100} y1={HEIGHT / 2} y2={HEIGHT / 2} className="event-axis" />
        {shown.map((event, index) => (
          <rect key={`${event.at}-${event.kind}-${event.node}-${index}`} x={x(event.at) - 0.15} y={event.kind === 'create' ? 4 : event.kind === 'delete' ? HEIGHT / 2 : 8} width={0.3} height={event.kind === 'notify' ? Math.min(HEIGHT - 8, 6 + 4 * Math.log2(event.count + 1)) : HEIGHT / 2 - 4} className={`event-tick ${event.kind}${event.earlier === true ? ' is-earlier' : ''}`} />
        ))}
        {chosen !== null && chosen.at >= start ? <rect x={x(chosen.at) - 0.3} y={0} width={0.6} height={HEIGHT} className="event-cursor" /> : null}
      </svg>
      <div className="event-scrub">
        <label htmlFor="event-scrub" className="visually-hidden">
          {t('lpEventStep')}
        </label>
        <input
          id="event-scrub"
          type="range"
          min={0}
          max={Math.max(0, events.length - 1)}
          value={cursor ?? Math.max(0, events.length - 1)}
          disabled={events.length === 0}
          data-testid="event-scrub"
          onChange={(event) => {
            // Scrubbing holds the strip still.
            if (pausedAt === null) setPausedAt(now);
            setCursor(Number(event.target.value));
          }}
        />
        <p className="event-said" aria-live="polite" data-testid="event-said">
          {chosen !== null ? describe(chosen, t) : events.length === 0 ? t('lpEventNone') : describe(events[events.length - 1]!, t)}
        </p>
        {chosen !== null && present.has(chosen.kind === 'notify' && chosen.woken !== null ? chosen.woken : chosen.node) ? (
          <button type="button" className="button small" data-testid="event-select" onClick={() => onSelect(chosen.kind === 'notify' && chosen.woken !== null ? chosen.woken : chosen.node)}>
            {t('lpSelect')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
