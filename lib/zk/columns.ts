/**
 * Growable typed columns for indexes of a million records: a column of numbers is one typed
 * array (8 or 4 bytes a value, no object per record, nothing for the collector to walk), a
 * column of ZooKeeper's 64-bit ids (zxids, session ids) two halves of 32 bits, written and read
 * as ZooKeeper prints them, and a pool of bytes holds short strings and data one after another.
 */
import { hexOfHalves } from './ids';

/** A growable column of one typed array's numbers. */
class NumberColumn<T extends Float64Array | Int32Array> {
  private values: T;
  length = 0;

  constructor(private readonly make: (length: number) => T, capacity: number) {
    this.values = make(capacity);
  }

  push(value: number): number {
    if (this.length === this.values.length) this.values = grown(this.values, this.make(this.values.length * 2));
    this.values[this.length] = value;
    return this.length++;
  }

  get(index: number): number {
    return this.values[index]!;
  }
}

/** Doubles (times in ms). */
export class Float64Column extends NumberColumn<Float64Array> {
  constructor(capacity = 16) {
    super((length) => new Float64Array(length), capacity);
  }
}

/** 32-bit integers (counts, versions, offsets, record numbers). */
export class Int32Column extends NumberColumn<Int32Array> {
  constructor(capacity = 16) {
    super((length) => new Int32Array(length), capacity);
  }
}

/**
 * The two ids pushed last, each read once: a transaction's zxid and session go into several
 * columns (its change's, a new node's czxid, mzxid, pzxid and owner, the moments').
 */
interface ReadId {
  hex: string;
  high: number;
  low: number;
}
const read: [ReadId, ReadId] = [
  { hex: '0x0', high: 0, low: 0 },
  { hex: '0x0', high: 0, low: 0 },
];
/** The slot written last: an id not there goes to the other. */
let written = read[1];

function readInto(slot: ReadId, hex: string): ReadId {
  slot.hex = hex;
  slot.high = highOf(hex);
  slot.low = lowOf(hex);
  return slot;
}

/** ZooKeeper's 64-bit ids as hex (`0x1000a2b3c0000`, lowercase, no leading zeros): kept as two 32-bit halves, ordered as numbers. */
export class LongColumn {
  private high = new Uint32Array(16);
  private low = new Uint32Array(16);
  length = 0;

  push(hex: string): number {
    if (this.length === this.high.length) {
      this.high = grown(this.high, new Uint32Array(this.high.length * 2));
      this.low = grown(this.low, new Uint32Array(this.low.length * 2));
    }
    const [first, second] = read;
    const slot = hex === first.hex ? first : hex === second.hex ? second : readInto((written = written === first ? second : first), hex);
    this.high[this.length] = slot.high;
    this.low[this.length] = slot.low;
    return this.length++;
  }

  get(index: number): string {
    return hexOfHalves(this.high[index]!, this.low[index]!);
  }

  /** Whether the id at `index` is zero (`0x0`: no session). */
  isZero(index: number): boolean {
    return this.high[index] === 0 && this.low[index] === 0;
  }

  /** Orders the id at `index` against `hex`, as numbers. */
  compare(index: number, hex: Long): number {
    const high = this.high[index]!;
    return high !== hex.high ? high - hex.high : this.low[index]! - hex.low;
  }

  /** How many of the ids, in ascending order, are at or before `asked`. */
  countAtOrBefore(asked: Long): number {
    return partitionPoint(this.length, (index) => this.compare(index, asked) <= 0);
  }
}

/**
 * How many of `length` indexes, from 0, `holds` is true of, where it is true of some first ones
 * and false of the rest (a sorted column searched): by binary search.
 */
export function partitionPoint(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A 64-bit id read once for comparing against a column. */
export interface Long {
  high: number;
  low: number;
}

/** Reads `0x…` (at most 16 hex digits) as two halves. */
export function longOf(hex: string): Long {
  return { high: highOf(hex), low: lowOf(hex) };
}

/** The high 32 bits of `0x…`: the digits before the last 8. */
function highOf(hex: string): number {
  return hexValue(hex, 2, Math.max(2, hex.length - 8));
}

/** The low 32 bits of `0x…`: its last 8 digits. */
function lowOf(hex: string): number {
  return hexValue(hex, Math.max(2, hex.length - 8), hex.length);
}

/** The value of the hex digits from `start` to `end` (at most 8), without a substring. */
function hexValue(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    value = value * 16 + (code <= 57 ? code - 48 : (code | 32) - 87);
  }
  return value;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** Strings and byte arrays one after another, each kept as where it begins and how long it is. */
export class BytePool {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;

  /** Adds `bytes` (null stays null: -1), and answers where they begin. */
  add(bytes: Uint8Array | null): number {
    if (bytes === null) return -1;
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.used);
    const at = this.used;
    this.used += bytes.length;
    return at;
  }

  /** The byte length of the string added last. */
  lastLength = 0;

  /** Adds a string's UTF-8; answers where it begins (its length in bytes: `lastLength`). */
  addString(text: string): number {
    // Three bytes a UTF-16 unit at most.
    this.reserve(text.length * 3);
    const at = this.used;
    const { written } = encoder.encodeInto(text, this.bytes.subarray(at));
    this.used += written;
    this.lastLength = written;
    return at;
  }

  /** A copy of the bytes at `at` (null at -1). */
  slice(at: number, length: number): Uint8Array | null {
    return at < 0 ? null : this.bytes.slice(at, at + length);
  }

  string(at: number, length: number): string {
    return decoder.decode(this.bytes.subarray(at, at + length));
  }

  /** Whether the bytes at `at` are `other`'s. */
  equals(at: number, length: number, other: Uint8Array): boolean {
    if (length !== other.length) return false;
    for (let i = 0; i < length; i += 1) if (this.bytes[at + i] !== other[i]) return false;
    return true;
  }

  private reserve(count: number): void {
    if (this.used + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.used + count) size *= 2;
    this.bytes = grown(this.bytes, new Uint8Array(size));
  }
}

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}
