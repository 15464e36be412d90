import { describe, expect, it } from 'vitest';
import { BytePool, Float64Column, Int32Column, utf8Bytes } from './columns';

describe('columns of numbers and bytes', () => {
  it('grows past its first capacity without losing a value', () => {
    const times = new Float64Column(4);
    const counts = new Int32Column(4);
    for (let i = 0; i < 5000; i += 1) {
      times.push(i * 0.5);
      counts.push(-i);
    }
    expect([times.length, times.get(0), times.get(4999)]).toEqual([5000, 0, 2499.5]);
    expect([counts.length, counts.get(1), counts.get(4999)]).toEqual([5000, -1, -4999]);
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

  it('copies bytes from a view of others, as a string of them added would be', () => {
    const pool = new BytePool(16);
    const before = ['..../app/locks/', '..../x/'];
    const names = ['lock-0000000001', '名前😀-3'];
    const log = utf8Bytes(before.map((text, i) => text + names[i]).join(''));
    let at = 0;
    names.forEach((name, i) => {
      at += utf8Bytes(before[i]!).length;
      const added = pool.addBytes(log, at, utf8Bytes(name).length);
      expect([pool.lastLength, pool.string(added, pool.lastLength)]).toEqual([utf8Bytes(name).length, name]);
      at += utf8Bytes(name).length;
    });
  });

  it('copies from views that begin inside their buffers, at any offset and length, from one and then another', () => {
    const pool = new BytePool(8);
    const buffer = new Uint8Array(64).map((_, i) => i + 1);
    // Two parts of a log, as the reading thread sends them: views after some room.
    const parts = [buffer.subarray(5, 40), buffer.subarray(3, 64)];
    const expected: number[][] = [];
    const added: Array<[number, number]> = [];
    for (let length = 0; length < 12; length += 1) {
      for (const [i, part] of parts.entries()) {
        const at = (length * 3 + i) % 17;
        added.push([pool.addBytes(part, at, length), length]);
        expected.push([...part.subarray(at, at + length)]);
      }
    }
    expect(added.map(([at, length]) => [...pool.slice(at, length)!])).toEqual(expected);
  });
});
