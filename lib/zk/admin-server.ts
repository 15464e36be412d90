/**
 * Parsers for ZooKeeper's AdminServer (`/commands/<name>`, JSON), which answers the same
 * questions as the four-letter words where `4lw.commands.whitelist` refuses them (its default
 * since 3.5.3 is `srvr` alone). Session ids are JSON numbers there, often beyond 2^53: they are
 * read losslessly and kept as hex strings, as everywhere else.
 */
import { isSafeNumber, parse } from 'lossless-json';

/** The reply of one command, with every integer too large for a double kept as its decimal text. */
export function parseAdminJson(text: string): Record<string, unknown> {
  const value = parse(text, null, (number) => (isSafeNumber(number) ? Number(number) : number));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('the AdminServer answered something other than a JSON object');
  const reply = value as Record<string, unknown>;
  if (typeof reply.error === 'string' && reply.error !== '') throw new Error(`the AdminServer refused: ${reply.error}`);
  return reply;
}

/** A session id as the AdminServer gives it (a number, or the decimal text of a large one) in ZooKeeper's hex. */
function sessionHex(id: unknown): string | null {
  if (typeof id === 'number' && Number.isInteger(id)) return `0x${id.toString(16)}`;
  if (typeof id === 'string' && /^\d+$/.test(id)) return `0x${BigInt(id).toString(16)}`;
  return null;
}

/** `/commands/connections`: each session's client address and its last request id (hex), as `cons` gives them. */
export function parseAdminConnections(reply: Record<string, unknown>): { clients: Map<string, string>; lastRequest: Map<string, string> } {
  const clients = new Map<string, string>();
  const lastRequest = new Map<string, string>();
  const lists = [reply.connections, reply.secure_connections].filter(Array.isArray) as unknown[][];
  for (const connection of lists.flat()) {
    if (connection === null || typeof connection !== 'object') continue;
    const { session_id: id, remote_socket_address: address, last_cxid: cxid } = connection as Record<string, unknown>;
    const session = sessionHex(id);
    // A connection not yet bound to a session reports id 0.
    if (session === null || session === '0x0' || typeof address !== 'string') continue;
    clients.set(session, address.replace(/^\//, ''));
    if (typeof cxid === 'number' && cxid >= 0) lastRequest.set(session, `0x${cxid.toString(16)}`);
  }
  return { clients, lastRequest };
}

/** An object of session ids (decimal keys) to paths, as hex session ids to paths. */
function pathsBySession(value: unknown): Map<string, string[]> {
  const bySession = new Map<string, string[]>();
  if (value === null || typeof value !== 'object') return bySession;
  for (const [id, paths] of Object.entries(value as Record<string, unknown>)) {
    const session = sessionHex(id);
    if (session === null || !Array.isArray(paths)) continue;
    bySession.set(session, paths.filter((path): path is string => typeof path === 'string'));
  }
  return bySession;
}

/** `/commands/watches`: each session and the paths it holds a data watch on, as `wchc` gives them. */
export function parseAdminWatches(reply: Record<string, unknown>): Map<string, string[]> {
  return pathsBySession(reply.session_id_to_watched_paths);
}

/** `/commands/monitor`: the counters `mntr` gives, under the same `zk_` names. */
export function parseAdminMonitor(reply: Record<string, unknown>): Map<string, string | number> {
  const values = new Map<string, string | number>();
  for (const [key, value] of Object.entries(reply)) {
    if (key === 'command' || key === 'error') continue;
    if (typeof value === 'number' || typeof value === 'string') values.set(`zk_${key}`, value);
  }
  return values;
}

/** `/commands/dump`: each session's ephemeral nodes. */
export function parseAdminDump(reply: Record<string, unknown>): Map<string, string[]> {
  return pathsBySession(reply.session_id_to_ephemeral_paths);
}

/**
 * `/commands/dump`: when the server will expire each session, on the server's own elapsed-time
 * clock (ms since some moment of its own, not the wall clock): `wallClockExpiries` places them.
 */
export function parseAdminExpiries(reply: Record<string, unknown>): Map<string, number> {
  const expiries = new Map<string, number>();
  const buckets = reply.expiry_time_to_session_ids;
  if (buckets === null || typeof buckets !== 'object') return expiries;
  for (const [time, ids] of Object.entries(buckets as Record<string, unknown>)) {
    const at = Number(time);
    if (!Number.isFinite(at) || !Array.isArray(ids)) continue;
    for (const id of ids) {
      const session = sessionHex(id);
      if (session !== null) expiries.set(session, at);
    }
  }
  return expiries;
}

/** `/commands/configuration`: the server's tick (ms), the step its expiry times are rounded up to; null when not said. */
export function parseAdminTickTime(reply: Record<string, unknown>): number | null {
  return typeof reply.tick_time === 'number' && reply.tick_time > 0 ? reply.tick_time : null;
}

/** A session of the explorer's own that a request touched just before `dump` was asked. */
export interface TouchedSession {
  session: string;
  /** Its timeout as negotiated with ZooKeeper (ms). */
  timeoutMs: number;
  /** When the request was sent and when its answer came (ms since the epoch, the explorer's clock). */
  sentAt: number;
  answeredAt: number;
}

/**
 * Expiry times from the server's elapsed-time clock onto the wall clock, through a session the
 * explorer touched just before: a request sets its expiry to the server's time then plus its
 * timeout, rounded up to the next tick. So the server's clock read (its expiry − timeout −
 * half a tick) at the middle of that request, to within half a tick and half the round trip.
 * Null when the touched session is not in the dump (the member does not track it: a follower).
 */
export function wallClockExpiries(elapsed: ReadonlyMap<string, number>, touched: TouchedSession, tickMs: number): Map<string, number> | null {
  const reference = elapsed.get(touched.session);
  if (reference === undefined) return null;
  const serverAtTouch = reference - touched.timeoutMs - tickMs / 2;
  const touchedAt = (touched.sentAt + touched.answeredAt) / 2;
  const expiries = new Map<string, number>();
  for (const [session, at] of elapsed) expiries.set(session, Math.round(touchedAt + (at - serverAtTouch)));
  return expiries;
}
