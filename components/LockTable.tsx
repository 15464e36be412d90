'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { discoveryLine } from '../lib/view/discovery-status';
import type { LockList } from '../lib/protocol';
import { recordQueueLengths, viewLocks, type LockColumn, type LockTableView } from '../lib/view/lock-table';
import { formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { moveBetweenRows } from './rowKeys';
import { Sparkline } from './Sparkline';
import { useConnection } from './useConnection';
import { useLockList } from './useLockList';
import { useNow } from './useNow';

// `optional` columns give way on narrow screens, so that path, holder and queue stay readable.
const COLUMNS: Array<{ column: LockColumn; label: string; numeric?: boolean; optional?: boolean }> = [
  { column: 'path', label: 'Lock' },
  { column: 'recipe', label: 'Recipe', optional: true },
  { column: 'holder', label: 'Holder' },
  { column: 'heldFor', label: 'Held for', numeric: true },
  { column: 'waiting', label: 'Waiting', numeric: true },
  { column: 'oldestWait', label: 'Oldest wait', numeric: true, optional: true },
  { column: 'handovers', label: 'Handovers / min', numeric: true, optional: true },
  { column: 'waitP99', label: 'p99 wait', numeric: true, optional: true },
  { column: 'anomalies', label: 'Anomalies', numeric: true, optional: true },
];

/** Every lock found under the roots, live: sortable, filterable, with the queue's recent length. */
export function LockTable() {
  const router = useRouter();
  const list = useLockList();
  const { zookeeper } = useConnection();
  const now = useNow();
  const [view, setView] = useState<LockTableView>({ sortBy: 'path', descending: false, filter: '' });
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

  const shown = useMemo(() => (list === null ? [] : viewLocks(list.locks, view, now)), [list, view, now]);

  if (list === null) {
    // Nothing can be looked for until ZooKeeper lets the explorer in: say so rather than seem busy.
    const refused = zookeeper !== null && zookeeper.state !== 'connected' && zookeeper.state !== 'read-only';
    return (
      <p className="loading" aria-busy="true" data-testid="lock-list-loading">
        <span className="spinner" aria-hidden="true" /> {refused ? `Waiting for ZooKeeper (${zookeeper.state}, see above) before looking for locks…` : 'Looking for locks…'}
      </p>
    );
  }
  const roots = list.roots.join(', ');
  const sortBy = (column: LockColumn): void =>
    setView((current) => ({ ...current, sortBy: column, descending: current.sortBy === column ? !current.descending : column !== 'path' && column !== 'recipe' && column !== 'holder' }));

  return (
    <section className="lock-list" aria-label="Locks" data-testid="lock-list">
      <div className="lock-list-head">
        <h2>
          Locks under <code>{roots}</code>
        </h2>
        <DiscoveryStatusLine list={list} now={now} />
        {list.locks.length > 0 ? (
          <label className="filter" htmlFor="lock-filter">
            <span className="visually-hidden">Filter locks</span>
            <input
              id="lock-filter"
              type="search"
              placeholder="Filter by path, recipe, holder or session (press /, Enter opens the first)"
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
                } else if (event.key === 'Escape' && view.filter !== '') {
                  event.preventDefault();
                  setView((current) => ({ ...current, filter: '' }));
                }
              }}
            />
          </label>
        ) : null}
      </div>
      {list.locks.length === 0 ? (
        <div className="empty" data-testid="lock-list-empty">
          <h2>No locks under {roots} yet</h2>
          <p>
            Locks appear here the moment a client creates one. Run your clients, spawn simulated contenders on a lock below{' '}
            <code>/sim</code>, or point <code>LOCK_ROOTS</code> elsewhere.
          </p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="locks">
            <thead>
              <tr>
                {COLUMNS.map(({ column, label, numeric, optional }) => (
                  <th
                    key={column}
                    scope="col"
                    className={[numeric ? 'num' : '', optional ? 'optional' : ''].join(' ').trim() || undefined}
                    aria-sort={view.sortBy === column ? (view.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button type="button" className="sort" data-testid={`sort-${column}`} onClick={() => sortBy(column)}>
                      {label}
                      <span aria-hidden="true">{view.sortBy === column ? (view.descending ? ' ▾' : ' ▴') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col" className="optional">
                  Queue, recent
                </th>
              </tr>
            </thead>
            <tbody onKeyDown={moveBetweenRows}>
              {shown.map((lock) => (
                <tr key={lock.path} data-testid="lock-row" data-path={lock.path} className={lock.anomalyKinds.includes('deadlock') ? 'deadlocked' : undefined}>
                  <td>
                    <Link href={`/locks${encodeZnodePath(lock.path)}`} className="mono">
                      {lock.path}
                    </Link>
                    {lock.anomalyKinds.includes('deadlock') ? (
                      <span className="deadlock-tag" data-testid="row-deadlock" title="Part of a deadlock: open the lock to see the cycle">
                        deadlock
                      </span>
                    ) : null}
                  </td>
                  <td className="optional recipe-cell">{lock.recipe.name}</td>
                  <td className="mono holder-cell" title={lock.holders.join(', ')}>
                    {lock.holders.length === 0 ? <span className="muted">free</span> : lock.holders.map(shortNodeName).join(', ')}
                  </td>
                  <td className="num">{lock.holderSince === null ? '—' : formatDuration(now - lock.holderSince)}</td>
                  <td className="num" data-testid="queue-length">
                    {formatCount(lock.queueLength)}
                  </td>
                  <td className="num optional">{lock.oldestWaiterSince === null ? '—' : formatDuration(now - lock.oldestWaiterSince)}</td>
                  <td className="num optional" data-testid="row-handovers" title="Holds that began per minute, over the last five minutes">
                    {lock.activity === null ? '—' : lock.activity.handoversPerMinute.toFixed(1)}
                  </td>
                  <td className="num optional" data-testid="row-wait-p99" title="The 99th percentile of the waits that ended in a hold, over the last five minutes">
                    {lock.activity?.waitP99 == null ? '—' : formatDuration(lock.activity.waitP99 * 1000)}
                  </td>
                  <td className="num optional">
                    {lock.anomalies === 0 ? (
                      <span className="muted">0</span>
                    ) : (
                      <span className="badge bad" title={lock.anomalyKinds.join(', ')}>
                        {lock.anomalies}
                      </span>
                    )}
                  </td>
                  <td className="optional">
                    <Sparkline values={history.get(lock.path) ?? [lock.queueLength]} label={`queue length of ${lock.path} over the last updates`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 ? (
            <p className="muted table-empty" data-testid="lock-filter-empty">
              No lock matches “{view.filter}”.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** How the locks were found (from ZooKeeper's ephemeral nodes, or by the scan), the scan's progress, and what makes the list less than whole. */
function DiscoveryStatusLine({ list, now }: { list: LockList; now: number }) {
  const line = discoveryLine(list, now);
  return (
    <div className="discovery-status" data-testid="lock-list-status">
      <span className="muted" data-testid="discovery-summary">
        {line.summary}
      </span>
      {line.progressText !== null ? (
        <span className="discovery-progress">
          {line.progress !== null ? <progress max={1} value={line.progress} aria-label="Scan of the tree" data-testid="discovery-progress" /> : null}
          <span className="muted">{line.progressText}</span>
        </span>
      ) : null}
      {line.warning !== null ? (
        <p className="discovery-warning" role="status" data-testid="discovery-warning">
          {line.warning}
        </p>
      ) : null}
    </div>
  );
}
