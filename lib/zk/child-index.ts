/**
 * Every parent's children at any zxid, from one pass over ZooKeeper's files: while the tree is
 * replayed, each change to a child is kept under its parent (with the child's stat and data as
 * they were then), and a parent's children before its first change are kept once. A lock at a
 * moment is then its parent's children at the start plus its own changes up to that moment,
 * however long the log of the rest of the tree.
 */
import type { ZnodeStat } from '../protocol';
import { parentPath } from './path';
import { clientStat, compareZxid, type TreeChange, type TreeNode, type ZnodeTree } from './znode-tree';

/** A child as it was at a moment, its stat as a client would have read it. */
export interface ChildAt {
  name: string;
  stat: ZnodeStat;
  data: Uint8Array | null;
}

interface ChildEvent {
  zxid: string;
  time: number;
  kind: TreeChange['kind'];
  child: ChildAt;
}

export class ChildIndex {
  /** A parent's children before its first change (the rest of the time the tree's own). */
  private readonly initial = new Map<string, Map<string, ChildAt>>();
  private readonly events = new Map<string, ChildEvent[]>();

  /** Follows `tree`'s changes from now on. */
  constructor(private readonly tree: ZnodeTree) {
    tree.onChange = this.record;
  }

  private readonly record = (change: TreeChange): void => {
    const parent = parentPath(change.path);
    const name = change.path.slice(change.path.lastIndexOf('/') + 1);
    let events = this.events.get(parent);
    if (events === undefined) {
      // The children before this first change: the tree's now, this change undone.
      const before = new Map<string, ChildAt>();
      for (const child of this.tree.children(parent)) if (child.name !== name) before.set(child.name, childAt(child.name, child.node));
      if (change.kind !== 'create') before.set(name, childAt(name, change.node));
      this.initial.set(parent, before);
      events = [];
      this.events.set(parent, events);
    }
    events.push({ zxid: change.txn.zxid, time: change.txn.time, kind: change.kind, child: childAt(name, change.node) });
  };

  /** The parents whose children changed in the span of the files. */
  changedParents(): IterableIterator<string> {
    return this.events.keys();
  }

  /** The changes of `parent`'s children, oldest first. */
  changesOf(parent: string): readonly ChildEvent[] {
    return this.events.get(parent) ?? [];
  }

  /** `parent`'s children right after transaction `zxid` (as the tree holds them where they never changed), by name. */
  childrenAt(parent: string, zxid: string): ChildAt[] {
    const events = this.events.get(parent);
    if (events === undefined) return this.tree.children(parent).map(({ name, node }) => childAt(name, node));
    const children = new Map(this.initial.get(parent));
    for (const event of events) {
      if (compareZxid(event.zxid, zxid) > 0) break;
      if (event.kind === 'delete') children.delete(event.child.name);
      else children.set(event.child.name, event.child);
    }
    return [...children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

function childAt(name: string, node: TreeNode): ChildAt {
  return { name, stat: clientStat(node), data: node.data };
}
