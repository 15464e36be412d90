/**
 * The incidents of ZooKeeper's files, from every lock's holds and waits over the span and the
 * sessions the files tell of: what a post-mortem asks first.
 *
 * - a forced handover: a hold ended by its session's expiry or by another session deleting its
 *   node, and who held next;
 * - the stuck interval before an expiry: waiters behind a holder whose session later expired,
 *   from the bound on when it was last heard from (the expiry less its timeout) to the expiry;
 * - an election: a one-node lock (Kafka's controller) changing owner, clean or forced, by the
 *   identities the system writes;
 * - a long hold, a long wait (the thresholds given);
 * - a mass expiry: many sessions expired within a short window (a partition's signature);
 * - a herd storm: changes of a lock whose names are also a herd's, each finding many waiters,
 *   any of which may have watched the lock's children and been woken (with its read of them) by
 *   it. The files hold no watches, so it is said as a bound: every waiter present at each change.
 *   A lock of a client that chains (Curator, Kazoo) wakes one waiter a change and has none.
 */
import type { HoldRecord, Incident, ReplayGap, WaitRecord } from '../protocol';
import type { FileSessions } from './sessions';

export interface IncidentLock {
  path: string;
  holds: readonly HoldRecord[];
  waits: readonly WaitRecord[];
  /** A one-node lock (a system's election): each change of owner is an election. */
  election: boolean;
  /** The identity its system wrote in the node that held from `time` (an election's), or null. */
  identityAt?: (time: number) => string | null;
  /** Its names are also a herd's (`Recipe.herdPossible`): each change may wake every waiter. */
  herdPossible?: boolean;
}

export interface IncidentOptions {
  longHoldMs: number;
  longWaitMs: number;
  /** How many sessions expiring within `massExpiryWindowMs` of each other make a mass expiry. */
  massExpiryCount: number;
  massExpiryWindowMs: number;
  /** A change that finds at least this many waiters (each of which may be woken by it) is part of a herd storm. */
  herdStormWaiters: number;
  /** Such changes within this of each other are one storm. */
  herdStormGapMs: number;
}

export const INCIDENT_DEFAULTS: IncidentOptions = { longHoldMs: 60_000, longWaitMs: 30_000, massExpiryCount: 5, massExpiryWindowMs: 2_000, herdStormWaiters: 10, herdStormGapMs: 1_000 };

const FORCED = new Set<HoldRecord['ended']>(['session-expired', 'broken']);

/**
 * Every incident, oldest first (by `from`, then kind); `zxidAt(time)`: the transaction at or
 * before a time. `gaps`: the stretches of the log not read (`Replay.gaps`): a hold or a wait
 * that ended in one is known to have lasted until the gap began, and is judged by that.
 */
export function findIncidents(locks: readonly IncidentLock[], sessions: FileSessions, zxidAt: (time: number) => string | null, given: Partial<IncidentOptions> = {}, gaps: readonly ReplayGap[] = []): Incident[] {
  const options = { ...INCIDENT_DEFAULTS, ...given };
  /** When a hold or a wait that ended at `end` is known to have lasted until: the gap's beginning where it ended in one. */
  const knownUntil = (end: number, inGap: boolean): number => (inGap ? (gaps.find((gap) => gap.to.time === end)?.from.time ?? end) : end);
  const incidents: Incident[] = [];
  const base = (kind: Incident['kind'], path: string | null, from: number, to: number, sessionIds: string[]): Incident => ({
    kind,
    path,
    from,
    to,
    fromZxid: zxidAt(from),
    toZxid: zxidAt(to),
    sessions: sessionIds,
    ended: null,
    next: null,
    identities: null,
    count: 0,
    timeoutMs: null,
    herd: null,
  });
  for (const lock of locks) {
    const holds = [...lock.holds].sort((a, b) => a.from - b.from);
    holds.forEach((hold, index) => {
      const next = holds.slice(index + 1).find((other) => hold.to !== null && other.from >= hold.to) ?? null;
      // A one-node lock's forced end with an owner after it is its election's, said there ("by an expiry"): one card, not two.
      if (hold.to !== null && FORCED.has(hold.ended) && !(lock.election && next !== null)) {
        incidents.push({ ...base('forced-handover', lock.path, hold.to, next?.from ?? hold.to, next === null ? [hold.sessionId] : [hold.sessionId, next.sessionId]), ended: hold.ended, next: next?.sessionId ?? null });
      }
      // Stuck: waiters behind a holder whose session later expired, from when it was last heard from at the latest.
      if (hold.to !== null && hold.ended === 'session-expired') {
        const heard = sessions.lastHeardBound(hold.sessionId);
        const from = Math.max(hold.from, heard ?? hold.from);
        const waiting = lock.waits.filter((wait) => wait.queuedAt <= hold.to! && (wait.heldAt ?? wait.leftAt ?? Infinity) >= from && wait.sessionId !== hold.sessionId);
        if (waiting.length > 0) {
          incidents.push({ ...base('stuck', lock.path, from, hold.to, [hold.sessionId, ...new Set(waiting.map((wait) => wait.sessionId))]), count: waiting.length, timeoutMs: sessions.get(hold.sessionId)?.timeoutMs ?? null, next: next?.sessionId ?? null });
        }
      }
      // An election: the one-node lock's owner changed (said from the end of one hold to the next's beginning), clean or forced.
      if (lock.election && next !== null && hold.to !== null) {
        incidents.push({ ...base('election', lock.path, hold.to, next.from, [hold.sessionId, next.sessionId]), ended: hold.ended, next: next.sessionId, identities: { before: lock.identityAt?.(hold.from) ?? null, after: lock.identityAt?.(next.from) ?? null } });
      }
      const held = hold.to === null ? null : knownUntil(hold.to, hold.ended === 'gap');
      if (held !== null && held - hold.from >= options.longHoldMs) incidents.push({ ...base('long-hold', lock.path, hold.from, held, [hold.sessionId]), ended: hold.ended });
    });
    for (const wait of lock.waits) {
      // A wait's record does not say how it ended: one that ended at a gap's moment ended in it.
      const ended = wait.heldAt ?? wait.leftAt;
      const end = ended === null ? null : knownUntil(ended, true);
      if (end !== null && end - wait.queuedAt >= options.longWaitMs) incidents.push(base('long-wait', lock.path, wait.queuedAt, end, [wait.sessionId]));
    }
    if (lock.herdPossible === true) {
      for (const storm of herdStorms(lock, options)) incidents.push({ ...base('herd-storm', lock.path, storm.from, storm.to, storm.sessions), count: storm.notifications, herd: { changes: storm.changes, peakWaiters: storm.peakWaiters } });
    }
  }
  // Expiries close together: each run of at least `massExpiryCount` within the window of the one before.
  const expiries = sessions
    .all()
    .filter((session) => session.ended === 'expired' && session.endedAt !== null)
    .sort((a, b) => a.endedAt! - b.endedAt!);
  let run: typeof expiries = [];
  const endRun = (): void => {
    if (run.length >= options.massExpiryCount) incidents.push({ ...base('mass-expiry', null, run[0]!.endedAt!, run.at(-1)!.endedAt!, run.map((session) => session.id)), count: run.length });
    run = [];
  };
  for (const session of expiries) {
    if (run.length > 0 && session.endedAt! - run.at(-1)!.endedAt! > options.massExpiryWindowMs) endRun();
    run.push(session);
  }
  endRun();
  const order: Record<Incident['kind'], number> = { stuck: 0, 'forced-handover': 1, election: 2, 'mass-expiry': 3, 'herd-storm': 4, 'long-hold': 5, 'long-wait': 6 };
  return incidents.sort((a, b) => a.from - b.from || order[a.kind] - order[b.kind] || (a.path ?? '').localeCompare(b.path ?? ''));
}

interface HerdStorm {
  from: number;
  to: number;
  /** The lock's changes in it, each with at least `herdStormWaiters` waiters present. */
  changes: number;
  /** Every waiter present at each change, summed: the most notifications (and reads of the children) it can have cost. */
  notifications: number;
  peakWaiters: number;
  /** The sessions that waited in it. */
  sessions: string[];
}

/**
 * A lock's herd storms: its changes (a node made: a wait's queuing or a hold with none; a node
 * gone: a hold's end or a wait left) that each found at least `herdStormWaiters` waiters, runs of
 * them no more than `herdStormGapMs` apart. A change at `t` may wake every wait queued before it
 * and not over before it (a wait ended by the change itself is counted: a bound, never under).
 * One sweep over the waits in time order: O((changes + waits) log).
 */
function herdStorms(lock: IncidentLock, options: IncidentOptions): HerdStorm[] {
  const changes = [...lock.waits.map((wait) => wait.queuedAt), ...lock.waits.flatMap((wait) => (wait.heldAt === null && wait.leftAt !== null ? [wait.leftAt] : [])), ...lock.holds.flatMap((hold) => (hold.to === null ? [hold.from] : [hold.from, hold.to]))].sort((a, b) => a - b);
  const queued = [...lock.waits].sort((a, b) => a.queuedAt - b.queuedAt);
  // Present at t: queued before t and not ended before t; an open wait ends at Infinity.
  const ends = queued.map((wait) => wait.heldAt ?? wait.leftAt ?? Infinity).sort((a, b) => a - b);
  const storms: HerdStorm[] = [];
  let current: HerdStorm | null = null;
  let started = 0;
  let ended = 0;
  let previous = Number.NaN;
  for (const at of changes) {
    // Two records of one transaction (a hold's end and the next one's beginning) are one change.
    if (at === previous) continue;
    previous = at;
    while (started < queued.length && queued[started]!.queuedAt < at) started += 1;
    while (ended < ends.length && ends[ended]! < at) ended += 1;
    const waiters = started - ended;
    if (waiters < options.herdStormWaiters) continue;
    if (current !== null && at - current.to > options.herdStormGapMs) {
      storms.push(current);
      current = null;
    }
    current ??= { from: at, to: at, changes: 0, notifications: 0, peakWaiters: 0, sessions: [] };
    current.to = at;
    current.changes += 1;
    current.notifications += waiters;
    current.peakWaiters = Math.max(current.peakWaiters, waiters);
  }
  if (current !== null) storms.push(current);
  // Each storm's sessions: every wait present at some moment of it (queued before its end, not over before its start).
  for (const storm of storms) {
    const waiting = new Set<string>();
    for (const wait of queued) {
      if (wait.queuedAt >= storm.to) break;
      if ((wait.heldAt ?? wait.leftAt ?? Infinity) >= storm.from) waiting.add(wait.sessionId);
    }
    storm.sessions = [...waiting];
  }
  return storms;
}
