'use client';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Incident, ReplayGap, ReplayLock, ReplayMoment } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { INCIDENT_KIND_KEYS } from '../lib/view/incident-words';
import { crossesDays, formatClock, parseMomentInput, zoneLabel } from './momentInput';
import { useLanguage } from './language';
import { backToLive, goTo, stepLock, useReplay } from './replay';
import { useShortcuts } from './useShortcuts';
import { FILES_FIXED_MS, useIncidents } from './incidentsFeed';

const SPEEDS = [1, 10, 100] as const;
type Speed = (typeof SPEEDS)[number];
/** How often a playing replay moves its moment (ms of the page's clock). */
const PLAY_TICK_MS = 100;
/** How often the slider's incident marks are read again where ZooKeeper still writes its files (live); replayed files do not change. */
const MARKS_REFRESH_MS = 30_000;
/** The most incidents marked on the slider (the newest): past that, marks would be a smear. */
const MOST_MARKS = 300;

/** The incidents of the files (of the lock on its page), to mark on the slider where each began; none where they cannot be read. The lock page's list shares the read. */
function useIncidentMarks(lockPath: string | null, live: boolean): Incident[] {
  const read = useIncidents(lockPath ?? undefined, live ? MARKS_REFRESH_MS : FILES_FIXED_MS);
  return read?.kind === 'list' ? read.list.incidents.slice(-MOST_MARKS) : [];
}

/**
 * Replay mode's band under the header, on every page: what the files are and how far they were
 * read, and the moment every page shows — a slider over the span (the lock's changes drawn under
 * it), play at ×1, ×10 or ×100, a moment typed in, and on a lock's page its previous and next change.
 */
export function ReplayBar({ lockPath }: { lockPath?: string }) {
  const { info, moment, locks, moving, error, addressBad } = useReplay();
  const { t } = useLanguage();
  if (info === null) return null;
  const span = info.from !== null && info.to !== null ? { from: info.from, to: info.to } : null;
  const withDate = span !== null && crossesDays(span.from, span.to);
  const stopped = info.stoppedAt === null ? null : t('replayStopped', { zxid: info.stoppedAt.zxid ?? '—', reason: info.reason ?? '' });
  return (
    <section className="replay-bar" aria-label={t('replayLabel')} data-testid="replay-bar">
      <p className="replay-head" role="status">
        <span className="replay-mark" aria-hidden="true" />
        <strong>{t(info.live ? 'replayTitlePast' : 'replayTitle')}</strong>
        <span className="replay-files" title={info.dirs.join('\n')}>
          {info.dirs.join(', ')}
        </span>
        {span === null ? (
          <span data-testid="replay-empty">{info.reason ?? t('replayEmpty')}</span>
        ) : (
          <span className="muted">
            {t(info.live ? 'replaySpanPast' : 'replaySpan', { from: formatClock(span.from, withDate), to: formatClock(span.to, withDate), count: formatCount(info.transactions) })}
          </span>
        )}
        {stopped !== null ? (
          <span className="replay-stopped" data-testid="replay-stopped">
            {stopped}
          </span>
        ) : null}

        {info.live ? (
          <button type="button" className="button small replay-live" onClick={backToLive} title={t('replayBackToLiveTitle')} data-testid="replay-back-to-live">
            {t('replayBackToLive')}
          </button>
        ) : null}
      </p>
      {info.gaps.length > 0 ? (
        // Each gap said in full, for the post-mortem: from when to when, where reading broke off and why, and the snapshot read on from.
        <details className="replay-gaps" data-testid="replay-gaps">
          <summary>{t(info.gaps.length === 1 ? 'replayGapsOne' : 'replayGaps', { n: info.gaps.length })}</summary>
          <ul>
            {info.gaps.map((gap, index) => (
              <li key={`${gap.from.zxid}-${index}`} className="mono">
                {gapText(gap, withDate, t)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {moment !== null ? <TimeControl gaps={info.gaps} moment={moment} lock={lockPath === undefined ? null : (locks.get(lockPath) ?? null)} lockPath={lockPath ?? null} live={info.live} moving={moving} error={error ?? (addressBad === null ? null : t('replayAddressBad', { text: addressBad }))} withDate={withDate} /> : null}
    </section>
  );
}

/** One gap said: from when to when (and their zxids), where reading broke off and why, and the snapshot read on from. */
function gapText(gap: ReplayGap, withDate: boolean, t: ReturnType<typeof useLanguage>['t']): string {
  const said = t('replayGapTitle', { from: formatClock(gap.from.time, withDate), fromZxid: gap.from.zxid, to: formatClock(gap.to.time, withDate), toZxid: gap.to.zxid, path: gap.path, offset: gap.offset, problem: gap.problem, snapshot: gap.snapshot });
  return gap.exactFrom === null ? said : `${said}${t('replayGapInexact', { zxid: gap.exactFrom })}`;
}

/** The gap the moment shown falls in: after the last transaction read before it, and before the snapshot's moment. */
function gapAt(gaps: readonly ReplayGap[], moment: ReplayMoment): ReplayGap | null {
  return gaps.find((gap) => moment.at.zxid === gap.from.zxid && gap.to.time > gap.from.time && moment.time > gap.from.time && moment.time < gap.to.time) ?? null;
}

function TimeControl({ gaps, moment, lock, lockPath, live, moving, error, withDate }: { gaps: readonly ReplayGap[]; moment: ReplayMoment; lock: ReplayLock | null; lockPath: string | null; live: boolean; moving: boolean; error: string | null; withDate: boolean }) {
  const { t } = useLanguage();
  const marks = useIncidentMarks(lockPath, live);
  const { from, to } = moment;
  const length = Math.max(1, to.time - from.time);
  // While the slider is dragged, its place is the one asked for until the moment arrives.
  const [asked, setAsked] = useState<number | null>(null);
  if (asked !== null && !moving) setAsked(null);
  const shown = asked ?? moment.time;
  const [speed, setSpeed] = useState<Speed>(10);
  const [playing, setPlaying] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedBad, setTypedBad] = useState(false);
  // The moment shown, for play to start from (read when it starts, not followed while it plays).
  const clock = useRef(moment.time);
  useEffect(() => {
    clock.current = moment.time;
  }, [moment.time]);

  const move = (time: number): void => {
    const bounded = Math.round(Math.min(to.time, Math.max(from.time, time)));
    setAsked(bounded);
    goTo(String(bounded));
  };
  const step = (direction: 'previous' | 'next'): boolean => {
    if (lockPath === null || lock === null || lock[direction] === null) return false;
    setPlaying(false);
    stepLock(lockPath, direction);
    return true;
  };
  useShortcuts({ '[': () => step('previous'), ']': () => step('next') });

  // Playing moves the clock by the time passed times the speed; a moment the explorer has not answered yet is skipped, not queued.
  useEffect(() => {
    if (!playing) return;
    let wall = Date.now();
    let at = clock.current >= to.time ? from.time : clock.current;
    const timer = setInterval(() => {
      const now = Date.now();
      at += (now - wall) * speed;
      wall = now;
      if (at >= to.time) {
        at = to.time;
        setPlaying(false);
      }
      goTo(String(Math.round(at)));
    }, PLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, from.time, to.time]);

  const onKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    const by: Record<string, number> = { ArrowLeft: -0.01, ArrowDown: -0.01, ArrowRight: 0.01, ArrowUp: 0.01, PageDown: -0.1, PageUp: 0.1 };
    if (event.key === 'Home') move(from.time);
    else if (event.key === 'End') move(to.time);
    else if (by[event.key] !== undefined) move(shown + by[event.key]! * length);
    else return;
    event.preventDefault();
    setPlaying(false);
  };
  const onGo = (event: FormEvent): void => {
    event.preventDefault();
    const at = parseMomentInput(typed, moment.time);
    setTypedBad(at === null);
    if (at === null) return;
    setPlaying(false);
    goTo(at);
  };
  const density = lock?.density ?? [];
  const tallest = Math.max(1, ...density);
  const atText = formatClock(moment.time, withDate);
  const inGap = gapAt(gaps, moment);

  return (
    <div className="replay-controls" aria-busy={moving}>
      <div className="replay-buttons" role="group" aria-label={t('replayPlayback')}>
        {lockPath !== null ? (
          <button type="button" className="button small" disabled={lock === null || lock.previous === null} onClick={() => step('previous')} title={t('replayPreviousTitle')} data-testid="replay-previous">
            {t('replayPrevious')}
          </button>
        ) : null}
        <button type="button" className="button small replay-play" aria-pressed={playing} onClick={() => setPlaying((on) => !on)} data-testid="replay-play">
          {playing ? t('replayPause') : t('replayPlay')}
        </button>
        {lockPath !== null ? (
          <button type="button" className="button small" disabled={lock === null || lock.next === null} onClick={() => step('next')} title={t('replayNextTitle')} data-testid="replay-next">
            {t('replayNext')}
          </button>
        ) : null}
        <span className="segmented" role="group" aria-label={t('replaySpeed')}>
          {SPEEDS.map((one) => (
            <button key={one} type="button" aria-pressed={speed === one} onClick={() => setSpeed(one)} data-testid={`replay-speed-${one}`}>
              ×{one}
            </button>
          ))}
        </span>
      </div>
      <div className="replay-track">
        {density.length > 0 ? (
          <svg className="replay-density" viewBox={`0 0 ${density.length} 1`} preserveAspectRatio="none" aria-hidden="true">
            {density.map((count, bin) => (count === 0 ? null : <rect key={bin} x={bin} width={0.8} y={1 - Math.sqrt(count / tallest)} height={Math.sqrt(count / tallest)} />))}
          </svg>
        ) : null}
        {gaps.length > 0 ? (
          // Each stretch of the log not read, hatched across the track: the moments in it show the last one read before it.
          <div className="replay-gap-bands" aria-hidden="true">
            {gaps
              .filter((gap) => gap.to.time > gap.from.time)
              .map((gap, index) => (
                <span
                  key={`${gap.from.zxid}-${index}`}
                  className="replay-gap-band"
                  style={{ left: `calc(0.5rem + (100% - 1rem) * ${(gap.from.time - from.time) / length})`, width: `max(3px, calc((100% - 1rem) * ${(gap.to.time - gap.from.time) / length}))` }}
                  title={gapText(gap, withDate, t)}
                  data-testid="replay-gap-band"
                />
              ))}
          </div>
        ) : null}
        {marks.length > 0 ? (
          // Where each incident began, coloured by its kind, its kind and time in its tooltip (the incidents list is the way to them by keyboard).
          <div className="replay-marks" data-testid="replay-marks">
            {marks
              .filter((incident) => incident.from >= from.time && incident.from <= to.time)
              .map((incident, index) => (
                <span
                  key={`${incident.kind}-${incident.from}-${index}`}
                  className={`replay-mark-incident is-${incident.kind}`}
                  style={{ left: `calc(0.5rem + (100% - 1rem) * ${(incident.from - from.time) / length})` }}
                  title={`${t(INCIDENT_KIND_KEYS[incident.kind])} · ${formatClock(incident.from, withDate)}${lockPath === null && incident.path !== null ? ` · ${incident.path}` : ''}`}
                  data-testid="replay-mark"
                  data-kind={incident.kind}
                />
              ))}
          </div>
        ) : null}
        <input
          type="range"
          className="replay-slider"
          min={from.time}
          max={to.time}
          step={1}
          value={shown}
          aria-label={t('replaySlider')}
          aria-valuetext={formatClock(shown, withDate)}
          onChange={(event) => {
            setPlaying(false);
            move(Number(event.target.value));
          }}
          onKeyDown={onKey}
          data-testid="replay-slider"
        />
        <div className="replay-ends muted" aria-hidden="true">
          <span>{formatClock(from.time, withDate)}</span>
          {lock !== null ? <span data-testid="replay-changes">{t('replayChanges', { n: formatCount(lock.changes) })}</span> : null}
          <span>{formatClock(to.time, withDate)}</span>
        </div>
      </div>
      <p className="replay-clock" data-testid="replay-clock" data-zxid={moment.at.zxid} data-time={moment.time}>
        <span className="replay-time mono">
          {atText}
          {/* Every clock of the replay is in this zone: said once, beside the moment. */}
          <span className="replay-zone muted" data-testid="replay-zone">
            {zoneLabel(moment.time)}
          </span>
          {/* A moment the explorer is still reading (a list of every lock, read the first time) shows it is on its way; its place is kept, so nothing moves. */}
          <span className={`spinner replay-moving${moving ? '' : ' is-idle'}`} aria-hidden="true" data-testid="replay-moving" />
        </span>
        <span className="muted mono">{moment.time === moment.at.time ? t('replayZxid', { zxid: moment.at.zxid }) : t('replayAfter', { zxid: moment.at.zxid, time: formatClock(moment.at.time, withDate) })}</span>
      </p>
      {inGap !== null ? (
        <p className="replay-in-gap" role="status" data-testid="replay-in-gap">
          <span>{t('replayInGap', { zxid: inGap.from.zxid, to: formatClock(inGap.to.time, withDate), toZxid: inGap.to.zxid })}</span>
          <button type="button" className="button small" onClick={() => goTo(inGap.to.zxid)} data-testid="replay-gap-end">
            {t('replayGapEnd')}
          </button>
        </p>
      ) : null}
      <form className="replay-goto" onSubmit={onGo}>
        <label htmlFor="replay-goto">{t('replayGoTo')}</label>
        <input
          id="replay-goto"
          className="mono"
          value={typed}
          placeholder={t('replayGoToHint')}
          aria-invalid={typedBad}
          aria-describedby={typedBad || error !== null ? 'replay-goto-error' : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setTypedBad(false);
          }}
          data-testid="replay-goto"
        />
        <button type="submit" className="button small">
          {t('replayGo')}
        </button>
        {typedBad || error !== null ? (
          <span id="replay-goto-error" className="replay-error" role="alert" data-testid="replay-error">
            {typedBad ? t('replayGoToBad') : error}
          </span>
        ) : null}
      </form>
    </div>
  );
}
