'use client';
import type { Frame } from '../lib/demo/timeline';
import { formatClock } from '../lib/view/format';
import { useLanguage } from './language';

export interface ClassroomTimelineProps {
  frames: readonly Frame[];
  /** The frame shown; null: live. */
  cursor: number | null;
  onSeek(index: number | null): void;
  onReplay(): void;
  onLive(): void;
}

/** The run's timeline: a slider over every recorded change, a replay, and back to live. */
export function ClassroomTimeline({ frames, cursor, onSeek, onReplay, onLive }: ClassroomTimelineProps) {
  const { t } = useLanguage();
  const last = frames.length - 1;
  const shown = frames[cursor ?? last];
  const position = shown === undefined ? '' : t('timelineAt', { i: (cursor ?? last) + 1, n: frames.length, time: formatClock(shown.at) });
  return (
    <section className="demo-timeline" aria-label={t('timeline')} data-testid="demo-timeline">
      <h2>{t('timeline')}</h2>
      {frames.length < 2 ? (
        <p className="muted">{t('timelineEmpty')}</p>
      ) : (
        <>
          <input
            type="range"
            min={0}
            max={last}
            value={cursor ?? last}
            aria-label={t('timeline')}
            aria-valuetext={position}
            data-testid="timeline-slider"
            onChange={(event) => onSeek(Number(event.target.value))}
          />
          <span className="muted" data-testid="timeline-position" data-live={cursor === null ? 'true' : 'false'}>
            {position}
          </span>
          <div className="actions">
            <button type="button" data-testid="timeline-replay" onClick={onReplay}>
              {t('timelineReplay')}
            </button>
            <button type="button" data-testid="timeline-live" disabled={cursor === null} onClick={onLive}>
              {t('timelineLive')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
