import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/messages';
import { fitPath, formatDuration, shortNodeName } from './format';

describe('formatDuration', () => {
  it.each([
    [850, '850 ms'],
    [12_400, '12 s'],
    [60_000, '1 min'],
    [184_000, '3 min 4 s'],
    [7_500_000, '2 h 5 min'],
    [3 * 86_400_000 + 4 * 3_600_000, '3 d 4 h'],
    [-5, '0 s'],
  ])('%d ms reads as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('is said in the page\'s language', () => {
    const zh = translator('zh');
    expect(formatDuration(850, zh)).toBe('850 毫秒');
    expect(formatDuration(184_000, zh)).toBe('3 分 4 秒');
    expect(formatDuration(7_500_000, zh)).toBe('2 小时 5 分');
    expect(formatDuration(3 * 86_400_000, zh)).toBe('3 天');
  });
});

describe('shortNodeName', () => {
  it('cuts a Curator GUID to four characters and keeps the sequence', () => {
    expect(shortNodeName('_c_5c0d36ab-8b1e-48f5-ae49-3a80fa785279-lock-0000000001')).toBe('_c_5c0d…-lock-0000000001');
  });

  it('cuts a Kazoo hex id', () => {
    expect(shortNodeName('9a1b0c8d7e6f5a4b3c2d1e0f9a8b7c6d__lock__0000000007')).toBe('9a1b…__lock__0000000007');
  });

  it('leaves short names alone', () => {
    expect(shortNodeName('x-72057611217403904-0000000003')).toBe('x-72057611217403904-0000000003');
  });
});

describe('a path made to fit', () => {
  const within = (n: number) => (shown: string) => shown.length <= n;

  it('is whole when it fits, and else drops its first segments whole, never cutting inside a name', () => {
    const path = '/showcase/reporting/nightly-export-worker-slots';
    expect(fitPath(path, within(60))).toEqual({ shown: path, whole: true });
    expect(fitPath(path, within(40))).toEqual({ shown: '…/reporting/nightly-export-worker-slots', whole: true });
    expect(fitPath(path, within(30))).toEqual({ shown: '…/nightly-export-worker-slots', whole: true });
  });

  it('cuts the last name from its front only where it alone does not fit', () => {
    expect(fitPath('/a/nightly-export-worker-slots', within(12))).toEqual({ shown: '…orker-slots', whole: false });
    expect(fitPath('/a/b', within(0))).toEqual({ shown: '…b', whole: false });
  });
});
