/**
 * The explorer's own ZooKeeper sessions, which it leaves out of everything it reports of
 * ZooKeeper's (watchers, standbys, sessions, the waits-for graph, herds): it watches the locks it
 * follows, and would otherwise be counted among their watchers. After an expiry the earlier
 * session is still left out until ZooKeeper no longer reports it.
 */

/** Which sessions are the explorer's own: plain data, changed by the functions below. */
export interface OwnSessions {
  /** The session the explorer has now; null before its first. */
  current: string | null;
  /** Earlier sessions of this process that ZooKeeper may still report. */
  earlier: readonly string[];
}

/** Before the explorer's first session. */
export const NO_OWN_SESSIONS: OwnSessions = { current: null, earlier: [] };

/** The explorer's session is now `session`: the one before it becomes an earlier one. */
export function ownSessionBegan(own: OwnSessions, session: string): OwnSessions {
  if (own.current === session) return own;
  const earlier = own.current === null ? own.earlier : [...own.earlier, own.current];
  return { current: session, earlier: earlier.filter((id) => id !== session) };
}

/** Every id to leave out of a report: the current session and the earlier ones. */
export function ownSessionIds(own: OwnSessions): ReadonlySet<string> {
  return new Set(own.current === null ? own.earlier : [...own.earlier, own.current]);
}

/**
 * After a report that covers the whole ensemble (every member answered, with its `dump` where
 * one is given), the earlier sessions it no longer names are gone from ZooKeeper and forgotten.
 * `named` says whether the report named a session: a connection, a watch or a `dump` entry.
 */
export function ownSessionsReported(own: OwnSessions, named: (session: string) => boolean): OwnSessions {
  const earlier = own.earlier.filter(named);
  return earlier.length === own.earlier.length ? own : { current: own.current, earlier };
}
