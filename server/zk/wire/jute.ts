/**
 * ZooKeeper's wire protocol, as far as the explorer speaks it beyond node-zookeeper-client:
 * opcodes, reserved xids, error codes, length-prefixed framing and the records the client lacks
 * (multiRead, SASL). Pure: bytes in, bytes out. The record layouts are ZooKeeper's
 * `zookeeper.jute`; every request encoded here has a golden-bytes test recorded from
 * ZooKeeper's own Java encoder (`test-clients/java/WireGolden.java`).
 */
import type { ZnodeStat } from '../../../lib/protocol';
import { idHexes, longBytesToHex, longBytesToNumber } from '../../../lib/zk/ids';

/** ZooDefs.OpCode: the request types the explorer sends, reads or recognises. */
export const OpCode = {
  create: 1,
  delete: 2,
  exists: 3,
  getData: 4,
  setData: 5,
  getChildren: 8,
  sync: 9,
  ping: 11,
  getChildren2: 12,
  check: 13,
  multi: 14,
  create2: 15,
  createContainer: 19,
  createTTL: 21,
  removeWatches: 18,
  multiRead: 22,
  getAllChildrenNumber: 104,
  addWatch: 106,
  auth: 100,
  setWatches: 101,
  sasl: 102,
  closeSession: -11,
  error: -1,
} as const;

/** The create operations (a lost create reply is one of these). */
export const CREATE_OPS: ReadonlySet<number> = new Set([OpCode.create, OpCode.create2, OpCode.createContainer, OpCode.createTTL]);

/** Xids ZooKeeper reserves (ClientCnxn): replies with these are not answers to a numbered request. */
export const Xid = { notification: -1, ping: -2, auth: -4, setWatches: -8 } as const;

/** KeeperException.Code values the explorer acts on. */
export const ErrorCode = { ok: 0, unimplemented: -6, noWatcher: -121, authFailed: -115, sessionClosedRequireSaslAuth: -124 } as const;

/** Names of the KeeperException codes node-zookeeper-client 1.1.3 does not know. */
export const NEWER_ERROR_NAMES: Readonly<Record<number, string>> = {
  [-118]: 'SESSION_MOVED',
  [-119]: 'NOT_READ_ONLY',
  [-120]: 'EPHEMERAL_ON_LOCAL_SESSION',
  [-121]: 'NO_WATCHER',
  [-122]: 'REQUEST_TIMEOUT',
  [-123]: 'RECONFIG_DISABLED',
  [-124]: 'SESSION_CLOSED_REQUIRE_SASL_AUTH',
  [-125]: 'QUOTA_EXCEEDED',
  [-127]: 'THROTTLED_OP',
};

/** AddWatchMode: a persistent watch on one node, or on it and every node below it. */
export const AddWatchMode = { persistent: 0, persistentRecursive: 1 } as const;

/** Watcher.WatcherType of removeWatches (3.8): `any` removes every kind, persistent ones included. */
export const WatcherType = { children: 1, data: 2, any: 3 } as const;

/** Watcher.Event.EventType of a notification. */
export const EventType = { nodeCreated: 1, nodeDeleted: 2, nodeDataChanged: 3, nodeChildrenChanged: 4 } as const;

/** Bytes of a Stat record. */
export const STAT_BYTES = 68;

/**
 * Splits a byte stream into ZooKeeper's length-prefixed packets. Each packet is returned
 * whole (with its 4-byte length); a packet inside one chunk is a view of it, and a packet
 * spread over many chunks is joined once, when its last byte arrives: linear in the bytes,
 * however large the packet (the listing of a lock of 50,000 arrives in hundreds of chunks).
 */
export class Framer {
  private parts: Buffer[] = [];
  private partBytes = 0;
  // The whole length of the packet in `parts`, once its 4-byte length has arrived.
  private expected: number | null = null;

  /** Takes the next chunk and returns every packet it completes, in order. */
  push(chunk: Buffer): Buffer[] {
    const packets: Buffer[] = [];
    let data = chunk;
    if (this.partBytes > 0) {
      this.parts.push(chunk);
      this.partBytes += chunk.length;
      if (this.expected === null && this.partBytes >= 4) {
        const head = Buffer.concat(this.parts, this.partBytes);
        this.parts = [head];
        this.expected = 4 + head.readInt32BE(0);
      }
      if (this.expected === null || this.partBytes < this.expected) return packets;
      const joined = Buffer.concat(this.parts, this.partBytes);
      packets.push(joined.subarray(0, this.expected));
      data = joined.subarray(this.expected);
      this.reset();
    }
    let at = 0;
    while (data.length - at >= 4) {
      const total = 4 + data.readInt32BE(at);
      if (data.length - at < total) break;
      packets.push(data.subarray(at, at + total));
      at += total;
    }
    if (at < data.length) {
      this.parts = [data.subarray(at)];
      this.partBytes = data.length - at;
      this.expected = this.partBytes >= 4 ? 4 + data.readInt32BE(at) : null;
    }
    return packets;
  }

  /** Forgets a partial packet: a new connection starts a new stream. */
  reset(): void {
    this.parts = [];
    this.partBytes = 0;
    this.expected = null;
  }
}

/** A reply's header: the request's xid, the zxid it was served at, and an error code (0: none). */
export interface ReplyHeader {
  xid: number;
  zxid: Buffer;
  err: number;
}

/** Reads the ReplyHeader at the start of a packet's body (after the 4-byte length). */
export function readReplyHeader(packet: Buffer): ReplyHeader {
  return { xid: packet.readInt32BE(4), zxid: packet.subarray(8, 16), err: packet.readInt32BE(16) };
}

/** Bytes from the packet's start to the reply's body. */
export const REPLY_BODY = 20;

/** The server's answer to a ConnectRequest: a timeout of 0 or less means the session has expired. */
export interface ConnectResponse {
  protocolVersion: number;
  timeOut: number;
  sessionId: Buffer;
}

export function readConnectResponse(packet: Buffer): ConnectResponse {
  return { protocolVersion: packet.readInt32BE(4), timeOut: packet.readInt32BE(8), sessionId: packet.subarray(12, 20) };
}

/**
 * Reads a Stat record (czxid, mzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner, dataLength, numChildren, pzxid).
 * A lock node is never changed and has no children, so its mzxid and pzxid are its czxid: they
 * share its string, and a session's nodes share one string for their owner (a queue of 100,000
 * is read into memory whole and kept).
 */
export function readStat(buffer: Buffer, offset: number): ZnodeStat {
  const czxid = longBytesToHex(buffer, offset);
  return {
    czxid,
    mzxid: sameLong(buffer, offset + 8, offset) ? czxid : longBytesToHex(buffer, offset + 8),
    ctime: longBytesToNumber(buffer, offset + 16),
    mtime: longBytesToNumber(buffer, offset + 24),
    version: buffer.readInt32BE(offset + 32),
    cversion: buffer.readInt32BE(offset + 36),
    aversion: buffer.readInt32BE(offset + 40),
    ephemeralOwner: sessionHex(buffer, offset + 44),
    dataLength: buffer.readInt32BE(offset + 52),
    numChildren: buffer.readInt32BE(offset + 56),
    pzxid: sameLong(buffer, offset + 60, offset) ? czxid : longBytesToHex(buffer, offset + 60),
  };
}

/** Whether the 64-bit fields at `a` and `b` are equal. */
function sameLong(buffer: Buffer, a: number, b: number): boolean {
  return buffer.readUInt32BE(a) === buffer.readUInt32BE(b) && buffer.readUInt32BE(a + 4) === buffer.readUInt32BE(b + 4);
}

/** The one string kept for a session id, so that the nodes of a session do not each hold a copy. */
const sessionHex = idHexes(10_000);

/** Reads a jute `buffer` (length, then bytes; -1 is null) and where the next field starts. */
export function readBuffer(packet: Buffer, offset: number): { value: Buffer | null; next: number } {
  const length = packet.readInt32BE(offset);
  if (length < 0) return { value: null, next: offset + 4 };
  if (offset + 4 + length > packet.length) throw new RangeError(`a buffer of ${length} bytes runs past the packet's ${packet.length}`);
  return { value: packet.subarray(offset + 4, offset + 4 + length), next: offset + 4 + length };
}

/** Writes a whole request: length, RequestHeader (xid, type), then the body's fields. */
function request(xid: number, type: number, body: Buffer[]): Buffer {
  const bodyBytes = body.reduce((sum, part) => sum + part.length, 0);
  const head = Buffer.alloc(12);
  head.writeInt32BE(8 + bodyBytes, 0);
  head.writeInt32BE(xid, 4);
  head.writeInt32BE(type, 8);
  return Buffer.concat([head, ...body], 12 + bodyBytes);
}

function int(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value, 0);
  return bytes;
}

/** A jute `buffer` or `ustring`: length, then bytes (-1 for null). */
function lengthPrefixed(bytes: Buffer | null): Buffer {
  return bytes === null ? int(-1) : Buffer.concat([int(bytes.length), bytes]);
}

/**
 * multiRead (3.6+): a getData (or, with `op` getChildren, a getChildren) without a watch for
 * each path, in one request. Paths are full server paths (chroot included).
 */
export function encodeMultiRead(xid: number, paths: readonly string[], op: typeof OpCode.getData | typeof OpCode.getChildren = OpCode.getData): Buffer {
  // Written into one buffer: a handover's read is one of these, hundreds a second on a busy ensemble.
  let size = 12 + MULTI_HEADER_BYTES;
  for (const path of paths) size += MULTI_HEADER_BYTES + 4 + Buffer.byteLength(path, 'utf8') + 1;
  const bytes = Buffer.allocUnsafe(size);
  bytes.writeInt32BE(size - 4, 0);
  bytes.writeInt32BE(xid, 4);
  bytes.writeInt32BE(OpCode.multiRead, 8);
  let at = 12;
  for (const path of paths) {
    at = writeMultiHeader(bytes, at, op, false);
    const length = bytes.write(path, at + 4, 'utf8');
    bytes.writeInt32BE(length, at);
    at += 4 + length;
    // No watch.
    at = bytes.writeUInt8(0, at);
  }
  writeMultiHeader(bytes, at, -1, true);
  return bytes;
}

const MULTI_HEADER_BYTES = 9;

/** A MultiHeader (type, done flag, err) written at `at`; where the next field starts. */
function writeMultiHeader(bytes: Buffer, at: number, type: number, done: boolean): number {
  bytes.writeInt32BE(type, at);
  bytes.writeUInt8(done ? 1 : 0, at + 4);
  bytes.writeInt32BE(-1, at + 5);
  return at + MULTI_HEADER_BYTES;
}

/** One result of a multiRead: the node's data and stat (getData), its children's names (getChildren), or ZooKeeper's error code for it. */
export type MultiReadResult = { data: Buffer | null; stat: ZnodeStat } | { children: string[] } | { err: number };

/** GetAllChildrenNumberRequest (3.6+): how many nodes lie below `path`, at any depth. */
export function encodeGetAllChildrenNumber(xid: number, path: string): Buffer {
  return request(xid, OpCode.getAllChildrenNumber, [lengthPrefixed(Buffer.from(path, 'utf8'))]);
}

/** GetAllChildrenNumberResponse: the count. */
export function readGetAllChildrenNumber(packet: Buffer, offset = REPLY_BODY): number {
  return packet.readInt32BE(offset);
}

/** Reads a multiRead's reply body (after the ReplyHeader): one result per path, in order. */
export function readMultiReadResults(packet: Buffer, offset = REPLY_BODY): MultiReadResult[] {
  const results: MultiReadResult[] = [];
  let at = offset;
  for (;;) {
    const type = packet.readInt32BE(at);
    const done = packet.readUInt8(at + 4) !== 0;
    at += 9;
    if (done) return results;
    if (type === OpCode.getData) {
      const data = readBuffer(packet, at);
      // Copied out: the reply's buffer is large and short-lived, a node's data small and kept.
      results.push({ data: data.value === null ? null : Buffer.from(data.value), stat: readStat(packet, data.next) });
      at = data.next + STAT_BYTES;
    } else if (type === OpCode.getChildren) {
      const count = packet.readInt32BE(at);
      at += 4;
      const children: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const name = readBuffer(packet, at);
        children.push(name.value?.toString('utf8') ?? '');
        at = name.next;
      }
      results.push({ children });
    } else if (type === OpCode.error) {
      results.push({ err: packet.readInt32BE(at) });
      at += 4;
    } else {
      throw new RangeError(`a multiRead reply has a result of type ${type}`);
    }
  }
}

/** GetSASLRequest: one token of a SASL exchange (the first may be empty). */
export function encodeSaslRequest(xid: number, token: Buffer): Buffer {
  return request(xid, OpCode.sasl, [lengthPrefixed(token)]);
}

/** SetSASLResponse: the server's token (a challenge, or its final proof). */
export function readSaslResponse(packet: Buffer, offset = REPLY_BODY): Buffer {
  return readBuffer(packet, offset).value ?? Buffer.alloc(0);
}

/** SyncRequest: the server catches up with the leader before it answers anything after it. */
export function encodeSync(xid: number, path: string): Buffer {
  return request(xid, OpCode.sync, [lengthPrefixed(Buffer.from(path, 'utf8'))]);
}

/** AddWatchRequest (3.6+): a watch that stays after it fires, on `path` alone or on it and everything below it. */
export function encodeAddWatch(xid: number, path: string, mode: number): Buffer {
  return request(xid, OpCode.addWatch, [lengthPrefixed(Buffer.from(path, 'utf8')), int(mode)]);
}

/** RemoveWatchesRequest (3.5+): drops this session's watches of `type` on `path`. */
export function encodeRemoveWatches(xid: number, path: string, type: number): Buffer {
  return request(xid, OpCode.removeWatches, [lengthPrefixed(Buffer.from(path, 'utf8')), int(type)]);
}

/** A notification (xid -1): WatcherEvent {type, state, path}, the path as the server names it (chroot included). */
export function readWatcherEvent(packet: Buffer, offset = REPLY_BODY): { type: number; state: number; path: string } {
  const type = packet.readInt32BE(offset);
  const state = packet.readInt32BE(offset + 4);
  const path = readBuffer(packet, offset + 8).value?.toString('utf8') ?? '';
  return { type, state, path };
}
