import { describe, expect, it } from 'vitest';
import { adler32Ranges } from './adler32';
import { adler32 } from './jute';

/** Bytes from a small generator of its own (a test that fails fails again the same way). */
function bytesOf(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe('Adler-32 of ranges, sixteen bytes at a time', () => {
  it('sums every length from 0 to 300 at every offset among sixteen as a byte at a time does', () => {
    const bytes = bytesOf(400, 1);
    const sums = adler32Ranges(bytes);
    for (let length = 0; length <= 300; length += 1) for (let start = 0; start < 16; start += 1) expect([length, start, sums(start, start + length)]).toEqual([length, start, adler32(bytes, start, start + length)]);
  });

  it('sums ranges past the 4,096 bytes it adds up at once, and bytes of 255 that make the largest sums', () => {
    const random = bytesOf(200_000, 2);
    const full = new Uint8Array(200_000).fill(255);
    for (const bytes of [random, full]) {
      const sums = adler32Ranges(bytes);
      for (const [start, end] of [[0, 4095], [1, 4097], [3, 4099 + 16], [0, 5552], [7, 8192 + 7], [0, 65_536], [5, 200_000]] as const) expect(sums(start, end)).toBe(adler32(bytes, start, end));
    }
  });

  it('reads arrays larger than the memory it had, and each array of its own after another', () => {
    const small = bytesOf(1000, 3);
    const large = bytesOf(3 * 65_536 + 17, 4);
    const smallSums = adler32Ranges(small);
    expect(smallSums(10, 990)).toBe(adler32(small, 10, 990));
    const largeSums = adler32Ranges(large);
    expect(largeSums(0, large.length)).toBe(adler32(large, 0, large.length));
    expect(largeSums(65_530, 2 * 65_536 + 3)).toBe(adler32(large, 65_530, 2 * 65_536 + 3));
  });
});
