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

/** One change of a parent's children (or of a child's data). */
export interface ChildEvent {
  zxid: string;
  time: number;
  kind: TreeChange['kind'];
  child: ChildAt;
  /** The session whose transaction it was. */
  session: string;
  /**
   * For a delete that came with a session's close: whether ZooKeeper expired the session (its
   * close is the server's own request, cxid 0) or the client closed it; null for any other change.
   */
  closed: 'expired' | 'closed' | null;
}

export class ChildIndex {
  /** A parent's children before its first change (the rest of the time the tree's own). */
  private readonly initial = new Map<string, Map<string, ChildAt>>();
  private readonly events = new Map<string, ChildEvent[]>();
  /** Each node's child record as last made, kept while its stat and data stay (a delete reuses its create's: a million events share half as many). */
  private readonly made = new WeakMap<TreeNode, { revision: number; child: ChildAt }>();

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
    const { txn } = change;
    const closed = change.kind === 'delete' && txn.type === 'closeSession' ? (txn.cxid === 0 ? 'expired' : 'closed') : null;
    events.push({ zxid: txn.zxid, time: txn.time, kind: change.kind, child: this.childOf(name, change.node), session: txn.session, closed });
  };

  private childOf(name: string, node: TreeNode): ChildAt {
    const made = this.made.get(node);
    if (made !== undefined && made.revision === node.revision) return made.child;
    const child = childAt(name, node);
    this.made.set(node, { revision: node.revision, child });
    return child;
  }

  /** The parents whose children changed in the span of the files. */
  changedParents(): IterableIterator<string> {
    return this.events.keys();
  }

  /** The changes of `parent`'s children, oldest first. */
  changesOf(parent: string): readonly ChildEvent[] {
    return this.events.get(parent) ?? [];
  }

  /** How many changes `parent`'s children had up to and with `zxid`. */
  countAt(parent: string, zxid: string): number {
    const events = this.events.get(parent);
    return events === undefined ? 0 : lastAtOrBefore(events, zxid) + 1;
  }

  /** The last change of `parent`'s children at or before `zxid`; null when there was none in the files' span. */
  lastChange(parent: string, zxid: string): ChildEvent | null {
    const events = this.events.get(parent);
    if (events === undefined) return null;
    const at = lastAtOrBefore(events, zxid);
    return at < 0 ? null : events[at]!;
  }

  /** The znode at `path` right after `zxid` as its parent's changes leave it (its own stat and data); null when it did not exist. */
  nodeAt(path: string, zxid: string): ChildAt | null {
    if (path === '/') {
      const root = this.tree.get('/');
      return root === undefined ? null : childAt('', root);
    }
    const parent = parentPath(path);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const events = this.events.get(parent);
    if (events !== undefined) {
      for (let i = lastAtOrBefore(events, zxid); i >= 0; i -= 1) {
        const event = events[i]!;
        if (event.child.name === name) return event.kind === 'delete' ? null : event.child;
      }
      return this.initial.get(parent)?.get(name) ?? null;
    }
    const node = this.tree.get(path);
    return node === undefined ? null : childAt(name, node);
  }

  /** `parent`'s children right after transaction `zxid` (as the tree holds them where they never changed), by name. */
  childrenAt(parent: string, zxid: string): ChildAt[] {
    const events = this.events.get(parent);
    if (events === undefined) return this.tree.children(parent).map(({ name, node }) => childAt(name, node));
    const children = new Map(this.initial.get(parent));
    const last = lastAtOrBefore(events, zxid);
    for (let i = 0; i <= last; i += 1) {
      const event = events[i]!;
      if (event.kind === 'delete') children.delete(event.child.name);
      else children.set(event.child.name, event.child);
    }
    return [...children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** The index of the last event at or before `zxid` (-1 for none), by binary search: events are in zxid order. */
function lastAtOrBefore(events: readonly ChildEvent[], zxid: string): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareZxid(events[middle]!.zxid, zxid) <= 0) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function childAt(name: string, node: TreeNode): ChildAt {
  return { name, stat: clientStat(node), data: node.data };
}
