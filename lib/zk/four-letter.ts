/**
 * Parsers for ZooKeeper's four-letter-word replies. They are per server: in an ensemble every
 * member is asked and the answers merged. The long ones (`wchc`, `cons`, `dump`: a line per watch,
 * connection or ephemeral node) are readers fed one line at a time, so that a reply of megabytes
 * is read as it arrives and never held whole (its lines kept as slices of one text would keep
 * all of it alive).
 */

/**
 * A parser fed a reply one line at a time, then asked for what it read: each line without its
 * newline and its indent (`indented`: it had one), so that a path read from an indented line is
 * a string of its own, not a slice of the line.
 */
export interface ReplyReader<T> {
  line(text: string, indented: boolean): void;
  done(): T;
}

/** Feeds a whole reply to a reader, line by line. */
export function readReply<T>(reply: string, reader: ReplyReader<T>): T {
  for (const line of reply.split('\n')) {
    const text = line.trimStart();
    reader.line(text, text.length < line.length);
  }
  return reader.done();
}

/** A session id as the explorer writes it: lower-case hex without leading zeros. */
const sessionOf = (hex: string): string => `0x${BigInt(hex).toString(16)}`;

/**
 * `wchc`: each session followed by the paths it holds a data watch on (exists or getData;
 * child watches never appear). Session ids stay hex strings: they exceed 2^53.
 */
export function wchcReader(): ReplyReader<Map<string, string[]>> {
  const watches = new Map<string, string[]>();
  let paths: string[] | null = null;
  return {
    line(line, indented) {
      const text = line.trim();
      if (text === '') return;
      if (indented) paths?.push(text);
      else if (/^0x[0-9a-f]+$/i.test(text)) {
        paths = [];
        watches.set(sessionOf(text), paths);
      }
    },
    done: () => watches,
  };
}

export const parseWchc = (reply: string): Map<string, string[]> => readReply(reply, wchcReader());

/** `mntr`: one `key<TAB>value` pair a line; numbers as numbers where they are numbers. */
export function mntrReader(): ReplyReader<Map<string, string | number>> {
  const values = new Map<string, string | number>();
  return {
    line(line) {
      const tab = line.indexOf('\t');
      if (tab <= 0) return;
      const key = line.slice(0, tab).trim();
      const raw = line.slice(tab + 1).trim();
      values.set(key, /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw);
    },
    done: () => values,
  };
}

export const parseMntr = (reply: string): Map<string, string | number> => readReply(reply, mntrReader());

/** `cons`: the client address of each session connected to this server, and its last request id (below). */
export function consReader(): ReplyReader<{ clients: Map<string, string>; lastRequest: Map<string, string> }> {
  const clients = new Map<string, string>();
  const lastRequest = new Map<string, string>();
  return {
    line(line) {
      const match = /^\s*\/(\S+?)\[\d+\]\(.*\bsid=(0x[0-9a-f]+)/i.exec(line);
      if (match?.[1] !== undefined && match[2] !== undefined) clients.set(sessionOf(match[2]), match[1]);
      const sid = /\bsid=(0x[0-9a-f]+)/i.exec(line)?.[1];
      const lcxid = /\blcxid=(0x[0-9a-f]+)/i.exec(line)?.[1];
      if (sid !== undefined && lcxid !== undefined) lastRequest.set(sessionOf(sid), lcxid.toLowerCase());
    },
    done: () => ({ clients, lastRequest }),
  };
}

export const parseCons = (reply: string): Map<string, string> => readReply(reply, consReader()).clients;

/** `cons`: the packets each session's connection has received from its client and sent to it (replies and notifications). */
export function parseConsPackets(reply: string): Map<string, { received: number; sent: number }> {
  const packets = new Map<string, { received: number; sent: number }>();
  for (const line of reply.split('\n')) {
    const sid = /\bsid=(0x[0-9a-f]+)/i.exec(line)?.[1];
    const received = /\brecved=(\d+)/.exec(line)?.[1];
    const sent = /\bsent=(\d+)/.exec(line)?.[1];
    if (sid !== undefined && received !== undefined && sent !== undefined) packets.set(sessionOf(sid), { received: Number(received), sent: Number(sent) });
  }
  return packets;
}

/**
 * `cons`: each session's last request id (`lcxid`, hex). A ping does not move it, so two reports
 * tell which clients sent requests between them. Connections that have sent none yet are left out.
 */
export const parseConsLastRequest = (reply: string): Map<string, string> => readReply(reply, consReader()).lastRequest;

/** Whether a four-letter word was refused because `4lw.commands.whitelist` leaves it out. */
export function isNotWhitelisted(reply: string): boolean {
  return /is not executed because it is not in the whitelist/i.test(reply);
}

/** What `dump` tells: each session's ephemeral nodes, and when the server will expire each session. */
export interface DumpReport {
  ephemerals: Map<string, string[]>;
  /** Expiry time (ms since the epoch) by session: only the leader (or a standalone server) tracks these. */
  expiries: Map<string, number>;
}

/**
 * `dump`: a "Session Sets" section of expiry buckets (`<n> expire at <date>:` then one session
 * a line) on the leader, then "Sessions with Ephemerals" (a session, then its ephemeral paths).
 * The server's date text (`Sun Nov 22 05:26:10 UTC 2026`) is read by `parseTime` (NaN when unreadable).
 */
export function dumpReader(parseTime: (text: string) => number): ReplyReader<DumpReport> {
  const report: DumpReport = { ephemerals: new Map(), expiries: new Map() };
  let section: 'sets' | 'ephemerals' | null = null;
  let expiry: number | null = null;
  let paths: string[] | null = null;
  return {
    line(line, indented) {
      const text = line.trim();
      if (text === '') return;
      if (text.startsWith('Session Sets')) section = 'sets';
      else if (text.startsWith('Sessions with Ephemerals')) section = 'ephemerals';
      else if (!indented && !/^0x[0-9a-f]+:?$/i.test(text) && !/expire at/.test(text)) section = null;
      if (section === 'sets') {
        const bucket = /expire at (.+):$/.exec(text);
        if (bucket?.[1] !== undefined) {
          const at = parseTime(bucket[1]);
          expiry = Number.isNaN(at) ? null : at;
        } else if (/^0x[0-9a-f]+$/i.test(text) && expiry !== null) {
          report.expiries.set(sessionOf(text), expiry);
        }
      } else if (section === 'ephemerals') {
        if (/^0x[0-9a-f]+:$/i.test(text)) {
          paths = [];
          report.ephemerals.set(sessionOf(text.slice(0, -1)), paths);
        } else if (text.startsWith('/')) {
          paths?.push(text);
        }
      }
    },
    done: () => report,
  };
}

export const parseDump = (reply: string, parseTime: (text: string) => number): DumpReport => readReply(reply, dumpReader(parseTime));

/** How often the members are asked: at least `configuredMs`; longer for a slow member or a large report. */
export interface PollPace {
  configuredMs: number;
  /** How long the last poll took, and the one before it (ms; 0: none). */
  tookMs: number;
  tookBeforeMs: number;
  /** The bytes of report text the last poll read from every member. */
  bytes: number;
}

/** The interval is at least this many times what the quicker of the last two polls took. */
export const SLOW_FACTOR = 10;
/** And long enough that the members write at most this much report text a second (a poll of 100,000 watches is about 2 MB). */
export const REPORT_BYTES_PER_SECOND = 400_000;

/**
 * The time to the next poll (ms). A member slow poll after poll is asked less often (ten times
 * the quicker of the last two polls); one slow answer (a pause of the member's JVM, a busy moment
 * of the explorer's machine) is no slow member, and does not leave every page without watches for
 * ten times as long. What a poll costs ZooKeeper grows with the text it writes (`wchc` lists every
 * watch): large reports are asked for less often.
 */
export function pollInterval({ configuredMs, tookMs, tookBeforeMs, bytes }: PollPace): number {
  const pace = Math.min(tookMs, tookBeforeMs);
  return Math.round(Math.max(configuredMs, SLOW_FACTOR * pace, (1000 * bytes) / REPORT_BYTES_PER_SECOND));
}
