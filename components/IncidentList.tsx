'use client';
import { useState } from 'react';
import { IncidentKindSchema, type Incident, type IncidentKind, type IncidentList as Incidents } from '../lib/protocol';
import { formatCount, formatDuration } from '../lib/view/format';
import { describeIncident, incidentLength, INCIDENT_KIND_KEYS, type IncidentThresholds } from '../lib/view/incident-words';
import { encodeZnodePath } from '../lib/zk/path';
import { useLanguage } from './language';
import { crossesDays, formatClock, zoneLabel } from './momentInput';
import { FILES_FIXED_MS, useIncidents } from './incidentsFeed';
import { useReplay } from './replay';
import { WrappingPath } from './WrappingPath';
import { apiOfEnsemble } from '../lib/view/ensemble-path';
import { useEnsemble, usePagePath } from './ensemble';

// ZooKeeper writes on: the files are read again every few seconds while the page is open.
const REFRESH_MS = 10_000;

/** What stopped the list: no files (404), the files still being read (503), or another answer. */
type Trouble = { kind: 'no-files' } | { kind: 'failed'; error: string };

/**
 * The moment an incident links to: its first transaction where the files have one, else its time.
 * A stuck interval begins at a bound (its holder's expiry less its timeout), not at a transaction:
 * its time, so that the moment shown is past the bound and the holder is named a dead client's.
 */
function momentOf(incident: Incident): string {
  return incident.kind === 'stuck' || incident.fromZxid === null ? String(Math.round(incident.from)) : incident.fromZxid;
}

/** Where an incident is seen: its lock at its moment, or the dashboard at it (a mass expiry concerns no one lock). */
function hrefOf(incident: Incident): string {
  const at = `?at=${encodeURIComponent(momentOf(incident))}`;
  return incident.path === null ? `/${at}` : `/locks${encodeZnodePath(incident.path)}${at}`;
}

/**
 * The incidents ZooKeeper's files tell (`GET /api/incidents`), oldest first, each said in a
 * sentence with its kind, its lock, its times and a link to its moment; `path`: one lock's only
 * (its page's list, without the lock column); `latest`: only the newest so many, newest first,
 * with a link to the whole list (the replay's first screen).
 */
export function IncidentList({ path, latest }: { path?: string; latest?: number }) {
  const { t } = useLanguage();
  const body = <IncidentsBody path={path} latest={latest} />;
  if (path === undefined) return body;
  return (
    <section className="lock-incidents" aria-labelledby="lock-incidents-title" data-testid="lock-incidents">
      <h2 id="lock-incidents-title">{t('incLockTitle')}</h2>
      {body}
    </section>
  );
}

/** The browser's time zone, for a write-up's times (UTC where it says none). */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Links to the tables of a write-up: the incidents and the holds (of the lock, or of every lock), as CSV and Markdown, in the browser's zone and the page's language. */
function WriteUpLinks({ path }: { path: string | undefined }) {
  const { t, language } = useLanguage();
  const ensemble = useEnsemble();
  const href = (what: 'incidents' | 'holds', format: 'csv' | 'markdown'): string => {
    const query = new URLSearchParams({ format, tz: browserZone(), ...(what === 'incidents' ? { lang: language } : {}), ...(path === undefined ? {} : { path }) });
    return apiOfEnsemble(`/api/${what}?${query.toString()}`, ensemble);
  };
  const link = (what: 'incidents' | 'holds', format: 'csv' | 'markdown') => (
    <a className="button small" href={href(what, format)} download data-testid={`write-up-${what}-${format}`} aria-label={t('incExportLabel', { what: t(what === 'incidents' ? 'incExportIncidents' : 'incExportHolds'), format: format === 'csv' ? 'CSV' : 'Markdown' })}>
      {format === 'csv' ? 'CSV' : 'Markdown'}
    </a>
  );
  return (
    <div className="write-up" role="group" aria-label={t('incExport')} data-testid="write-up">
      <span className="muted">{t('incExport')}</span>
      <span className="write-up-set">
        <span>{t('incExportIncidents')}</span>
        {link('incidents', 'csv')}
        {link('incidents', 'markdown')}
      </span>
      <span className="write-up-set">
        <span>{t('incExportHolds')}</span>
        {link('holds', 'csv')}
        {link('holds', 'markdown')}
      </span>
    </div>
  );
}

function IncidentsBody({ path, latest }: { path: string | undefined; latest: number | undefined }) {
  const { t } = useLanguage();
  const page = usePagePath();
  const [kind, setKind] = useState<IncidentKind | 'all'>('all');

  // ZooKeeper writes on while live; replayed files do not change: read once (the slider's marks share the read).
  const { info } = useReplay();
  const read = useIncidents(path, info !== null && !info.live ? FILES_FIXED_MS : REFRESH_MS);
  const trouble: Trouble | null = read === null || read.kind === 'list' ? null : read;
  const list: Incidents | null = read?.kind === 'list' ? read.list : null;

  if (trouble?.kind === 'no-files') {
    return (
      <p className="notice" data-testid="incidents-no-files">
        {t('incNoFiles')}
      </p>
    );
  }
  if (trouble?.kind === 'failed') {
    return (
      <p className="error-box" role="alert">
        {t('incFailed', { error: trouble.error })}
      </p>
    );
  }
  if (list === null) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> {t('incLoading')}
      </p>
    );
  }
  if (list.incidents.length === 0) {
    return (
      <div className="incidents">
        <p className="muted" data-testid="incidents-none">
          {t(path === undefined ? 'incNone' : 'incNoneLock')}
        </p>
        <WriteUpLinks path={path} />
      </div>
    );
  }

  const first = list.incidents[0]!.from;
  const withDate = crossesDays(first, list.incidents.at(-1)!.to);
  const clock = (ms: number): string => formatClock(ms, withDate);
  const thresholds = { longHoldMs: list.longHoldMs, longWaitMs: list.longWaitMs };

  if (latest !== undefined) {
    const newest = list.incidents.slice(-latest).reverse();
    return (
      <div className="incidents" data-testid="incidents">
        <p className="muted incidents-latest">
          {t('incLatest', { n: formatCount(newest.length), total: formatCount(list.incidents.length) })} · {zoneLabel(first)} ·{' '}
          <a href={page('/incidents')} data-testid="incidents-all">
            {t('incAll')}
          </a>
        </p>
        <IncidentCards incidents={newest} path={path} clock={clock} thresholds={thresholds} />
      </div>
    );
  }

  const counts = new Map<IncidentKind, number>();
  for (const incident of list.incidents) counts.set(incident.kind, (counts.get(incident.kind) ?? 0) + 1);
  const shown = kind === 'all' ? list.incidents : list.incidents.filter((incident) => incident.kind === kind);

  return (
    <div className="incidents" data-testid="incidents">
      <div className="table-controls">
        <label className="filter" htmlFor="incident-kind">
          <span>{t('incFilter')}</span>
          <select id="incident-kind" value={kind} onChange={(event) => setKind(event.target.value as IncidentKind | 'all')} data-testid="incident-kind">
            <option value="all">
              {t('incFilterAll')} ({formatCount(list.incidents.length)})
            </option>
            {IncidentKindSchema.options
              .filter((each) => counts.has(each))
              .map((each) => (
                <option key={each} value={each}>
                  {t(INCIDENT_KIND_KEYS[each])} ({formatCount(counts.get(each)!)})
                </option>
              ))}
          </select>
        </label>
        <span className="muted" data-testid="incident-count">
          {shown.length === 1 ? t('incCountOne') : t('incCount', { n: formatCount(shown.length) })} · {t('incThresholds', { hold: formatDuration(list.longHoldMs, t), wait: formatDuration(list.longWaitMs, t) })} · {zoneLabel(first)}
        </span>
      </div>
      <WriteUpLinks path={path} />
      <IncidentPages key={kind} incidents={shown} path={path} clock={clock} thresholds={thresholds} />
    </div>
  );
}

/** How many incident cards are drawn at first, and more at each ask: a busy lock's files may tell thousands. */
export const INCIDENTS_PAGE = 200;

/** The incidents' cards, INCIDENTS_PAGE at first, with a button for the next ones (a new filter begins again: its `key`). */
export function IncidentPages({ incidents, path, clock, thresholds }: { incidents: readonly Incident[]; path: string | undefined; clock: (ms: number) => string; thresholds: IncidentThresholds }) {
  const { t } = useLanguage();
  const [limit, setLimit] = useState(INCIDENTS_PAGE);
  const left = incidents.length - limit;
  return (
    <>
      <IncidentCards incidents={left > 0 ? incidents.slice(0, limit) : incidents} path={path} clock={clock} thresholds={thresholds} />
      {left > 0 ? (
        <p className="incidents-more">
          <button type="button" className="button small" onClick={() => setLimit((shown) => shown + INCIDENTS_PAGE)} data-testid="incidents-more">
            {t('incMore', { n: formatCount(Math.min(INCIDENTS_PAGE, left)), left: formatCount(left) })}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** The incidents as cards: the time, kind, length and lock (on a list of every lock) on the first line with a link to the moment, the sentence under them. */
function IncidentCards({ incidents, path, clock, thresholds }: { incidents: readonly Incident[]; path: string | undefined; clock: (ms: number) => string; thresholds: IncidentThresholds }) {
  const { t } = useLanguage();
  const page = usePagePath();
  return (
    <ol className="incident-list">
      {incidents.map((incident, index) => {
        const length = incidentLength(incident);
        const time = clock(incident.from);
        return (
          <li key={`${incident.kind}-${incident.from}-${incident.path ?? ''}-${index}`} className={`incident is-${incident.kind}`} data-testid="incident" data-kind={incident.kind} data-sessions={incident.sessions.join(' ')}>
            <div className="incident-head">
              <time dateTime={new Date(incident.from).toISOString()} className="mono incident-time">
                {time}
              </time>
              <span className="incident-kind" data-testid="incident-kind-word">
                {t(INCIDENT_KIND_KEYS[incident.kind])}
              </span>
              {length === null ? null : <span className="incident-length">{formatDuration(length, t)}</span>}
              {path === undefined && incident.path !== null ? (
                <span className="mono incident-lock">
                  <WrappingPath path={incident.path} />
                </span>
              ) : null}
              {/* A whole load, not a client-side move: the tab's socket names the moment of the address as it connects. */}
              <a className="button small incident-open" href={page(hrefOf(incident))} aria-label={t('incOpenLabel', { lock: incident.path ?? '/', time })} data-testid="incident-open">
                {t('incOpen')}
              </a>
            </div>
            <p className="incident-words">{describeIncident(incident, t, clock, thresholds)}</p>
          </li>
        );
      })}
    </ol>
  );
}
