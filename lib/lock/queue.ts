import type { LockNode, LockSnapshot } from '../protocol';
import { analyzeLock, type LockInput } from './recipes';

export type { ChildRecord, LockInput, ParentListing } from './recipes';

/**
 * The snapshot of a lock from what was read of it. `previous` is the snapshot before this
 * read, if any: it supplies the recipe hint and when each node took its role; `now` is the
 * time of this read (the model reads no clock).
 */
export function buildSnapshot(input: Omit<LockInput, 'hint'>, previous: LockSnapshot | null, now: number): LockSnapshot {
  const analysis = analyzeLock({ ...input, hint: previous?.recipe.id ?? null });
  const before = new Map(previous?.nodes.map((node) => [node.name, node]));
  const nodes = analysis.nodes.map((node): LockNode => {
    const old = before.get(node.name);
    let roleSince: number | null;
    if (old !== undefined) roleSince = old.role === node.role ? old.roleSince : now;
    else if (node.role === 'waiter') roleSince = node.ctime;
    // A holder seen arriving holds from now; one that held before the first read, from an unknown time.
    else roleSince = previous === null ? null : now;
    return { ...node, roleSince };
  });
  return withRoles({
    path: input.path,
    exists: input.root.exists,
    version: (previous?.version ?? -1) + 1,
    recipe: analysis.recipe,
    nodes,
    anomalies: previous?.anomalies ?? [],
  });
}

/** The snapshot of a lock parent that does not exist. */
export function missingLock(path: string, version = 0): LockSnapshot {
  return withRoles({
    path,
    exists: false,
    version,
    recipe: { id: 'unknown', name: 'No contenders yet', note: null, maxLeases: null },
    nodes: [],
    anomalies: [],
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
  for (const node of lock.nodes) (node.role === 'holder' ? holders : waiters).push(node.name);
  return { ...lock, holders, waiters };
}
