/**
 * Paths numbered by their bytes (see `PathNumbers` in lib/zk/txn-log.ts), on the thread that reads
 * the logs: a path keeps its number until its node is deleted, when the number is free for
 * another. A table of its own, keyed by the bytes in place and hashed four bytes at a time:
 * numbering a million paths through a Map made a string of each one's bytes and hashed it, and
 * took the reading thread half again as long, longer than the thread that applies them.
 */
import { copyBytes } from '../../lib/zk/columns';
import type { PathNumbers } from '../../lib/zk/txn-log';

/** The most paths numbered at once: past it, the numbers begin again (a session's close deletes its nodes without naming them, so their numbers are not freed). */
const NUMBERED_AT_MOST = 1 << 18;
/** A slot that never held a number, and one whose number's path was deleted (searched past, used again). */
const EMPTY = 0;
const DELETED = -1;

export class PathNumbering implements PathNumbers {
  /** Open addressing, searched on: a number plus one, EMPTY or DELETED. */
  private slots = new Int32Array(1 << 12);
  private deleted = 0;
  /** By number: the hash of its path, where its bytes are in `keys` and how many (-1: the number is free). */
  private hashes = new Int32Array(1 << 10);
  private keyAt = new Int32Array(1 << 10);
  private keyLength = new Int32Array(1 << 10).fill(-1);
  private keys: Uint8Array;
  private keysView: DataView;
  private keysUsed = 0;
  /** The bytes last numbered from, and a view of them that reads four at a time (made once a part). */
  private bytes: Uint8Array | null = null;
  private view: DataView = new DataView(new ArrayBuffer(0));
  /** How many paths have a number now. */
  private live = 0;
  private readonly free: number[] = [];
  private next = 0;

  /** `keyBytes`: the room the paths' bytes have at first (grown as they need). */
  constructor(keyBytes = 1 << 20) {
    this.keys = new Uint8Array(keyBytes);
    this.keysView = new DataView(this.keys.buffer);
  }

  code(bytes: Uint8Array, at: number, length: number, deleted: boolean): number {
    if (bytes !== this.bytes) {
      this.bytes = bytes;
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    const { view, slots, keyAt, keyLength, hashes } = this;
    const hash = hashOf(view, at, length);
    const mask = slots.length - 1;
    let slot = hash & mask;
    for (let value = slots[slot]!; value !== EMPTY; slot = (slot + 1) & mask, value = slots[slot]!) {
      if (value === DELETED) continue;
      const number = value - 1;
      if (hashes[number] !== hash || keyLength[number] !== length || !sameBytes(this.keysView, keyAt[number]!, view, at, length)) continue;
      if (deleted) {
        slots[slot] = DELETED;
        this.deleted += 1;
        this.release(number);
      }
      return number * 2;
    }
    // A path new to the numbering.
    if (this.live >= NUMBERED_AT_MOST) this.reset();
    const number = this.free.pop() ?? this.next++;
    if (deleted) this.free.push(number);
    else this.add(number, hash, at, length);
    return number * 2 + 1;
  }

  reset(): void {
    this.slots.fill(EMPTY);
    this.deleted = 0;
    this.keyLength.fill(-1);
    this.keysUsed = 0;
    this.live = 0;
    this.free.length = 0;
    this.next = 0;
  }

  private release(number: number): void {
    this.keyLength[number] = -1;
    this.live -= 1;
    this.free.push(number);
  }

  /** Gives `number` to the path of `length` bytes at `at` in the bytes numbered from now (`view`). */
  private add(number: number, hash: number, at: number, length: number): void {
    if (number >= this.hashes.length) this.growNumbers();
    if (this.keysUsed + length > this.keys.length) this.makeRoom(length);
    // A subarray and a `set` a path took a tenth of numbering them.
    copyBytes(this.view, at, this.keysView, this.keysUsed, length);
    this.hashes[number] = hash;
    this.keyAt[number] = this.keysUsed;
    this.keyLength[number] = length;
    this.keysUsed += length;
    this.live += 1;
    // Kept at most half full, deleted slots counted: a search ends soon at an empty one.
    if ((this.live + this.deleted) * 2 > this.slots.length) this.rehash();
    else this.place(number);
  }

  /** Puts the number in the first slot free for its hash. */
  private place(number: number): void {
    const { slots } = this;
    const mask = slots.length - 1;
    let slot = this.hashes[number]! & mask;
    while (slots[slot] !== EMPTY && slots[slot] !== DELETED) slot = (slot + 1) & mask;
    if (slots[slot] === DELETED) this.deleted -= 1;
    slots[slot] = number + 1;
  }

  /** The slots made again from the numbers in use, twice as many where half would be full. */
  private rehash(): void {
    const size = this.live * 4 > this.slots.length ? this.slots.length * 2 : this.slots.length;
    this.slots = new Int32Array(size);
    this.deleted = 0;
    for (let number = 0; number < this.next; number += 1) if (this.keyLength[number]! >= 0) this.place(number);
  }

  private growNumbers(): void {
    const size = this.hashes.length * 2;
    const hashes = new Int32Array(size);
    const keyAt = new Int32Array(size);
    const keyLength = new Int32Array(size).fill(-1);
    hashes.set(this.hashes);
    keyAt.set(this.keyAt);
    keyLength.set(this.keyLength);
    this.hashes = hashes;
    this.keyAt = keyAt;
    this.keyLength = keyLength;
  }

  /** Room for `length` more bytes of keys: the keys in use moved together (a deleted path's are left behind), the pool doubled where they fill a quarter of it (moved less often: each move reads every number). */
  private makeRoom(length: number): void {
    let inUse = length;
    for (let number = 0; number < this.next; number += 1) inUse += Math.max(0, this.keyLength[number]!);
    let size = this.keys.length;
    while (inUse * 4 > size) size *= 2;
    const keys = new Uint8Array(size);
    let used = 0;
    for (let number = 0; number < this.next; number += 1) {
      const keyLength = this.keyLength[number]!;
      if (keyLength < 0) continue;
      const from = this.keyAt[number]!;
      keys.set(this.keys.subarray(from, from + keyLength), used);
      this.keyAt[number] = used;
      used += keyLength;
    }
    this.keys = keys;
    this.keysView = new DataView(keys.buffer);
    this.keysUsed = used;
  }
}

/** A hash of `length` bytes from `at`, four at a time (a path's bytes, a million times: byte by byte took twice as long), mixed at the end. */
function hashOf(view: DataView, at: number, length: number): number {
  let hash = 0x9747b28c ^ length;
  let i = 0;
  for (; i + 4 <= length; i += 4) hash = Math.imul(hash ^ view.getInt32(at + i, true), 0x5bd1e995) ^ (hash >>> 15);
  for (; i < length; i += 1) hash = Math.imul(hash ^ view.getUint8(at + i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}

/** Whether the `length` bytes at `a` in one view are those at `b` in the other, compared four at a time. */
function sameBytes(one: DataView, a: number, other: DataView, b: number, length: number): boolean {
  let i = 0;
  for (; i + 4 <= length; i += 4) if (one.getInt32(a + i, true) !== other.getInt32(b + i, true)) return false;
  for (; i < length; i += 1) if (one.getUint8(a + i) !== other.getUint8(b + i)) return false;
  return true;
}
