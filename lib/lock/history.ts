/**
 * What happened to one lock while the explorer followed it: every hold (who, from when to when,
 * how it ended) and every wait (queued, held), kept in bounded rings, and their percentiles over
 * a sliding window. Read from the lock's deltas alone; the model reads no clock.
 *
 * The rings are columns (typed arrays of times and of the nodes' names, arrays of sessions), not
 * an object a record: a busy explorer keeps 2,000 records for each of its locks, and as objects
 * (each with its boxed times) they were most of its heap, marked again at every full collection.
 */
import type { HoldEnd, HoldRecord, LockActivity, LockDelta, LockHistory, LockMode, LockNode, Percentiles, WaitRecord } from '../protocol';

/** A hold's end as stored (0: still holding). */
const ENDS: readonly (HoldEnd | null)[] = [null, 'released', 'session-expired', 'session-closed', 'broken', 'gap'];

/** How many records a ring has room for at first: it grows by doubling up to its capacity (most locks change rarely, and 10,000 of them each with room for 1,000 records would be half a gigabyte). */
const FIRST_ROOM = 8;

/** `array` in a new array of `size` (the first entries copied). */
function grown<T extends Float64Array | Uint8Array>(array: T, size: number): T {
  const next = new (array.constructor as new (size: number) => T)(size);
  next.set(array);
  return next;
}

/** The bytes a node's name has in a ring's column of names (UTF-8): Curator's `_c_<uuid>-lock-0000000007` is 55, Kazoo's 50; a longer name is kept as a string. */
const NAME_BYTES = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The nodes' names of a ring's records, as UTF-8 in one typed array, NAME_BYTES a slot. As
 * strings, each of the thousands of names a ring lets go lived minutes in V8's old generation and
 * died there, and the pages they left part-used grew the heap V8 keeps while the heap used stayed
 * flat (the busy soak's RSS, bench/RESULTS.md §11). A name read back is a new string.
 */
class NameColumn {
  private bytes = new Uint8Array(0);
  /** Each slot's name's length in bytes; NAME_BYTES + 1 where the name is in `long`. */
  private length = new Uint8Array(0);
  private readonly long = new Map<number, string>();

  grow(size: number): void {
    this.bytes = grown(this.bytes, size * NAME_BYTES);
    this.length = grown(this.length, size);
  }

  set(slot: number, name: string): void {
    const start = slot * NAME_BYTES;
    const { read, written } = encoder.encodeInto(name, this.bytes.subarray(start, start + NAME_BYTES));
    if (read === name.length) {
      this.length[slot] = written;
      this.long.delete(slot);
    } else {
      this.length[slot] = NAME_BYTES + 1;
      this.long.set(slot, name);
    }
  }

  get(slot: number): string {
    const length = this.length[slot]!;
    return length > NAME_BYTES ? this.long.get(slot)! : decoder.decode(this.bytes.subarray(slot * NAME_BYTES, slot * NAME_BYTES + length));
  }
}

/**
 * The slots of a ring of `capacity` records: record number `serial` (counted from the first ever
 * pushed) sits in slot `serial % capacity` while it is among the last `capacity` pushed. Its
 * columns have room for `room` records, doubled as the first `capacity` come (`grow`).
 */
abstract class RingSlots {
  /** Records pushed so far. */
  pushed = 0;
  protected room = 0;

  constructor(readonly capacity: number) {}

  /** The slot of the next record (it lets go the oldest once the ring is full). */
  next(): number {
    const slot = this.pushed % this.capacity;
    if (slot >= this.room) {
      this.room = Math.min(this.capacity, Math.max(FIRST_ROOM, this.room * 2));
      this.grow(this.room);
    }
    this.pushed += 1;
    return slot;
  }

  /** Gives each typed column room for `size` records. */
  protected abstract grow(size: number): void;

  /** The slot of a record while the ring keeps it, else -1. */
  slotOf(serial: number): number {
    return serial < this.pushed - this.capacity ? -1 : serial % this.capacity;
  }

  /** Each slot kept, oldest first. */
  *slots(): Generator<number> {
    for (let serial = Math.max(0, this.pushed - this.capacity); serial < this.pushed; serial += 1) yield serial % this.capacity;
  }
}

class HoldRing extends RingSlots {
  readonly node = new NameColumn();
  readonly session: string[] = [];
  readonly client: (string | null)[] = [];
  readonly mode: LockMode[] = [];
  from = new Float64Array(0);
  /** NaN while it holds. */
  to = new Float64Array(0);
  /** An index of ENDS. */
  ended = new Uint8Array(0);
  before = new Uint8Array(0);

  protected grow(size: number): void {
    this.node.grow(size);
    this.from = grown(this.from, size);
    this.to = grown(this.to, size);
    this.ended = grown(this.ended, size);
    this.before = grown(this.before, size);
  }

  record(slot: number): HoldRecord {
    const to = this.to[slot]!;
    return { node: this.node.get(slot), sessionId: this.session[slot]!, client: this.client[slot]!, mode: this.mode[slot]!, from: this.from[slot]!, to: Number.isNaN(to) ? null : to, ended: ENDS[this.ended[slot]!]!, before: this.before[slot] === 1 };
  }
}

class WaitRing extends RingSlots {
  readonly node = new NameColumn();
  readonly session: string[] = [];
  queuedAt = new Float64Array(0);
  /** NaN while it waits, or when it left without holding. */
  heldAt = new Float64Array(0);
  /** NaN unless it left without holding. */
  leftAt = new Float64Array(0);

  protected grow(size: number): void {
    this.node.grow(size);
    this.queuedAt = grown(this.queuedAt, size);
    this.heldAt = grown(this.heldAt, size);
    this.leftAt = grown(this.leftAt, size);
  }

  record(slot: number): WaitRecord {
    const heldAt = this.heldAt[slot]!;
    const leftAt = this.leftAt[slot]!;
    return { node: this.node.get(slot), sessionId: this.session[slot]!, queuedAt: this.queuedAt[slot]!, heldAt: Number.isNaN(heldAt) ? null : heldAt, leftAt: Number.isNaN(leftAt) ? null : leftAt };
  }
}

/**
 * Each hold that began, in the order the lock's changes told it: when, and how long its holder
 * had waited (NaN when no wait was seen). A window's figures read back from the newest and stop
 * at its start, instead of going over every record kept.
 */
class GrantRing extends RingSlots {
  at = new Float64Array(0);
  waited = new Float64Array(0);

  protected grow(size: number): void {
    this.at = grown(this.at, size);
    this.waited = grown(this.waited, size);
  }

  push(at: number, waited: number): void {
    const slot = this.next();
    this.at[slot] = at;
    this.waited[slot] = waited;
  }
}

/** An open hold: its record's number in the ring, and what its end needs when the ring has let the record go. */
interface OpenHold {
  serial: number;
  from: number;
  before: boolean;
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

/** How many distinct sessions and clients a lock's history keeps as one string each before it starts again. */
const INTERNED_MAX = 256;

/** The node of `nodes` named `name` (a loop: no closure made at each change). */
function named(nodes: readonly LockNode[], name: string): LockNode | undefined {
  for (const node of nodes) if (node.name === name) return node;
  return undefined;
}

/** The p50, p95 and p99 of durations in seconds (nearest rank); null for none. */
export function percentiles(seconds: readonly number[]): Percentiles | null {
  if (seconds.length === 0) return null;
  const sorted = Float64Array.from(seconds).sort();
  const rank = (p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99) };
}

export class LockHistoryModel {
  private readonly holds: HoldRing;
  private readonly waits: WaitRing;
  private readonly grants: GrantRing;
  /** The holds still open, by node name (kept even when the ring has let their record go). */
  private readonly holding = new Map<string, OpenHold>();
  /**
   * The waits still open, by node name, as their record's number in the ring, which may have let
   * it go (a queue of 100,000 keeps no record of each waiter; when one gets the lock, its wait is
   * timed from its creation all the same).
   */
  private readonly waiting = new Map<string, number>();
  /** The sessions and clients the records name, each kept as one string (a lock's few contenders name them thousands of times). */
  private readonly interned = new Map<string, string>();

  constructor(
    readonly path: string,
    capacity: number,
    /** When the explorer began to follow the lock (ms). */
    readonly since: number,
  ) {
    this.holds = new HoldRing(capacity);
    this.waits = new WaitRing(capacity);
    this.grants = new GrantRing(capacity);
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
      const serial = this.waiting.get(name);
      if (serial !== undefined) {
        const slot = this.waits.slotOf(serial);
        if (slot >= 0) this.waits.leftAt[slot] = at;
        this.waiting.delete(name);
      }
    }
    for (const node of delta.updated) {
      const hold = this.holding.get(node.name);
      // Where its owner connects from may be known only from a later report of ZooKeeper.
      if (hold !== undefined && node.client !== null) {
        const slot = this.holds.slotOf(hold.serial);
        if (slot >= 0 && this.holds.client[slot] === null) this.holds.client[slot] = this.intern(node.client);
      }
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
    // As `view`'s figures, from the holds that began in the window alone (the lock list asks it of every lock that changed, on every push).
    const { began, waited } = this.grantedAfter(now - windowMs);
    return { handoversPerMinute: began / (windowMs / 60_000), waitP99: percentiles(waited)?.p99 ?? null };
  }

  /**
   * The records, oldest first, and the figures of the window of `windowMs` ending at `now`. The
   * records are all kept (`records` true), none, or those not ended before a time (a page that
   * read them before needs only what may have changed since).
   */
  view(now: number, windowMs: number, records: boolean | { since: number } = true): LockHistory {
    const since = typeof records === 'object' ? records.since : null;
    const from = now - windowMs;
    const holds: HoldRecord[] = [];
    const waits: WaitRecord[] = [];
    const held: number[] = [];
    let kept = 0;
    const h = this.holds;
    for (const slot of h.slots()) {
      kept += 1;
      const to = h.to[slot]!;
      if (!Number.isNaN(to) && to > from && h.before[slot] === 0) held.push((to - h.from[slot]!) / 1000);
      if (records !== false && (since === null || Number.isNaN(to) || to >= since)) holds.push(h.record(slot));
    }
    const w = this.waits;
    for (const slot of w.slots()) {
      kept += 1;
      const ended = Number.isNaN(w.heldAt[slot]!) ? w.leftAt[slot]! : w.heldAt[slot]!;
      if (records !== false && (since === null || Number.isNaN(ended) || ended >= since)) waits.push(w.record(slot));
    }
    const { began, waited } = this.grantedAfter(from);
    return {
      path: this.path,
      capacity: h.capacity,
      since: this.since,
      recordsSince: since !== null && holds.length + waits.length < kept ? since : null,
      holds,
      waits,
      stats: { windowMs, at: now, hold: percentiles(held), wait: percentiles(waited), handoversPerMinute: began / (windowMs / 60_000) },
    };
  }

  /** The holds that began after `from`, and how long each of their holders had waited (s): read back from the newest grant to the first at or before `from`. */
  private grantedAfter(from: number): { began: number; waited: number[] } {
    const grants = this.grants;
    const waited: number[] = [];
    let began = 0;
    for (let serial = grants.pushed - 1; serial >= 0 && serial >= grants.pushed - grants.capacity; serial -= 1) {
      const slot = serial % grants.capacity;
      if (grants.at[slot]! <= from) break;
      began += 1;
      const seconds = grants.waited[slot]!;
      if (!Number.isNaN(seconds)) waited.push(seconds);
    }
    return { began, waited };
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    if (this.interned.size >= INTERNED_MAX) this.interned.clear();
    this.interned.set(text, text);
    return text;
  }

  private openWait(node: LockNode): void {
    if (this.waiting.has(node.name)) return;
    const w = this.waits;
    const slot = w.next();
    w.node.set(slot, node.name);
    w.session[slot] = this.intern(node.sessionId);
    w.queuedAt[slot] = node.ctime;
    w.heldAt[slot] = NaN;
    w.leftAt[slot] = NaN;
    this.waiting.set(node.name, w.pushed - 1);
  }

  private beginHold(node: LockNode, at: number, events: HistoryEvents): void {
    const serial = this.waiting.get(node.name);
    let waited = NaN;
    if (serial !== undefined) {
      const slot = this.waits.slotOf(serial);
      // A wait is queued at its node's creation, whether or not its record is still kept.
      const queuedAt = slot >= 0 ? this.waits.queuedAt[slot]! : node.ctime;
      if (slot >= 0) this.waits.heldAt[slot] = at;
      this.waiting.delete(node.name);
      waited = Math.max(0, at - queuedAt) / 1000;
      events.waited(waited);
    }
    this.openHold(node, at, false);
    this.grants.push(at, waited);
    events.began();
  }

  private openHold(node: LockNode, from: number, before: boolean): void {
    if (this.holding.has(node.name)) return;
    const h = this.holds;
    const slot = h.next();
    h.node.set(slot, node.name);
    h.session[slot] = this.intern(node.sessionId);
    h.client[slot] = node.client === null ? null : this.intern(node.client);
    h.mode[slot] = node.mode;
    h.from[slot] = from;
    h.to[slot] = NaN;
    h.ended[slot] = 0;
    h.before[slot] = before ? 1 : 0;
    this.holding.set(node.name, { serial: h.pushed - 1, from, before });
  }

  private endHold(name: string, at: number, ended: HoldEnd, events: HistoryEvents): void {
    const hold = this.holding.get(name);
    if (hold === undefined) return;
    this.holding.delete(name);
    const slot = this.holds.slotOf(hold.serial);
    if (slot >= 0) {
      this.holds.to[slot] = at;
      this.holds.ended[slot] = ENDS.indexOf(ended);
    }
    events.held(Math.max(0, at - hold.from) / 1000, hold.before);
  }
}
