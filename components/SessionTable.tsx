'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { SessionListSchema, type SessionList } from '../lib/protocol';
import { formatDuration, shortNodeName } from '../lib/view/format';
import { encodeZnodePath, parentPath } from '../lib/zk/path';
import { moveBetweenRows } from './rowKeys';
import { useLockList } from './useLockList';
import { useNow } from './useNow';

const ORIGIN_TITLES = {
  explorer: "The explorer's own session: it watches lock parents' children, which ZooKeeper's wchc does not list",
  simulated: 'A contender the explorer simulates',
} as const;

/** A watched path as its lock's name and the node's short name: the part that tells nodes apart. */
function watchedName(path: string): string {
  const parent = parentPath(path);
  const lock = parent.slice(parent.lastIndexOf('/') + 1);
  const name = path.slice(parent.length === 1 ? 1 : parent.length + 1);
  return lock === '' ? `/${shortNodeName(name)}` : `…/${lock}/${shortNodeName(name)}`;
}

/** Every session that owns lock nodes, with those nodes; read again whenever the lock list changes. */
export function SessionTable() {
  const list = useLockList();
  const now = useNow();
  const [sessions, setSessions] = useState<SessionList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (list === null) return;
    let cancelled = false;
    fetch('/api/sessions')
      .then((response) => response.json())
      .then((raw: unknown) => {
        if (cancelled) return;
        const parsed = SessionListSchema.safeParse(raw);
        if (parsed.success) {
          setSessions(parsed.data);
          setError(null);
        } else setError('the explorer answered with something unexpected');
      })
      .catch(() => {
        if (!cancelled) setError('the explorer could not be reached');
      });
    return () => {
      cancelled = true;
    };
  }, [list]);

  // A link to one session (`#session-0x…`, from a deadlock or the waits-for view) scrolls to its row once the rows are there.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (sessions === null) return;
    const id = /^#session-(0x[0-9a-f]+)$/.exec(window.location.hash)?.[1] ?? null;
    const row = id === null ? null : document.getElementById(`session-${id}`);
    row?.scrollIntoView({ block: 'center' });
    const timer = setTimeout(() => setTarget(row === null ? null : id), 0);
    return () => clearTimeout(timer);
  }, [sessions]);

  if (error) return <p className="error-box" role="alert">{error}</p>;
  if (sessions === null) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> Reading sessions…
      </p>
    );
  }
  if (sessions.sessions.length === 0) {
    return (
      <div className="empty" data-testid="sessions-empty">
        <h2>No session owns a lock node</h2>
        <p>Sessions appear here as soon as a client creates a node in a lock under the roots.</p>
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <table className="locks" data-testid="session-table">
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col" className="optional">
              Client
            </th>
            <th scope="col" className="num">
              Holds
            </th>
            <th scope="col" className="num">
              Waits
            </th>
            <th scope="col">Lock nodes</th>
            <th scope="col" className="optional">
              Data watches
            </th>
            <th scope="col" className="num optional" title="Ephemeral nodes it owns anywhere (ZooKeeper's dump)">
              Ephemerals
            </th>
            <th scope="col" className="num optional" title="When ZooKeeper expires it unless it is heard from (dump, on the leader)">
              Expires in
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={moveBetweenRows}>
          {sessions.sessions.map((session) => (
            <tr
              key={session.sessionId}
              id={`session-${session.sessionId}`}
              data-testid="session-row"
              data-session={session.sessionId}
              className={target === session.sessionId ? 'targeted' : undefined}
              aria-current={target === session.sessionId ? 'true' : undefined}
            >
              <td className="mono">
                {session.sessionId === '0x0' ? 'none (persistent nodes)' : session.sessionId}
                {session.origin !== null ? (
                  <span className={`badge origin-${session.origin}`} data-testid="session-origin" title={ORIGIN_TITLES[session.origin]}>
                    {session.origin === 'explorer' ? 'this explorer' : 'simulated'}
                  </span>
                ) : null}
              </td>
              <td className="mono optional">{session.client ?? <span className="muted">—</span>}</td>
              <td className="num">{session.holds}</td>
              <td className="num">{session.waits}</td>
              <td className="session-nodes">
                {session.nodes.map((node) => (
                  <div key={`${node.lock}/${node.name}`}>
                    <span className={`badge role-${node.role}`}>{node.role === 'holder' ? 'holds' : 'waits'}</span>{' '}
                    <Link href={`/locks${encodeZnodePath(node.lock)}`} className="mono">
                      {node.lock}
                    </Link>{' '}
                    <span className="mono muted">{shortNodeName(node.name)}</span>
                  </div>
                ))}
                {session.nodes.length === 0 ? <span className="muted">none</span> : null}
              </td>
              <td className="optional session-watches" data-testid="session-watches">
                {session.watches === null ? (
                  <span className="muted" title="ZooKeeper was not asked, or does not allow wchc">unknown</span>
                ) : session.watchCount === 0 ? (
                  <span className="muted">none</span>
                ) : (
                  <>
                    {session.watches.map((path) => (
                      <div key={path} className="mono" title={path}>
                        {watchedName(path)}
                      </div>
                    ))}
                    {session.watchCount > session.watches.length ? <div className="muted">and {session.watchCount - session.watches.length} more</div> : null}
                  </>
                )}
              </td>
              <td className="num optional">{session.ephemeralCount ?? <span className="muted">—</span>}</td>
              <td className="num optional" data-testid="session-expiry">
                {session.expiresAt === null ? <span className="muted">—</span> : formatDuration(Math.max(0, session.expiresAt - now))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {sessions.truncated ? <p className="muted table-empty">Only the first {sessions.sessions.length} sessions are listed.</p> : null}
    </div>
  );
}
