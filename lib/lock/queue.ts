import type { LockDelta, LockNode, LockRead, LockSnapshot, RecipeId } from '../protocol';
import { lockAnomalies, type AnomalyContext } from './anomalies';
import { analyzeLock, recipeInfo, type LockInput } from './recipes';

export type { ChildRecord, LockInput, ParentListing } from './recipes';

/**
 * The snapshot of a lock from what was read of it. `previous` is the snapshot before this
 * read, if any: it supplies the recipe hint and when each node took its role; `now` is the
 * time of this read (the model reads no clock).
 */
export function buildSnapshot(
  input: Omit<LockInput, 'hint'>,
  previous: LockSnapshot | null,
  now: number,
  version = (previous?.version ?? -1) + 1,
): LockSnapshot {
  const analysis = analyzeLock(
    { ...input, hint: previous?.recipe.id ?? null },
    { previous: previous === null ? null : nodesByName(previous), now, introspection: input.introspection ?? null },
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
export function withAnomalies(snapshot: LockSnapshot, context: AnomalyContext): { snapshot: LockSnapshot; delta: LockDelta } | null {
  const anomalies = snapshot.exists ? lockAnomalies(snapshot, context) : [];
  if (JSON.stringify(anomalies) === JSON.stringify(snapshot.anomalies)) return null;
  const version = snapshot.version + 1;
  return {
    snapshot: { ...snapshot, version, anomalies },
    delta: { path: snapshot.path, version, exists: snapshot.exists, added: [], removed: [], updated: [], recipe: null, anomalies, read: null },
  };
}

// Built once per snapshot: it serves the next read (to date roles) and the diff against it.
const indexes = new WeakMap<LockSnapshot, Map<string, LockNode>>();

/** The nodes of a snapshot by name, built once per snapshot. */
export function nodesByName(snapshot: LockSnapshot): Map<string, LockNode> {
  let index = indexes.get(snapshot);
  if (index === undefined) {
    index = new Map(snapshot.nodes.map((node) => [node.name, node]));
    indexes.set(snapshot, index);
  }
  return index;
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
  const holders: string[] = [];
  const waiters: string[] = [];
  const nodes = lock.nodes;
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i] as LockNode;
    if (node.role === 'holder') holders.push(node.name);
    else waiters.push(node.name);
  }
  return { ...lock, holders, waiters };
}

/** Recipes whose queue is one line in which each waiter waits on the node just before it. */
const SINGLE_LINE = new Set<RecipeId>(['curator-mutex', 'curator-latch', 'kazoo-lock', 'zk-writelock', 'go-zookeeper', 'sequential-lock']);

/**
 * The common handover without analysing the whole queue again: in a single-line lock whose
 * only change is that the holder's node went, the next node holds from `now` and nothing else
 * changes. Returns null for any other change, which needs the full analysis.
 */
export function handover(previous: LockSnapshot, removed: readonly string[], added: number, read: LockRead): { snapshot: LockSnapshot; delta: LockDelta } | null {
  const now = read.at;
  if (added !== 0 || removed.length !== 1 || !previous.exists || !SINGLE_LINE.has(previous.recipe.id)) return null;
  const [head, next] = previous.nodes;
  if (head === undefined || next === undefined || head.name !== removed[0] || head.role !== 'holder' || next.predecessor !== head.name) return null;
  const promoted: LockNode = { ...next, role: 'holder', predecessor: null, watch: null, watchConfirmed: null, roleSince: now };
  const nodes = previous.nodes.slice(1);
  nodes[0] = promoted;
  const version = previous.version + 1;
  const snapshot: LockSnapshot = { ...previous, version, nodes, holders: [promoted.name], waiters: previous.waiters.slice(1), read };
  // The previous snapshot's name index is handed on, changed in two places, instead of being built again.
  const index = indexes.get(previous);
  if (index !== undefined) {
    indexes.delete(previous);
    index.delete(head.name);
    index.set(promoted.name, promoted);
    indexes.set(snapshot, index);
  }
  return {
    snapshot,
    delta: { path: previous.path, version, exists: true, added: [], removed: [head.name], updated: [promoted], recipe: null, anomalies: null, read },
  };
}
