import { describe, expect, it } from 'vitest';
import { BytePool, LongColumn, longOf, utf8Bytes } from './columns';

describe('columns of ids and bytes', () => {
  it('keeps 64-bit ids as ZooKeeper prints them, ordered as numbers', () => {
    const ids = new LongColumn();
    const written = ['0x0', '0x9', '0x10', '0xffffffff', '0x100000000', '0x1000a2b3c0000', '0x8000000000000000', '0xffffffffffffffff'];
    for (const id of written) ids.push(id);
    expect(written.map((_, i) => ids.get(i))).toEqual(written);
    expect(ids.isZero(0)).toBe(true);
    expect(ids.isZero(1)).toBe(false);
    // Each is after every one before it, and equal to itself.
    for (let i = 1; i < written.length; i += 1) {
      expect(ids.compare(i, longOf(written[i - 1]!)), written[i]).toBeGreaterThan(0);
      expect(ids.compare(i - 1, longOf(written[i]!)), written[i]).toBeLessThan(0);
      expect(ids.compare(i, longOf(written[i]!))).toBe(0);
    }
  });

  it('grows past its first capacity without losing a value', () => {
    const ids = new LongColumn();
    for (let i = 0; i < 5000; i += 1) ids.push(`0x${(i * 7919).toString(16)}`);
    expect(ids.length).toBe(5000);
    expect(ids.get(4999)).toBe(`0x${(4999 * 7919).toString(16)}`);
  });

  it('keeps strings and data one after another, null as null', () => {
    const pool = new BytePool();
    const first = pool.addString('lock-0000000001');
    const firstLength = pool.lastLength;
    const second = pool.addString('锁-0000000002');
    const secondLength = pool.lastLength;
    const data = pool.add(new Uint8Array([1, 2, 3]));
    expect(pool.string(first, firstLength)).toBe('lock-0000000001');
    expect(pool.string(second, secondLength)).toBe('锁-0000000002');
    expect(pool.equals(second, secondLength, utf8Bytes('锁-0000000002'))).toBe(true);
    expect(pool.equals(first, firstLength, utf8Bytes('lock-0000000002'))).toBe(false);
    expect([...pool.slice(data, 3)!]).toEqual([1, 2, 3]);
    expect(pool.add(null)).toBe(-1);
    expect(pool.slice(-1, 0)).toBeNull();
    // Past its first 64 KB.
    const big = pool.add(new Uint8Array(100_000).fill(7));
    expect(pool.slice(big, 100_000)!.every((byte) => byte === 7)).toBe(true);
    expect(pool.string(first, firstLength)).toBe('lock-0000000001');
  });
});
