import { describe, expect, it } from 'vitest';
import { idHexes, longBytesToHex, longBytesToNumber, zxidAt, zxidHex, zxidOf } from './ids';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

describe('64-bit ZooKeeper fields', () => {
  it('prints a session id above 2^53 exactly, as ZooKeeper does (no leading zeros)', () => {
    expect(longBytesToHex(bytes(0x01, 0x00, 0x00, 0x07, 0xf3, 0x09, 0x00, 0x02))).toBe('0x1000007f3090002');
    expect(longBytesToHex(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))).toBe('0xffffffffffffffff');
  });

  it('prints a persistent node owner as 0x0', () => {
    expect(longBytesToHex(new Uint8Array(8))).toBe('0x0');
  });

  it('reads a time in ms since the epoch', () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigInt64(0, 1_795_314_122_847n);
    expect(longBytesToNumber(new Uint8Array(view.buffer))).toBe(1_795_314_122_847);
  });

  it('reads negative and small values as a signed 64-bit field', () => {
    const view = new DataView(new ArrayBuffer(8));
    for (const value of [0n, 1n, -1n, 4_294_967_295n, 4_294_967_296n, -4_294_967_297n, 9_007_199_254_740_991n]) {
      view.setBigInt64(0, value);
      expect(longBytesToNumber(new Uint8Array(view.buffer))).toBe(Number(value));
    }
  });

  it('prints a value whose low half has leading zeros in full', () => {
    expect(longBytesToHex(bytes(0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0a))).toBe('0x10000000a');
    expect(longBytesToHex(bytes(0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a))).toBe('0xa');
  });

  it('reads a field at an offset within a larger record', () => {
    const record = bytes(9, 9, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0a, 9);
    expect(longBytesToHex(record, 2)).toBe('0x10000000a');
    expect(longBytesToNumber(record, 2)).toBe(4_294_967_306);
    expect(() => longBytesToHex(record, 4)).toThrow(RangeError);
  });

  it('refuses anything but eight bytes', () => {
    expect(() => longBytesToHex(bytes(1, 2, 3))).toThrow(RangeError);
  });
});

describe('idHexes', () => {
  const bytesOf = (hex: string): Uint8Array => {
    const value = BigInt(hex);
    const bytes = new Uint8Array(8);
    for (let i = 0; i < 8; i += 1) bytes[i] = Number((value >> BigInt(56 - i * 8)) & 0xffn);
    return bytes;
  };

  it('reads each id as longBytesToHex does, one string per id, two ids apart that a double could not tell apart', () => {
    const read = idHexes(10);
    for (const hex of ['0x0', '0x1', '0x100044ab9630000', '0x100044ab9630001', '0xffffffffffffffff', '0x80000000']) {
      expect(read(bytesOf(hex), 0)).toBe(hex);
      expect(read(bytesOf(hex), 0)).toBe(longBytesToHex(bytesOf(hex)));
    }
    // Two session ids one apart, beyond 2^53: two strings.
    expect(read(bytesOf('0x100044ab9630000'), 0)).not.toBe(read(bytesOf('0x100044ab9630001'), 0));
    // The same id read twice is the same string, not a copy.
    const padded = new Uint8Array(12);
    padded.set(bytesOf('0x100044ab9630000'), 4);
    expect(Object.is(read(padded, 4), read(bytesOf('0x100044ab9630000'), 0))).toBe(true);
  });

  it('forgets every id past the number kept, and reads them again the same', () => {
    const read = idHexes(2);
    for (const hex of ['0x1', '0x2', '0x3', '0x1']) expect(read(bytesOf(hex), 0)).toBe(hex);
    expect(() => read(new Uint8Array(4), 0)).toThrow(RangeError);
  });
});

describe('zxids as numbers', () => {
  const long = (high: number, low: number): Uint8Array => {
    const field = new Uint8Array(8);
    new DataView(field.buffer).setUint32(0, high);
    new DataView(field.buffer).setUint32(4, low);
    return field;
  };

  it('reads a zxid as epoch times 2^32 plus counter, printed and parsed as ZooKeeper prints it, ordered as zxids are', () => {
    const written: Array<[number, number, string]> = [
      [0, 0, '0x0'],
      [0, 9, '0x9'],
      [0, 0xffffffff, '0xffffffff'],
      [1, 0, '0x100000000'],
      [5, 0x2b3c, '0x500002b3c'],
      [2 ** 21 - 1, 0xffffffff, '0x1fffffffffffff'],
    ];
    const zxids = written.map(([high, low]) => zxidAt(long(high, low), 0));
    expect(zxids.map(zxidHex)).toEqual(written.map(([, , hex]) => hex));
    expect(written.map(([, , hex]) => zxidOf(hex))).toEqual(zxids);
    for (let i = 1; i < zxids.length; i += 1) expect(zxids[i]!, written[i]![2]).toBeGreaterThan(zxids[i - 1]!);
  });

  it('refuses an epoch a double cannot hold with its counter', () => {
    expect(() => zxidAt(long(2 ** 21, 0), 0)).toThrow(/epoch 2097152/);
  });
});
