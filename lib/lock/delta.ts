import type { LockDelta, LockNode, LockSnapshot } from '../protocol';
import { sameNode, sameValue } from './node';
import { nodeIndexes, nodesByName, type NodeIndexes } from './indexes';
import { compareQueueOrder, withRoles } from './queue';

/**
 * The delta that turns `previous` into `next`: only the nodes that came, went or changed.
 * Returns null when nothing changed, so that no empty delta is ever sent. `indexes`: the lock's,
 * where the two lists' name indexes may be built already.
 */
export function diffSnapshots(previous: LockSnapshot, next: LockSnapshot, indexes: NodeIndexes = nodeIndexes()): LockDelta | null {
  const before = nodesByName(previous.nodes, indexes);
  const after = nodesByName(next.nodes, indexes);
  const added: LockNode[] = [];
  const updated: LockNode[] = [];
  for (const node of next.nodes) {
    const old = before.get(node.name);
    if (old === node) continue;
    if (old === undefined) added.push(node);
    else if (!sameNode(old, node)) updated.push(node);
  }
  const removed = previous.nodes.filter((node) => !after.has(node.name)).map((node) => node.name);
  const recipe = sameValue(previous.recipe, next.recipe) ? null : next.recipe;
  const anomalies = sameValue(previous.anomalies, next.anomalies) ? null : next.anomalies;
  if (added.length + removed.length + updated.length === 0 && previous.exists === next.exists && recipe === null && anomalies === null) {
    return null;
  }
  return { path: next.path, version: previous.version + 1, exists: next.exists, added, removed, updated, recipe, anomalies, read: next.read };
}

/** The nodes a delta removed or replaced, as they were in the snapshot it was made from: the removed ones first, then the updated ones in order. */
export function goneNodes(previous: LockSnapshot, delta: LockDelta, indexes: NodeIndexes = nodeIndexes()): LockNode[] {
  if (delta.removed.length + delta.updated.length === 0) return [];
  const before = nodesByName(previous.nodes, indexes);
  const gone: LockNode[] = [];
  for (const name of delta.removed) {
    const node = before.get(name);
    if (node !== undefined) gone.push(node);
  }
  for (const node of delta.updated) {
    const was = before.get(node.name);
    if (was !== undefined) gone.push(was);
  }
  return gone;
}

/**
 * Applies a delta to the snapshot it was made from; the server and the browser both use this,
 * so that they cannot disagree about the queue. Throws when the delta is not the next version.
 */
export function applyDelta(snapshot: LockSnapshot, delta: LockDelta): LockSnapshot {
  if (delta.path !== snapshot.path) {
    throw new Error(`delta for ${delta.path} applied to ${snapshot.path}`);
  }
  if (delta.version !== snapshot.version + 1) {
    throw new Error(`delta version ${delta.version} does not follow snapshot version ${snapshot.version}`);
  }
  // A change of anomalies or of the read alone keeps the node list itself, so that nothing drawn from it is made again.
  if (delta.removed.length + delta.updated.length + delta.added.length === 0 && delta.exists === snapshot.exists) {
    return { ...snapshot, version: delta.version, recipe: delta.recipe ?? snapshot.recipe, anomalies: delta.anomalies ?? snapshot.anomalies, read: delta.read ?? snapshot.read };
  }
  const gone = new Set(delta.removed);
  const changed = new Map(delta.updated.map((node) => [node.name, node]));
  // The queue is read up to the last node the delta names, and the rest copied as it is (a handover at the head of 100,000 names two nodes near the top).
  const kept: LockNode[] = [];
  let unfound = gone.size + changed.size;
  let index = 0;
  for (; index < snapshot.nodes.length && unfound > 0; index += 1) {
    const node = snapshot.nodes[index]!;
    if (gone.has(node.name)) {
      unfound -= 1;
      continue;
    }
    const update = changed.get(node.name);
    if (update !== undefined) unfound -= 1;
    kept.push(update ?? node);
  }
  // One list made to size (a concatenation of a slice would copy the queue twice).
  const before = snapshot.nodes;
  const rest = new Array<LockNode>(kept.length + before.length - index);
  for (let i = 0; i < kept.length; i += 1) rest[i] = kept[i]!;
  for (let i = index, j = kept.length; i < before.length; i += 1, j += 1) rest[j] = before[i]!;
  const nodes = delta.added.length === 0 ? rest : mergeSorted(rest, [...delta.added].sort(compareQueueOrder));
  return withRoles({
    path: snapshot.path,
    exists: delta.exists,
    version: delta.version,
    recipe: delta.recipe ?? snapshot.recipe,
    nodes,
    anomalies: delta.anomalies ?? snapshot.anomalies,
    read: delta.read ?? snapshot.read,
  });
}

/** Merges two lists already in queue order: linear in the queue, so a handover stays cheap at 10,000 waiters. */
function mergeSorted(a: readonly LockNode[], b: readonly LockNode[]): LockNode[] {
  const merged: LockNode[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] as LockNode;
    const right = b[j] as LockNode;
    if (compareQueueOrder(left, right) <= 0) {
      merged.push(left);
      i += 1;
    } else {
      merged.push(right);
      j += 1;
    }
  }
  while (i < a.length) merged.push(a[i++] as LockNode);
  while (j < b.length) merged.push(b[j++] as LockNode);
  return merged;
}
