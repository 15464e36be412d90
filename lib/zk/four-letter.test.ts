import { describe, expect, it } from 'vitest';
import { isNotWhitelisted, parseCons, parseMntr, parseWchc } from './four-letter';

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

describe('parseCons', () => {
  it('maps each connected session to its client address', () => {
    const reply =
      ' /127.0.0.1:35344[1](queued=0,recved=9,sent=9,sid=0x100003b11730000,lop=PING,est=1795317452291,to=4000,lcxid=0x1,lzxid=0x7,lresp=3879442,llat=0,minlat=0,avglat=4,maxlat=20)\n' +
      ' /10.1.2.3:50000[0](queued=0,recved=1,sent=0)\n' +
      ' /[0:0:0:0:0:0:0:1]:41000[1](queued=0,recved=3,sent=3,sid=0x200000000000001,lop=GETD)\n';
    expect(parseCons(reply)).toEqual(
      new Map([
        ['0x100003b11730000', '127.0.0.1:35344'],
        ['0x200000000000001', '[0:0:0:0:0:0:0:1]:41000'],
      ]),
    );
  });

  it('knows a refusal by the whitelist', () => {
    expect(isNotWhitelisted('wchc is not executed because it is not in the whitelist.\n')).toBe(true);
    expect(isNotWhitelisted('0x1\n\t/a\n')).toBe(false);
  });
});
