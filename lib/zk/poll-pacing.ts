/**
 * When ZooKeeper's members are asked for their report (`wchc`, `cons`, and now and then `dump`
 * and `mntr`, or the AdminServer's commands), as a state machine over plain data: fed what
 * happened (a read that needs the report, a poll begun and ended, a lock owner's connection gone)
 * and the time, it answers whether to poll, what to ask, and when to ask next. It reads no clock
 * and sets no timer: the introspection (`server/zk/introspection.ts`) runs it; unit tests drive
 * it on a manual clock.
 *
 * Idle, nobody is asked: a poll goes while something needs the report (a page following a lock,
 * the list, the sessions) or within a lease after an API read. The interval is the configured one,
 * longer while the members are slow or their reports large (`pollInterval`); `dump` (every
 * ephemeral node of the ensemble) and `mntr` (the costliest word) are asked every few polls, `dump`
 * at once after a lock owner's connection went (its expiry is what it tells), `mntr` at every poll
 * while its counters are read. One poll no member answered keeps the last report; a second drops it.
 */
import { pollInterval } from './four-letter';

export interface PacingOptions {
  /** The configured interval (INTROSPECT_INTERVAL_MS). */
  intervalMs: number;
  /** How long after a read that needs the report, or of the counters, the members are still asked. */
  leaseMs: number;
  /** How soon the report after one that lost a lock owner's connection is asked. */
  followUpMs: number;
  /** `dump` is asked on every this many polls; `mntr` on every `mntrEvery`. */
  dumpEvery: number;
  mntrEvery: number;
}

export interface PacingState {
  /** Polls begun. */
  polls: number;
  /** Until when the members are asked though nothing follows (an API read's lease). */
  leaseUntil: number;
  /** Until when `mntr` is asked at every poll: its counters were read within the lease. */
  countersUntil: number;
  /** A lock owner's connection went since the last poll began: `dump` is asked at the next, soon. */
  connectionWent: boolean;
  /** The poll just ended was asked early for a connection that went: the next is not (a churning ensemble does not poll at that pace). */
  followedUp: boolean;
  /** The interval in force (ms): the configured one, longer while the members are slow or their reports large; 0 before the first poll ended. */
  intervalMs: number;
  /** What the last poll took (ms), and the bytes of report it read. */
  lastTook: number;
  lastBytes: number;
  /** How many polls in a row no member answered. */
  missedPolls: number;
}

/** What one poll asks besides the watches and connections. */
export interface PollAsk {
  dump: boolean;
  mntr: boolean;
}

/** What a poll's answers make of the report: a new one, the last kept (one poll missed), or none (no member answers). */
export type PollOutcome = 'report' | 'keep-last' | 'unavailable';

export function pacingState(): PacingState {
  return { polls: 0, leaseUntil: 0, countersUntil: 0, connectionWent: false, followedUp: false, intervalMs: 0, lastTook: 0, lastBytes: 0, missedPolls: 0 };
}

/** Something read what only the report tells (an API read): the members are asked for the lease from `now`. */
export function leaseTaken(state: PacingState, now: number, options: PacingOptions): void {
  state.leaseUntil = now + options.leaseMs;
}

/** The counters were read: `mntr` is asked at every poll for the lease from `now`. */
export function countersRead(state: PacingState, now: number, options: PacingOptions): void {
  state.countersUntil = now + options.leaseMs;
}

/** A lock owner's session lost its connection (or one no report knows yet): the next poll asks `dump`, soon. */
export function connectionWent(state: PacingState): void {
  state.connectionWent = true;
}

/** Whether the members are to be asked now: something follows (`wanted`), or a lease runs. */
export function pollNeeded(state: PacingState, now: number, wanted: boolean): boolean {
  return wanted || now < state.leaseUntil;
}

/** A poll begins at `now`: what it asks. */
export function pollBegins(state: PacingState, now: number, options: PacingOptions): PollAsk {
  const ask: PollAsk = { dump: state.polls % options.dumpEvery === 0 || state.connectionWent, mntr: state.polls % options.mntrEvery === 0 || now < state.countersUntil };
  state.polls += 1;
  state.connectionWent = false;
  return ask;
}

/** What the poll's answers make of the report: any member answered, or how many polls in a row none did. */
export function pollAnswered(state: PacingState, reachable: boolean, bytes: number, hadReport: boolean): PollOutcome {
  state.lastBytes = bytes;
  state.missedPolls = reachable ? 0 : state.missedPolls + 1;
  if (reachable) return 'report';
  // One poll no member answered (a reply lost or late on a busy ensemble) is not yet an outage: the last report stands one more poll.
  return state.missedPolls === 1 && hadReport ? 'keep-last' : 'unavailable';
}

/**
 * A poll ended, having taken `tookMs`: the wait until the next. A lock owner's connection that
 * went during it (its report said so) has the next asked at once, once after an ordinary poll.
 */
export function pollEnded(state: PacingState, tookMs: number, options: PacingOptions): number {
  state.intervalMs = pollInterval({ configuredMs: options.intervalMs, tookMs, tookBeforeMs: state.lastTook, bytes: state.lastBytes });
  state.lastTook = tookMs;
  const followUp = state.connectionWent && !state.followedUp;
  state.followedUp = followUp;
  return followUp ? Math.min(options.followUpMs, state.intervalMs) : state.intervalMs;
}
