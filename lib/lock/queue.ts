import type { LockNode, LockSnapshot, ZnodeStat } from '../protocol';
import { NO_SESSION } from '../zk/ids';
import { compareSequenceText, formatSequence, parseSequence } from './sequence';

/** What the server learns of one child of a lock parent: its name and the stat read once. */
export interface ChildRecord {
  name: string;
  stat: ZnodeStat;
}

/** A node in queue order with the sort key its recipe uses. */
interface Queued {
  record: ChildRecord;
  sequenceText: string;
  sequence: number;
}

/**
 * The generic sequential-lock rule shared by ZooKeeper's recipe, Curator and Kazoo mutexes:
 * children sorted by their sequence suffix, the first holds, every other waits on the one
 * just before it. Children without a sequence suffix are not contenders and are left out.
 */
export function orderQueue(children: readonly ChildRecord[]): LockNode[] {
  const queued: Queued[] = [];
  for (const record of children) {
    const suffix = parseSequence(record.name);
    if (suffix === null) continue;
    queued.push({ record, sequenceText: suffix.text, sequence: suffix.value });
  }
  // Curator sorts by the sequence text, so wrapped (negative) sequences sort first.
  queued.sort(
    (a, b) => compareSequenceText(a.sequenceText, b.sequenceText) || compareNames(a.record.name, b.record.name),
  );
  return queued.map((entry, index): LockNode => {
    const { name, stat } = entry.record;
    const predecessor = index === 0 ? null : (queued[index - 1]?.record.name ?? null);
    return {
      name,
      sequence: entry.sequence,
      role: index === 0 ? 'holder' : 'waiter',
      sessionId: stat.ephemeralOwner,
      ephemeral: stat.ephemeralOwner !== NO_SESSION,
      ctime: stat.ctime,
      czxid: stat.czxid,
      predecessor,
    };
  });
}

/** The queue-order comparison of two already-analysed nodes, used again when a delta is applied. */
export function compareQueueOrder(a: LockNode, b: LockNode): number {
  return compareSequenceText(formatSequence(a.sequence), formatSequence(b.sequence)) || compareNames(a.name, b.name);
}

/** Builds the snapshot of a lock from its children; `exists` is false when the parent is missing. */
export function snapshotLock(
  path: string,
  exists: boolean,
  version: number,
  children: readonly ChildRecord[],
): LockSnapshot {
  return withRoles({ path, exists, version, nodes: exists ? orderQueue(children) : [] });
}

/** Adds the holder and waiter name lists, derived from the nodes in queue order. */
export function withRoles(lock: Omit<LockSnapshot, 'holders' | 'waiters'>): LockSnapshot {
  const holders: string[] = [];
  const waiters: string[] = [];
  for (const node of lock.nodes) (node.role === 'holder' ? holders : waiters).push(node.name);
  return { ...lock, holders, waiters };
}

function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
