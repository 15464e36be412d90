import type { LockDelta, LockNode, LockSnapshot } from '../protocol';
import { parentPath } from '../zk/path';
import { edgePath, edgesInRows, nodesInRows, PARENT_ROW, type PlacedNode, type QueueLayout } from './queue-layout';

/** One removed node and the watchers its removal woke. */
export interface Wake {
  removed: string;
  woken: string[];
}

/**
 * Who is woken when nodes go: every node whose watch is on a removed node, and for herd-style
 * waiters (a watch on the parent's children) every one of them, since any change wakes them all.
 * This is what the page animates, so that one chained wake-up and the herd's fan-out both show.
 */
export function wokenBy(previous: LockSnapshot, delta: LockDelta): Wake[] {
  if (delta.removed.length === 0) return [];
  const removed = new Set(delta.removed);
  // The removed nodes by path, in queue order; then one pass finds every watcher of each (a queue of 100,000 is read twice, not copied per removal).
  const gone = new Map<string, Wake>();
  for (let index = 0, nodes = previous.nodes; index < nodes.length && gone.size < removed.size; index += 1) {
    const node = nodes[index]!;
    if (removed.has(node.name)) gone.set(node.path, { removed: node.name, woken: [] });
  }
  const parents = new Set([...gone.keys()].map(parentPath));
  for (const node of previous.nodes) {
    const watch = node.watch;
    if (watch === null) continue;
    if (watch.type !== 'children') {
      const wake = gone.get(watch.path);
      if (wake !== undefined && !removed.has(node.name)) wake.woken.push(node.name);
    } else if (parents.has(watch.path) && !removed.has(node.name)) {
      // Any change of the children wakes those who watch them: each removal wakes them all.
      for (const wake of gone.values()) wake.woken.push(node.name);
    }
  }
  return [...gone.values()];
}

/** A notification on its way: the path it runs, drawn from the woken watcher to what it watched. */
export interface Trail {
  key: string;
  /** The watcher it wakes. */
  woken: string;
  /** The watch edge's path in the drawing as it was; the notification runs it backwards. */
  d: string;
}

/**
 * The paths the notifications of a change run, in the drawing as it was before the change:
 * along each woken watcher's edge, from the removed node (or the parent, for a herd) to the
 * watcher. Only edges on screen are kept (a herd of 10,000 has 10,000 of them); each watcher
 * once, however many nodes went.
 */
export function wakeTrails(before: QueueLayout, wakes: readonly Wake[], rows: { first: number; last: number }, limit = 200): Trail[] {
  const woken = new Map<string, string>();
  for (const wake of wakes) for (const name of wake.woken) if (!woken.has(name)) woken.set(name, wake.removed);
  const trails: Trail[] = [];
  for (const edge of edgesInRows(before, rows)) {
    if (trails.length >= limit) break;
    // A herd's bundled edge carries one notification, for all of them, along its trunk.
    const first = edge.bundle === true ? edge.members?.find((index) => woken.has(before.queue[index]!.name)) : undefined;
    const from = first === undefined ? edge.from : before.queue[first]!.name;
    const removed = woken.get(from);
    // The watcher it reaches must be on screen: a herd's edges all cross the screen, to the parent above.
    if (removed === undefined || (edge.bundle !== true && (edge.fromRow < rows.first || edge.fromRow > rows.last))) continue;
    if (edge.toRow !== PARENT_ROW && edge.to !== removed) continue;
    trails.push({ key: `${removed}->${from}`, woken: from, d: edgePath(edge, before.options) });
  }
  return trails;
}

/** The cards of nodes that went, where they were drawn, so that they can be seen leaving. */
export function departures(before: QueueLayout, after: QueueLayout, rows: { first: number; last: number }): PlacedNode[] {
  if (before.queue.length === 0) return [];
  // Only the cards on screen can be seen leaving: each is looked for in the queue after by its sort key (the queue's order), not the whole queue read.
  return nodesInRows(before, rows).filter((entry) => !inQueue(after.queue, entry.node));
}

/** Whether `node` is in `queue`, which is in queue order (by sort key): a binary search. */
function inQueue(queue: readonly LockNode[], node: LockNode): boolean {
  let low = 0;
  let high = queue.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const key = queue[middle]!.sortKey;
    if (key === node.sortKey) return queue[middle]!.name === node.name;
    if (key < node.sortKey) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
