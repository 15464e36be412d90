/**
 * Adler-32 of many ranges of one array of bytes (each entry of a part of ZooKeeper's log),
 * sixteen bytes at a time in WebAssembly (lib/zk/adler32.wat): the array is copied once into the
 * module's memory, then each range summed there. A million entries' checksums, eight bytes a
 * turn in JavaScript, took a quarter of reading and decoding a log; this way, with the copy, about
 * a fourth as long. Where WebAssembly's SIMD is missing, the sums are `adler32`'s, in JavaScript.
 */
import { ADLER32_WASM } from './adler32-wasm';
import { adler32 } from './jute';

interface Summer {
  memory: WebAssembly.Memory;
  sum: (start: number, end: number) => number;
}

/** The module, made once a thread (null: it cannot be). */
let summer: Summer | null | undefined;

function made(): Summer | null {
  if (summer !== undefined) return summer;
  try {
    const bytes = Uint8Array.from(atob(ADLER32_WASM), (char) => char.charCodeAt(0));
    summer = WebAssembly.validate(bytes) ? (new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Summer) : null;
  } catch {
    summer = null;
  }
  return summer;
}

const PAGE = 65536;

/** The Adler-32 of `bytes` from `start` to `end`, for any such range, as `adler32(bytes, start, end)` would answer. */
export function adler32Ranges(bytes: Uint8Array): (start: number, end: number) => number {
  const wasm = made();
  if (wasm === null) return (start, end) => adler32(bytes, start, end);
  const { memory, sum } = wasm;
  if (memory.buffer.byteLength < bytes.length) memory.grow(Math.ceil((bytes.length - memory.buffer.byteLength) / PAGE));
  new Uint8Array(memory.buffer, 0, bytes.length).set(bytes);
  return (start, end) => sum(start, end) >>> 0;
}
