import { longBytesToHex, longBytesToNumber, zxidAt } from './ids';

/** A record ended before its fields did: the bytes are cut short (a partial write, a truncated file). */
export class JuteEndError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * Reads ZooKeeper's jute binary archive (`BinaryInputArchive`): big-endian integers, a string or
 * buffer as its length then its bytes (-1 for null), a boolean as one byte, a vector as its count
 * then its elements. Longs that are ids (sessions, zxids) come as ZooKeeper prints them, in hex.
 */
export class JuteReader {
  /** The bytes read, four or eight at a time. */
  readonly view: DataView;
  offset: number;

  constructor(
    readonly bytes: Uint8Array,
    offset = 0,
    public end = bytes.length,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = offset;
  }

  /** Reads from `start` up to `end` of the same bytes from now on (one reader for a million entries of a file, not one each). */
  within(start: number, end: number): this {
    this.offset = start;
    this.end = end;
    return this;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private need(count: number): number {
    const at = this.offset;
    if (count < 0 || at + count > this.end) throw new JuteEndError(`${count} bytes needed at ${at}, ${this.end - at} left`);
    this.offset = at + count;
    return at;
  }

  /** Passes over `count` bytes; answers where they begin. */
  skip(count: number): number {
    return this.need(count);
  }

  byte(): number {
    return this.bytes[this.need(1)]!;
  }

  bool(): boolean {
    return this.byte() !== 0;
  }

  int(): number {
    return this.view.getInt32(this.need(4));
  }

  /** A long as hex, as `Long.toHexString` prints it: `0x1000a2b3c0000`. */
  hex(): string {
    return longBytesToHex(this.bytes, this.need(8));
  }

  /** A zxid, as a number (`zxidAt`). */
  zxid(): number {
    return zxidAt(this.bytes, this.need(8));
  }

  /** A long known to fit a double: a time in ms, a TTL. */
  number(): number {
    return longBytesToNumber(this.bytes, this.need(8));
  }

  /** A buffer's bytes (a view, not a copy), or null. */
  buffer(): Uint8Array | null {
    const length = this.int();
    if (length < 0) return null;
    const at = this.need(length);
    return this.bytes.subarray(at, at + length);
  }

  string(): string | null {
    const bytes = this.buffer();
    return bytes === null ? null : utf8.decode(bytes);
  }

  /** Passes over a string or buffer (an ACL's scheme and id: read, never kept). */
  skipBuffer(): void {
    const length = this.int();
    if (length > 0) this.need(length);
  }

  /** A buffer's bytes copied out (a view, even an empty one, would keep all the bytes read from in memory), or null. */
  ownBuffer(): Uint8Array | null {
    const length = this.int();
    if (length < 0) return null;
    if (length === 0) return NO_BYTES;
    const at = this.need(length);
    return this.bytes.slice(at, at + length);
  }

  vector<T>(element: (reader: JuteReader) => T): T[] | null {
    const count = this.int();
    if (count < 0) return null;
    // Each element takes at least a byte: a count larger than what is left is a corrupt record, not a reason to allocate.
    if (count > this.remaining) throw new JuteEndError(`a vector of ${count} in ${this.remaining} bytes`);
    const items: T[] = [];
    for (let index = 0; index < count; index += 1) items.push(element(this));
    return items;
  }
}

const NO_BYTES = new Uint8Array(0);

/** Adler-32, the checksum ZooKeeper keeps before each transaction of its log (and at the end of a snapshot). */
export function adler32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let a = 1;
  let b = 0;
  // The sums are reduced every 5,552 bytes, as zlib does (NMAX): they stay small integers. Eight bytes a turn (a log's 130 MB: 160 -> 90 ms).
  for (let at = start; at < end; ) {
    const stop = Math.min(end, at + 5552);
    for (const eights = stop - 7; at < eights; at += 8) {
      a += bytes[at]!;
      b += a;
      a += bytes[at + 1]!;
      b += a;
      a += bytes[at + 2]!;
      b += a;
      a += bytes[at + 3]!;
      b += a;
      a += bytes[at + 4]!;
      b += a;
      a += bytes[at + 5]!;
      b += a;
      a += bytes[at + 6]!;
      b += a;
      a += bytes[at + 7]!;
      b += a;
    }
    for (; at < stop; at += 1) {
      a += bytes[at]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
