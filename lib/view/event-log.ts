import type { HoldRecord, LockDelta, LockHistory, LockSnapshot } from '../protocol';
import type { Wake } from './pulses';

/** One thing that happened to a lock's queue, as the page saw it: a node came or went, a node began to hold, watches fired. */
export interface LockEvent {
  /** When the page heard of it (ms, the browser's clock, the one its strip is drawn on). */
  at: number;
  kind: 'create' | 'delete' | 'hold' | 'notify';
  /** The node it is about: the one created, deleted or now holding; for a notification, the one whose going fired it. */
  node: string;
  /** How many nodes: created or deleted together (one event for a burst), or woken. */
  count: number;
  /** For a notification: the first woken. */
  woken: string | null;
  /** Read from the explorer's history: it happened before the page opened (which watches fired then is not kept). */
  earlier?: boolean;
  /** A holder's node deleted: how its hold ended, where the history says (an expiry, another session breaking it). */
  ended?: NonNullable<HoldRecord['ended']>;
}

// A change that brings or takes more nodes than this is one event with a count.
const BURST = 20;

/** The events of one change of the queue, read at `at`: what came, began to hold, went, and whom its going woke. */
export function eventsOf(previous: LockSnapshot, delta: LockDelta, wakes: readonly Wake[], at: number): LockEvent[] {
  const events: LockEvent[] = [];
  const many = (kind: 'create' | 'delete', names: readonly string[]): void => {
    if (names.length > BURST) events.push({ at, kind, node: names[0]!, count: names.length, woken: null });
    else for (const name of names) events.push({ at, kind, node: name, count: 1, woken: null });
  };
  many('delete', delta.removed);
  for (const wake of wakes) if (wake.woken.length > 0) events.push({ at, kind: 'notify', node: wake.removed, count: wake.woken.length, woken: wake.woken[0]! });
  many('create', delta.added.map((node) => node.name));
  const held = new Set(previous.holders);
  for (const node of [...delta.updated, ...delta.added]) if (node.role === 'holder' && !held.has(node.name)) events.push({ at, kind: 'hold', node: node.name, count: 1, woken: null });
  return events;
}

/** How many events a page keeps. */
export const EVENTS_KEPT = 500;

/** The log with `events` added at its end, keeping the last `limit`. */
export function appendEvents(log: readonly LockEvent[], events: readonly LockEvent[], limit = EVENTS_KEPT): readonly LockEvent[] {
  if (events.length === 0) return log;
  const joined = [...log, ...events];
  return joined.length > limit ? joined.slice(joined.length - limit) : joined;
}

/**
 * What the explorer's history of the lock tells of the time before the page opened (`before`, on
 * the page's clock): nodes queued, holds begun, nodes gone. `offset` takes the explorer's clock
 * to the page's. The history keeps no notifications, and a creation only for a node that waited.
 */
export function eventsBefore(history: Pick<LockHistory, 'holds' | 'waits'>, before: number, offset: number, earlier = true): LockEvent[] {
  const events: LockEvent[] = [];
  const add = (at: number, kind: LockEvent['kind'], node: string, ended?: HoldRecord['ended']): void => {
    const local = at + offset;
    if (local < before) events.push({ at: local, kind, node, count: 1, woken: null, earlier, ...(ended === undefined || ended === null ? {} : { ended }) });
  };
  for (const wait of history.waits) {
    add(wait.queuedAt, 'create', wait.node);
    if (wait.leftAt !== null) add(wait.leftAt, 'delete', wait.node);
  }
  for (const hold of history.holds) {
    if (!hold.before) add(hold.from, 'hold', hold.node);
    if (hold.to !== null) add(hold.to, 'delete', hold.node, hold.ended);
  }
  // Order of the queue's own changes at one moment: a deletion, then the next holding.
  const order: Record<LockEvent['kind'], number> = { delete: 0, notify: 1, create: 2, hold: 3 };
  return events.sort((a, b) => a.at - b.at || order[a.kind] - order[b.kind]);
}
