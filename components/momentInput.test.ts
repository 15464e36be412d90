import { describe, expect, it } from 'vitest';
import { crossesDays, formatClock, parseMomentInput } from './momentInput';

const day = new Date(2026, 10, 25, 3, 40, 0).getTime();

describe('parseMomentInput', () => {
  it('takes a zxid as ZooKeeper prints it, in either case, and a time in ms', () => {
    expect(parseMomentInput(' 0x1A2b ', day)).toBe('0x1a2b');
    expect(parseMomentInput('1764043925120', day)).toBe('1764043925120');
  });

  it('reads a time of day on the day shown, in the browser’s time zone', () => {
    expect(parseMomentInput('03:12', day)).toBe(String(new Date(2026, 10, 25, 3, 12).getTime()));
    expect(parseMomentInput('3:12:05.12', day)).toBe(String(new Date(2026, 10, 25, 3, 12, 5, 120).getTime()));
  });

  it('reads a date and a time, with a space or a T between', () => {
    expect(parseMomentInput('2026-11-24 23:59:59.999', day)).toBe(String(new Date(2026, 10, 24, 23, 59, 59, 999).getTime()));
    expect(parseMomentInput('2026-11-24T08:00', day)).toBe(String(new Date(2026, 10, 24, 8, 0).getTime()));
  });

  it('refuses what is no moment', () => {
    for (const typed of ['', 'soon', '0x', '0xfffffffffffffffff', '25:00', '03:61', '2026-02-30 10:00', '2026-11-24', '-5']) expect(parseMomentInput(typed, day), typed).toBeNull();
  });
});

describe('formatClock', () => {
  it('writes the clock to the millisecond, and the day when asked', () => {
    const at = new Date(2026, 0, 2, 4, 5, 6, 7).getTime();
    expect(formatClock(at)).toBe('04:05:06.007');
    expect(formatClock(at, true)).toBe('2026-01-02 04:05:06.007');
  });

  it('tells when a span crosses midnight', () => {
    expect(crossesDays(new Date(2026, 0, 2, 23).getTime(), new Date(2026, 0, 3, 1).getTime())).toBe(true);
    expect(crossesDays(new Date(2026, 0, 2, 1).getTime(), new Date(2026, 0, 2, 23).getTime())).toBe(false);
  });
});
