import { describe, expect, it } from 'vitest';
import { adler32, JuteEndError, JuteReader } from './jute';

describe("ZooKeeper's jute archive and checksum", () => {
  it('sums Adler-32 as zlib does, over a part of the bytes too', () => {
    const bytes = new TextEncoder().encode('Wikipedia');
    expect(adler32(bytes)).toBe(0x11e60398);
    expect(adler32(new Uint8Array(0))).toBe(1);
    // Long inputs are reduced as they go (past zlib's 5,552-byte block) and stay exact.
    const long = new Uint8Array(100_000).fill(0xff);
    expect(adler32(long)).toBe(0x149a302c);
    expect(adler32(new Uint8Array([0, ...bytes, 0]), 1, 10)).toBe(0x11e60398);
  });

  it('sums as the definition does (both sums modulo 65521 at every byte) at every length around its turns of eight and its blocks', () => {
    const definition = (bytes: Uint8Array): number => {
      let a = 1;
      let b = 0;
      for (const byte of bytes) {
        a = (a + byte) % 65521;
        b = (b + a) % 65521;
      }
      return ((b << 16) | a) >>> 0;
    };
    const random = new Uint8Array(12_000).map((_, i) => (i * 2654435761) >>> 24);
    for (const length of [...Array.from({ length: 40 }, (_, i) => i), 5543, 5551, 5552, 5553, 5560, 11_103, 11_104, 11_105, 12_000]) {
      const part = random.subarray(0, length);
      expect(adler32(part), `${length} bytes`).toBe(definition(part));
      expect(adler32(random, 3, 3 + Math.min(length, random.length - 3)), `${length} bytes from 3`).toBe(adler32(random.slice(3, 3 + Math.min(length, random.length - 3))));
    }
  });

  it('reads ints, longs as hex, strings, buffers and vectors; null for -1; a clear error past the end', () => {
    const bytes = Uint8Array.from([0, 0, 0, 7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 2, 0x2f, 0x61, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 1, 0, 0]);
    const reader = new JuteReader(bytes);
    expect(reader.int()).toBe(7);
    expect(reader.hex()).toBe('0xfffffffffffffffe');
    expect(reader.string()).toBe('/a');
    expect(reader.buffer()).toBeNull();
    expect(reader.vector((inner) => inner.bool())).toEqual([true]);
    expect(() => reader.int()).toThrow(JuteEndError);
  });
});
