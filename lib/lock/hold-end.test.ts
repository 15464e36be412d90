import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { breaking, holdEnded, holdEndState, reportSeen } from './hold-end';
import type { Introspected } from './report';

const HALF_HOUR = 30 * 60_000;
const report = (sessions: string[], at: number): Introspected => ({ watchers: new Map(), clients: new Map(sessions.map((session) => [session, `10.0.0.9:${session.length}`])), at });
/** The holder of a Curator lock, owned by `owner` (`0x0`: a persistent node). */
const holderOf = (owner: string) => snapshotOf('/app/lock', [record('_c_4b1e0f0a-8d6c-4f3e-9a51-2c7d8e9f0a1b-lock-0000000007', owner)]).nodes[0]!;

describe('how a hold ended', () => {
  it('ended as the session expired when a report listed its owner and the last one does not', () => {
    const state = holdEndState();
    reportSeen(state, report(['0x1a2b', '0x3c4d'], 0), () => true, HALF_HOUR);
    expect(holdEnded(state, holderOf('0x1a2b'), report(['0x3c4d'], 2_000))).toBe('session-expired');
    // Still listed: it let go itself.
    expect(holdEnded(state, holderOf('0x3c4d'), report(['0x3c4d'], 2_000))).toBe('released');
  });

  it('counts a session too new for any report, and a persistent node, as released', () => {
    const state = holdEndState();
    reportSeen(state, report(['0x1a2b'], 0), () => true, HALF_HOUR);
    expect(holdEnded(state, holderOf('0x7777'), report(['0x1a2b'], 2_000))).toBe('released');
    expect(holdEnded(state, holderOf('0x0'), report([], 2_000))).toBe('released');
    expect(holdEnded(state, holderOf('0x1a2b'), null)).toBe('released');
  });

  it('says broken for a node the explorer deleted, once', () => {
    const state = holdEndState();
    const holder = holderOf('0x1a2b');
    reportSeen(state, report(['0x1a2b'], 0), () => true, HALF_HOUR);
    breaking(state, holder.path);
    expect(holdEnded(state, holder, report([], 2_000))).toBe('broken');
    expect(holdEnded(state, holder, report([], 2_000))).toBe('session-expired');
  });

  it('forgets a session gone from the reports unless it owns a lock node, and even then after the time kept', () => {
    const state = holdEndState();
    reportSeen(state, report(['0x1', '0x2'], 0), () => true, HALF_HOUR);
    const owners = new Set(['0x2']);
    reportSeen(state, report([], 2_000), (session) => owners.has(session), HALF_HOUR);
    expect([...state.seen.keys()]).toEqual(['0x2']);
    reportSeen(state, report([], HALF_HOUR + 1), (session) => owners.has(session), HALF_HOUR);
    expect(state.seen.size).toBe(0);
  });
});
