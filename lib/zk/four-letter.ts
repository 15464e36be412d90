/**
 * Parsers for ZooKeeper's four-letter-word replies. They are per server: in an ensemble every
 * member is asked and the answers merged.
 */

/**
 * `wchc`: each session followed by the paths it holds a data watch on (exists or getData;
 * child watches never appear). Session ids stay hex strings: they exceed 2^53.
 */
export function parseWchc(reply: string): Map<string, string[]> {
  const watches = new Map<string, string[]>();
  let session: string | null = null;
  for (const line of reply.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s/.test(line)) {
      if (session !== null) watches.get(session)?.push(line.trim());
    } else if (/^0x[0-9a-f]+$/i.test(line.trim())) {
      session = `0x${BigInt(line.trim()).toString(16)}`;
      watches.set(session, []);
    }
  }
  return watches;
}

/** `mntr`: one `key<TAB>value` pair a line; numbers as numbers where they are numbers. */
export function parseMntr(reply: string): Map<string, string | number> {
  const values = new Map<string, string | number>();
  for (const line of reply.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const key = line.slice(0, tab).trim();
    const raw = line.slice(tab + 1).trim();
    values.set(key, /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw);
  }
  return values;
}

/** `cons`: the client address of each session connected to this server. */
export function parseCons(reply: string): Map<string, string> {
  const clients = new Map<string, string>();
  for (const line of reply.split('\n')) {
    const match = /^\s*\/(\S+?)\[\d+\]\(.*\bsid=(0x[0-9a-f]+)/i.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) clients.set(`0x${BigInt(match[2]).toString(16)}`, match[1]);
  }
  return clients;
}

/** `cons`: the packets each session's connection has received from its client and sent to it (replies and notifications). */
export function parseConsPackets(reply: string): Map<string, { received: number; sent: number }> {
  const packets = new Map<string, { received: number; sent: number }>();
  for (const line of reply.split('\n')) {
    const sid = /\bsid=(0x[0-9a-f]+)/i.exec(line)?.[1];
    const received = /\brecved=(\d+)/.exec(line)?.[1];
    const sent = /\bsent=(\d+)/.exec(line)?.[1];
    if (sid !== undefined && received !== undefined && sent !== undefined) packets.set(`0x${BigInt(sid).toString(16)}`, { received: Number(received), sent: Number(sent) });
  }
  return packets;
}

/**
 * `cons`: each session's last request id (`lcxid`, hex). A ping does not move it, so two reports
 * tell which clients sent requests between them. Connections that have sent none yet are left out.
 */
export function parseConsLastRequest(reply: string): Map<string, string> {
  const requests = new Map<string, string>();
  for (const line of reply.split('\n')) {
    const sid = /\bsid=(0x[0-9a-f]+)/i.exec(line)?.[1];
    const lcxid = /\blcxid=(0x[0-9a-f]+)/i.exec(line)?.[1];
    if (sid !== undefined && lcxid !== undefined) requests.set(`0x${BigInt(sid).toString(16)}`, lcxid.toLowerCase());
  }
  return requests;
}

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
export function parseDump(reply: string, parseTime: (text: string) => number): DumpReport {
  const report: DumpReport = { ephemerals: new Map(), expiries: new Map() };
  let section: 'sets' | 'ephemerals' | null = null;
  let expiry: number | null = null;
  let session: string | null = null;
  for (const line of reply.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    if (text.startsWith('Session Sets')) section = 'sets';
    else if (text.startsWith('Sessions with Ephemerals')) section = 'ephemerals';
    else if (!/^\s/.test(line) && !/^0x[0-9a-f]+:?$/i.test(text) && !/expire at/.test(text)) section = null;
    if (section === 'sets') {
      const bucket = /expire at (.+):$/.exec(text);
      if (bucket?.[1] !== undefined) {
        const at = parseTime(bucket[1]);
        expiry = Number.isNaN(at) ? null : at;
      } else if (/^0x[0-9a-f]+$/i.test(text) && expiry !== null) {
        report.expiries.set(`0x${BigInt(text).toString(16)}`, expiry);
      }
    } else if (section === 'ephemerals') {
      if (/^0x[0-9a-f]+:$/i.test(text)) {
        session = `0x${BigInt(text.slice(0, -1)).toString(16)}`;
        report.ephemerals.set(session, []);
      } else if (text.startsWith('/') && session !== null) {
        report.ephemerals.get(session)?.push(text);
      }
    }
  }
  return report;
}
