/**
 * Asks every member of the ensemble what only ZooKeeper knows: which session holds a data watch
 * on which node (`wchc`), where each session connects from (`cons`), and its own counters
 * (`mntr`: watches, and how many watchers each kind of event fired), and each session's
 * ephemeral nodes and expiry (`dump`). Every member is asked,
 * since each knows only its own connections. Where four-letter words are not whitelisted it
 * says so and the explorer carries on without them.
 */
import { EventEmitter } from 'node:events';
import type { Introspected } from '../../lib/lock/recipes';
import type { IntrospectionStatus } from '../../lib/protocol';
import { isNotWhitelisted, parseCons, parseConsLastRequest, parseDump, parseMntr, parseWchc, type DumpReport } from '../../lib/zk/four-letter';
import { fourLetterWord } from './four-letter';

/** `dump` is asked on every fifth poll (every 10 s by default): its reply grows with every ephemeral node. */
const DUMP_EVERY = 5;

interface IntrospectionEvents {
  /** Every member was asked (null: none answered): `changed` says whether the watches or client addresses differ from the last report. */
  report: [report: Introspected | null, changed: boolean];
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

export class Introspection extends EventEmitter<IntrospectionEvents> {
  private timer: NodeJS.Timeout | null = null;
  private latest: Introspected | null = null;
  private signature = '';
  private state: IntrospectionStatus = { available: false, reason: 'not asked yet', at: null, servers: [] };
  private readonly servers: Array<{ host: string; port: number }>;
  private monitored: Array<{ server: string; values: ReadonlyMap<string, string | number> }> = [];
  // Kept apart from the report the locks are read with: expiry times move on every poll.
  private dumped: DumpReport | null = null;
  private polls = 0;
  private readonly chroot: string;

  constructor(
    connectString: string,
    private readonly intervalMs: number,
  ) {
    super();
    ({ servers: this.servers, chroot: this.chroot } = parseConnectString(connectString));
  }

  start(): void {
    if (this.timer !== null) return;
    const tick = async (): Promise<void> => {
      await this.poll();
      if (this.timer !== null) this.timer = setTimeout(() => void tick(), this.intervalMs);
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The merged report, with paths as the explorer sees them (below the chroot); null when unavailable. */
  current(): Introspected | null {
    return this.latest;
  }

  /** Each session's ephemeral nodes and expiry time, merged over the members; null when unavailable. */
  dump(): DumpReport | null {
    return this.dumped;
  }

  /** Each member's `mntr` counters from the last poll (members that answered only). */
  monitors(): ReadonlyArray<{ server: string; values: ReadonlyMap<string, string | number> }> {
    return this.monitored;
  }

  status(): IntrospectionStatus {
    return this.state;
  }

  /** Asks every member once. */
  async poll(): Promise<void> {
    const at = Date.now();
    const watchers = new Map<string, string[]>();
    const clients = new Map<string, string>();
    const lastRequest = new Map<string, string>();
    const servers: IntrospectionStatus['servers'] = [];
    const monitored: Array<{ server: string; values: ReadonlyMap<string, string | number> }> = [];
    // `dump` lists every ephemeral node of the ensemble: asked every few polls only.
    const withDump = this.polls % DUMP_EVERY === 0;
    this.polls += 1;
    const dumped: DumpReport = { ephemerals: new Map(), expiries: new Map() };
    let dumpedAny = false;
    let refused = false;
    await Promise.all(
      this.servers.map(async ({ host, port }) => {
        const server = `${host}:${port}`;
        try {
          const words = withDump ? ['wchc', 'cons', 'mntr', 'dump'] : ['wchc', 'cons', 'mntr'];
          const [wchc, cons, mntr, dump] = await Promise.all(words.map((word) => fourLetterWord(host, port, word, 2000)));
          if (mntr !== undefined && !isNotWhitelisted(mntr)) monitored.push({ server, values: parseMntr(mntr) });
          if (dump !== undefined && !isNotWhitelisted(dump)) {
            const report = parseDump(dump, Date.parse);
            for (const [session, paths] of report.ephemerals) {
              const local = paths.map((path) => this.local(path)).filter((path): path is string => path !== null);
              dumped.ephemerals.set(session, [...new Set([...(dumped.ephemerals.get(session) ?? []), ...local])]);
            }
            for (const [session, at] of report.expiries) dumped.expiries.set(session, at);
            dumpedAny = true;
          }
          if (wchc === undefined || cons === undefined || isNotWhitelisted(wchc) || isNotWhitelisted(cons)) {
            refused = true;
            servers.push({ server, ok: false, error: 'wchc/cons are not in 4lw.commands.whitelist' });
            return;
          }
          for (const [session, paths] of parseWchc(wchc)) {
            for (const path of paths) {
              const local = this.local(path);
              if (local === null) continue;
              const list = watchers.get(local) ?? [];
              if (!list.includes(session)) list.push(session);
              watchers.set(local, list);
            }
          }
          for (const [session, address] of parseCons(cons)) clients.set(session, address);
          for (const [session, cxid] of parseConsLastRequest(cons)) lastRequest.set(session, cxid);
          servers.push({ server, ok: true, error: null });
        } catch (error) {
          servers.push({ server, ok: false, error: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
    for (const list of watchers.values()) list.sort();
    this.monitored = monitored.sort((a, b) => (a.server < b.server ? -1 : 1));
    if (withDump) this.dumped = dumpedAny ? dumped : null;
    const reachable = servers.some((server) => server.ok);
    this.state = {
      available: reachable,
      reason: reachable
        ? null
        : refused
          ? 'ZooKeeper does not allow the four-letter words wchc and cons (add them to 4lw.commands.whitelist): watches and client addresses are not shown'
          : 'no ZooKeeper server answered the four-letter words',
      at: Date.now(),
      servers,
    };
    if (!reachable) {
      const changed = this.latest !== null;
      this.signature = '';
      this.latest = null;
      if (changed) this.emit('report', null, true);
      return;
    }
    const next: Introspected = { watchers, clients, at, lastRequest };
    const signature = JSON.stringify([[...watchers].sort(), [...clients].sort()]);
    const changed = signature !== this.signature;
    this.signature = signature;
    this.latest = next;
    this.emit('report', next, changed);
  }

  /** A server path as the explorer sees it below its chroot; null when outside. */
  private local(path: string): string | null {
    if (this.chroot === '') return path;
    if (path === this.chroot) return '/';
    return path.startsWith(`${this.chroot}/`) ? path.slice(this.chroot.length) : null;
  }
}
