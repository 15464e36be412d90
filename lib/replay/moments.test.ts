import { describe, expect, it } from 'vitest';
import { Moments } from './moments';

describe('the moments of a replay', () => {
  it('keeps every transaction past the room it was made with, and finds each by zxid and by time', () => {
    const moments = new Moments(4);
    for (let i = 1; i <= 1000; i += 1) moments.push(2 ** 32 + i, 1_700_000_000_000 + i * 10);
    expect(moments.count).toBe(1000);
    expect([moments.first(), moments.last()]).toEqual([
      { zxid: '0x100000001', time: 1_700_000_000_010 },
      { zxid: '0x1000003e8', time: 1_700_000_010_000 },
    ]);
    expect(moments.find({ zxid: '0x100000200' })).toEqual({ zxid: '0x100000200', time: 1_700_000_005_120 });
    // A time between two transactions: the one before it.
    expect(moments.find({ time: 1_700_000_005_125 })).toEqual({ zxid: '0x100000200', time: 1_700_000_005_120 });
    expect(moments.find({ time: 1_699_999_999_999 })).toBeNull();
    expect([moments.at(999), moments.at(1000)]).toEqual([{ zxid: '0x1000003e8', time: 1_700_000_010_000 }, null]);
  });
});
