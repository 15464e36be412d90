import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/messages';
import type { Incident } from '../protocol';
import { describeIncident, incidentLength, INCIDENT_KIND_KEYS } from './incident-words';

const base: Incident = {
  kind: 'forced-handover',
  path: '/locks/billing',
  from: 10_000,
  to: 10_250,
  fromZxid: '0x10',
  toZxid: '0x11',
  sessions: ['0x100', '0x200'],
  ended: 'session-expired',
  next: '0x200',
  identities: null,
  count: 0,
  timeoutMs: null,
  herd: null,
};
const clock = (ms: number): string => `t${ms}`;
const thresholds = { longHoldMs: 60_000, longWaitMs: 30_000 };
const en = translator('en');
const zh = translator('zh');

describe('an incident in words', () => {
  it('says a forced handover: who was expired or broken, who held next and how soon', () => {
    expect(describeIncident(base, en, clock, thresholds)).toBe('ZooKeeper expired the holder’s session 0x100: its hold ended without a release. 0x200 held next, 250 ms later.');
    expect(describeIncident({ ...base, ended: 'broken', to: base.from, next: null, sessions: ['0x100'] }, en, clock, thresholds)).toBe(
      'Another session deleted the node of the holder 0x100: its hold was broken. Nobody held it next.',
    );
    expect(describeIncident({ ...base, to: base.from }, en, clock, thresholds)).toContain('0x200 held next, at once.');
  });

  it('says how long waiters were stuck behind a dead holder, from its last-heard bound to its expiry', () => {
    const stuck: Incident = { ...base, kind: 'stuck', from: 6_000, to: 21_400, sessions: ['0x100', '0x201', '0x202', '0x203'], count: 3, timeoutMs: 4_000, next: '0x201' };
    expect(describeIncident(stuck, en, clock, thresholds)).toBe(
      '3 waiters stuck behind 0x100 for 15 s: its client was last heard from at the latest at t6000 (the expiry less its 4 s session timeout), and ZooKeeper expired it at t21400.',
    );
    expect(describeIncident({ ...stuck, count: 1 }, en, clock, thresholds)).toMatch(/^1 waiter stuck/);
    expect(describeIncident({ ...stuck, timeoutMs: null }, en, clock, thresholds)).toBe('3 waiters stuck behind 0x100 until ZooKeeper expired its session at t21400.');
    expect(incidentLength(stuck)).toBe(15_400);
  });

  it('names an election by the identities the system wrote, and by its sessions where it wrote none', () => {
    const election: Incident = { ...base, kind: 'election', identities: { before: 'broker 1', after: 'broker 2' } };
    expect(describeIncident(election, en, clock, thresholds)).toBe('The owner changed from broker 1 to broker 2, by an expiry (ZooKeeper expired the owner’s session).');
    expect(describeIncident({ ...election, identities: null, ended: 'released' }, en, clock, thresholds)).toBe('The owner changed from 0x100 to 0x200, cleanly (the node was deleted by its owner).');
    expect(incidentLength(election)).toBeNull();
  });

  it('says long holds and waits with the threshold they crossed, and a mass expiry with its count', () => {
    expect(describeIncident({ ...base, kind: 'long-hold', from: 0, to: 95_000, sessions: ['0x100'] }, en, clock, thresholds)).toBe('0x100 held the lock for 1 min 35 s (a long hold is 1 min or more).');
    expect(describeIncident({ ...base, kind: 'long-wait', from: 0, to: 31_000, sessions: ['0x300'] }, en, clock, thresholds)).toBe('0x300 waited 31 s (a long wait is 30 s or more).');
    expect(describeIncident({ ...base, kind: 'mass-expiry', path: null, from: 0, to: 1_200, sessions: ['0x1', '0x2', '0x3', '0x4', '0x5'], count: 5 }, en, clock, thresholds)).toBe(
      '5 sessions expired within 1 s: a partition or a pause of many clients at once.',
    );
  });

  it('says a herd storm as a bound: its changes, the most waiters at one, and the notifications if all watched the children', () => {
    const storm: Incident = { ...base, kind: 'herd-storm', from: 0, to: 2_300, sessions: ['0x1', '0x2'], count: 435, herd: { changes: 30, peakWaiters: 29 } };
    expect(describeIncident(storm, en, clock, thresholds)).toBe(
      '30 changes of the lock within 2 s, each with up to 29 waiters: up to 435 notifications, each followed by a read of the children, if every waiter watched the lock’s children as a herd lock’s do. The names cannot tell a herd from a chain, and the files keep no watches: a chained lock woke one waiter a change.',
    );
    expect(incidentLength(storm)).toBe(2_300);
  });

  it('says every kind in Chinese with no English word but the ids, and names each kind', () => {
    const kinds: Incident[] = [
      base,
      { ...base, kind: 'stuck', count: 2, timeoutMs: 4000 },
      { ...base, kind: 'election' },
      { ...base, kind: 'long-hold' },
      { ...base, kind: 'long-wait' },
      { ...base, kind: 'mass-expiry', count: 5 },
      { ...base, kind: 'herd-storm', count: 45, herd: { changes: 10, peakWaiters: 9 } },
    ];
    for (const incident of kinds) {
      const words = describeIncident(incident, zh, clock, thresholds);
      expect(words, incident.kind).toMatch(/[\u4e00-\u9fff]/);
      expect(words.replace(/0x[0-9a-f]+|t\d+|ZooKeeper/g, ''), incident.kind).not.toMatch(/[A-Za-z]{2,}/);
      expect(zh(INCIDENT_KIND_KEYS[incident.kind])).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
