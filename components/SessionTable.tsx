'use client';
import { Link } from './EnsembleLink';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SessionListSchema, type SessionList } from '../lib/protocol';
import { formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { SYSTEM_TREE } from '../lib/lock/discovery';
import { encodeZnodePath, isWithin, parentPath } from '../lib/zk/path';
import { useLanguage, type Translate } from './language';
import { moveBetweenRows } from './rowKeys';
import { SessionFiles } from './SessionFiles';
import { useLockList } from './useLockList';
import { useNow } from './useNow';
import { PHONE } from './phone';
import { useMomentText } from './replay';
import { WrappingPath, WrappingText } from './WrappingPath';
import { apiPath } from './ensemble';


/**
 * A watched path as its lock's name and the node's short name (the part that tells nodes apart),
 * which may wrap after its slashes, inside the lock's name after a hyphen, and inside the node's
 * name only after a GUID cut short (`_c_3da4…` / `-lock-0000000001`): never after `_c_`.
 */
export function WatchedName({ path }: { path: string }) {
  const parent = parentPath(path);
  const lock = parent.slice(parent.lastIndexOf('/') + 1);
  const name = shortNodeName(path.slice(parent.length === 1 ? 1 : parent.length + 1));
  return (
    <>
      {lock === '' ? null : (
        <>
          …/<WrappingText text={lock} after="-" />
          <wbr />
        </>
      )}
      /<WrappingText text={name} after="…" />
    </>
  );
}

/** Where ZooKeeper keeps the ensemble's members: a client watching it follows the ensemble, not a lock. */
const ZOOKEEPER_CONFIG = `${SYSTEM_TREE}/config`;

// Sessions on one page of the table.
const PAGE_SIZE = 100;
/** On a phone each session is a card a fifth of the screen tall: a page of them is no longer than a few screens. */
const PHONE_PAGE_SIZE = 25;

function onScreenChange(changed: () => void): () => void {
  const phone = window.matchMedia(PHONE);
  phone.addEventListener('change', changed);
  return () => phone.removeEventListener('change', changed);
}

/** How many sessions a page shows on this screen. */
function usePageSize(): number {
  return useSyncExternalStore(
    onScreenChange,
    () => (window.matchMedia(PHONE).matches ? PHONE_PAGE_SIZE : PAGE_SIZE),
    () => PAGE_SIZE,
  );
}
// How often the list is read again while the page is open: expiry deadlines move as clients are heard from.
const REFRESH_MS = 3000;

// A deadline seen to move this recently means ZooKeeper hears from the client: the dump is read every few seconds, the page every REFRESH_MS.
const RENEWED_WITHIN_MS = 15_000;

/**
 * When ZooKeeper expires a session unless it is heard from. A live client pings well before its
 * deadline, which then moves on: a deadline seen to move lately says "renewed"; one that stood
 * still for longer counts down, as a crashed client's does.
 */
function Expiry({ deadline, renewedAt, silent, connected, now, t }: { deadline: number | null; renewedAt: number | undefined; silent: boolean; connected: boolean; now: number; t: Translate }) {
  if (deadline === null) return <span className="muted">—</span>;
  if (silent) {
    const left = deadline - now;
    return (
      <span className="expiry-silent" data-state="silent" title={t('silentTitle')}>
        <span className="expiry-line">{t('noConnection')} ·</span>{' '}
        <span className="expiry-line">{left <= 0 ? t('expiresNow') : t('expiresIn', { duration: formatDuration(left, t).replace(' ', '\u00a0') })}</span>
      </span>
    );
  }
  // A member lists its connection: its client pings, and the deadline `dump` gave (read every few polls) moves on before it comes.
  if (connected || (renewedAt !== undefined && now - renewedAt < RENEWED_WITHIN_MS)) {
    return (
      <span className="muted expiry-renewed" title={t('renewedTitle')} data-state="renewed">
        {t('renewed')}
      </span>
    );
  }
  const left = deadline - now;
  return (
    <span className={left < 5000 ? 'expiry-soon' : undefined} data-state="counting" title={t('countingTitle')}>
      {left <= 0 ? t('countNow') : t('countIn', { duration: formatDuration(left, t) })}
    </span>
  );
}

/** The sessions ZooKeeper reported without a connection at this read and the one before: one just connecting, missed by one report, is not called crashed. */
function silentAgain(before: SessionList | null, after: SessionList): ReadonlySet<string> {
  const earlier = new Set((before?.sessions ?? []).filter((session) => session.connection === 'none').map((session) => session.sessionId));
  return new Set(after.sessions.filter((session) => session.connection === 'none' && earlier.has(session.sessionId)).map((session) => session.sessionId));
}

/** When each session's deadline was last seen to move on, from the read before and this one. */
function renewals(before: SessionList | null, after: SessionList, renewedAt: ReadonlyMap<string, number>, now: number): ReadonlyMap<string, number> {
  const deadlines = new Map((before?.sessions ?? []).map((session) => [session.sessionId, session.expiresAt]));
  const next = new Map<string, number>();
  for (const session of after.sessions) {
    const earlier = deadlines.get(session.sessionId);
    if (session.expiresAt !== null && earlier !== undefined && earlier !== null && session.expiresAt > earlier) next.set(session.sessionId, now);
    else if (renewedAt.has(session.sessionId)) next.set(session.sessionId, renewedAt.get(session.sessionId)!);
  }
  return next;
}

/** Every session that owns lock nodes, a page at a time, filtered; read again every few seconds and whenever the lock list changes. */
export function SessionTable() {
  const list = useLockList();
  const now = useNow();
  const { t } = useLanguage();
  // The list, and each session's deadline at the read before: whether it moved tells a live client from a silent one.
  const [read, setRead] = useState<{ sessions: SessionList | null; renewedAt: ReadonlyMap<string, number>; silent: ReadonlySet<string> }>({
    sessions: null,
    renewedAt: new Map(),
    silent: new Set(),
  });
  const { sessions, renewedAt, silent } = read;
  const [error, setError] = useState<'answerUnexpected' | 'answerUnreachable' | null>(null);
  // A link to one session (`#session-0x…`, from a deadlock or the waits-for view) filters to it.
  const [linked] = useState(() => (typeof window === 'undefined' ? null : (/^#session-(0x[0-9a-f]+)$/.exec(window.location.hash)?.[1] ?? null)));
  const [filter, setFilter] = useState(linked ?? '');
  const [offset, setOffset] = useState(0);
  const pageSize = usePageSize();
  const [tick, setTick] = useState(0);
  // In replay mode the sessions of the moment shown.
  const at = useMomentText();

  useEffect(() => {
    const timer = setInterval(() => setTick((current) => current + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // Read at once, and again as the locks change: the first read does not wait for the lock list (it once took seconds to come).
  useEffect(() => {
    let cancelled = false;
    const query = new URLSearchParams({ q: filter, offset: String(offset), limit: String(pageSize), ...(at === null ? {} : { at }) });
    fetch(apiPath(`/api/sessions?${query}`))
      .then((response) => response.json())
      .then((raw: unknown) => {
        if (cancelled) return;
        const parsed = SessionListSchema.safeParse(raw);
        if (parsed.success) {
          const at = Date.now();
          setRead((last) => ({
            sessions: parsed.data,
            renewedAt: renewals(last.sessions, parsed.data, last.renewedAt, at),
            silent: silentAgain(last.sessions, parsed.data),
          }));
          setError(null);
        } else setError('answerUnexpected');
      })
      .catch(() => {
        if (!cancelled) setError('answerUnreachable');
      });
    return () => {
      cancelled = true;
    };
  }, [list, filter, offset, pageSize, tick, at]);

  // The linked session's row is marked, and scrolled to once.
  const scrolled = useRef(false);
  useEffect(() => {
    if (sessions === null || linked === null || scrolled.current) return;
    const row = document.getElementById(`session-${linked}`);
    if (row === null) return;
    row.scrollIntoView({ block: 'center' });
    scrolled.current = true;
  }, [sessions, linked]);

  const controls = (
    <div className="table-controls">
      <label className="filter" htmlFor="session-filter">
        <span>{t('filterWord')}</span>
        <input
          id="session-filter"
          type="search"
          value={filter}
          placeholder={t('sessionFilterPlaceholder')}
          data-testid="session-filter"
          onChange={(event) => {
            setFilter(event.target.value);
            setOffset(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && filter !== '') {
              event.stopPropagation();
              setFilter('');
              setOffset(0);
            }
          }}
        />
      </label>
      {sessions !== null && sessions.total > 0 ? (
        <span className="pager" data-testid="session-pager">
          <span aria-live="polite" data-testid="session-range">
            {t('pageRange', { from: formatCount(sessions.offset + 1), to: formatCount(sessions.offset + sessions.sessions.length), total: formatCount(sessions.total) })}
          </span>
          <button type="button" className="button small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))} data-testid="session-previous">
            {t('pagePrevious')}
          </button>
          <button type="button" className="button small" disabled={!sessions.truncated} onClick={() => setOffset(offset + pageSize)} data-testid="session-next">
            {t('pageNext')}
          </button>
        </span>
      ) : null}
    </div>
  );

  if (error) return <p className="error-box" role="alert">{t(error)}</p>;
  if (sessions === null) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> {t('readingSessions')}
      </p>
    );
  }
  if (sessions.total === 0) {
    return (
      <>
        {controls}
        <div className="empty" data-testid="sessions-empty">
          {filter.trim() === '' ? (
            <>
              <h2>{t('noSessionTitle')}</h2>
              <p>{t('noSessionText')}</p>
            </>
          ) : (
            <h2>{t('noSessionMatch', { filter: filter.trim() })}</h2>
          )}
        </div>
      </>
    );
  }
  // What needs a look comes first in the list (the server sorts so): said above it in words.
  const deadlocked = sessions.sessions.filter((session) => session.deadlocked).length;
  const cutOff = sessions.sessions.filter((session) => silent.has(session.sessionId)).length;
  const flags = [deadlocked > 0 ? t('flagDeadlocked', { n: deadlocked }) : null, cutOff > 0 ? t('flagSilent', { n: cutOff }) : null].filter(Boolean);
  return (
    <>
      {controls}
      {flags.length > 0 ? (
        <p className="notice is-danger" role="status" data-testid="sessions-flagged">
          {t('flaggedFirst', { flags: flags.join(' · ') })}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="locks sessions" data-testid="session-table">
          <thead>
            <tr>
              <th scope="col">{t('colSession')}</th>
              <th scope="col">{t('colClient')}</th>
              <th scope="col" className="num">
                {t('colHolds')}
              </th>
              <th scope="col" className="num">
                {t('colWaits')}
              </th>
              <th scope="col" className="nodes-column">
                {t('colLockNodes')}
              </th>
              <th scope="col" className="optional">
                {t('colDataWatches')}
              </th>
              <th scope="col" className="num optional" title={t('colEphemeralsTitle')}>
                {t('colEphemerals')}
              </th>
              <th scope="col" className="expiry-column" title={t('colExpiresTitle')}>
                {t('colExpires')}
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={moveBetweenRows}>
            {sessions.sessions.map((session) => {
              const isSilent = silent.has(session.sessionId);
              return (
                <tr
                  key={session.sessionId}
                  id={`session-${session.sessionId}`}
                  data-testid="session-row"
                  data-session={session.sessionId}
                  data-deadlocked={session.deadlocked ? 'true' : undefined}
                  data-silent={isSilent ? 'true' : undefined}
                  className={[linked === session.sessionId ? 'targeted' : '', session.deadlocked ? 'is-deadlocked' : '', isSilent ? 'is-silent' : ''].filter(Boolean).join(' ') || undefined}
                  aria-current={linked === session.sessionId ? 'true' : undefined}
                >
                  <td className="mono session-id" data-label={t('colSession')}>
                    <span className="session-number">{session.sessionId === '0x0' ? t('persistentOwner') : session.sessionId}</span>
                    {session.deadlocked ? (
                      <Link href="/waits-for" className="badge bad" data-testid="session-deadlocked" title={t('sessionDeadlockTitle')} prefetch={false}>
                        {t('rowDeadlock')}
                      </Link>
                    ) : null}
                    {isSilent ? (
                      <span className="badge bad" data-testid="session-silent" title={t('silentTitle')}>
                        {t('noConnection')}
                      </span>
                    ) : null}
                    {session.origin !== null ? (
                      <span className={`badge origin-${session.origin}`} data-testid="session-origin" title={t('originSimulatedTitle')}>
                        {t('originSimulated')}
                      </span>
                    ) : null}
                    {session.files !== null ? <SessionFiles files={session.files} /> : null}
                  </td>
                  <td className="mono" data-label={t('colClient')}>
                    {session.client ?? <span className="muted">{isSilent ? t('noneWord') : '—'}</span>}
                  </td>
                  <td className="num" data-label={t('colHolds')}>
                    {session.holds}
                  </td>
                  <td className="num" data-label={t('colWaits')}>
                    {session.waits}
                  </td>
                  <td className="session-nodes" data-label={t('colLockNodes')}>
                    {session.nodes.map((node) => (
                      <div key={`${node.lock}/${node.name}`}>
                        <span className={`badge role-${node.role}`}>{t(node.role === 'holder' ? 'roleHolds' : 'roleWaits')}</span>{' '}
                        <Link href={`/locks${encodeZnodePath(node.lock)}`} className="mono" prefetch={false} title={`${node.lock}/${node.name}`}>
                          <WrappingPath path={node.lock} />
                        </Link>{' '}
                        <span className="mono muted node-name">{shortNodeName(node.name)}</span>
                      </div>
                    ))}
                    {session.nodes.length === 0 ? <span className="muted">{t('noneWord')}</span> : null}
                    {session.nodeCount > session.nodes.length ? (
                      <div className="muted" data-testid="session-more-nodes">
                        {t('moreNodes', { n: formatCount(session.nodeCount - session.nodes.length) })}
                      </div>
                    ) : null}
                  </td>
                  <td className="optional session-watches" data-testid="session-watches" data-label={t('colDataWatches')}>
                    {session.watches === null ? (
                      <span className="muted" title={t('watchesUnknownTitle')}>
                        {t('unknownWord')}
                      </span>
                    ) : session.watchCount === 0 ? (
                      <span className="muted">{t('noneWord')}</span>
                    ) : (
                      <>
                        {session.watches.map((path) =>
                          // ZooKeeper's own tree (`/zookeeper/config`, which every Curator client watches for the ensemble's members) said in words, apart from the locks.
                          isWithin(path, SYSTEM_TREE) ? (
                            <div key={path} className="muted" title={path} data-testid="session-system-watch">
                              {path === ZOOKEEPER_CONFIG ? t('watchEnsembleConfig') : <span className="mono">{path}</span>}
                            </div>
                          ) : (
                            <div key={path} className="mono" title={path}>
                              <WatchedName path={path} />
                            </div>
                          ),
                        )}
                        {session.watchCount > session.watches.length ? <div className="muted">{t('moreWatches', { n: session.watchCount - session.watches.length })}</div> : null}
                      </>
                    )}
                  </td>
                  <td className="num optional" data-label={t('colEphemerals')}>
                    {session.ephemeralCount ?? <span className="muted">—</span>}
                  </td>
                  <td className="expiry-cell" data-testid="session-expiry" data-label={t('colExpires')}>
                    <Expiry deadline={session.expiresAt} renewedAt={renewedAt.get(session.sessionId)} silent={isSilent} connected={session.connection === 'connected'} now={now} t={t} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
