/**
 * What ZooKeeper's own reports (wchc, cons) tell of a lock's nodes: who watches each, where each
 * owner connects from, and whether a waiter's watch is really there, judged with some patience.
 */
import type { DumpReport } from '../zk/four-letter';

/** Data watches by watched path, and client addresses by session, merged from every server. */
export interface Introspected {
  watchers: ReadonlyMap<string, readonly string[]>;
  /** The sessions whose connection a member reported (`cons`) along with its watches: only their watches can be judged. */
  clients: ReadonlyMap<string, string>;
  /** When the members were asked (ms, the explorer's clock): a report judges only what had been so for a while before it. It also tells one report from another (they are taken seconds apart). */
  at: number;
  /** Each reported session's last request id (`cons` lcxid): it moves only when the client sends a request, never for a ping. */
  lastRequest?: ReadonlyMap<string, string>;
  /** Where sessions that no member has a connection for now (a crashed client's, until it expires) last connected from. */
  lastClients?: ReadonlyMap<string, string>;
}

/** How the members' paths are read: as the explorer sees them below its chroot (null: outside), and as the strings it already holds. */
export interface PathReading {
  local(path: string): string | null;
  known(path: string): string | undefined;
}

/** What one member said: its data watches by session and its connections (null when it would not say), and its `dump` (null when not asked or refused). */
export interface MemberReport {
  report: { watches: ReadonlyMap<string, readonly string[]>; clients: ReadonlyMap<string, string>; lastRequest: ReadonlyMap<string, string> } | null;
  dump: DumpReport | null;
}

/**
 * The members' answers merged into one report's watches, connections and last requests, and
 * one `dump` (null when no member gave one), leaving out every session `own` says is the
 * explorer's own: it watches the locks it follows, and is none of their watchers.
 */
export function mergeAnswers(
  answers: readonly MemberReport[],
  paths: PathReading,
  own: (session: string) => boolean,
): { watchers: Map<string, string[]>; clients: Map<string, string>; lastRequest: Map<string, string>; dumped: DumpReport | null } {
  const watchers = new Map<string, string[]>();
  const singles = new Map<string, string[]>();
  // One string per watched path for this poll's report and `dump` alike.
  const kept = new Map<string, string>();
  const onlyWatcher = (session: string): string[] => {
    let list = singles.get(session);
    if (list === undefined) singles.set(session, (list = [session]));
    return list;
  };
  const clients = new Map<string, string>();
  const lastRequest = new Map<string, string>();
  const dumped: DumpReport = { ephemerals: new Map(), expiries: new Map() };
  let dumpedAny = false;
  for (const answer of answers) {
    if (answer.report !== null) {
      for (const [session, watched] of answer.report.watches) {
        if (own(session)) continue;
        for (const path of watched) {
          const local = paths.local(path);
          if (local === null) continue;
          const list = watchers.get(local);
          if (list === undefined) {
            // The node's own path string where the explorer follows its lock: the report and `dump` hold no copy of their own.
            const held = paths.known(local) ?? local;
            watchers.set(held, onlyWatcher(session));
            kept.set(local, held);
          } else if (!list.includes(session)) watchers.set(local, [...list, session]);
        }
      }
      for (const [session, address] of answer.report.clients) if (!own(session)) clients.set(session, address);
      for (const [session, cxid] of answer.report.lastRequest) if (!own(session)) lastRequest.set(session, cxid);
    }
    if (answer.dump !== null) {
      for (const [session, ephemerals] of answer.dump.ephemerals) {
        if (own(session)) continue;
        // A watched ephemeral node (every waiter's predecessor) keeps the one string of its path the watches hold.
        const local = ephemerals
          .map((path) => paths.local(path))
          .filter((path): path is string => path !== null)
          .map((path) => kept.get(path) ?? paths.known(path) ?? path);
        dumped.ephemerals.set(session, [...new Set([...(dumped.ephemerals.get(session) ?? []), ...local])]);
      }
      for (const [session, expiry] of answer.dump.expiries) if (!own(session)) dumped.expiries.set(session, expiry);
      dumpedAny = true;
    }
  }
  return { watchers, clients, lastRequest, dumped: dumpedAny ? dumped : null };
}

/**
 * The sessions ZooKeeper keeps while no member has a connection for them, with when it expires
 * each (ms): in `dump` with an expiry, absent from the members' connections (`cons`). Empty
 * when either is unknown.
 */
export function disconnectedSessions(report: Introspected | null, dump: { expiries: ReadonlyMap<string, number> } | null): Map<string, number> {
  const silent = new Map<string, number>();
  if (report === null || dump === null) return silent;
  for (const [session, expiry] of dump.expiries) if (!report.clients.has(session)) silent.set(session, expiry);
  return silent;
}

/** The sessions taken as without a connection, and the connections of the report before (null: none, or none available). */
export interface SilentSessions {
  confirmed: ReadonlyMap<string, number>;
  clientsBefore: ReadonlyMap<string, string> | null;
}

export const NO_SILENT_SESSIONS: SilentSessions = { confirmed: new Map(), clientsBefore: null };

/**
 * A new report: the sessions it shows without a connection (see `disconnectedSessions`) that the
 * report before missed too are taken as such (one just connecting, missed by one report, is not
 * called crashed). The report before is judged by its connections, not its dump: a session whose
 * nodes came after the last dump is in none but this one, asked at once when its connection went,
 * and would wait for a third report otherwise. What is taken now, and the sessions whose standing
 * (or expiry) changed: the locks one of them holds judge their anomalies again.
 */
export function silentSessionsSeen(state: SilentSessions, report: Introspected | null, dump: { expiries: ReadonlyMap<string, number> } | null): { state: SilentSessions; changed: Set<string> } {
  const before = state.clientsBefore;
  const confirmed = new Map([...disconnectedSessions(report, dump)].filter(([session]) => before !== null && !before.has(session)));
  const was = state.confirmed;
  const changed = new Set([...confirmed.keys(), ...was.keys()].filter((session) => confirmed.has(session) !== was.has(session) || confirmed.get(session) !== was.get(session)));
  return { state: { confirmed, clientsBefore: report?.clients ?? null }, changed };
}

/** What changed from one report to the next: the watched paths whose watchers differ, the sessions whose client address differs. */
export interface ReportChange {
  from: Introspected;
  paths: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
}

/** What changed from the report `from` to `to` (one pass over each: a report of 100,000 watches is compared, not sorted). */
export function reportChange(from: Introspected, to: Introspected): ReportChange {
  const paths = new Set<string>();
  const sessions = new Set<string>();
  for (const [path, watchers] of to.watchers) if (!sameList(from.watchers.get(path) ?? null, watchers)) paths.add(path);
  for (const path of from.watchers.keys()) if (!to.watchers.has(path)) paths.add(path);
  for (const [session, address] of to.clients) if (from.clients.get(session) !== address) sessions.add(session);
  for (const session of from.clients.keys()) if (!to.clients.has(session)) sessions.add(session);
  return { from, paths, sessions };
}

/** How long after the explorer saw a waiter start to wait on a node it has to set its watch before a report may judge it. */
export const WATCH_GRACE_MS = 1000;
/** How many reports in a row must miss a waiter's watch before it is named missing: one may be taken mid-handover. */
export const WATCH_MISSES = 2;

/** Nobody: one shared empty list. */
export const NOBODY: string[] = [];

/** Whether two lists hold the same strings in the same order. */
export function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  return a.every((value, index) => value === b[index]);
}

/** What the reports of ZooKeeper said of one node while its recipe's watch stayed the same. */
export interface Observed {
  /**
   * When the last report read was taken (its `at`, which tells one report from another: they are
   * taken seconds apart), not the report itself: one of 100,000 watches is tens of megabytes,
   * and the nodes it no longer describes must not keep it alive. Null before the first.
   */
  reportAt: number | null;
  /** The path its recipe watches (a data watch); null when none or a child watch, which ZooKeeper does not report. */
  watchPath: string | null;
  /** When the explorer first saw it watch that path (ms). */
  since: number;
  /** Reports in a row, each taken at least WATCH_GRACE_MS after `since`, that had no such watch. */
  misses: number;
  watchers: string[];
  client: string | null;
  watchConfirmed: boolean | null;
}

/** Nothing observed yet of a node watching `watchPath` since `since`. */
export function unobserved(watchPath: string | null, since: number): Observed {
  return { reportAt: null, watchPath, since, misses: 0, watchers: NOBODY, client: null, watchConfirmed: null };
}

/** Whether the node was last observed with this very report. */
export function observedWith(observed: Observed, report: Introspected): boolean {
  return observed.reportAt === report.at;
}

/**
 * What one report of ZooKeeper adds to what is known of a node's watch: confirmed when it has
 * it; missing only when the report covers the session, came long enough after the node began to
 * wait there, and the one before missed it too; otherwise not judged.
 */
export function observe(observed: Observed, report: Introspected, owner: string, path: string): void {
  observed.reportAt = report.at;
  observed.watchers = (report.watchers.get(path) as string[] | undefined) ?? NOBODY;
  const watchPath = observed.watchPath;
  const connected = report.clients.get(owner);
  // A node with no watch to judge (a holder) keeps naming the client its session last connected from, once that is gone.
  observed.client = connected ?? (watchPath === null ? (report.lastClients?.get(owner) ?? null) : null);
  if (watchPath === null || connected === undefined) {
    observed.misses = 0;
    observed.watchConfirmed = null;
  } else if ((report.watchers.get(watchPath) ?? NOBODY).includes(owner)) {
    observed.misses = 0;
    observed.watchConfirmed = true;
  } else if (report.at >= observed.since + WATCH_GRACE_MS) {
    observed.misses += 1;
    observed.watchConfirmed = observed.misses >= WATCH_MISSES ? false : null;
  } else {
    observed.watchConfirmed = null;
  }
}
