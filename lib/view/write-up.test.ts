import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/messages';
import type { Incident } from '../protocol';
import { holdTable, incidentTable, knownZone, tableText, timeInZone } from './write-up';

// 2026-12-03T13:05:01.234Z (lib/ reads no clock: the times are written out).
const T = 1_796_303_101_234;
const stuck: Incident = {
  kind: 'stuck',
  path: '/locks/billing',
  from: T,
  to: T + 15_400,
  fromZxid: '0x1a',
  toZxid: '0x2b',
  sessions: ['0xa', '0xb', '0xc'],
  ended: null,
  next: '0xb',
  identities: null,
  count: 2,
  timeoutMs: 4000,
  herd: null,
};
const thresholds = { longHoldMs: 60_000, longWaitMs: 30_000 };

describe('the tables of a write-up', () => {
  it('writes a time in ISO 8601 in the zone asked, with its offset, across a change of summer time', () => {
    expect(timeInZone(T, 'UTC')).toBe('2026-12-03T13:05:01.234+00:00');
    expect(timeInZone(T, 'Europe/Berlin')).toBe('2026-12-03T14:05:01.234+01:00');
    expect(timeInZone(1_782_864_000_005, 'Europe/Berlin')).toBe('2026-07-01T02:00:00.005+02:00');
    expect(timeInZone(T, 'Asia/Kolkata')).toBe('2026-12-03T18:35:01.234+05:30');
    // Midnight is 00, never 24.
    expect(timeInZone(1_796_338_800_000, 'Europe/Berlin')).toBe('2026-12-04T00:00:00.000+01:00');
    expect(knownZone('America/New_York')).toBe(true);
    expect(knownZone('Mars/Base')).toBe(false);
  });

  it('writes incidents as CSV with the sentence quoted, and as a Markdown table with its pipes escaped', () => {
    const table = incidentTable([stuck, { ...stuck, kind: 'mass-expiry', path: null, sessions: ['0x1', '0x2'], count: 2, next: null, fromZxid: null }], translator('en'), 'UTC', thresholds);
    const csv = tableText(table, 'csv');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('kind,lock,from,to,length_ms,from_zxid,to_zxid,sessions,ended,next,count,what');
    expect(lines[1]).toBe(
      'stuck,/locks/billing,2026-12-03T13:05:01.234+00:00,2026-12-03T13:05:16.634+00:00,15400,0x1a,0x2b,0xa 0xb 0xc,,0xb,2,"2 waiters stuck behind 0xa for 15 s: its client was last heard from at the latest at 2026-12-03T13:05:01.234+00:00 (the expiry less its 4 s session timeout), and ZooKeeper expired it at 2026-12-03T13:05:16.634+00:00."',
    );
    expect(lines[2]).toMatch(/^mass-expiry,,2026-12-03T13:05:01\.234\+00:00,.*,,0x2b,0x1 0x2,,,2,2 sessions expired/);
    expect(lines.at(-1)).toBe('');
    const markdown = tableText({ columns: ['a', 'b'], rows: [['x|y', 'two\nlines']] }, 'markdown');
    expect(markdown).toBe('| a | b |\n| --- | --- |\n| x\\|y | two lines |\n');
    expect(tableText({ columns: ['q'], rows: [['say "hi"']] }, 'csv')).toBe('q\r\n"say ""hi"""\r\n');
  });

  it('says the sentences in the language asked', () => {
    const [row] = incidentTable([stuck], translator('zh'), 'Asia/Shanghai', thresholds).rows;
    expect(row![11]).toMatch(/[\u4e00-\u9fff]/);
    expect(row![2]).toBe('2026-12-03T21:05:01.234+08:00');
  });

  it('writes each hold with its fencing token, session, client, times, length and end, and a hold still held as such', () => {
    const hold = { node: 'lock-0000000007', sessionId: '0xa', client: '10.0.0.5:41000', mode: 'exclusive' as const, from: T, to: T + 2500, ended: 'session-expired' as const, before: false };
    const table = holdTable(
      [
        { path: '/locks/billing', hold, fromZxid: '0x10', toZxid: '0x12', czxid: '0x10' },
        { path: '/locks/billing', hold: { ...hold, node: 'lock-0000000008', sessionId: '0xb', client: null, from: T + 2500, to: null, ended: null }, fromZxid: '0x12', toZxid: null, czxid: '0x11' },
      ],
      'UTC',
    );
    expect(table.columns).toEqual(['lock', 'node', 'fencing_token', 'session', 'client', 'mode', 'from', 'to', 'held_ms', 'ended', 'from_zxid', 'to_zxid']);
    expect(table.rows).toEqual([
      ['/locks/billing', 'lock-0000000007', '0x10', '0xa', '10.0.0.5:41000', 'exclusive', '2026-12-03T13:05:01.234+00:00', '2026-12-03T13:05:03.734+00:00', '2500', 'session-expired', '0x10', '0x12'],
      ['/locks/billing', 'lock-0000000008', '0x11', '0xb', '', 'exclusive', '2026-12-03T13:05:03.734+00:00', '', '', 'holding', '0x12', ''],
    ]);
  });
});
