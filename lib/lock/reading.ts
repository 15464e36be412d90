/**
 * How a change to a lock's children becomes its next reading and the deltas that say it: one
 * step, the same whether the change came from ZooKeeper's notifications (the live watcher) or
 * from its transaction log (a replayed lock's timeline), so that the two cannot read a lock
 * differently. A removal at the head, a waiter leaving, a
 * node nobody waits on leaving (a herd's, a reader) and arrivals at the tail of a queue placed by
 * the standings rule are read from the change alone (`handover`, `leave`, `withdraw`, `append`:
 * ms at 100,000 waiters, where the whole queue analysed again takes a second); anything else is
 * read whole and said as the difference.
 */
import type { LockRead, LockSnapshot } from '../protocol';
import { diffSnapshots, goneNodes } from './delta';
import type { NodeIndexes } from './indexes';
import { append, buildSnapshot, handover, leave, withdraw, type ChildRecord, type FastChange, type LockInput, type RecordOf } from './queue';
import type { Introspected } from './report';

/** What a lock's children did since its last reading. */
export interface ChildChange {
  /** Names gone from the lock path. */
  removed: readonly string[];
  /** Children come to the lock path, as read. */
  added: readonly ChildRecord[];
  /** Anything else (a child's data, another parent, the lock's own node): the lock is read whole. */
  other: boolean;
}

/** One delta of a reading: the lock after it, the delta, and the nodes it removed or replaced as they were. */
export type ReadingStep = FastChange;

export interface Reading {
  snapshot: LockSnapshot;
  /** The deltas from the previous reading to this one, in order; none when nothing a page shows changed. */
  steps: ReadingStep[];
}

/**
 * The lock after `change`, from `previous`, its last reading. `whole` gives everything read of it,
 * for a change the fast paths do not take; `read` is when and at which pzxid this reading is;
 * `introspection`, ZooKeeper's report the fast paths read nodes with (null: none is read).
 * `first`: `previous` is only a placeholder (nothing read yet), so roles are not dated from it,
 * and the lock is read whole. `indexes`: the lock's own (its machine's state holds them);
 * `recordOf`, the child records its nodes were read from, where they are kept (the live machine).
 */
export function nextReading(previous: LockSnapshot, change: ChildChange, read: LockRead, whole: () => Omit<LockInput, 'hint'>, indexes: NodeIndexes, introspection: Introspected | null = null, first = false, recordOf: RecordOf | null = null): Reading {
  if (!first && !change.other) {
    const fast = fastReading(previous, change, read, introspection, indexes, recordOf);
    if (fast !== null) return fast;
  }
  const snapshot = { ...buildSnapshot(whole(), first ? null : previous, read.at, previous.version + 1, indexes), read };
  const delta = diffSnapshots(previous, snapshot, indexes);
  return { snapshot, steps: delta === null ? [] : [{ snapshot, delta, gone: goneNodes(previous, delta, indexes) }] };
}

/** The change read from itself alone, or null when it needs the whole lock read. */
function fastReading(previous: LockSnapshot, change: ChildChange, read: LockRead, introspection: Introspected | null, indexes: NodeIndexes, recordOf: RecordOf | null): Reading | null {
  const steps: FastChange[] = [];
  let snapshot = previous;
  if (change.removed.length > 0) {
    const removal = handover(snapshot, change.removed, read, indexes) ?? leave(snapshot, change.removed, read, introspection, indexes, recordOf) ?? withdraw(snapshot, change.removed, read, indexes);
    if (removal === null) return null;
    steps.push(removal);
    snapshot = removal.snapshot;
  }
  if (change.added.length > 0) {
    const arrival = append(snapshot, change.added, read, introspection, indexes);
    if (arrival === null) return null;
    steps.push(arrival);
    snapshot = arrival.snapshot;
  }
  return { snapshot, steps };
}
