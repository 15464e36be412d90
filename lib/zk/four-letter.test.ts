import { describe, expect, it } from 'vitest';
import { isNotWhitelisted, parseCons, parseConsPackets, parseDump, parseMntr, parseWchc, pollInterval } from './four-letter';

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

  it('counts the packets of each session, leaving out a connection without one', () => {
    const reply =
      ' /127.0.0.1:35344[1](queued=0,recved=9,sent=12,sid=0x100003b11730000,lop=PING)\n' + ' /10.1.2.3:50000[0](queued=0,recved=1,sent=0)\n';
    expect(parseConsPackets(reply)).toEqual(new Map([['0x100003b11730000', { received: 9, sent: 12 }]]));
  });

  it('knows a refusal by the whitelist', () => {
    expect(isNotWhitelisted('wchc is not executed because it is not in the whitelist.\n')).toBe(true);
    expect(isNotWhitelisted('0x1\n\t/a\n')).toBe(false);
  });
});

describe('parseDump', () => {
  // Recorded from ZooKeeper 3.8's standalone server.
  const reply = [
    'SessionTracker dump:',
    'Session Sets (3)/(4):',
    '0 expire at Sun Nov 22 05:26:10 UTC 2026:',
    '4 expire at Sun Nov 22 05:26:18 UTC 2026:',
    '\t0x10000ad76fa0000',
    '\t0x10000ad76fa0003',
    'ephemeral nodes dump:',
    'Sessions with Ephemerals (2):',
    '0x10000ad76fa0003:',
    '\t/demo/orders/lock/_c_e8f32f88-8e80-40a5-8ce9-92bc44526d99-lock-0000000001',
    '\t/demo/other/lock/lock-0000000007',
    '0x10000ad76fa0002:',
    '\t/demo/orders/lock/_c_fae5c62c-441e-498a-9cf0-35bdd12cd803-lock-0000000000',
    'Connections dump:',
    'Connections Sets (2)/(5):',
    '0 expire at Sun Nov 22 05:26:10 UTC 2026:',
    '1 expire at Sun Nov 22 05:26:20 UTC 2026:',
    '\tip: /127.0.0.1:37424 sessionId: 0x10000ad76fa0002',
  ].join('\n');

  const times = new Map([
    ['Sun Nov 22 05:26:10 UTC 2026', 1_795_325_170_000],
    ['Sun Nov 22 05:26:18 UTC 2026', 1_795_325_178_000],
  ]);
  const parseTime = (text: string): number => times.get(text) ?? Number.NaN;

  it("reads each session's ephemeral nodes and its expiry", () => {
    const { ephemerals, expiries } = parseDump(reply, parseTime);
    expect([...ephemerals.keys()]).toEqual(['0x10000ad76fa0003', '0x10000ad76fa0002']);
    expect(ephemerals.get('0x10000ad76fa0003')).toHaveLength(2);
    expect(expiries.get('0x10000ad76fa0003')).toBe(1_795_325_178_000);
    expect(expiries.has('0x10000ad76fa0002')).toBe(false);
  });

  it('reads nothing from a reply without those sections', () => {
    expect(parseDump('dump is not executed because it is not in the whitelist.', parseTime)).toEqual({ ephemerals: new Map(), expiries: new Map() });
  });
});

describe('pollInterval', () => {
  const pace = { configuredMs: 2000, tookMs: 50, tookBeforeMs: 40, bytes: 20_000 };

  it('is the configured interval for quick members and small reports', () => {
    expect(pollInterval(pace)).toBe(2000);
  });

  it('is ten times a poll when the members were slow twice in a row: the quicker of the two', () => {
    expect(pollInterval({ ...pace, tookMs: 900, tookBeforeMs: 700 })).toBe(7000);
  });

  it('is not stretched by one slow poll, after a quick one or as the first', () => {
    expect(pollInterval({ ...pace, tookMs: 5800, tookBeforeMs: 40 })).toBe(2000);
    expect(pollInterval({ ...pace, tookMs: 5800, tookBeforeMs: 0 })).toBe(2000);
  });

  it('keeps the members to 400 KB of report text a second', () => {
    expect(pollInterval({ ...pace, bytes: 2_240_000 })).toBe(5600);
  });
});
