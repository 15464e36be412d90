/**
 * What a lock's reading keeps of its node list from one change to the next: the nodes by name
 * (to date roles, to diff, to find a node a change names) and how many nodes each owner has (the
 * orphan check), each built once for a list and handed on, edited, to the list a change makes
 * from it (a handover at the head of 100,000 waiters edits two entries, it does not index them
 * again). A lock's state machine owns one (`LockState.indexes`, as STYLE.md asks: what outlives
 * an event lives in the state, not in a module); a reading made outside a machine (a replayed
 * moment, a test) makes its own, and at worst builds an index it could have been handed.
 */
import type { LockNode } from '../protocol';
import type { SharedData } from './data';

/** How many nodes of a list each owner has, and how many owners have more than one. */
export interface OwnerCounts {
  counts: Map<string, number>;
  repeated: number;
}

/**
 * A value kept per node list, for the few lists of one lock that are read at once (the reading
 * published and the one a change makes from it, which a diff reads both of): the oldest goes
 * past `KEPT` (`remember`), and the machine keeps only its published list's once a step is done
 * (`keepOnly`: an index of 100,000 nodes is some 25 MB). Plain data: a map by the list itself.
 */
export type ListMemo<T> = Map<readonly LockNode[], T>;

const KEPT = 3;

/** Keeps `value` for `nodes` (the oldest list's forgotten past KEPT); answers it. */
export function remember<T>(memo: ListMemo<T>, nodes: readonly LockNode[], value: T): T {
  memo.set(nodes, value);
  if (memo.size > KEPT) memo.delete(memo.keys().next().value!);
  return value;
}

/** Hands the value kept for `from` (if any) on to `to`, changed by `edit`. */
export function handOn<T>(memo: ListMemo<T>, from: readonly LockNode[], to: readonly LockNode[], edit: (value: T) => void): void {
  const value = memo.get(from);
  if (value === undefined) return;
  memo.delete(from);
  edit(value);
  remember(memo, to, value);
}

export interface NodeIndexes {
  byName: ListMemo<Map<string, LockNode>>;
  owners: ListMemo<OwnerCounts>;
  /** The descriptions of the short data its nodes hold, one each (`describeData`): the waiters of one host hold the same. */
  data: SharedData;
  /**
   * Whether a change may edit the lists of the reading it is made from (its nodes, holders and
   * waiters) instead of copying them, when they are long (`editsInPlace`): a copy of 100,000
   * entries is a large object of its own, most of a change's cost. Only a lock machine's readings
   * are so (the live watcher's, and a replayed lock's timeline, which keeps its last reading and
   * the deltas), because nobody reads a reading of theirs once the next is made: whoever reads
   * one reads it at once (a route, a socket, the lock list), never across an `await`. A reading
   * made outside a machine (a replayed moment, a test) is never edited.
   */
  inPlace: boolean;
}

export function nodeIndexes(inPlace = false): NodeIndexes {
  return { byName: new Map(), owners: new Map(), data: new Map(), inPlace };
}

/** From this length a list is edited in place where `inPlace` allows (shorter ones are copied in microseconds). */
const IN_PLACE_FROM = 4_096;

/** Whether `list` is edited rather than copied by a change of a reading with these indexes. */
export function editsInPlace(indexes: NodeIndexes, list: readonly unknown[]): boolean {
  return indexes.inPlace && list.length >= IN_PLACE_FROM;
}

/** Forgets the indexes of every list but `nodes` (the reading published). */
export function keepOnly(indexes: NodeIndexes, nodes: readonly LockNode[]): void {
  for (const memo of [indexes.byName, indexes.owners]) for (const kept of memo.keys()) if (kept !== nodes) memo.delete(kept);
}

/** The nodes by name, from `indexes` where they were built or handed on for this list. */
export function nodesByName(nodes: readonly LockNode[], indexes: NodeIndexes): Map<string, LockNode> {
  return indexes.byName.get(nodes) ?? remember(indexes.byName, nodes, new Map(nodes.map((node) => [node.name, node])));
}
