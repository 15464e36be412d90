/**
 * What happened to one lock while the explorer followed it: every hold (who, from when to when,
 * how it ended) and every wait (queued, held), kept in bounded rings, and their percentiles over
 * a sliding window. Read from the lock's deltas alone; the model reads no clock.
 */
import type { HoldEnd, HoldRecord, LockActivity, LockDelta, LockHistory, LockNode, Percentiles, WaitRecord } from '../protocol';

/** The most recent `capacity` items; the oldest go first. */
class Ring<T> {
  private readonly items: T[] = [];
  private start = 0;

  constructor(readonly capacity: number) {}

  /** Adds an item; returns the one it let go, if any. */
  push(item: T): T | undefined {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return undefined;
    }
    const gone = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return gone;
  }

  /** Each item, in no particular order (no copy). */
  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }

  /** Oldest first. */
  list(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}

/** What one change did to the lock's holds and waits, for whoever counts them (Prometheus). */
export interface HistoryEvents {
  /** A hold ended, after `seconds`; `before` when it began before the lock was followed (its length is not known). */
  held(seconds: number, before: boolean): void;
  /** A waiter got the lock after `seconds` of waiting. */
  waited(seconds: number): void;
  /** A hold began (a handover, or the first holder of an idle lock). */
  began(): void;
}

const NO_EVENTS: HistoryEvents = { held: () => undefined, waited: () => undefined, began: () => undefined };

/** The node of `nodes` named `name` (a loop: no closure made at each change). */
function named(nodes: readonly LockNode[], name: string): LockNode | undefined {
  for (const node of nodes) if (node.name === name) return node;
  return undefined;
}

/** How many holds of `holds` began after `from` (those begun before the lock was followed have no known start). */
function beganAfter(holds: Iterable<HoldRecord>, from: number): number {
  let began = 0;
  for (const hold of holds) if (!hold.before && hold.from > from) began += 1;
  return began;
}

/** How long each wait of `waits` that ended in a hold after `from` lasted, in seconds. */
function waitedAfter(waits: Iterable<WaitRecord>, from: number): number[] {
  const waited: number[] = [];
  for (const wait of waits) if (wait.heldAt !== null && wait.heldAt > from) waited.push((wait.heldAt - wait.queuedAt) / 1000);
  return waited;
}

/** The p50, p95 and p99 of durations in seconds (nearest rank); null for none. */
export function percentiles(seconds: readonly number[]): Percentiles | null {
  if (seconds.length === 0) return null;
  const sorted = [...seconds].sort((a, b) => a - b);
  const rank = (p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99) };
}

export class LockHistoryModel {
  private readonly holds: Ring<HoldRecord>;
  private readonly waits: Ring<WaitRecord>;
  /** The records still open, by node name (kept even when the ring has let them go). */
  private readonly holding = new Map<string, HoldRecord>();
  /**
   * The waits still open, by node name: the record while the ring keeps it, null once the ring
   * let it go (a queue of 100,000 keeps no record of each waiter; when one gets the lock, its
   * wait is timed from its creation all the same).
   */
  private readonly waiting = new Map<string, WaitRecord | null>();

  constructor(
    readonly path: string,
    capacity: number,
    /** When the explorer began to follow the lock (ms). */
    readonly since: number,
  ) {
    this.holds = new Ring(capacity);
    this.waits = new Ring(capacity);
  }

  /**
   * Applies one change of the lock at `at`: `gone` are the nodes it removed or replaced, as they
   * were; `endOf` says how a removed holder's hold ended.
   */
  apply(delta: Pick<LockDelta, 'added' | 'removed' | 'updated'>, gone: readonly LockNode[], at: number, endOf: (node: LockNode) => HoldEnd, events: HistoryEvents = NO_EVENTS): void {
    this.changes += 1;
    // Who held is known from the open holds: `gone` is looked into only for a holder that went
    // (a report's change updates every node of a long queue, and needs no lookup at all).
    for (const name of delta.removed) {
      if (this.holding.has(name)) {
        const old = named(gone, name);
        this.endHold(name, at, old === undefined ? 'released' : endOf(old), events);
      }
      const wait = this.waiting.get(name);
      if (wait !== undefined) {
        if (wait !== null) wait.leftAt = at;
        this.waiting.delete(name);
      }
    }
    for (const node of delta.updated) {
      const hold = this.holding.get(node.name);
      // Where its owner connects from may be known only from a later report of ZooKeeper.
      if (hold !== undefined && hold.client === null) hold.client = node.client;
      if (node.role === 'holder' && hold === undefined) this.beginHold(node, at, events);
      else if (node.role === 'waiter' && hold !== undefined) this.endHold(node.name, at, 'released', events);
    }
    for (const node of delta.added) {
      if (node.role === 'holder') {
        // Held already when the lock was first read: since an unknown time, at the latest its creation.
        if (node.roleSince === null) this.openHold(node, node.ctime, true);
        else {
          this.openWait(node);
          this.beginHold(node, node.roleSince, events);
        }
      } else this.openWait(node);
    }
  }

  /** Changes applied so far: what a cache of figures is keyed by. */
  changes = 0;

  /** How busy the lock was in the window of `windowMs` ending at `now`: handovers a minute and the p99 wait. */
  activity(now: number, windowMs: number): LockActivity {
    // As `view`'s figures, without copying the rings or sorting the holds (the lock list asks it of every lock that changed, on every push).
    const from = now - windowMs;
    return { handoversPerMinute: beganAfter(this.holds, from) / (windowMs / 60_000), waitP99: percentiles(waitedAfter(this.waits, from))?.p99 ?? null };
  }

  /**
   * The records, oldest first, and the figures of the window of `windowMs` ending at `now`. The
   * records are all kept (`records` true), none, or those not ended before a time (a page that
   * read them before needs only what may have changed since).
   */
  view(now: number, windowMs: number, records: boolean | { since: number } = true): LockHistory {
    const holds = this.holds.list();
    const waits = this.waits.list();
    const since = typeof records === 'object' ? records.since : null;
    const listedHolds = records === false ? [] : since === null ? holds : holds.filter((hold) => hold.to === null || hold.to >= since);
    const listedWaits = records === false ? [] : since === null ? waits : waits.filter((wait) => (wait.heldAt ?? wait.leftAt ?? since) >= since);
    const from = now - windowMs;
    const held = holds.filter((hold) => hold.to !== null && hold.to > from && !hold.before).map((hold) => (hold.to! - hold.from) / 1000);
    const waited = waitedAfter(waits, from);
    const began = beganAfter(holds, from);
    return {
      path: this.path,
      capacity: this.holds.capacity,
      since: this.since,
      recordsSince: since !== null && listedHolds.length + listedWaits.length < holds.length + waits.length ? since : null,
      holds: listedHolds,
      waits: listedWaits,
      stats: { windowMs, at: now, hold: percentiles(held), wait: percentiles(waited), handoversPerMinute: began / (windowMs / 60_000) },
    };
  }

  private openWait(node: LockNode): void {
    if (this.waiting.has(node.name)) return;
    const wait: WaitRecord = { node: node.name, sessionId: node.sessionId, queuedAt: node.ctime, heldAt: null, leftAt: null };
    this.waiting.set(node.name, wait);
    const gone = this.waits.push(wait);
    if (gone !== undefined && this.waiting.get(gone.node) === gone) this.waiting.set(gone.node, null);
  }

  private beginHold(node: LockNode, at: number, events: HistoryEvents): void {
    const wait = this.waiting.get(node.name);
    if (wait !== undefined) {
      if (wait !== null) wait.heldAt = at;
      this.waiting.delete(node.name);
      // A wait is queued at its node's creation, whether or not its record is still kept.
      events.waited(Math.max(0, at - (wait?.queuedAt ?? node.ctime)) / 1000);
    }
    this.openHold(node, at, false);
    events.began();
  }

  private openHold(node: LockNode, from: number, before: boolean): void {
    if (this.holding.has(node.name)) return;
    const hold: HoldRecord = { node: node.name, sessionId: node.sessionId, client: node.client, mode: node.mode, from, to: null, ended: null, before };
    this.holding.set(node.name, hold);
    this.holds.push(hold);
  }

  private endHold(name: string, at: number, ended: HoldEnd, events: HistoryEvents): void {
    const hold = this.holding.get(name);
    if (hold === undefined) return;
    this.holding.delete(name);
    hold.to = at;
    hold.ended = ended;
    events.held(Math.max(0, at - hold.from) / 1000, hold.before);
  }
}
