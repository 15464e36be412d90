/**
 * ZooKeeper's transaction log (`version-2/log.<first zxid>`), as written by `FileTxnLog` in
 * 3.5 to 3.9: a header (`ZKLG`, version 2, dbid), then per transaction an Adler-32 checksum (a
 * long), the entry as a buffer (`TxnHeader`, its record, in 3.6+ a `TxnDigest`) and a `B`; after
 * the last one the zeros of the preallocated file. Decoding stops at the first entry that is
 * not whole or not right, and says where and why: whatever came before it is good.
 */
import { idHexes, uint32At } from './ids';
import { adler32Ranges } from './adler32';
import { JuteEndError, JuteReader } from './jute';
import { parentPath } from './path';

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

/**
 * One operation of a transaction (a multi has several): what it did to which znode. Its `data`
 * is a view of the bytes the log was read from (the tree copies what it keeps: a copy a create
 * cost a twentieth of loading a million); a reader that keeps it keeps them all.
 */
export type TxnOp =
  | {
      type: 'create' | 'create2' | 'createContainer' | 'createTTL';
      path: string;
      data: Uint8Array | null;
      ephemeral: boolean;
      parentCVersion: number;
      ttl: number | null;
      /** Its parent's path, when the reader knows it as a string it made before (see `PathNumbers`); else told from `path`. */
      parent?: string;
      /** Where its name (the path's last part) is in the transaction's `bytes`, and how many bytes, when it has them (-1: no `/` in the path). */
      nameAt?: number;
      nameLength?: number;
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
  /** The bytes it was read from (`offset` is not a place in them), where a create's `nameAt` points. */
  bytes?: Uint8Array;
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
  /** It stands for every transaction of a stretch of the log that could not be read (`ZnodeTree.jumpTo`): what it changed is known, not when nor by whom. */
  gap?: true;
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
  /** Where the entry after it begins, when this one is whole but for its sum (its length and its `B` right): the log may be read on from there. */
  after?: number;
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
  for (const entry of tapeTxns(bytes, txnTape(bytes, txnFrames(bytes)))) {
    if ('reason' in entry) return { header, txns, stopped: { offset: entry.offset, reason: entry.reason } };
    txns.push(entry);
  }
  return { header, txns, stopped: null };
}

/**
 * Where a log's whole and right entries are, told apart from their records: the framing and the
 * checksums, which a thread of their own can do while another decodes and applies what came
 * before (`txnTape`, `tapeTxns`).
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

/**
 * Frames the entries of `bytes` from `start`, checking each one's length, its `B` and its
 * Adler-32. `bytes` may be a part of the file (`whole`: false when the file goes on after them):
 * an entry they end inside is then a stop marked `partial`, for the caller to read on.
 */
export function txnFrames(bytes: Uint8Array, start = FILE_HEADER_BYTES, whole = true): TxnFrames {
  const rows = new Int32Array(3 * (Math.floor(Math.max(0, bytes.length - start) / SMALLEST_ENTRY) + 1));
  let count = 0;
  const ended = (stop: TxnStop | null): TxnFrames => ({ rows: rows.subarray(0, count * 3), count, stop });
  const reader = new JuteReader(bytes, start);
  const sum = adler32Ranges(bytes);
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
    const computed = sum(entry, entry + length);
    if (computed !== checksum) return ended({ offset, reason: `checksum 0x${checksum.toString(16)} where the entry sums to 0x${computed.toString(16)} (a damaged entry)`, partial: false, after: reader.offset });
    rows[count * 3] = offset;
    rows[count * 3 + 1] = entry;
    rows[count * 3 + 2] = length;
    count += 1;
  }
}

/**
 * Framed entries decoded into numbers: each transaction's fields, each operation's, and where in
 * the bytes each path and datum is. The thread that reads a log makes it (log-thread.ts), and
 * hands it over with the bytes; the thread that applies the transactions makes only the strings
 * and objects of them (`tapeTxns`), which cannot cross between threads for nothing.
 */
export interface TxnTape {
  /** TXN_FIELDS integers a transaction. */
  txns: Int32Array;
  /** Two numbers a transaction: its zxid and its time. */
  moments: Float64Array;
  count: number;
  /** OP_FIELDS integers an operation. */
  ops: Int32Array;
  /** Numbers too large for an integer: the TTLs of TTL nodes. */
  ttls: Float64Array;
  /** Two integers a path a session's close names: where, how long. */
  closed: Int32Array;
  /** The session ids the transactions name, each once (a transaction's is its place here). */
  sessions: string[];
  /** Where and why decoding stopped: the frames' stop, or the first record that could not be decoded. */
  stop: TxnStop | null;
}

/** A transaction's integers: its offset in the file, cxid, type's code, session (its place in `sessions`), first operation and how many, and whether it failed (1). */
const TXN_FIELDS = 7;
/**
 * An operation's integers: its type's code; its path's place and length (-1: none); its datum's
 * place and length (-1: null); one number more (ephemeral 1, a version, a session's timeout, an
 * error's code, a TTL's place in `ttls`); the parent's cversion; the first of a close's paths in
 * `closed` and how many (-1: not said); its path's code and its parent's (a create's) from the
 * `PathNumbers` the tape was made with (-1: none); where a create's name begins (-1: none).
 */
const OP_FIELDS = 12;

/**
 * Numbers for the paths of the logs one thread decodes, for the thread that applies them to make
 * each path's string once and use it again: a delete then names its node by the very string the
 * tree is keyed by (no bytes decoded, no hash computed again), a create its parent. A path's code
 * is its number times two, plus one where the number is new to it or was last another path's:
 * the applying thread makes its string then, and keeps it under that number. Which number a path
 * gets is the numbering's own affair; a delete may free its path's number for another.
 */
export interface PathNumbers {
  /** The code of the path in `bytes[at, at + length)`; `deleted`: the path's node goes (its number may be given to another after this). */
  code(bytes: Uint8Array, at: number, length: number, deleted: boolean): number;
  /** Forgets every number (each path is new again): an entry's codes were given and the entry not decoded whole. */
  reset(): void;
}

/** How many sessions a tape writer tells by their bytes alone (`sessionNumber`): a power of two. */
const RECENT_SESSIONS = 256;
const RECENT_MASK = RECENT_SESSIONS - 1;

/** `TxnDigest`: an int and a long, after the record in 3.6+. */
const DIGEST_BYTES = 12;

/** Session ids as one string each, however many transactions name them (a tree's owners and an index's events share them). */
const sessionId = idHexes(100_000);

const sessionStrings = new Map<string, string>();

function internedSession(id: string): string {
  const known = sessionStrings.get(id);
  if (known !== undefined) return known;
  if (sessionStrings.size >= 100_000) sessionStrings.clear();
  sessionStrings.set(id, id);
  return id;
}

/** Decodes the framed entries of `bytes` into a tape (see `TxnTape`). */
export function txnTape(bytes: Uint8Array, frames: TxnFrames, base = 0, numbers: PathNumbers | null = null): TxnTape {
  const { rows, count } = frames;
  const writer = new TapeWriter(bytes, count, numbers);
  const reader = new JuteReader(bytes);
  for (let i = 0; i < count; i += 1) {
    const offset = base + rows[i * 3]!;
    const entry = rows[i * 3 + 1]!;
    try {
      writer.entry(reader.within(entry, entry + rows[i * 3 + 2]!), offset);
    } catch (error) {
      writer.undo();
      numbers?.reset();
      return writer.done({ offset, reason: error instanceof Error ? error.message : String(error), partial: false });
    }
  }
  const { stop } = frames;
  return writer.done(stop === null ? null : { ...stop, offset: base + stop.offset, ...(stop.after === undefined ? {} : { after: base + stop.after }) });
}

class TapeWriter {
  private txns: Int32Array;
  private moments: Float64Array;
  private count = 0;
  private ops: Int32Array;
  private opCount = 0;
  private ttls = new Float64Array(0);
  private ttlCount = 0;
  private closed = new Int32Array(0);
  private closedCount = 0;
  private readonly sessions: string[] = [];
  private readonly sessionAt = new Map<string, number>();
  /** Sessions seen lately, three numbers each: the id's high and low 32 bits, its number here (-1: none yet). */
  private readonly recent = new Int32Array(RECENT_SESSIONS * 3).fill(-1);

  constructor(
    private readonly bytes: Uint8Array,
    expected: number,
    private readonly numbers: PathNumbers | null,
  ) {
    this.txns = new Int32Array(Math.max(1, expected) * TXN_FIELDS);
    this.moments = new Float64Array(Math.max(1, expected) * 2);
    this.ops = new Int32Array(Math.max(1, expected) * OP_FIELDS);
  }

  entry(reader: JuteReader, offset: number): void {
    const number = this.sessionNumber(reader.bytes, reader.skip(8));
    const cxid = reader.int();
    const zxid = reader.zxid();
    const time = reader.number();
    const code = reader.int();
    const type = txnType(code);
    const firstOp = this.opCount;
    let failed = type === 'error';
    if (type === 'multi') {
      const ops = reader.int();
      if (ops > reader.remaining) throw new JuteEndError(`a vector of ${ops} in ${reader.remaining} bytes`);
      for (let k = 0; k < ops; k += 1) {
        const subCode = reader.int();
        const subType = txnType(subCode);
        const length = reader.int();
        if (length < 0) throw new Error(`a multi's ${subType} without its record`);
        const at = reader.skip(length);
        this.op(subCode, subType, new JuteReader(this.bytes, at, at + length));
        if (subType === 'error') failed = true;
      }
    } else this.op(code, type, reader);
    this.txns = grown(this.txns, this.count, TXN_FIELDS);
    this.moments = grown(this.moments, this.count, 2);
    const { txns, moments } = this;
    const row = this.count * TXN_FIELDS;
    txns[row] = offset;
    txns[row + 1] = cxid;
    txns[row + 2] = code;
    txns[row + 3] = number;
    txns[row + 4] = firstOp;
    txns[row + 5] = this.opCount - firstOp;
    txns[row + 6] = failed ? 1 : 0;
    moments[this.count * 2] = zxid;
    moments[this.count * 2 + 1] = time;
    this.count += 1;
  }

  /**
   * The number of the session whose id is the 8 bytes at `at`: told by the bytes themselves where
   * the last session that fell in the same place of `recent` had them (a log's sessions are a few
   * dozen, taking turns: three map lookups a transaction otherwise, a tenth of decoding one).
   */
  private sessionNumber(bytes: Uint8Array, at: number): number {
    // Signed, as `recent` keeps them.
    const high = uint32At(bytes, at) | 0;
    const low = uint32At(bytes, at + 4) | 0;
    const { recent } = this;
    const slot = ((high ^ low ^ (low >>> 8)) & RECENT_MASK) * 3;
    if (recent[slot + 2]! >= 0 && recent[slot] === high && recent[slot + 1] === low) return recent[slot + 2]!;
    const session = sessionId(bytes, at);
    let number = this.sessionAt.get(session);
    if (number === undefined) {
      number = this.sessions.push(session) - 1;
      this.sessionAt.set(session, number);
    }
    recent[slot] = high;
    recent[slot + 1] = low;
    recent[slot + 2] = number;
    return number;
  }

  /** Forgets the operations of an entry that could not be decoded whole. */
  undo(): void {
    const last = (this.count - 1) * TXN_FIELDS;
    this.opCount = this.count === 0 ? 0 : this.txns[last + 4]! + this.txns[last + 5]!;
  }

  done(stop: TxnStop | null): TxnTape {
    return {
      txns: this.txns.subarray(0, this.count * TXN_FIELDS),
      moments: this.moments.subarray(0, this.count * 2),
      count: this.count,
      ops: this.ops.subarray(0, this.opCount * OP_FIELDS),
      ttls: this.ttls.subarray(0, this.ttlCount),
      closed: this.closed.subarray(0, this.closedCount * 2),
      sessions: this.sessions,
      stop,
    };
  }

  /** One operation's record (`zookeeper.jute`'s txn module); the reader may hold a digest after it. */
  private op(code: number, type: TxnType, reader: JuteReader): void {
    let path = -1;
    let pathLength = -1;
    let data = -1;
    let dataLength = -1;
    let value = 0;
    let parentCVersion = -1;
    let pathsFirst = -1;
    let pathsCount = -1;
    let pathCode = -1;
    let parentCode = -1;
    let nameAt = -1;
    if (type !== 'createSession' && type !== 'closeSession' && type !== 'error' && type !== 'multi') {
      pathLength = reader.int();
      if (pathLength < 0) throw new Error(`a ${type} without a path`);
      path = reader.skip(pathLength);
      const created = type === 'create' || type === 'create2' || type === 'createContainer' || type === 'createTTL';
      const slash = created ? lastSlash(this.bytes, reader.view, path, pathLength) : -1;
      if (slash >= 0) nameAt = path + slash + 1;
      const { numbers } = this;
      if (numbers !== null && pathLength > 0) {
        pathCode = numbers.code(this.bytes, path, pathLength, type === 'delete' || type === 'deleteContainer');
        // The parent's bytes as `parentPath` cuts them: up to the last `/`, the root's own for a child of it.
        if (slash >= 0) parentCode = numbers.code(this.bytes, path, slash === 0 ? 1 : slash, false);
      }
    }
    switch (type) {
      case 'create':
      case 'create2':
      case 'createContainer':
      case 'createTTL':
        dataLength = reader.int();
        if (dataLength >= 0) data = reader.skip(dataLength);
        acls(reader);
        if (type === 'createContainer' || type === 'createTTL') parentCVersion = reader.int();
        else {
          value = reader.bool() ? 1 : 0;
          // CreateTxnV0 (3.2 and before) has no parent's cversion: what follows is a digest or nothing.
          parentCVersion = reader.remaining === 0 || reader.remaining === DIGEST_BYTES ? -1 : reader.int();
        }
        if (type === 'createTTL') {
          this.ttls = grown(this.ttls, this.ttlCount, 1);
          this.ttls[this.ttlCount] = reader.number();
          value = this.ttlCount;
          this.ttlCount += 1;
        }
        break;
      case 'delete':
      case 'deleteContainer':
        break;
      case 'setData':
      case 'reconfig':
        dataLength = reader.int();
        if (dataLength >= 0) data = reader.skip(dataLength);
        value = reader.int();
        break;
      case 'setACL':
        acls(reader);
        value = reader.int();
        break;
      case 'check':
      case 'createSession':
      case 'error':
        value = reader.int();
        break;
      case 'closeSession':
        // Written with the paths it deleted (3.6+, closeSessionTxn.enabled) or empty; a digest alone is not a list.
        if (reader.remaining !== 0 && reader.remaining !== DIGEST_BYTES) [pathsFirst, pathsCount] = this.closedPaths(reader);
        break;
      case 'multi':
        throw new Error('a multi inside a multi');
    }
    this.ops = grown(this.ops, this.opCount, OP_FIELDS);
    const { ops } = this;
    const row = this.opCount * OP_FIELDS;
    ops[row] = code;
    ops[row + 1] = path;
    ops[row + 2] = pathLength;
    ops[row + 3] = data;
    ops[row + 4] = dataLength;
    ops[row + 5] = value;
    ops[row + 6] = parentCVersion;
    ops[row + 7] = pathsFirst;
    ops[row + 8] = pathsCount;
    ops[row + 9] = pathCode;
    ops[row + 10] = parentCode;
    ops[row + 11] = nameAt;
    this.opCount += 1;
  }

  /** The paths a session's close names (its empty ones left out): where the first is in `closed`, and how many; -1 when the list is not whole. */
  private closedPaths(reader: JuteReader): [number, number] {
    const first = this.closedCount;
    try {
      const count = reader.int();
      if (count < 0) return [first, 0];
      if (count > reader.remaining) throw new JuteEndError(`a vector of ${count} in ${reader.remaining} bytes`);
      for (let k = 0; k < count; k += 1) {
        const length = reader.int();
        if (length <= 0) continue;
        const at = reader.skip(length);
        this.closed = grown(this.closed, this.closedCount, 2);
        this.closed[this.closedCount * 2] = at;
        this.closed[this.closedCount * 2 + 1] = length;
        this.closedCount += 1;
      }
      return [first, this.closedCount - first];
    } catch (error) {
      if (!(error instanceof JuteEndError)) throw error;
      this.closedCount = first;
      return [-1, -1];
    }
  }
}

/** Where the last `/` of a path is among its bytes (0 for a child of the root); -1 for a path that does not begin with `/`. */
function lastSlash(bytes: Uint8Array, view: DataView, at: number, length: number): number {
  if (length === 0 || bytes[at] !== SLASH) return -1;
  let cut = length - 1;
  // Back four bytes at a time while none of them is a `/` (a byte of the word xor `////` is zero: a lock node's name of 50 bytes, a byte at a time, took a twentieth of decoding).
  while (cut >= 4) {
    const word = view.getInt32(at + cut - 3, true) ^ 0x2f2f2f2f;
    if (((word - 0x01010101) & ~word & 0x80808080) !== 0) break;
    cut -= 4;
  }
  while (cut > 0 && bytes[at + cut] !== SLASH) cut -= 1;
  return cut;
}

const SLASH = 0x2f;

/** `array`, or a longer copy of it, with room for row `index` of `fields` numbers. */
function grown<T extends Int32Array | Float64Array>(array: T, index: number, fields: number): T {
  const needed = (index + 1) * fields;
  if (needed <= array.length) return array;
  const longer = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, needed, 16));
  longer.set(array as never);
  return longer;
}

const UTF8 = new TextDecoder('utf-8', { fatal: false });
const NO_BYTES = new Uint8Array(0);

/** How the strings of a tape's transactions are made (see `tapeTxns`). */
export interface TapeStrings {
  /** The strings of the paths by their numbers, where the tape was made with `PathNumbers` (one array for all the tapes of one numbering, taken in order); null: none numbered. */
  paths: string[] | null;
  /** The string a path is already kept as, if any (a tree's key: a parent's path made for a new number is that very string, compared by identity when the parent is looked up again). */
  known: (path: string) => string;
}

const PLAIN: TapeStrings = { paths: null, known: (path) => path };

/** The transactions of a tape made of `bytes`, as objects, then its stop; their strings made as `strings` says. */
export function tapeTxns(bytes: Uint8Array, tape: TxnTape, strings: Partial<TapeStrings> = PLAIN): Array<Txn | TxnStop> {
  const made: TapeStrings = strings === PLAIN ? PLAIN : { paths: strings.paths ?? null, known: strings.known ?? PLAIN.known };
  const { txns, moments, count } = tape;
  // One string a session in this thread too (a tape from another thread brings copies of its own).
  const sessions = tape.sessions.map(internedSession);
  const entries: Array<Txn | TxnStop> = [];
  for (let i = 0; i < count; i += 1) {
    const row = i * TXN_FIELDS;
    const first = txns[row + 4]!;
    const opCount = txns[row + 5]!;
    // Most transactions are one operation: an array of one made as such (one pushed to an empty one takes room for seventeen).
    let ops: TxnOp[];
    if (opCount === 1) ops = [opOf(bytes, tape, first * OP_FIELDS, made)];
    else {
      ops = [];
      for (let k = first; k < first + opCount; k += 1) ops.push(opOf(bytes, tape, k * OP_FIELDS, made));
    }
    entries.push({ offset: txns[row]!, bytes, session: sessions[txns[row + 3]!]!, cxid: txns[row + 1]!, zxid: moments[i * 2]!, time: moments[i * 2 + 1]!, type: txnType(txns[row + 2]!), ops, failed: txns[row + 6] === 1 });
  }
  if (tape.stop !== null) entries.push(tape.stop);
  return entries;
}

function opOf(bytes: Uint8Array, tape: TxnTape, row: number, strings: TapeStrings): TxnOp {
  const { ops } = tape;
  const { paths, known } = strings;
  const type = txnType(ops[row]!);
  const value = ops[row + 5]!;
  switch (type) {
    case 'create':
    case 'create2':
    case 'createContainer':
    case 'createTTL': {
      const path = pathOf(bytes, ops, row, strings);
      const parentCode = ops[row + 10]!;
      // A new number for the parent: its string is cut from the child's (and kept for its next children).
      const nameAt = ops[row + 11]!;
      const parent = paths === null || parentCode < 0 ? undefined : (parentCode & 1) === 0 ? paths[parentCode >>> 1] : (paths[parentCode >>> 1] = known(parentPath(path)));
      return { type, path, data: datum(bytes, ops[row + 3]!, ops[row + 4]!), ephemeral: type !== 'createTTL' && value === 1, parentCVersion: ops[row + 6]!, ttl: type === 'createTTL' ? tape.ttls[value]! : null, parent, nameAt, nameLength: ops[row + 1]! + ops[row + 2]! - nameAt };
    }
    case 'delete':
    case 'deleteContainer':
      return { type, path: pathOf(bytes, ops, row, strings) };
    case 'setData':
    case 'reconfig':
      return { type, path: pathOf(bytes, ops, row, strings), data: datum(bytes, ops[row + 3]!, ops[row + 4]!), version: value };
    case 'setACL':
    case 'check':
      return { type, path: pathOf(bytes, ops, row, strings), version: value };
    case 'createSession':
      return { type, timeoutMs: value };
    case 'closeSession': {
      const first = ops[row + 7]!;
      const count = ops[row + 8]!;
      if (count < 0) return { type, paths: null };
      const paths: string[] = [];
      for (let k = first; k < first + count; k += 1) paths.push(text(bytes, tape.closed[k * 2]!, tape.closed[k * 2 + 1]!));
      return { type, paths };
    }
    case 'error':
      return { type, code: value };
    case 'multi':
      throw new Error('a multi inside a multi');
  }
}

/** The operation's path: the string made for its number before, or made now (and kept under it when new). */
function pathOf(bytes: Uint8Array, ops: Int32Array, row: number, strings: TapeStrings): string {
  const code = ops[row + 9]!;
  const { paths } = strings;
  if (paths === null || code < 0) return text(bytes, ops[row + 1]!, ops[row + 2]!);
  if ((code & 1) === 0) return paths[code >>> 1]!;
  return (paths[code >>> 1] = text(bytes, ops[row + 1]!, ops[row + 2]!));
}

function text(bytes: Uint8Array, at: number, length: number): string {
  return UTF8.decode(bytes.subarray(at, at + length));
}

/** A datum's bytes (a view of them), or null. */
function datum(bytes: Uint8Array, at: number, length: number): Uint8Array | null {
  if (at < 0) return null;
  return length === 0 ? NO_BYTES : bytes.subarray(at, at + length);
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
