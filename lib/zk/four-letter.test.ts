import { describe, expect, it } from 'vitest';
import { parseMntr, parseWchc } from './four-letter';

describe('parseWchc', () => {
  it('maps each session to the paths it watches, ids kept exact', () => {
    const reply = '0x1000007f3090002\n\t/app/lock/_c_a-lock-0000000000\n0x1000007f3090003\n\t/app/lock/x-1-0000000001\n\t/other\n';
    expect(parseWchc(reply)).toEqual(
      new Map([
        ['0x1000007f3090002', ['/app/lock/_c_a-lock-0000000000']],
        ['0x1000007f3090003', ['/app/lock/x-1-0000000001', '/other']],
      ]),
    );
  });

  it('reads an empty reply as no watches', () => {
    expect(parseWchc('')).toEqual(new Map());
  });
});

describe('parseMntr', () => {
  it('reads numbers as numbers and the rest as text', () => {
    const values = parseMntr('zk_version\t3.8.0-1\nzk_watch_count\t12\nzk_avg_latency\t0.25\n');
    expect(values.get('zk_version')).toBe('3.8.0-1');
    expect(values.get('zk_watch_count')).toBe(12);
    expect(values.get('zk_avg_latency')).toBe(0.25);
  });
});
