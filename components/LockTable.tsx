'use client';
import Link from 'next/link';
import { formatDuration, shortNodeName } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { useLockList } from './useLockList';
import { useNow } from './useNow';

/** Every lock found under the roots, live: path, recipe, holder and how long, queue length. */
export function LockTable() {
  const list = useLockList();
  const now = useNow();
  if (list === null) {
    return (
      <p className="loading" aria-busy="true" data-testid="lock-list-loading">
        <span className="spinner" aria-hidden="true" /> Looking for locks…
      </p>
    );
  }
  const roots = list.roots.join(', ');
  return (
    <section className="lock-list" aria-label="Locks" data-testid="lock-list">
      <div className="lock-list-head">
        <h2>
          Locks under <code>{roots}</code>
        </h2>
        <span className="muted" data-testid="lock-list-status">
          {list.complete ? `${list.locks.length} found · ${list.scannedNodes} znodes scanned` : 'scanning…'}
          {list.partial ? ` · partial: ${list.partialReason}` : ''}
        </span>
      </div>
      {list.locks.length === 0 ? (
        <div className="empty" data-testid="lock-list-empty">
          <h2>No locks under {roots} yet</h2>
          <p>
            Locks appear here the moment a client creates one. Run your clients, try{' '}
            <code>node --import tsx scripts/demo-lock.ts</code>, or point <code>LOCK_ROOTS</code> elsewhere.
          </p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="locks">
            <thead>
              <tr>
                <th scope="col">Lock</th>
                <th scope="col">Recipe</th>
                <th scope="col">Holder</th>
                <th scope="col">Held for</th>
                <th scope="col" className="num">
                  Waiting
                </th>
                <th scope="col">Oldest wait</th>
              </tr>
            </thead>
            <tbody>
              {list.locks.map((lock) => (
                <tr key={lock.path} data-testid="lock-row" data-path={lock.path}>
                  <td>
                    <Link href={`/locks${encodeZnodePath(lock.path)}`} className="mono">
                      {lock.path}
                    </Link>
                  </td>
                  <td>{lock.recipe.name}</td>
                  <td className="mono holder-cell" title={lock.holders.join(', ')}>
                    {lock.holders.length === 0 ? <span className="muted">free</span> : lock.holders.map(shortNodeName).join(', ')}
                  </td>
                  <td>{lock.holderSince === null ? '—' : formatDuration(now - lock.holderSince)}</td>
                  <td className="num">{lock.queueLength}</td>
                  <td>{lock.oldestWaiterSince === null ? '—' : formatDuration(now - lock.oldestWaiterSince)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
