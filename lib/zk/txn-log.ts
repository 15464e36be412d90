/**
 * ZooKeeper's transaction log (`version-2/log.<first zxid>`), as written by `FileTxnLog` in
 * 3.5 to 3.9: a header (`ZKLG`, version 2, dbid), then per transaction an Adler-32 checksum (a
 * long), the entry as a buffer (`TxnHeader`, its record, in 3.6+ a `TxnDigest`) and a `B`; after
 * the last one the zeros of the preallocated file. Decoding stops at the first entry that is
 * not whole or not right, and says where and why: whatever came before it is good.
 */
import { idHexes } from './ids';
import { adler32, JuteEndError, JuteReader } from './jute';

/** `ZKLG`: the first four bytes of a transaction log. */
export const TXN_LOG_MAGIC = 0x5a4b4c47;

/** ZooKeeper's op codes of the transactions a log holds (`ZooDefs.OpCode`), by the name `TxnLogToolkit` prints. */
export const TXN_TYPES = {
  [-10]: 'createSession',
  [-11]: 'closeSession',
  [-1]: 'error',
  1: 'create',
  2: 'delete',
  5: 'setData',
  7: 'setACL',
  13: 'check',
  14: 'multi',
  15: 'create2',
  16: 'reconfig',
  19: 'createContainer',
  20: 'deleteContainer',
  21: 'createTTL',
} as const satisfies Record<number, string>;

export type TxnType = (typeof TXN_TYPES)[keyof typeof TXN_TYPES];

/** One operation of a transaction (a multi has several): what it did to which znode. */
export type TxnOp =
  | {
      type: 'create' | 'create2' | 'createContainer' | 'createTTL';
      path: string;
      data: Uint8Array | null;
      ephemeral: boolean;
      parentCVersion: number;
      ttl: number | null;
    }
  | { type: 'delete' | 'deleteContainer'; path: string }
  | { type: 'setData' | 'reconfig'; path: string; data: Uint8Array | null; version: number }
  | { type: 'setACL'; path: string; version: number }
  | { type: 'check'; path: string; version: number }
  | { type: 'createSession'; timeoutMs: number }
  /** The ephemerals ZooKeeper deleted with the session, when it wrote them (3.6+); null when the log does not say. */
  | { type: 'closeSession'; paths: string[] | null }
  | { type: 'error'; code: number };

/** One transaction: its header, and its operations (one, or a multi's). */
export interface Txn {
  /** Where its entry begins in the file (its checksum). */
  offset: number;
  session: string;
  cxid: number;
  /** As a number (`zxidAt`; `zxidHex` prints it as ZooKeeper does). */
  zxid: number;
  /** The leader's clock when it was proposed, in ms. */
  time: number;
  type: TxnType;
  ops: TxnOp[];
  /**
   * It changed nothing: an error, or a multi one of whose operations failed. ZooKeeper logs the
   * operations of a failed multi that came before the failure as they were prepared (a create,
   * then the error), and applies none of them.
   */
  failed: boolean;
}

export interface TxnLogHeader {
  version: number;
  dbid: string;
}

/** A log as far as it could be read. */
export interface TxnLogRead {
  header: TxnLogHeader;
  txns: Txn[];
  /** Where reading stopped early, and why; null when it reached the log's end (its padding or the end of the file). */
  stopped: { offset: number; reason: string } | null;
}

/** The file is not a transaction log at all (another magic, another version). */
export class NotATxnLogError extends Error {}

export const FILE_HEADER_BYTES = 16;

/** Where and why reading a log stopped before its end. */
export interface TxnStop {
  offset: number;
  reason: string;
  /** The bytes given ended inside this entry: when they are not the whole file, more of it may complete the entry. */
  partial: boolean;
}

export function readTxnLogHeader(bytes: Uint8Array): TxnLogHeader {
  if (bytes.length < FILE_HEADER_BYTES) throw new NotATxnLogError(`${bytes.length} bytes: shorter than a log's header`);
  const reader = new JuteReader(bytes);
  const magic = reader.int() >>> 0;
  if (magic !== TXN_LOG_MAGIC) throw new NotATxnLogError(`not a transaction log: magic 0x${magic.toString(16)}, not 0x5a4b4c47 (ZKLG)`);
  const version = reader.int();
  if (version !== 2) throw new NotATxnLogError(`transaction log version ${version}: only version 2 (ZooKeeper 3.x) is read`);
  return { version, dbid: reader.hex() };
}

/** Reads every transaction of a log file's bytes, up to its end or to the first entry that is not whole or not right. */
export function readTxnLog(bytes: Uint8Array): TxnLogRead {
  const header = readTxnLogHeader(bytes);
  const txns: Txn[] = [];
  for (const entry of txnEntries(bytes)) {
    if ('reason' in entry) return { header, txns, stopped: { offset: entry.offset, reason: entry.reason } };
    txns.push(entry);
  }
  return { header, txns, stopped: null };
}

/**
 * The transactions of a log one after another, then, if reading stopped early, where and why.
 * `bytes` may be a part of the file (`start`: where its first entry is; `whole`: false when the
 * file goes on after them): an entry they end inside is then a stop marked `partial`, for the
 * caller to read on.
 */
export function txnEntries(bytes: Uint8Array, start = FILE_HEADER_BYTES, whole = true): Array<Txn | TxnStop> {
  return framedTxns(bytes, txnFrames(bytes, start, whole));
}

/**
 * Where a log's whole and right entries are, told apart from their records: the framing and the
 * checksums, which a thread of their own can do while another decodes and applies what came
 * before (`framedTxns`).
 */
export interface TxnFrames {
  /** Three numbers an entry: where it begins (its checksum), where its record begins, the record's length. */
  rows: Int32Array;
  count: number;
  /** Where and why the entries ended before the bytes did; null when they reached the log's end (its zeros) or the bytes' end on an entry's. */
  stop: TxnStop | null;
}

/** The smallest entry: a checksum, a length, a `TxnHeader` and its `B`. */
const SMALLEST_ENTRY = 8 + 4 + 32 + 1;

/** Frames the entries of `bytes` from `start` (see `txnEntries`), checking each one's length, its `B` and its Adler-32. */
export function txnFrames(bytes: Uint8Array, start = FILE_HEADER_BYTES, whole = true): TxnFrames {
  const rows = new Int32Array(3 * (Math.floor(Math.max(0, bytes.length - start) / SMALLEST_ENTRY) + 1));
  let count = 0;
  const ended = (stop: TxnStop | null): TxnFrames => ({ rows: rows.subarray(0, count * 3), count, stop });
  const reader = new JuteReader(bytes, start);
  for (;;) {
    const offset = reader.offset;
    // The end of the file, or of what was written (the rest is zeros): a whole log. Bytes that are not zeros there are an entry cut short.
    if (reader.remaining < 12) {
      if (!whole) return ended({ offset, reason: 'the bytes read end inside an entry', partial: true });
      if (bytes.subarray(offset).some((byte) => byte !== 0)) return ended({ offset, reason: `${reader.remaining} bytes of an entry cut short at the end of the file (a partial write or a truncated file)`, partial: true });
      return ended(null);
    }
    const checksum = reader.number();
    const length = reader.int();
    if (length === 0 && checksum === 0) return ended(null);
    if (length <= 0 || length > reader.remaining - 1) {
      return ended(length <= 0 ? { offset, reason: `entry of ${length} bytes`, partial: false } : { offset, reason: `entry of ${length} bytes cut short by the end of the file (a partial write or a truncated file)`, partial: true });
    }
    const entry = reader.offset;
    reader.offset += length;
    if (reader.byte() !== 0x42) return ended({ offset, reason: 'entry not ended by B (a partial write)', partial: false });
    const computed = adler32(bytes, entry, entry + length);
    if (computed !== checksum) return ended({ offset, reason: `checksum 0x${checksum.toString(16)} where the entry sums to 0x${computed.toString(16)} (a damaged entry)`, partial: false });
    rows[count * 3] = offset;
    rows[count * 3 + 1] = entry;
    rows[count * 3 + 2] = length;
    count += 1;
  }
}

/**
 * The transactions of the framed entries of `bytes`, each at its offset plus `base` (where the
 * bytes begin in the file), then the frames' stop; a record that cannot be decoded is a stop
 * there, and the end.
 */
export function framedTxns(bytes: Uint8Array, frames: TxnFrames, base = 0): Array<Txn | TxnStop> {
  const { rows, count } = frames;
  const entries: Array<Txn | TxnStop> = [];
  const reader = new JuteReader(bytes);
  for (let i = 0; i < count; i += 1) {
    const offset = base + rows[i * 3]!;
    const entry = rows[i * 3 + 1]!;
    try {
      entries.push(decodeEntry(reader.within(entry, entry + rows[i * 3 + 2]!), offset));
    } catch (error) {
      entries.push({ offset, reason: error instanceof Error ? error.message : String(error), partial: false });
      return entries;
    }
  }
  if (frames.stop !== null) entries.push({ ...frames.stop, offset: base + frames.stop.offset });
  return entries;
}

/** `TxnDigest`: an int and a long, after the record in 3.6+. */
const DIGEST_BYTES = 12;

/** Session ids as one string each, however many transactions name them (a tree's owners and an index's events share them). */
const sessionId = idHexes(100_000);

function decodeEntry(reader: JuteReader, offset: number): Txn {
  const session = sessionId(reader.bytes, reader.skip(8));
  const cxid = reader.int();
  const zxid = reader.zxid();
  const time = reader.number();
  const code = reader.int();
  const type = txnType(code);
  if (type === 'multi') {
    const ops =
      reader.vector((inner) => {
        const subType = txnType(inner.int());
        const data = inner.buffer();
        if (data === null) throw new Error(`a multi's ${subType} without its record`);
        const sub = new JuteReader(data);
        return decodeOp(subType, sub);
      }) ?? [];
    return { offset, session, cxid, zxid, time, type, ops, failed: ops.some((op) => op.type === 'error') };
  }
  return { offset, session, cxid, zxid, time, type, ops: [decodeOp(type, reader)], failed: type === 'error' };
}

function txnType(code: number): TxnType {
  const type = (TXN_TYPES as Record<number, TxnType | undefined>)[code];
  if (type === undefined) throw new Error(`unknown transaction type ${code}`);
  return type;
}

/** Passes over a node's ACL (its permissions, scheme and id each): nothing of it is kept. */
function acls(reader: JuteReader): void {
  // No vector made: a create's ACL is read a million times and never kept.
  const count = reader.int();
  if (count > reader.remaining) throw new JuteEndError(`a vector of ${count} in ${reader.remaining} bytes`);
  for (let index = 0; index < count; index += 1) {
    reader.int();
    reader.skipBuffer();
    reader.skipBuffer();
  }
}

function pathOf(reader: JuteReader, type: TxnType): string {
  const value = reader.string();
  if (value === null) throw new Error(`a ${type} without a path`);
  return value;
}

/** One operation's record (`zookeeper.jute`'s txn module); the reader may hold a digest after it. */
function decodeOp(type: TxnType, reader: JuteReader): TxnOp {
  // Plain calls, no closures: this runs once per transaction of a million.
  switch (type) {
    case 'create':
    case 'create2': {
      const at = pathOf(reader, type);
      const bytes = reader.ownBuffer();
      acls(reader);
      const ephemeral = reader.bool();
      // CreateTxnV0 (3.2 and before) has no parent's cversion: what follows is a digest or nothing.
      const parentCVersion = reader.remaining === 0 || reader.remaining === DIGEST_BYTES ? -1 : reader.int();
      return { type, path: at, data: bytes, ephemeral, parentCVersion, ttl: null };
    }
    case 'createContainer': {
      const at = pathOf(reader, type);
      const bytes = reader.ownBuffer();
      acls(reader);
      return { type, path: at, data: bytes, ephemeral: false, parentCVersion: reader.int(), ttl: null };
    }
    case 'createTTL': {
      const at = pathOf(reader, type);
      const bytes = reader.ownBuffer();
      acls(reader);
      const parentCVersion = reader.int();
      return { type, path: at, data: bytes, ephemeral: false, parentCVersion, ttl: reader.number() };
    }
    case 'delete':
    case 'deleteContainer':
      return { type, path: pathOf(reader, type) };
    case 'setData':
    case 'reconfig': {
      const at = pathOf(reader, type);
      const bytes = reader.ownBuffer();
      return { type, path: at, data: bytes, version: reader.int() };
    }
    case 'setACL': {
      const at = pathOf(reader, type);
      acls(reader);
      return { type, path: at, version: reader.int() };
    }
    case 'check': {
      const at = pathOf(reader, type);
      return { type, path: at, version: reader.int() };
    }
    case 'createSession':
      return { type, timeoutMs: reader.int() };
    case 'closeSession':
      // Written with the paths it deleted (3.6+, closeSessionTxn.enabled) or empty; a digest alone is not a list.
      if (reader.remaining === 0 || reader.remaining === DIGEST_BYTES) return { type, paths: null };
      try {
        return { type, paths: (reader.vector((inner) => inner.string() ?? '') ?? []).filter((one) => one !== '') };
      } catch (error) {
        if (error instanceof JuteEndError) return { type, paths: null };
        throw error;
      }
    case 'error':
      return { type, code: reader.int() };
    case 'multi':
      throw new Error('a multi inside a multi');
  }
}
