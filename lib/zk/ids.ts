/**
 * ZooKeeper's 64-bit fields (session ids, zxids, times) arrive as 8 big-endian bytes.
 * Session ids exceed 2^53, so they are kept as hex strings the way ZooKeeper prints them
 * (`Long.toHexString`: lowercase, no leading zeros), which also matches the 4lw replies.
 */
export function longBytesToHex(bytes: Uint8Array, offset?: number): string {
  const at = checkedOffset(bytes, offset);
  // Two 32-bit halves instead of a BigInt: this runs for every stat read, 10,000 times for a long queue.
  return hexOfHalves(uint32At(bytes, at), uint32At(bytes, at + 4));
}

/** A 64-bit id given as its two unsigned 32-bit halves, as ZooKeeper prints it. */
export function hexOfHalves(high: number, low: number): string {
  return high === 0 ? `0x${low.toString(16)}` : `0x${high.toString(16)}${low.toString(16).padStart(8, '0')}`;
}

/** Reads a 64-bit big-endian signed field that is known to fit a double, such as a time in ms. */
export function longBytesToNumber(bytes: Uint8Array, offset?: number): number {
  const at = checkedOffset(bytes, offset);
  // The high half signed: a negative long stays negative.
  return (uint32At(bytes, at) | 0) * 0x1_0000_0000 + uint32At(bytes, at + 4);
}

/**
 * A zxid as one number: its epoch (the high 32 bits) times 2^32 plus its counter. A double holds
 * it exactly while the epoch is below 2^21, two million leader elections: the columns of a
 * million transactions keep zxids so, as numbers that order and compare as zxids do.
 */
const EPOCH_LIMIT = 2 ** 21;
const TWO_32 = 2 ** 32;

/** The zxid in the 8 bytes at `offset`, as a number; throws past an epoch of 2^21. */
export function zxidAt(bytes: Uint8Array, offset: number): number {
  const at = checkedOffset(bytes, offset);
  const epoch = uint32At(bytes, at);
  if (epoch >= EPOCH_LIMIT) throw new RangeError(`zxid of epoch ${epoch}: epochs from 2^21 on are not read`);
  return epoch * TWO_32 + uint32At(bytes, at + 4);
}

/** A zxid number as ZooKeeper prints it (`0x100000002`). */
export function zxidHex(zxid: number): string {
  return hexOfHalves(Math.floor(zxid / TWO_32), zxid >>> 0);
}

/** A zxid printed as ZooKeeper does (`0x…`) as a number (one beyond 2^53 rounded, still ordered after every zxid read). */
export function zxidOf(hex: string): number {
  return parseInt(hex.slice(2), 16);
}

/** The unsigned big-endian 32 bits at `at`. */
export function uint32At(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/** The field is the whole array (no offset given) or the eight bytes at `offset` within it. */
function checkedOffset(bytes: Uint8Array, offset: number | undefined): number {
  if (offset === undefined) {
    if (bytes.length !== 8) throw new RangeError(`expected 8 bytes, got ${bytes.length}`);
    return 0;
  }
  if (!Number.isInteger(offset) || offset < 0 || offset + 8 > bytes.length) throw new RangeError(`no 8-byte field at ${offset} of ${bytes.length} bytes`);
  return offset;
}

/** The session id that marks a persistent (non-ephemeral) node. */
export const NO_SESSION = '0x0';

/**
 * Reads 64-bit ids (sessions', from every node or transaction that names one) as hex, one string
 * per id seen lately, so that a million of them share a few: found by the id's two halves as
 * numbers, with no string made for one already known; forgotten all at once past `kept` ids.
 */
export function idHexes(kept: number): (bytes: Uint8Array, offset: number) => string {
  // By the high half, then the low one (a double cannot hold all 64 bits).
  const known = new Map<number, Map<number, string>>();
  let size = 0;
  return (bytes, offset) => {
    const at = checkedOffset(bytes, offset);
    const high = uint32At(bytes, at);
    const low = uint32At(bytes, at + 4);
    const found = known.get(high)?.get(low);
    if (found !== undefined) return found;
    if (size >= kept) {
      known.clear();
      size = 0;
    }
    let lows = known.get(high);
    if (lows === undefined) {
      lows = new Map();
      known.set(high, lows);
    }
    const hex = hexOfHalves(high, low);
    lows.set(low, hex);
    size += 1;
    return hex;
  };
}
