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
