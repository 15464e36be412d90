import type { LockDelta, LockNode, LockRead, LockSnapshot } from '../protocol';
import { handOnOwners, lockAnomalies, type AnomalyContext } from './anomalies';
import { editsInPlace, handOn, nodeIndexes, nodesByName, type NodeIndexes } from './indexes';
import { awaitsJudgement, reobserve } from './place';
import { analyzeLock, appendToQueue, localReading, recipeInfo, singleLine, type ChildRecord, type LockInput } from './reader';
import type { Introspected, ReportChange } from './report';

export type { ChildRecord, LockInput, ParentListing } from './reader';

/**
 * The snapshot of a lock from what was read of it. `previous` is the snapshot before this
 * read, if any: it supplies the recipe hint and when each node took its role; `now` is the
 * time of this read (the model reads no clock); `indexes`, the lock's (its machine's).
 */
export function buildSnapshot(
  input: Omit<LockInput, 'hint'>,
  previous: LockSnapshot | null,
  now: number,
  version = (previous?.version ?? -1) + 1,
  indexes: NodeIndexes = nodeIndexes(),
): LockSnapshot {
  const analysis = analyzeLock(
    { ...input, hint: previous?.recipe.id ?? null },
    { previous: previous === null ? null : nodesByName(previous.nodes, indexes), now, introspection: input.introspection ?? null },
  );
  return withRoles({
    path: input.path,
    exists: input.root.exists,
    version,
    recipe: analysis.recipe,
    nodes: analysis.nodes,
    // Anomalies follow in a delta of their own (see `withAnomalies`), so that a handover is not held up by them.
    anomalies: input.root.exists ? (previous?.anomalies ?? []) : [],
    read: { at: now, pzxid: input.self?.stat.pzxid ?? null },
  });
}

/**
 * The snapshot with its anomalies brought up to date, and the delta that carries only them;
 * null when they did not change.
 */
export function withAnomalies(snapshot: LockSnapshot, context: AnomalyContext, indexes: NodeIndexes = nodeIndexes()): { snapshot: LockSnapshot; delta: LockDelta } | null {
  const anomalies = snapshot.exists ? lockAnomalies(snapshot, context, indexes) : [];
  if (JSON.stringify(anomalies) === JSON.stringify(snapshot.anomalies)) return null;
  const version = snapshot.version + 1;
  return {
    snapshot: { ...snapshot, version, anomalies },
    delta: { path: snapshot.path, version, exists: snapshot.exists, added: [], removed: [], updated: [], recipe: null, anomalies, read: null },
  };
}

/** The snapshot of a lock parent that does not exist. */
export function missingLock(path: string, version = 0): LockSnapshot {
  return withRoles({
    path,
    exists: false,
    version,
    recipe: recipeInfo('unknown'),
    nodes: [],
    anomalies: [],
    read: null,
  });
}

/** Queue order: every recipe gives each node a key that sorts as its client sorts. */
export function compareQueueOrder(a: LockNode, b: LockNode): number {
  if (a.sortKey === b.sortKey) return 0;
  return a.sortKey < b.sortKey ? -1 : 1;
}

/** Adds the holder and waiter name lists, derived from the nodes in queue order. */
export function withRoles(lock: Omit<LockSnapshot, 'holders' | 'waiters'>): LockSnapshot {
  const nodes = lock.nodes;
  let holding = 0;
  for (let i = 0; i < nodes.length; i += 1) if ((nodes[i] as LockNode).role === 'holder') holding += 1;
  // Made to size: a list of 100,000 grown by push is copied some twenty times on the way.
  const holders = new Array<string>(holding);
  const waiters = new Array<string>(nodes.length - holding);
  for (let i = 0, h = 0, w = 0; i < nodes.length; i += 1) {
    const node = nodes[i] as LockNode;
    if (node.role === 'holder') holders[h++] = node.name;
    else waiters[w++] = node.name;
  }
  return { ...lock, holders, waiters };
}

/**
 * A change made without analysing the whole queue: the next snapshot, the delta to it, and the
 * nodes it removed or replaced as they were (so that nobody has to index the old snapshot to find them).
 */
export interface FastChange {
  snapshot: LockSnapshot;
  delta: LockDelta;
  gone: LockNode[];
}

/**
 * The common handover without analysing the whole queue again: in a single-line lock where
 * the holder's node went, the next node holds from `now` and nothing else changes. Returns null
 * for any other removal, which needs the full analysis.
 */
export function handover(previous: LockSnapshot, removed: readonly string[], read: LockRead, indexes: NodeIndexes = nodeIndexes()): FastChange | null {
  const now = read.at;
  // A system's note speaks of the holder (the leader node names it or not): a new holder is read whole, the note with it.
  if (removed.length !== 1 || !previous.exists || !singleLine(previous.recipe.id) || previous.recipe.systemNote !== null) return null;
  const [head, next] = previous.nodes;
  if (head === undefined || next === undefined || head.name !== removed[0] || head.role !== 'holder' || next.predecessor !== head.name) return null;
  const promoted: LockNode = { ...next, role: 'holder', predecessor: null, watch: null, watchConfirmed: null, roleSince: now };
  const nodes = withoutAt(previous.nodes, 0, indexes);
  nodes[0] = promoted;
  const version = previous.version + 1;
  const snapshot: LockSnapshot = { ...previous, version, nodes, holders: [promoted.name], waiters: withoutAt(previous.waiters, 0, indexes), read };
  return leaving(previous, snapshot, head, { was: next, now: promoted }, indexes);
}

/**
 * The change a node leaving made: `changed`, the one other node it changed, as it was and as it
 * is now. The previous snapshot's name index and owner counts are handed on, edited in a place
 * or two, instead of being built again.
 */
function leaving(previous: LockSnapshot, snapshot: LockSnapshot, leaver: LockNode, changed: { was: LockNode; now: LockNode } | null, indexes: NodeIndexes): FastChange {
  handOn(indexes.byName, previous.nodes, snapshot.nodes, (index) => {
    index.delete(leaver.name);
    if (changed !== null) index.set(changed.now.name, changed.now);
  });
  handOnOwners(indexes, previous.nodes, snapshot.nodes, [leaver], []);
  const { version, read } = snapshot;
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added: [], removed: [leaver.name], updated: changed === null ? [] : [changed.now], recipe: null, anomalies: null, read },
    gone: changed === null ? [leaver] : [leaver, changed.was],
  };
}

/** Finds the child record a node of the lock was read from (the live machine's parents keep them). */
export type RecordOf = (node: LockNode) => ChildRecord | undefined;

/**
 * A waiter leaving a single-line lock (it gave up, its session went) without analysing the whole
 * queue again: the one behind it now waits on the one before it, and nothing else changes. With
 * ZooKeeper's report read (`introspection`), the moved watch is judged anew from its record
 * (`recordOf`), as the full analysis would. Returns null for any other removal.
 */
export function leave(previous: LockSnapshot, removed: readonly string[], read: LockRead, introspection: Introspected | null, indexes: NodeIndexes = nodeIndexes(), recordOf: RecordOf | null = null): FastChange | null {
  if ((introspection !== null && recordOf === null) || removed.length !== 1 || !previous.exists || !singleLine(previous.recipe.id)) return null;
  const at = positionOf(previous.nodes, removed[0]!, indexes);
  const leaver = previous.nodes[at];
  const ahead = previous.nodes[at - 1];
  if (leaver === undefined || ahead === undefined || leaver.role !== 'waiter' || leaver.predecessor !== ahead.name) return null;
  const behind = previous.nodes[at + 1];
  if (behind !== undefined && behind.predecessor !== leaver.name) return null;
  const nodes = withoutAt(previous.nodes, at, indexes);
  let moved: LockNode | null = behind === undefined ? null : { ...behind, predecessor: ahead.name, watch: behind.watch === null ? null : { type: behind.watch.type, path: ahead.path } };
  if (moved !== null && introspection !== null) {
    // Its watch moved to another node: what the report says of it starts again from now.
    const record = recordOf!(behind!);
    if (record === undefined) return null;
    moved = reobserve(moved, record, introspection, read.at);
  }
  if (moved !== null) nodes[at] = moved;
  const version = previous.version + 1;
  const snapshot: LockSnapshot = { ...previous, version, nodes, waiters: without(previous.waiters, leaver.name, at - previous.holders.length, indexes), read };
  return leaving(previous, snapshot, leaver, moved === null ? null : { was: behind!, now: moved }, indexes);
}

/**
 * The other common change without analysing the whole queue again: contenders join at the tail
 * of a queue placed by the standings rule (a mutex's line, a herd, a read-write lock), each
 * standing as its rule says from the nodes before it. Returns null for any other arrival (the
 * lock was empty, a node of another kind or out of order), which needs the full analysis.
 */
export function append(
  previous: LockSnapshot,
  records: readonly ChildRecord[],
  read: LockRead,
  introspection: Introspected | null,
  indexes: NodeIndexes = nodeIndexes(),
): FastChange | null {
  const last = previous.nodes[previous.nodes.length - 1];
  if (last === undefined || !previous.exists || localReading(previous.recipe.id, previous.path) === null) return null;
  const index = nodesByName(previous.nodes, indexes);
  const added = appendToQueue(previous.recipe.id, previous.path, last, records, { previous: index, now: read.at, introspection });
  if (added === null) return null;
  const version = previous.version + 1;
  const nodes = withAdded(previous.nodes, added, indexes);
  const holding = added.filter((node) => node.role === 'holder').map((node) => node.name);
  const waiting = added.filter((node) => node.role !== 'holder').map((node) => node.name);
  const holders = holding.length === 0 ? previous.holders : withAdded(previous.holders, holding, indexes);
  const snapshot: LockSnapshot = { ...previous, version, nodes, holders, waiters: waiting.length === 0 ? previous.waiters : withAdded(previous.waiters, waiting, indexes), read };
  // The name index is handed on with the newcomers added, as in `handover`.
  handOn(indexes.byName, previous.nodes, nodes, (index) => {
    for (const node of added) index.set(node.name, node);
  });
  handOnOwners(indexes, previous.nodes, nodes, [], added);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added, removed: [], updated: [], recipe: null, anomalies: null, read },
    gone: [],
  };
}

/**
 * A node leaving a queue placed by the standings rule where nobody's standing rests on it,
 * without analysing the whole queue again: a reader (or a writer) of a read-write lock that the
 * node behind it does not wait on, a waiter at the tail, any node of a herd (whose waiters wait
 * on no node: when its holder goes, the next holds). Nothing else changes, and no watch moves,
 * so a report of ZooKeeper has nothing to judge again. Returns null for any other removal.
 */
export function withdraw(previous: LockSnapshot, removed: readonly string[], read: LockRead, indexes: NodeIndexes = nodeIndexes()): FastChange | null {
  const local = localReading(previous.recipe.id, previous.path);
  // A system's note speaks of the holder: a new holder is read whole, the note with it (as in `handover`).
  if (removed.length !== 1 || !previous.exists || local === null || previous.recipe.systemNote !== null) return null;
  const at = positionOf(previous.nodes, removed[0]!, indexes);
  const leaver = previous.nodes[at];
  if (leaver === undefined) return null;
  const behind = previous.nodes[at + 1];
  // A herd's next node holds once the head goes; in any other queue the node behind a head it does not wait on holds already.
  const promote = local === 'herd' && at === 0 && behind !== undefined;
  if (!promote && behind?.predecessor === leaver.name) return null;
  const nodes = withoutAt(previous.nodes, at, indexes);
  const promoted: LockNode | null = promote ? { ...behind, role: 'holder', predecessor: null, watch: null, watchConfirmed: null, roleSince: read.at } : null;
  if (promoted !== null) nodes[0] = promoted;
  const version = previous.version + 1;
  const holders = promoted !== null ? [promoted.name] : leaver.role === 'holder' ? without(previous.holders, leaver.name, at, indexes) : previous.holders;
  const waiters = promoted !== null ? withoutAt(previous.waiters, 0, indexes) : leaver.role === 'holder' ? previous.waiters : without(previous.waiters, leaver.name, at - previous.holders.length, indexes);
  const snapshot: LockSnapshot = { ...previous, version, nodes, holders, waiters, read };
  return leaving(previous, snapshot, leaver, promoted === null ? null : { was: behind!, now: promoted }, indexes);
}

/**
 * Where the node named `name` stands in `nodes`: found by name, then by its sort key (the list is
 * in queue order), a few steps where a walk from the head is 100,000; -1 when it is not there.
 */
function positionOf(nodes: readonly LockNode[], name: string, indexes: NodeIndexes): number {
  const node = nodesByName(nodes, indexes).get(name);
  if (node === undefined) return -1;
  let low = 0;
  let high = nodes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compareQueueOrder(nodes[middle]!, node);
    if (order === 0) return nodes[middle] === node ? middle : nodes.indexOf(node);
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  // Not in sort-key order (a system's reading): walked.
  return nodes.indexOf(node);
}

/** A name list without `name`: at `guess` (its place among the nodes, less the holders before it) as `withoutAt` does, else filtered. */
function without(names: readonly string[], name: string, guess: number, indexes: NodeIndexes): string[] {
  return names[guess] === name ? withoutAt(names, guess, indexes) : names.filter((one) => one !== name);
}

/**
 * A list without its entry at `at`: the list itself edited where the reading's lists may be
 * (`editsInPlace`: at 100,000 nodes a copy is a large object, most of a change's cost), else in
 * one copy.
 */
function withoutAt<T>(list: readonly T[], at: number, indexes: NodeIndexes): T[] {
  if (editsInPlace(indexes, list)) {
    const edited = list as T[];
    if (at === 0) edited.shift();
    else edited.splice(at, 1);
    return edited;
  }
  if (at === 0) return list.slice(1);
  const copy = list.slice();
  copy.splice(at, 1);
  return copy;
}

/** A list with `added` at its end: the list itself where it may be edited (as in `withoutAt`), else a copy. */
function withAdded<T>(list: readonly T[], added: readonly T[], indexes: NodeIndexes): T[] {
  if (!editsInPlace(indexes, list)) return list.concat(added);
  const edited = list as T[];
  for (const one of added) edited.push(one);
  return edited;
}

/**
 * A new report of ZooKeeper applied without analysing the queue again: a node is looked at again
 * when the report changed who watches it, what it watches or its session's address, or while
 * its own watch awaits judgement; every other node is as the report before left it. `change`
 * must be from the report the snapshot was read with. Null when no node changed.
 */
export function observeReport(
  previous: LockSnapshot,
  report: Introspected,
  change: ReportChange,
  recordOf: RecordOf,
  now: number,
  indexes: NodeIndexes = nodeIndexes(),
): FastChange | null {
  const { paths, sessions } = change;
  const updated: LockNode[] = [];
  const gone: LockNode[] = [];
  let nodes: LockNode[] | null = null;
  const before = previous.nodes;
  for (let i = 0; i < before.length; i += 1) {
    const node = before[i]!;
    if (!(paths.has(node.path) || (node.watch !== null && paths.has(node.watch.path)) || sessions.has(node.sessionId) || awaitsJudgement(node))) continue;
    const record = recordOf(node);
    if (record === undefined) continue;
    const next = reobserve(node, record, report, now);
    if (next === node) continue;
    nodes ??= before.slice();
    nodes[i] = next;
    updated.push(next);
    gone.push(node);
  }
  if (nodes === null) return null;
  const version = previous.version + 1;
  // Roles and order are as they were: the name lists and the owners stay, the name index is handed on.
  const snapshot: LockSnapshot = { ...previous, version, nodes };
  handOn(indexes.byName, before, nodes, (index) => {
    for (const node of updated) index.set(node.name, node);
  });
  handOnOwners(indexes, before, nodes, [], []);
  return {
    snapshot,
    delta: { path: previous.path, version, exists: previous.exists, added: [], removed: [], updated, recipe: null, anomalies: null, read: null },
    gone,
  };
}
