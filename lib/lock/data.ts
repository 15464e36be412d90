import type { NodeData } from '../protocol';

/** Data beyond this many bytes is cut when shown. */
export const MAX_SHOWN_DATA_BYTES = 4096;

// Control characters other than tab, line feed and carriage return make text unreadable.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/**
 * How a node's data is shown: as text when it is valid, printable UTF-8, otherwise as hex (as
 * hex too when `alwaysHex`, for a node looked at closely); either way cut to the first 4 KiB.
 * Null data (no bytes stored) gives null. `shared`: the descriptions of short data a lock's
 * reading has made (`NodeIndexes.data`), one kept for every node that holds the same.
 */
export function describeData(bytes: Uint8Array | null, alwaysHex = false, shared: SharedData | null = null): NodeData | null {
  if (bytes === null) return null;
  const truncated = bytes.length > MAX_SHOWN_DATA_BYTES;
  const shown = truncated ? bytes.subarray(0, MAX_SHOWN_DATA_BYTES) : bytes;
  const decoded = decodeUtf8(shown, truncated);
  const text = decoded !== null && !UNPRINTABLE.test(decoded) ? decoded : null;
  const described: NodeData = { size: bytes.length, text, hex: text === null || alwaysHex ? toHex(shown) : null, truncated };
  return shared !== null && bytes.length <= SHARED_DATA_BYTES ? sharedOf(shared, described) : described;
}

/** Data this short is kept once for every node that holds the same (a client's address, its id: the waiters of one host). */
const SHARED_DATA_BYTES = 256;
const SHARED_DATA_KEPT = 10_000;

/** Descriptions of short data by their text. */
export type SharedData = Map<string, NodeData>;

/** The one description kept for data described so; forgotten all at once when too many to be worth it. */
function sharedOf(sharedData: SharedData, data: NodeData): NodeData {
  const key = data.text !== null && data.hex === null ? `t${data.text}` : `x${data.text ?? ''}\u0000${data.hex ?? ''}`;
  const known = sharedData.get(key);
  if (known !== undefined) return known;
  if (sharedData.size >= SHARED_DATA_KEPT) sharedData.clear();
  sharedData.set(key, data);
  return data;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array, truncated: boolean): string | null {
  // A cut may split the last character, whose first bytes are then dropped (at most three).
  for (let drop = 0; drop <= (truncated ? 3 : 0); drop += 1) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - drop));
    } catch {
      // Not valid UTF-8 at this length.
    }
  }
  return null;
}

const encoder = new TextEncoder();

/** The bytes a description stands for (its text, or its hex), the first 4 KiB at most: `describeData`'s inverse; null when none. */
export function bytesOf(data: NodeData | null): Uint8Array | null {
  if (data === null) return null;
  if (data.hex !== null) {
    const bytes = new Uint8Array(data.hex.length / 2);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(data.hex.slice(2 * i, 2 * i + 2), 16);
    return bytes;
  }
  return data.text === null ? null : encoder.encode(data.text);
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
