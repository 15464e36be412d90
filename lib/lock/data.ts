import type { NodeData } from '../protocol';

/** Data beyond this many bytes is cut when shown. */
export const MAX_SHOWN_DATA_BYTES = 4096;

// Control characters other than tab, line feed and carriage return make text unreadable.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/**
 * How a node's data is shown: as text when it is valid, printable UTF-8, otherwise as hex (as
 * hex too when `alwaysHex`, for a node looked at closely); either way cut to the first 4 KiB.
 * Null data (no bytes stored) gives null.
 */
export function describeData(bytes: Uint8Array | null, alwaysHex = false): NodeData | null {
  if (bytes === null) return null;
  const truncated = bytes.length > MAX_SHOWN_DATA_BYTES;
  const shown = truncated ? bytes.subarray(0, MAX_SHOWN_DATA_BYTES) : bytes;
  const decoded = decodeUtf8(shown, truncated);
  const text = decoded !== null && !UNPRINTABLE.test(decoded) ? decoded : null;
  return { size: bytes.length, text, hex: text === null || alwaysHex ? toHex(shown) : null, truncated };
}

function decodeUtf8(bytes: Uint8Array, truncated: boolean): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
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

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
