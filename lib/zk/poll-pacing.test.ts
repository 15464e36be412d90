import { describe, expect, it } from 'vitest';
import { SLOW_FACTOR } from './four-letter';
import { connectionWent, countersRead, leaseTaken, pacingState, pollAnswered, pollBegins, pollEnded, pollNeeded, type PacingOptions, type PacingState, type PollAsk } from './poll-pacing';

const OPTIONS: PacingOptions = { intervalMs: 2_000, leaseMs: 60_000, followUpMs: 250, dumpEvery: 5, mntrEvery: 5 };

/** One poll on a manual clock: begun at `now`, answered (or not), ended `tookMs` later; what it asked and the wait to the next. */
function poll(state: PacingState, now: number, { tookMs = 20, reachable = true, bytes = 1_000, hadReport = true } = {}): { ask: PollAsk; outcome: string; waitMs: number } {
  const ask = pollBegins(state, now, OPTIONS);
  const outcome = pollAnswered(state, reachable, bytes, hadReport);
  return { ask, outcome, waitMs: pollEnded(state, tookMs, OPTIONS) };
}

describe('when ZooKeeper is asked for its report', () => {
  it('asks nobody while nothing follows, and for a minute after an API read', () => {
    const state = pacingState();
    expect(pollNeeded(state, 1_000, false)).toBe(false);
    expect(pollNeeded(state, 1_000, true)).toBe(true);
    leaseTaken(state, 1_000, OPTIONS);
    expect(pollNeeded(state, 60_999, false)).toBe(true);
    expect(pollNeeded(state, 61_000, false)).toBe(false);
  });

  it('asks dump and mntr every fifth poll, mntr at every poll for a minute after its counters were read', () => {
    const state = pacingState();
    const asks: PollAsk[] = [];
    let now = 0;
    for (let i = 0; i < 10; i += 1) {
      const { ask, waitMs } = poll(state, now);
      asks.push(ask);
      now += waitMs;
    }
    expect(asks.map((ask) => ask.dump)).toEqual([true, false, false, false, false, true, false, false, false, false]);
    expect(asks.map((ask) => ask.mntr)).toEqual(asks.map((ask) => ask.dump));
    countersRead(state, now, OPTIONS);
    const read: PollAsk[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { ask, waitMs } = poll(state, now);
      read.push(ask);
      now += waitMs;
    }
    expect(read.map((ask) => ask.mntr)).toEqual([true, true, true]);
    // The lease over, every fifth again.
    now += OPTIONS.leaseMs;
    expect(poll(state, now).ask.mntr).toBe(false);
  });

  it('asks dump at once after a lock owner\'s connection went, and soon, once after an ordinary poll', () => {
    const state = pacingState();
    poll(state, 0);
    // The report of this poll loses a lock owner's connection.
    pollBegins(state, 2_000, OPTIONS);
    pollAnswered(state, true, 1_000, true);
    connectionWent(state);
    expect(pollEnded(state, 20, OPTIONS)).toBe(250);
    // The follow-up asks dump; its report loses another owner's: the next waits the whole interval (a churning ensemble is not polled at that pace).
    const followUp = pollBegins(state, 2_250, OPTIONS);
    expect(followUp.dump).toBe(true);
    pollAnswered(state, true, 1_000, true);
    connectionWent(state);
    expect(pollEnded(state, 20, OPTIONS)).toBe(2_000);
    expect(pollBegins(state, 4_250, OPTIONS).dump).toBe(true);
  });

  it('asks less often while the members are slow poll after poll, not after one slow answer, and while the reports are large', () => {
    const state = pacingState();
    expect(poll(state, 0, { tookMs: 20 }).waitMs).toBe(2_000);
    // One pause of a member's JVM is no slow member.
    expect(poll(state, 2_000, { tookMs: 900 }).waitMs).toBe(2_000);
    expect(poll(state, 4_900, { tookMs: 800 }).waitMs).toBe(SLOW_FACTOR * 800);
    expect(state.intervalMs).toBe(8_000);
    // Quick again: the configured interval.
    expect(poll(state, 13_700, { tookMs: 20 }).waitMs).toBe(2_000);
    // 4 MB of report a poll (a million watches) is asked every 10 s.
    expect(poll(state, 15_720, { tookMs: 20, bytes: 4_000_000 }).waitMs).toBe(10_000);
  });

  it('keeps the last report through one poll no member answered, and drops it at the second', () => {
    const state = pacingState();
    poll(state, 0);
    expect(poll(state, 2_000, { reachable: false }).outcome).toBe('keep-last');
    expect(poll(state, 4_000, { reachable: false }).outcome).toBe('unavailable');
    expect(poll(state, 6_000).outcome).toBe('report');
    // Without a report to keep, a missed poll is no report.
    expect(poll(state, 8_000, { reachable: false, hadReport: false }).outcome).toBe('unavailable');
  });
});
