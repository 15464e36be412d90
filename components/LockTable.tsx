'use client';
import { Link, usePageRouter } from './EnsembleLink';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { discoveryLine } from '../lib/view/discovery-status';
import type { LockList, LockSummary } from '../lib/protocol';
import { needsHand, recordQueueLengths, viewLocks, type LockColumn, type LockTableView } from '../lib/view/lock-table';
import { anomalyLabel, CONNECTION_STATE_KEYS, recipeName, type MessageKey } from '../lib/i18n/messages';
import { formatCount, formatDuration } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { roleIn } from '../lib/lock/systems';
import { Sparkline } from './Sparkline';
import { rowKeyTarget } from './rowKeys';
import { richText, useLanguage, type Translate } from './language';
import { DataClient } from './DataClient';
import { KnowledgeNote } from './KnowledgeNote';
import { useConnection } from './useConnection';
import { useKnowledge } from './useKnowledge';
import { useLockList } from './useLockList';
import { useNow } from './useNow';
import { joinedUnits, WrappingPath, WrappingText } from './WrappingPath';

// `optional` columns give way on narrow screens, so that path, holder and queue stay readable.
const COLUMNS: Array<{ column: LockColumn; label: MessageKey; numeric?: boolean; optional?: boolean; title?: MessageKey }> = [
  { column: 'path', label: 'colLock' },
  { column: 'recipe', label: 'colRecipe', optional: true },
  { column: 'holder', label: 'colHolder' },
  { column: 'heldFor', label: 'colHeldFor', numeric: true },
  { column: 'waiting', label: 'colWaiting', numeric: true },
  { column: 'oldestWait', label: 'colOldestWait', numeric: true, optional: true, title: 'oldestWaitTitle' },
  { column: 'handovers', label: 'colHandovers', numeric: true, optional: true, title: 'handoversTitle' },
  { column: 'waitP99', label: 'colWaitP99', numeric: true, optional: true, title: 'waitP99Title' },
  { column: 'anomalies', label: 'colAnomalies', numeric: true, optional: true },
];

/** Every lock found under the roots, live: sortable, filterable, with the queue's recent length. */
export function LockTable() {
  const router = usePageRouter();
  const list = useLockList();
  const { zookeeper } = useConnection();
  const now = useNow();
  const { language, t } = useLanguage();
  const [view, setView] = useState<LockTableView>({ sortBy: 'attention', descending: false, filter: '' });
  const [history, setHistory] = useState<Map<string, number[]>>(new Map());
  const filterBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // `/` goes to the filter from anywhere but a text field, as on most sites with a search box.
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target !== null && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (filterBox.current === null) return;
      event.preventDefault();
      filterBox.current.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (list === null) return;
    // The sparklines follow each pushed list; nothing is polled.
    const timer = setTimeout(() => setHistory((previous) => recordQueueLengths(previous, list.locks)), 0);
    return () => clearTimeout(timer);
  }, [list]);

  const shown = useMemo(() => (list === null ? [] : viewLocks(list.locks, view)), [list, view]);
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = useVirtualRows(shown.length, body);

  // Nothing can be looked for until ZooKeeper lets the explorer in: say so rather than seem busy (or show an empty list).
  const refused = zookeeper !== null && zookeeper.state !== 'connected' && zookeeper.state !== 'read-only';
  if (list === null || (refused && !list.complete && list.locks.length === 0)) {
    return (
      <p className="loading" aria-busy="true" data-testid="lock-list-loading">
        <span className="spinner" aria-hidden="true" /> {refused ? t('waitingForZk', { state: t(CONNECTION_STATE_KEYS[zookeeper.state]) }) : t('lookingForLocks')}
      </p>
    );
  }
  const roots = list.roots.join(', ');
  const sortBy = (column: LockColumn): void =>
    setView((current) => ({ ...current, sortBy: column, descending: current.sortBy === column ? !current.descending : column !== 'path' && column !== 'recipe' && column !== 'holder' }));
  const byAttention = view.sortBy === 'attention';

  return (
    <section className="lock-list" aria-label={t('locksLandmark')} data-testid="lock-list">
      <div className="lock-list-head">
        <h2>{richText(t('locksUnder'), { roots: <code>{roots}</code> })}</h2>
        <DiscoveryStatusLine list={list} now={now} />
        {list.locks.length > 0 ? (
          <button
            type="button"
            className="sort-attention"
            aria-pressed={byAttention}
            data-testid="sort-attention"
            title={t('sortAttentionTitle')}
            onClick={() => setView((current) => ({ ...current, sortBy: 'attention', descending: false }))}
          >
            {t('sortAttention')}
          </button>
        ) : null}
        {list.locks.length > 0 ? (
          <label className="filter" htmlFor="lock-filter">
            <span className="visually-hidden">{t('filterLabel')}</span>
            <input
              id="lock-filter"
              type="search"
              placeholder={t('filterPlaceholder')}
              title={t('filterTitle')}
              aria-keyshortcuts="/"
              ref={filterBox}
              data-testid="lock-filter"
              value={view.filter}
              onChange={(event) => setView((current) => ({ ...current, filter: event.target.value }))}
              onKeyDown={(event) => {
                // Enter opens the first lock the filter shows; Escape clears it.
                if (event.key === 'Enter' && view.filter.trim() !== '' && shown[0] !== undefined) {
                  event.preventDefault();
                  router.push(`/locks${encodeZnodePath(shown[0].path)}`);
                } else if (event.key === 'ArrowDown' && shown.length > 0) {
                  // Down goes to the rows, past the sort buttons that Tab reaches first.
                  const first = body.current?.querySelector<HTMLElement>('tr[data-index="0"] a[href]');
                  if (first) {
                    event.preventDefault();
                    first.focus();
                  }
                } else if (event.key === 'Escape' && view.filter !== '') {
                  event.preventDefault();
                  setView((current) => ({ ...current, filter: '' }));
                }
              }}
            />
          </label>
        ) : null}
        {view.filter.trim() !== '' ? (
          <span className="muted filter-count" role="status" data-testid="filter-count">
            {t('filterCount', { n: formatCount(shown.length), total: formatCount(list.locks.length) })}
          </span>
        ) : null}
      </div>
      {list.locks.length === 0 ? (
        <div className="empty" data-testid="lock-list-empty">
          <h2>{t('noLocksTitle', { roots })}</h2>
          <p>{richText(t('noLocksText'), { sim: <code>/sim</code>, env: <code>LOCK_ROOTS</code> })}</p>
        </div>
      ) : (
        <div className="table-scroll">
          {/* Only the rows near the view are drawn: the row count and each row's index tell assistive technology (and tests) the whole. */}
          <table className="locks lock-rows" aria-rowcount={shown.length + 1} data-testid="lock-table">
            <thead>
              <tr aria-rowindex={1}>
                {COLUMNS.map(({ column, label, numeric, optional, title }) => (
                  <th
                    key={column}
                    scope="col"
                    className={[numeric ? 'num' : '', optional ? 'optional' : ''].join(' ').trim() || undefined}
                    aria-sort={view.sortBy === column ? (view.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button type="button" className="sort" data-testid={`sort-${column}`} title={title === undefined ? undefined : t(title)} onClick={() => sortBy(column)}>
                      {t(label)}
                      <span aria-hidden="true">{view.sortBy === column ? (view.descending ? ' ▾' : ' ▴') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col" className="optional wide-only">
                  {t('colQueue')}
                </th>
              </tr>
            </thead>
            <tbody onKeyDown={rows.onKeyDown} ref={body}>
              {rows.before > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: rows.before }} /> : null}
              {rows.items.map(({ index }) => {
                const lock = shown[index]!;
                // The kinds the tags after the path do not already say, for the narrow table that hides the anomalies column.
                const rowKinds = lock.anomalyKinds.filter((kind) => kind !== 'deadlock' && kind !== 'holder-disconnected');
                return (
                <tr
                  key={lock.path}
                  ref={rows.measure}
                  data-index={index}
                  aria-rowindex={index + 2}
                  data-testid="lock-row"
                  data-path={lock.path}
                  className={lock.anomalyKinds.includes('deadlock') ? 'deadlocked' : undefined}
                >
                  <td className="path-cell">
                    {/* No prefetch: scrolling through ten thousand rows would ask the server for ten thousand pages. */}
                    <Link href={`/locks${encodeZnodePath(lock.path)}`} className="mono" prefetch={false}>
                      <WrappingPath path={lock.path} />
                    </Link>
                    {lock.anomalyKinds.includes('deadlock') ? (
                      <span className="deadlock-tag" data-testid="row-deadlock" title={t('rowDeadlockTitle')}>
                        {t('rowDeadlock')}
                      </span>
                    ) : null}
                    {lock.anomalyKinds.includes('holder-disconnected') ? (
                      <span className="deadlock-tag" data-testid="row-holder-disconnected" title={t('rowHolderDisconnectedTitle')}>
                        {t('rowHolderDisconnected')}
                      </span>
                    ) : null}
                    {rowKinds.length > 0 ? (
                      <span className={`row-kinds${needsHand(rowKinds) ? '' : ' is-warn'}`} data-testid="row-kinds">
                        {rowKinds.map((kind) => anomalyLabel(language, kind)).join(t('listSeparator'))}
                      </span>
                    ) : null}
                  </td>
                  {/* A known system's lock is named by its system; the recipe it is read as, and its role, are in the title. */}
                  <td className="optional recipe-cell" title={lock.recipe.system === null ? recipeName(language, lock.recipe) : `${roleIn(language, lock.recipe, lock.path, { identity: lock.holderIdentities[0] ?? null, decoded: null }) ?? ''}\n${recipeName(language, lock.recipe)}`}>
                    {lock.recipe.system === null ? <span>{recipeName(language, lock.recipe)}</span> : <span data-testid="row-system">{lock.recipe.system}</span>}
                  </td>
                  <HolderCell lock={lock} t={t} />
                  <td className="num">{lock.holderSince === null ? '—' : joinedUnits(formatDuration(now - lock.holderSince, t))}</td>
                  <td className="num" data-testid="queue-length">
                    {formatCount(lock.queueLength)}
                  </td>
                  <td className="num optional">{lock.oldestWaiterSince === null ? '—' : joinedUnits(formatDuration(now - lock.oldestWaiterSince, t))}</td>
                  <td className="num optional" data-testid="row-handovers" title={t('handoversTitle')}>
                    {lock.activity === null ? '—' : lock.activity.handoversPerMinute.toFixed(1)}
                  </td>
                  <td className="num optional" data-testid="row-wait-p99" title={t('waitP99Title')}>
                    {lock.activity?.waitP99 == null ? '—' : joinedUnits(formatDuration(lock.activity.waitP99 * 1000, t))}
                  </td>
                  <td className="num optional">
                    {lock.anomalies === 0 ? (
                      <span className="muted">0</span>
                    ) : (
                      <span className="anomaly-cell" data-testid="row-anomalies" title={lock.anomalyKinds.map((kind) => anomalyLabel(language, kind)).join(', ')}>
                        <span className={`badge ${needsHand(lock.anomalyKinds) ? 'bad' : 'warn'}`} data-testid="row-anomaly-count">{lock.anomalies}</span> {lock.anomalyKinds.map((kind) => anomalyLabel(language, kind)).join(t('listSeparator'))}
                      </span>
                    )}
                  </td>
                  <td className="optional wide-only">
                    <Sparkline values={history.get(lock.path) ?? [lock.queueLength]} label={t('sparklineLabel', { path: lock.path })} />
                  </td>
                </tr>
                );
              })}
              {rows.after > 0 ? <tr aria-hidden="true" className="spacer" style={{ height: rows.after }} /> : null}
            </tbody>
          </table>
          {shown.length === 0 ? (
            <p className="muted table-empty" data-testid="lock-filter-empty">
              {t('filterEmpty', { filter: view.filter })}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * Who holds, as an operator looks for them: the client's address (ZooKeeper's `cons`), its session
 * under it; every holder's node name in the title. A lock of several holders (readers, leases)
 * names the first and counts the others.
 */
function HolderCell({ lock, t }: { lock: LockSummary; t: Translate }) {
  if (lock.holders.length === 0) {
    return (
      <td className="holder-cell" data-testid="row-holder">
        <span className="muted">{t('holderFree')}</span>
      </td>
    );
  }
  const session = (index: number): string => (lock.holderSessions[index] === '0x0' ? t('holderPersistent') : t('holderSession', { id: lock.holderSessions[index]! }));
  // Where ZooKeeper does not say where a holder connects from, the address its client wrote into its node, marked as such.
  const clientOf = (index: number): string => {
    const dataClient = lock.holderDataClients[index] ?? null;
    return lock.holderClients[index] ?? (dataClient === null ? t('clientUnknown') : t('kClientFromData', { client: dataClient }));
  };
  const title = lock.holders.map((name, index) => `${clientOf(index)} · ${session(index)} · ${name}`).join('\n');
  const client = lock.holderClients[0] ?? null;
  const dataClient = client === null ? (lock.holderDataClients[0] ?? null) : null;
  const identity = lock.holderIdentities[0] ?? null;
  const others = lock.holders.length - 1;
  // A persistent node holds for no session and no client: said once, on one line.
  const persistent = lock.holderSessions[0] === '0x0';
  const named = client !== null || dataClient !== null;
  return (
    <td className="holder-cell" title={title} data-testid="row-holder">
      {/* The holder as its system names it ("broker 3") first, where a system does. */}
      {identity !== null ? (
        <span className="holder-line holder-identity" data-testid="row-holder-identity">
          <WrappingText text={identity} after=".:" />
          {others > 0 ? <span className="muted"> +{formatCount(others)}</span> : null}
        </span>
      ) : null}
      {/* Always the same two lines, the client (or that it is not known yet) over the session: a row does not widen or jump when ZooKeeper's report comes. */}
      <span className="holder-line">
        {named ? (
          <span className="mono" data-testid="row-holder-client">
            {client !== null ? <WrappingText text={client} after=".:" /> : dataClient !== null ? <DataClient client={dataClient} t={t} /> : null}
          </span>
        ) : (
          <span className="muted" data-testid="row-holder-client">
            {persistent ? session(0) : t('clientUnknown')}
          </span>
        )}
        {others > 0 && identity === null ? <span className="muted"> +{formatCount(others)}</span> : null}
      </span>
      {identity === null && (named || !persistent) ? (
        <span className="holder-line mono muted holder-session" data-testid="row-holder-session">
          {persistent ? session(0) : lock.holderSessions[0]}
        </span>
      ) : null}
    </td>
  );
}

/** How the locks were found (from ZooKeeper's ephemeral nodes, or by the scan), the scan's progress, and what makes the list less than whole. */
function DiscoveryStatusLine({ list, now }: { list: LockList; now: number }) {
  const { language, t } = useLanguage();
  const line = discoveryLine(list, now, language);
  const knowledge = useKnowledge();
  return (
    <div className="discovery-status" data-testid="lock-list-status">
      <span className="muted" data-testid="discovery-summary">
        {line.summary}
      </span>
      {line.progressText !== null ? (
        <span className="discovery-progress">
          {line.progress !== null ? <progress max={1} value={line.progress} aria-label={t('scanLabel')} data-testid="discovery-progress" /> : null}
          <span className="muted">{line.progressText}</span>
        </span>
      ) : null}
      {line.warning !== null ? (
        <p className="discovery-warning" role="status" data-testid="discovery-warning">
          {line.warning}
        </p>
      ) : null}
      {/* Replayed files tell nothing of a ZooKeeper's reports. */}
      {list.discovery.method === 'files' ? null : <KnowledgeNote knowledge={knowledge} />}
    </div>
  );
}

/** A row's height until it is drawn and measured (two lines: the holder's client and session; a wrapped path makes it taller). */
const ROW_HEIGHT = 56;

/**
 * Only the rows in and near the window are in the page, so that ten thousand locks open and
 * scroll as fast as ten; arrow keys, Home and End still walk every row (scrolling it into view).
 */
function useVirtualRows(count: number, body: RefObject<HTMLTableSectionElement | null>) {
  const [offset, setOffset] = useState(0);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    // Where the table starts in the page, for the window's scroll position: it moves when banners above it come and go, which resize the page.
    const measure = (): void => {
      const top = (body.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setOffset((current) => (Math.abs(top - current) > 1 ? top : current));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [body]);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: offset });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const before = first === undefined ? 0 : first.start - offset;
  const after = last === undefined ? 0 : virtualizer.getTotalSize() - (last.end - offset);
  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    const link = body.current?.querySelector<HTMLElement>(`tr[data-index="${index}"] a[href], tr[data-index="${index}"] button`);
    if (link) {
      focusNext.current = null;
      link.focus();
    }
  });
  const onKeyDown = (event: ReactKeyboardEvent<HTMLTableSectionElement>): void => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
    const target = row === null ? null : rowKeyTarget(event, Number(row.dataset.index), count);
    if (target === null) return;
    const next = Math.min(count - 1, Math.max(0, target));
    event.preventDefault();
    focusNext.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    const link = body.current?.querySelector<HTMLElement>(`tr[data-index="${next}"] a[href]`);
    if (link) {
      focusNext.current = null;
      link.focus();
    }
  };
  // Rows are measured as drawn (a long path or recipe name wraps), so that the spacers hold the real heights.
  return { items, before, after, onKeyDown, measure: virtualizer.measureElement };
}
