import { describe, expect, it } from 'vitest';
import { addressMoment, latestOfDay, crossesDays, formatClock, parseMomentInput, zoneLabel } from './momentInput';

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

describe("a moment written in the address (?at=)", () => {
  it('takes every form the go-to box takes: a zxid and ms at once, a date and time as ms of this zone, a time of day once the files are known', () => {
    expect(addressMoment('0x1a2B')).toEqual({ at: '0x1a2b', ofDay: false });
    expect(addressMoment('1764043925120')).toEqual({ at: '1764043925120', ofDay: false });
    expect(addressMoment('2026-11-25 03:12:05.120')).toEqual({ at: String(new Date(2026, 10, 25, 3, 12, 5, 120).getTime()), ofDay: false });
    expect(addressMoment('03:51:50')).toEqual({ at: null, ofDay: true });
    expect(addressMoment('yesterday')).toEqual({ at: null, ofDay: false });
    expect(addressMoment('25:00')).toEqual({ at: null, ofDay: false });
  });

  it("reads a time of day on the files' last day, or the day before where that is after their end", () => {
    const end = new Date(2026, 11, 2, 3, 52, 10).getTime();
    expect(latestOfDay('03:51:50', end)).toBe(String(new Date(2026, 11, 2, 3, 51, 50).getTime()));
    expect(latestOfDay('23:10', end)).toBe(String(new Date(2026, 11, 1, 23, 10).getTime()));
    expect(latestOfDay('3:99', end)).toBeNull();
  });
});

describe('the time zone the clocks are written in', () => {
  it('is named with its offset at the moment (summer time included), or UTC', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Berlin';
      expect(zoneLabel(Date.UTC(2026, 11, 2))).toBe('UTC+01:00 Europe/Berlin');
      expect(zoneLabel(Date.UTC(2026, 6, 2))).toBe('UTC+02:00 Europe/Berlin');
      process.env.TZ = 'America/St_Johns';
      expect(zoneLabel(Date.UTC(2026, 11, 2))).toBe('UTC-03:30 America/St_Johns');
      process.env.TZ = 'UTC';
      expect(zoneLabel(Date.UTC(2026, 11, 2))).toBe('UTC');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
