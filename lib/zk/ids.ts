/**
 * ZooKeeper's 64-bit fields (session ids, zxids, times) arrive as 8 big-endian bytes.
 * Session ids exceed 2^53, so they are kept as hex strings the way ZooKeeper prints them
 * (`Long.toHexString`: lowercase, no leading zeros), which also matches the 4lw replies.
 */
export function longBytesToHex(bytes: Uint8Array): string {
  if (bytes.length !== 8) throw new RangeError(`expected 8 bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `0x${view.getBigUint64(0).toString(16)}`;
}

/** Reads a 64-bit big-endian signed field that is known to fit a double, such as a time in ms. */
export function longBytesToNumber(bytes: Uint8Array): number {
  if (bytes.length !== 8) throw new RangeError(`expected 8 bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Number(view.getBigInt64(0));
}

/** The session id that marks a persistent (non-ephemeral) node. */
export const NO_SESSION = '0x0';
