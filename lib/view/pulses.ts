import type { LockDelta, LockSnapshot } from '../protocol';
import { parentPath } from '../zk/path';

/**
 * Who is woken when nodes go: every node whose watch is on a removed node, and for herd-style
 * waiters (a watch on the parent's children) every one of them, since any change wakes them all.
 * This is what the page animates, so that one chained wake-up and the herd's fan-out both show.
 */
export function wokenBy(previous: LockSnapshot, delta: LockDelta): { removed: string; woken: string[] }[] {
  if (delta.removed.length === 0) return [];
  const gone = new Map(previous.nodes.filter((node) => delta.removed.includes(node.name)).map((node) => [node.path, node.name]));
  const parents = new Set([...gone.keys()].map(parentPath));
  return [...gone].map(([path, name]) => ({
    removed: name,
    woken: previous.nodes
      .filter((node) => !gone.has(node.path))
      .filter((node) => (node.watch?.type !== 'children' ? node.watch?.path === path : parents.has(node.watch.path)))
      .map((node) => node.name),
  }));
}
