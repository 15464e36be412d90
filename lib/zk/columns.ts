/**
 * Growable typed columns for indexes of a million records: a column of numbers is one typed
 * array (8 or 4 bytes a value, no object per record, nothing for the collector to walk; zxids
 * are numbers, see `zxidAt`), and a pool of bytes holds short strings and data one after another.
 */

/**
 * A growable column of doubles (times in ms, zxids). Two classes, not one generic one: each
 * push then writes one kind of typed array, which V8 compiles to a store of that kind.
 */
export class Float64Column {
  private values: Float64Array;
  length = 0;

  constructor(capacity = 16) {
    this.values = new Float64Array(capacity);
  }

  push(value: number): number {
    if (this.length === this.values.length) this.values = grown(this.values, new Float64Array(this.values.length * 2));
    this.values[this.length] = value;
    return this.length++;
  }

  get(index: number): number {
    return this.values[index]!;
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

}

/** A growable column of 32-bit integers (counts, versions, offsets, record numbers). */
export class Int32Column {
  private values: Int32Array;
  length = 0;

  constructor(capacity = 16) {
    this.values = new Int32Array(capacity);
  }

  push(value: number): number {
    if (this.length === this.values.length) this.values = grown(this.values, new Int32Array(this.values.length * 2));
    this.values[this.length] = value;
    return this.length++;
  }

  get(index: number): number {
    return this.values[index]!;
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

  /** Makes the column at least `length` long, the values added zeros. */
  grow(length: number): void {
    while (length > this.values.length) this.values = grown(this.values, new Int32Array(this.values.length * 2));
    if (length > this.length) this.length = length;
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

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** Strings and byte arrays one after another, each kept as where it begins and how long it is. */
export class BytePool {
  private bytes: Uint8Array;
  /** `bytes` read and written four at a time. */
  private view: DataView;
  private used = 0;

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Adds `bytes` (null stays null: -1), and answers where they begin. */
  add(bytes: Uint8Array | null): number {
    if (bytes === null) return -1;
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.used);
    const at = this.used;
    this.used += bytes.length;
    return at;
  }

  /** Adds `length` bytes of `bytes` from `at` (a name in a log's bytes); answers where they begin (their length: `lastLength`). */
  addBytes(bytes: Uint8Array, at: number, length: number): number {
    this.reserve(length);
    const to = this.used;
    if (bytes !== this.source) {
      this.source = bytes;
      this.sourceView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    // A subarray and a `set` a name took a twelfth of applying a million transactions.
    copyBytes(this.sourceView, at, this.view, to, length);
    this.used += length;
    this.lastLength = length;
    return to;
  }

  /** The bytes `addBytes` copied from last, and a view of them (made once a part of a log). */
  private source: Uint8Array | null = null;
  private sourceView: DataView = new DataView(new ArrayBuffer(0));

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
    this.view = new DataView(this.bytes.buffer);
  }
}

/** Copies `length` bytes from `at` in one view to `to` in another, four at a time (a subarray and a `set` each time cost a new object and a call into the engine). */
export function copyBytes(from: DataView, at: number, into: DataView, to: number, length: number): void {
  let i = 0;
  for (; i + 4 <= length; i += 4) into.setInt32(to + i, from.getInt32(at + i, true), true);
  for (; i < length; i += 1) into.setUint8(to + i, from.getUint8(at + i));
}

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

function grown<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}
