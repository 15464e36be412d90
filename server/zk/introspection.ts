/**
 * Asks every member of the ensemble what only ZooKeeper knows: which session holds a data watch
 * on which node (`wchc`), where each session connects from (`cons`), and its own counters
 * (`mntr`: watches, and how many watchers each kind of event fired), and each session's
 * ephemeral nodes and expiry (`dump`). Every member is asked,
 * since each knows only its own connections. Where four-letter words are not whitelisted it
 * says so and the explorer carries on without them.
 */
import { EventEmitter } from 'node:events';
import { get as httpsGet } from 'node:https';
import { NO_OWN_SESSIONS, ownSessionBegan, ownSessionIds, ownSessionsReported, type OwnSessions } from '../../lib/lock/own-sessions';
import type { UnreadableNode } from '../../lib/lock/unreadable';
import { mergeAnswers, reportChange, sameList, type Introspected, type ReportChange } from '../../lib/lock/report';
import type { IntrospectionSource, IntrospectionStatus } from '../../lib/protocol';
import { parseAdminConnections, parseAdminDump, parseAdminExpiries, parseAdminJson, parseAdminMonitor, parseAdminTickTime, parseAdminWatches, wallClockExpiries, type TouchedSession } from '../../lib/zk/admin-server';
import { parentPath } from '../../lib/zk/path';
import { consReader, dumpReader, mntrReader, wchcReader, type DumpReport, type ReplyReader } from '../../lib/zk/four-letter';
import { connectionWent, countersRead, leaseTaken, pacingState, pollAnswered, pollBegins, pollEnded, pollNeeded, type PacingOptions, type PacingState } from '../../lib/zk/poll-pacing';
import { readFourLetterWord, type ReadReply } from './four-letter';
import { tlsOptions, type ZkTls } from './wire/connection';

/** How long after a read that needs the report the members are still asked. */
const LEASE_MS = 60_000;
const IDLE_REASON = 'not asked right now: ZooKeeper is asked only while a page follows a lock, the lock list, the sessions or the waits-for graph, and for a minute after an API read';

/** How soon the report after one that lost a lock owner's connection is asked (ms): the second report that names the holder disconnected. */
const FOLLOW_UP_MS = 250;
/** `dump` is asked on every fifth poll (every 10 s by default): its reply grows with every ephemeral node. */
export const DUMP_EVERY = 5;
/**
 * `mntr` too, and at every poll while its counters are read (`monitors()`: the metrics, the
 * classroom's card) and for the lease after: of the words asked, it costs ZooKeeper most (16 kB of
 * counters and summaries; with 300 sessions, asked ten times a second it took 0.45 % of a core per
 * ask a second, `cons` 0.23, `dump` 0.19, `wchc` 0.10).
 */
const MNTR_EVERY = DUMP_EVERY;
/** The longest a crashed session's client address is kept without a dump to say the session is gone (ms): longer than any session lives unconnected. */
const REMEMBER_CLIENTS_MS = 3_600_000;

interface IntrospectionEvents {
  /** Every member was asked (null: none answered): `changed` says whether the watches or client addresses differ from the last report, `change` how (null: no report before). */
  report: [report: Introspected | null, changed: boolean, change: ReportChange | null];
}

/** The members of a connection string, and its chroot ('' when none). */
export function parseConnectString(connectString: string): { servers: Array<{ host: string; port: number }>; chroot: string } {
  const slash = connectString.indexOf('/');
  const hosts = slash < 0 ? connectString : connectString.slice(0, slash);
  const chroot = slash < 0 ? '' : connectString.slice(slash).replace(/\/$/, '');
  const servers = hosts.split(',').map((entry) => {
    const cut = entry.lastIndexOf(':');
    return { host: entry.slice(0, cut).replace(/^\[|\]$/g, ''), port: Number(entry.slice(cut + 1)) };
  });
  return { servers, chroot };
}

/** Where each member's AdminServer is, for the questions its four-letter words refuse. */
export interface AdminServerOptions {
  /** The port on each member's host (0: none). */
  port: number;
  /** A base URL per member, in the connect string's order; null to use `port`. */
  urls: string[] | null;
}

/** What one member said: its watches and connections (null when neither source told), its counters and `dump`, and from where. */
interface MemberAnswer {
  report: { watches: Map<string, string[]>; clients: Map<string, string>; lastRequest: Map<string, string> } | null;
  monitor: Map<string, string | number> | null;
  dump: DumpReport | null;
  source: IntrospectionSource | null;
  /** Why the other source did not answer, when one did not. */
  refused: string | null;
  /** The words the whitelist leaves out: those asked this time as they answered, the others as when last asked. */
  notWhitelisted: string[];
  error: string | null;
  /** How many bytes of replies it took. */
  bytes: number;
}

const ADMIN_TIMEOUT_MS = 2000;
/** A dump of every ephemeral node of a large ensemble (30,000 nodes: about 2 MB) takes longer than a report. */
const DUMP_TIMEOUT_MS = 15_000;

/**
 * One AdminServer command. An https AdminServer of a TLS ensemble (ZK_TLS) is verified against
 * ZK_TLS_CA and shown the client certificate, as the members are; otherwise against the system's CAs.
 */
async function adminCommand(base: string, command: string, tls: ZkTls | null, timeoutMs = ADMIN_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const url = `${base}/commands/${command}`;
  if (tls !== null && url.startsWith('https:')) {
    const { status, text } = await httpsText(url, tls, timeoutMs);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    return parseAdminJson(text);
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseAdminJson(await response.text());
}

/** GETs `url` over TLS with the ensemble's CA and client certificate. */
function httpsText(url: string, tls: ZkTls, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const request = httpsGet(url, { ...tlsOptions(host, tls), timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
  });
}

/** Why a request failed, in a few words (a TLS failure by its code: UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED…). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code !== undefined) return cause.code;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Asks one member: the four-letter words first (`wchc`, `cons`, `mntr`, sometimes `dump`); what
 * they refuse (not whitelisted) or cannot say (the port does not answer them), its AdminServer
 * answers instead, when one is configured.
 */
async function askMember(
  member: { host: string; port: number },
  adminUrl: string | null,
  asks: { dump: boolean; mntr: boolean; notWhitelistedBefore: ReadonlySet<string> },
  tls: ZkTls | null,
  touch: TouchOwnSession,
): Promise<MemberAnswer> {
  const { host, port } = member;
  // Each reply is read as it arrives (`wchc` and `dump` run to megabytes at 100,000 watches or ephemeral nodes); null: not whitelisted.
  const word = <T,>(name: string, reader: ReplyReader<T>): Promise<ReadReply<T> | Error> =>
    readFourLetterWord(host, port, name, reader, ADMIN_TIMEOUT_MS, tls).catch((error: unknown) => new Error(reasonOf(error)));
  const [wchc, cons, mntr, dump] = await Promise.all([
    word('wchc', wchcReader()),
    word('cons', consReader()),
    asks.mntr ? word('mntr', mntrReader()) : Promise.resolve(null),
    asks.dump ? word('dump', dumpReader(Date.parse)) : Promise.resolve(null),
  ]);
  const replies: Array<[string, ReadReply<unknown> | Error | null]> = [['wchc', wchc], ['cons', cons], ['mntr', mntr], ['dump', dump]];
  // A word not asked this time (mntr, dump) is left out as it was when last asked: the whitelist does not change between polls.
  const notWhitelisted = replies.filter(([name, reply]) => (reply === null ? asks.notWhitelistedBefore.has(name) : !(reply instanceof Error) && reply.value === null)).map(([name]) => name);
  const refusedWords = replies.filter(([name, reply]) => reply instanceof Error || notWhitelisted.includes(name)).map(([name]) => name);
  const failure = [wchc, cons, mntr, dump].find((reply): reply is Error => reply instanceof Error);
  const wordsRefused =
    refusedWords.length === 0 ? null : failure !== undefined ? `four-letter words failed: ${failure.message}` : `${refusedWords.join(', ')} not in 4lw.commands.whitelist`;
  const bytes = replies.reduce((sum, [, reply]) => sum + (reply === null || reply instanceof Error ? 0 : reply.bytes), 0);
  const answer: MemberAnswer = { report: null, monitor: null, dump: null, source: null, refused: wordsRefused, notWhitelisted, error: null, bytes };
  const valueOf = <T,>(reply: ReadReply<T> | Error | null): T | null => (reply === null || reply instanceof Error ? null : reply.value);
  const [watches, connections] = [valueOf(wchc), valueOf(cons)];
  if (watches !== null && connections !== null) {
    answer.report = { watches, clients: connections.clients, lastRequest: connections.lastRequest };
    answer.source = 'four-letter-words';
  }
  answer.monitor = valueOf(mntr);
  answer.dump = valueOf(dump);
  if (wordsRefused === null) return answer;
  if (adminUrl === null) {
    answer.error = answer.report === null ? `${wordsRefused}, and no AdminServer is configured (ZK_ADMIN_PORT, ZK_ADMIN_URLS)` : null;
    return answer;
  }
  try {
    if (answer.report === null) {
      const [connections, watches] = await Promise.all([adminCommand(adminUrl, 'connections', tls), adminCommand(adminUrl, 'watches', tls)]);
      answer.report = { watches: parseAdminWatches(watches), ...parseAdminConnections(connections) };
      answer.source = 'admin-server';
    }
    if (asks.mntr && answer.monitor === null) answer.monitor = parseAdminMonitor(await adminCommand(adminUrl, 'monitor', tls));
    if (asks.dump && answer.dump === null) answer.dump = await adminDump(adminUrl, tls, touch);
  } catch (error) {
    const adminError = `the AdminServer at ${adminUrl} did not answer (${reasonOf(error)})`;
    if (answer.report === null) answer.error = `${wordsRefused}, and ${adminError}`;
    else answer.refused = `${wordsRefused}; ${adminError}`;
  }
  return answer;
}

/** Touches the explorer's own session with a request and says when (null when it has none). */
export type TouchOwnSession = () => Promise<TouchedSession | null>;

/**
 * The AdminServer's `dump`: each session's ephemeral nodes, and its expiry placed on the wall
 * clock through the explorer's own session, touched just before (the AdminServer gives expiry
 * times on the server's elapsed-time clock). A member that does not track the explorer's
 * session gives no expiries.
 */
async function adminDump(adminUrl: string, tls: ZkTls | null, touch: TouchOwnSession): Promise<DumpReport> {
  // Without the tick (a server too old for `configuration`) the nodes are still told, their expiry not.
  const [configuration, touched] = await Promise.all([adminCommand(adminUrl, 'configuration', tls).catch(() => null), touch().catch(() => null)]);
  const reply = await adminCommand(adminUrl, 'dump', tls);
  const tickMs = configuration === null ? null : parseAdminTickTime(configuration);
  const expiries = touched === null || tickMs === null ? null : wallClockExpiries(parseAdminExpiries(reply), touched, tickMs);
  return { ephemerals: parseAdminDump(reply), expiries: expiries ?? new Map() };
}

/**
 * Every ephemeral node of the ensemble, as one member's `dump` lists them (paths as the explorer
 * sees them), or why no member would say; `nodesUnder` says which of them are children of some
 * parents, each with its session (a lock the explorer may not list is known by them alone).
 */
export type EphemeralNodes =
  | { paths: string[]; server: string; source: IntrospectionSource; nodesUnder: (parents: ReadonlySet<string>) => Map<string, UnreadableNode[]> }
  | { refused: string };

export interface IntrospectionOptions {
  /** The shortest time between two polls (ms); longer when the members are slow or their reports large. */
  intervalMs: number;
  /** Where the members' AdminServers are (default: none). */
  admin?: AdminServerOptions;
  /** How long a read keeps the report coming (ms, default a minute). */
  leaseMs?: number;
  /** The TLS the four-letter words are asked over (default: plain TCP). */
  tls?: ZkTls | null;
  /** Touches the explorer's own session, to place the AdminServer's expiry times (default: none, no expiries). */
  touchOwnSession?: TouchOwnSession;
  /** The string the explorer already holds for a path (a followed lock's node), kept instead of the report's copy (default: none). */
  knownPath?: (path: string) => string | undefined;
  /**
   * Whether a session owns nodes in a lock followed (default: every session does): only such a
   * session's lost connection has `dump` asked at once, for when ZooKeeper expires it. On a busy
   * ensemble sessions of other clients close all the time, and `dump` is every ephemeral node.
   */
  ownsLockNodes?: (session: string) => boolean;
  /** The ensemble's clock (ms since the epoch): `Date.now` by default. */
  now?: () => number;
}

export class Introspection extends EventEmitter<IntrospectionEvents> {
  private timer: NodeJS.Timeout | null = null;
  private latest: Introspected | null = null;
  private state: IntrospectionStatus = { available: false, reason: 'not asked yet', at: null, servers: [], intervalMs: null };
  private readonly servers: Array<{ host: string; port: number }>;
  private monitored: Array<{ server: string; values: ReadonlyMap<string, string | number> }> = [];
  /** When the counters kept were asked for (ms since the epoch; null before any). */
  private monitoredAt: number | null = null;
  /** Each member's words the whitelist left out when last asked (by its index), for the polls that do not ask them. */
  private notWhitelisted: Array<ReadonlySet<string>> = [];
  // Kept apart from the report the locks are read with: expiry times move on every poll.
  private dumped: DumpReport | null = null;
  /** Each member's last `dump` that answered: one that fails once is not taken for a dump listing nobody. */
  private readonly memberDumps: Array<{ dump: DumpReport; at: number }> = [];
  /** Where each session no member has a connection for now last connected from, and since when (ms): a crashed holder is still named by its client. */
  private readonly remembered = new Map<string, { address: string; since: number }>();
  /** When the last `dump` was taken (ms); 0 before the first. */
  private dumpedAt = 0;
  /** When the members are asked, and what (lib/zk/poll-pacing.ts). */
  private readonly pacing: PacingState = pacingState();
  private readonly pacingOptions: PacingOptions;
  private readonly ownsLockNodes: (session: string) => boolean;
  private readonly chroot: string;
  /** The explorer's own sessions, left out of every report: it watches the locks it follows, and is none of their watchers. */
  private own: OwnSessions = NO_OWN_SESSIONS;

  private readonly admin: AdminServerOptions;
  private readonly tls: ZkTls | null;
  private readonly touchOwnSession: TouchOwnSession;
  private readonly knownPath: (path: string) => string | undefined;
  private readonly now: () => number;

  constructor(connectString: string, options: IntrospectionOptions) {
    super();
    ({ servers: this.servers, chroot: this.chroot } = parseConnectString(connectString));
    this.admin = options.admin ?? { port: 0, urls: null };
    this.pacingOptions = { intervalMs: options.intervalMs, leaseMs: options.leaseMs ?? LEASE_MS, followUpMs: FOLLOW_UP_MS, dumpEvery: DUMP_EVERY, mntrEvery: MNTR_EVERY };
    this.tls = options.tls ?? null;
    this.touchOwnSession = options.touchOwnSession ?? (async () => null);
    this.knownPath = options.knownPath ?? (() => undefined);
    this.ownsLockNodes = options.ownsLockNodes ?? (() => true);
    this.now = options.now ?? Date.now;
  }

  /**
   * Polls while something needs ZooKeeper's report: `wanted()` (a page follows a lock, the lock
   * list, the sessions or the waits-for graph) or a read within the lease (`touch`). The
   * interval is the configured one, or longer when the members are slow to answer (ten times the
   * quicker of the last two polls) or their reports large (`pollInterval`), so that the explorer never keeps
   * a busy ensemble busier. Idle, it asks nothing.
   */
  start(wanted: () => boolean = () => true): void {
    this.wanted = wanted;
    this.running = true;
    this.wake();
  }

  /** The explorer's own session is now `session` (its first, or a new one after an expiry): it is left out of every report from now on, and the one before until ZooKeeper drops it. */
  ownSession(session: string): void {
    this.own = ownSessionBegan(this.own, session);
  }

  /** A `dump` is wanted at once (a lock owner's session that no report or dump knows yet): the next poll asks it, soon (`FOLLOW_UP_MS`). */
  askDump(): void {
    connectionWent(this.pacing);
  }

  /** Something reads what only the report tells (an API read): poll now if idle, and for the lease (a minute) at least. */
  touch(): void {
    leaseTaken(this.pacing, this.now(), this.pacingOptions);
    this.wake();
  }

  /** Starts polling at once when idle and something needs it. */
  wake(): void {
    if (!this.running || this.timer !== null || this.polling) return;
    if (!this.needed()) return;
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private wanted: () => boolean = () => true;
  private running = false;
  private polling = false;

  private needed(): boolean {
    return pollNeeded(this.pacing, this.now(), this.wanted());
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    if (!this.needed()) {
      this.idle();
      return;
    }
    this.polling = true;
    const started = this.now();
    try {
      await this.poll();
    } finally {
      this.polling = false;
    }
    // A lock owner's connection went: the report that confirms it (with the `dump` that says when ZooKeeper expires the session)
    // is asked at once, not a whole interval later.
    const delay = pollEnded(this.pacing, this.now() - started, this.pacingOptions);
    this.state = { ...this.state, intervalMs: this.pacing.intervalMs };
    if (this.running && this.timer === null) this.timer = setTimeout(() => void this.tick(), delay);
  }

  /** Nothing needs the report: it is dropped (stale verdicts are worse than none) and nobody is asked until something does. */
  private idle(): void {
    this.state = { available: false, reason: IDLE_REASON, at: this.state.at, servers: [], intervalMs: null };
    const had = this.latest !== null;
    this.latest = null;
    if (had) this.emit('report', null, true, null);
  }

  /** The merged report, with paths as the explorer sees them (below the chroot); null when unavailable. */
  current(): Introspected | null {
    return this.latest;
  }

  /** Each session's ephemeral nodes and expiry time, merged over the members; null when unavailable. */
  dump(): DumpReport | null {
    return this.dumped;
  }

  /**
   * Each member's `mntr` counters from the last poll that asked (members that answered only): at
   * most five polls old, and from the next poll on asked at every poll for the lease, since they are read.
   */
  monitors(): ReadonlyArray<{ server: string; values: ReadonlyMap<string, string | number> }> {
    countersRead(this.pacing, this.now(), this.pacingOptions);
    return this.monitored;
  }

  /** When the counters `monitors()` gives were asked for: they may be a few polls older than the last poll. */
  monitorsAt(): number | null {
    return this.monitoredAt;
  }

  /** Whether some member gave its counters at the last poll that asked (without asking for them at every poll). */
  monitorAnswered(): boolean {
    return this.monitored.length > 0;
  }

  /**
   * Every member's connections, when every member answered the last poll; null otherwise: a
   * session connected to a member that did not answer would look disconnected.
   */
  connectionsOfAll(): Introspected | null {
    const { servers } = this.state;
    return servers.length > 0 && servers.every((server) => server.ok) ? this.latest : null;
  }

  status(): IntrospectionStatus {
    return this.state;
  }

  /**
   * The addresses of the sessions the last report had a connection for and this one has not,
   * kept until the session connects again, or a `dump` taken since no longer lists it (ZooKeeper
   * expired it: a dump older than the crash may not know the session yet), or an hour has passed;
   * a map of its own only while there are some.
   */
  private rememberClients(clients: ReadonlyMap<string, string>, at: number): ReadonlyMap<string, string> | undefined {
    const before = this.latest?.clients;
    if (before !== undefined) for (const [session, address] of before) if (!clients.has(session) && !this.remembered.has(session)) this.remembered.set(session, { address, since: at });
    if (this.remembered.size === 0) return undefined;
    const expiries = this.dumped?.expiries;
    for (const [session, { since }] of this.remembered) {
      const expired = expiries !== undefined && this.dumpedAt > since && !expiries.has(session);
      if (clients.has(session) || expired || at - since > REMEMBER_CLIENTS_MS) this.remembered.delete(session);
    }
    return this.remembered.size === 0 ? undefined : new Map([...this.remembered].map(([session, { address }]) => [session, address]));
  }

  /** Asks every member once. */
  async poll(): Promise<void> {
    const at = this.now();
    // `dump` lists every ephemeral node of the ensemble: asked every few polls only, and at once after a connection went (a crashed client's deadline is what it tells).
    const { dump: withDump, mntr: withMntr } = pollBegins(this.pacing, at, this.pacingOptions);
    const answers = await Promise.all(this.servers.map((member, index) => askMember(member, this.adminUrlOf(index), { dump: withDump, mntr: withMntr, notWhitelistedBefore: this.notWhitelisted[index] ?? new Set() }, this.tls, this.touchOwnSession)));
    const bytes = answers.reduce((sum, answer) => sum + answer.bytes, 0);
    const servers: IntrospectionStatus['servers'] = [];
    const monitored: Array<{ server: string; values: ReadonlyMap<string, string | number> }> = [];
    answers.forEach((answer, index) => {
      this.notWhitelisted[index] = new Set(answer.notWhitelisted);
      const { host, port } = this.servers[index]!;
      const server = `${host}:${port}`;
      servers.push({ server, ok: answer.report !== null, error: answer.error, source: answer.source, refused: answer.refused });
      if (answer.monitor !== null) monitored.push({ server, values: answer.monitor });
    });
    // The explorer's own sessions (a session begun while the members were asked included) are nobody's watcher, owner or herd member.
    const own = ownSessionIds(this.own);
    const named = new Set<string>();
    // A member whose `dump` failed this time (a reply lost, a timeout on a busy ensemble) keeps its last: without it every crashed holder's verdict would go until the next dump.
    let dumpAt = at;
    const merged = !withDump
      ? answers
      : answers.map((answer, index) => {
          if (answer.dump !== null) {
            this.memberDumps[index] = { dump: answer.dump, at };
            return answer;
          }
          const kept = this.memberDumps[index];
          if (kept === undefined) return answer;
          dumpAt = Math.min(dumpAt, kept.at);
          return { ...answer, dump: kept.dump };
        });
    const { watchers, clients, lastRequest, dumped } = mergeAnswers(merged, { local: (path) => this.local(path), known: this.knownPath }, (session) => {
      if (!own.has(session)) return false;
      named.add(session);
      return true;
    });
    // A path watched as in the last report keeps that report's list: the nodes that show it hold one list, not one per report.
    const before = this.latest?.watchers;
    for (const [path, list] of watchers) {
      if (list.length > 1) list.sort();
      const same = before?.get(path);
      if (same !== undefined && sameList(same, list)) watchers.set(path, same as string[]);
    }
    if (withMntr) {
      this.monitored = monitored.sort((a, b) => (a.server < b.server ? -1 : 1));
      this.monitoredAt = at;
    }
    if (withDump) {
      this.dumped = dumped;
      // As old as its oldest part: a session begun since a kept dump was taken is not in it.
      this.dumpedAt = dumpAt;
    }
    // An earlier session of the explorer's is forgotten once a report of the whole ensemble (with its dump, where one is given) no longer names it.
    const dumpCovered = withDump ? answers.every((answer) => answer.dump !== null) : this.dumped === null;
    if (dumpCovered && servers.every((server) => server.ok)) this.own = ownSessionsReported(this.own, (session) => named.has(session));
    const reachable = servers.some((server) => server.ok);
    // One poll no member answered (a reply lost or late on a busy ensemble) is not yet an outage: the last report stands
    // for one more poll, else every verdict it carries (a crashed holder, a waiter's watch) would blink off and on again.
    if (pollAnswered(this.pacing, reachable, bytes, this.latest !== null) === 'keep-last') {
      this.state = { ...this.state, at: this.now(), servers };
      return;
    }
    this.state = {
      available: reachable,
      reason: reachable ? null : `no ZooKeeper member said which sessions watch what: ${servers.map((server) => `${server.server}: ${server.error ?? 'no answer'}`).join('; ')}`,
      at: this.now(),
      servers,
      intervalMs: this.pacing.intervalMs || this.pacingOptions.intervalMs,
    };
    if (!reachable) {
      const changed = this.latest !== null;
      this.latest = null;
      if (changed) this.emit('report', null, true, null);
      return;
    }
    const next: Introspected = { watchers, clients, at, lastRequest, lastClients: this.rememberClients(clients, at) };
    const change = this.latest === null ? null : reportChange(this.latest, next);
    const changed = change === null || change.paths.size > 0 || change.sessions.size > 0;
    if (change !== null) for (const session of change.sessions) if (!clients.has(session) && this.ownsLockNodes(session)) connectionWent(this.pacing);
    this.latest = next;
    this.emit('report', next, changed, change);
  }

  /**
   * Every ephemeral node of the ensemble, with paths as the explorer sees them: the data tree is
   * replicated, so the first member whose `dump` answers (its four-letter word, else its
   * AdminServer's) tells them all. Its cost grows with the ephemeral nodes, not with the tree.
   */
  async ephemeralNodes(): Promise<EphemeralNodes> {
    const reasons: string[] = [];
    for (const [index, member] of this.servers.entries()) {
      const server = `${member.host}:${member.port}`;
      let wordRefused: string;
      try {
        const reply = await readFourLetterWord(member.host, member.port, 'dump', dumpReader(Date.parse), DUMP_TIMEOUT_MS, this.tls);
        if (reply.value !== null) return this.ephemeralsOf(reply.value.ephemerals, server, 'four-letter-words');
        wordRefused = 'dump is not in 4lw.commands.whitelist';
      } catch (error) {
        wordRefused = `dump failed (${reasonOf(error)})`;
      }
      const adminUrl = this.adminUrlOf(index);
      if (adminUrl === null) {
        reasons.push(`${server}: ${wordRefused}, and no AdminServer is configured`);
        continue;
      }
      try {
        const reply = await adminCommand(adminUrl, 'dump', this.tls, DUMP_TIMEOUT_MS);
        return this.ephemeralsOf(parseAdminDump(reply), server, 'admin-server');
      } catch (error) {
        reasons.push(`${server}: ${wordRefused}, and the AdminServer at ${adminUrl} did not answer (${reasonOf(error)})`);
      }
    }
    return { refused: reasons.join('; ') };
  }

  private ephemeralsOf(bySession: ReadonlyMap<string, readonly string[]>, server: string, source: IntrospectionSource): EphemeralNodes {
    const nodesUnder = (parents: ReadonlySet<string>): Map<string, UnreadableNode[]> => {
      const under = new Map<string, UnreadableNode[]>();
      for (const [sessionId, list] of bySession) {
        for (const path of list) {
          const local = this.local(path);
          if (local === null) continue;
          const parent = parentPath(local);
          if (!parents.has(parent)) continue;
          const nodes = under.get(parent) ?? [];
          nodes.push({ name: local.slice(local.lastIndexOf('/') + 1), sessionId });
          under.set(parent, nodes);
        }
      }
      return under;
    };
    return { paths: this.localPaths(bySession), server, source, nodesUnder };
  }

  private localPaths(bySession: ReadonlyMap<string, readonly string[]>): string[] {
    const paths: string[] = [];
    for (const list of bySession.values()) for (const path of list) {
      const local = this.local(path);
      if (local !== null) paths.push(local);
    }
    return paths;
  }

  /** The AdminServer of the member at `index`: its URL from ZK_ADMIN_URLS, else its host at ZK_ADMIN_PORT; null when neither is set. */
  private adminUrlOf(index: number): string | null {
    const listed = this.admin.urls?.[index];
    if (listed !== undefined) return listed;
    if (this.admin.urls !== null || this.admin.port === 0) return null;
    const { host } = this.servers[index]!;
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.admin.port}`;
  }

  /** A server path as the explorer sees it below its chroot; null when outside. */
  private local(path: string): string | null {
    if (this.chroot === '') return path;
    if (path === this.chroot) return '/';
    return path.startsWith(`${this.chroot}/`) ? path.slice(this.chroot.length) : null;
  }
}
