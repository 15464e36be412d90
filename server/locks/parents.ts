/**
 * What is known of a lock's parents (the lock path and the other parents its recipe keeps
 * nodes under) and how it is kept up to date: each parent listed once with a persistent
 * recursive watch on it, then each child event applied as it comes (a deletion with no read, a
 * creation by reading the new nodes in one multiRead); where the server refuses persistent
 * watches, a one-shot child watch re-armed by listing the parent again.
 */
import { describeData } from '../../lib/lock/data';
import type { ChildRecord, ParentListing } from '../../lib/lock/queue';
import { auxiliaryParents, mayMoveAuxiliaryParents } from '../../lib/lock/reader';
import type { LockNode, NodeData, ZnodeStat } from '../../lib/protocol';
import { childPath } from '../../lib/zk/path';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { readChildren } from './read';

interface Parent {
  exists: boolean;
  /** The notification number at the last listing: the changes of later notifications are not in it. */
  listedAt: number;
  /** Whether it was listed before: what the first listing finds was there already. */
  listed: boolean;
  /** The persistent recursive watch on this parent: being added, added (with how to remove it), or none. */
  tree: { state: 'arming' } | { state: 'armed'; remove: () => Promise<void> } | null;
  /**
   * The parent's cversion as far as the applied changes go: read with each listing, then one
   * more for every child created or deleted since (ZooKeeper counts them so too).
   */
  cversion: number | null;
  /** The parent's creating transaction at that listing: a parent made again starts its cversion anew. */
  czxid: string | null;
  records: Map<string, ChildRecord>;
  /** One stable function per parent, since the client de-duplicates watchers by identity. */
  watcher: Watcher;
}

/** What the reads since the last publication changed: names gone from the lock path, names come to it, whether anything else changed, whether a change went unread. */
export interface Change {
  removed: string[];
  added: Set<string>;
  other: boolean;
  unread: boolean;
}

export function newChange(other: boolean): Change {
  return { removed: [], added: new Set(), other, unread: false };
}

/** A parent's state at its last listing, for telling whether a snapshot made from it is current. */
export interface ParentState {
  exists: boolean;
  cversion: number;
  czxid: string | null;
}

export interface LockParentsOptions {
  /** False reads once and sets no watch. */
  live: boolean;
  /** Something is there to read or apply: the owner starts its loop of reads. */
  onWork: () => void;
  /** A child of the lock path came (`created`) or went, at `at` (ms). */
  onRootChild: (created: boolean, at: number) => void;
}

export class LockParents {
  private readonly parents = new Map<string, Parent>();
  private readonly dirty = new Set<string>();
  /** Child events of persistent watches not applied yet, with their notification number. */
  private readonly pending: Array<{ seq: number; parent: string; name: string; kind: 'created' | 'deleted' | 'changed' }> = [];
  private stopped = false;
  /** The lock path's own stat and data; null while it does not exist. */
  self: { stat: ZnodeStat; data: NodeData | null } | null = null;
  /** What the reads changed since it was last taken (`take`). */
  private change = newChange(false);

  constructor(
    private readonly session: ZkSession,
    private readonly path: string,
    private readonly options: LockParentsOptions,
  ) {
    this.add(path);
  }

  /** The parents followed now. */
  paths(): string[] {
    return [...this.parents.keys()];
  }

  has(path: string): boolean {
    return this.parents.has(path);
  }

  /** Marks parents to be listed again (all of them when none is given). */
  markDirty(paths: readonly string[]): void {
    for (const path of paths.length > 0 ? paths : this.parents.keys()) this.dirty.add(path);
  }

  /** Whether a listing or child events wait to be read. */
  get hasWork(): boolean {
    return this.dirty.size > 0 || this.pending.length > 0;
  }

  /** Whether events of persistent watches wait to be applied. */
  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Whether the parents are followed with persistent watches (live, and the server has not refused them). */
  get persistent(): boolean {
    return this.options.live && this.session.persistentWatchesRefused === null;
  }

  /** Does one piece of the waiting work: a parent listed, or the pending events applied. */
  async step(): Promise<void> {
    const [path] = this.dirty;
    if (path !== undefined) {
      this.dirty.delete(path);
      await this.read(path);
    } else await this.applyPending();
  }

  /** What changed since the last time, and a new start (`other`: the next change is to be analysed whole). */
  take(other: boolean): Change {
    const change = this.change;
    this.change = newChange(other);
    return change;
  }

  /** Each parent's state at its last listing. */
  states(): Map<string, ParentState> {
    const states = new Map<string, ParentState>();
    for (const [path, parent] of this.parents) states.set(path, { exists: parent.exists, cversion: parent.cversion ?? -1, czxid: parent.czxid });
    return states;
  }

  /** A parent's children as read so far. */
  listing(path: string): ParentListing {
    const parent = this.parents.get(path);
    return { path, exists: parent?.exists ?? false, children: parent ? [...parent.records.values()] : [] };
  }

  /** The other parents' listings. */
  auxiliary(): ParentListing[] {
    return this.paths().flatMap((path) => (path === this.path ? [] : [this.listing(path)]));
  }

  /** The child of the lock path of this name, as read. */
  rootRecord(name: string): ChildRecord | undefined {
    return this.parents.get(this.path)?.records.get(name);
  }

  /** The path string a node of this lock placed at `path` (a child `name` of `parent`) already holds; undefined when there is none. */
  placedPath(parent: string, name: string): string | undefined {
    return this.parents.get(parent)?.records.get(name)?.state?.path;
  }

  /** The child a node was read from. */
  recordOf(node: LockNode): ChildRecord | undefined {
    return this.parents.get(node.path.slice(0, node.path.length - node.name.length - 1))?.records.get(node.name);
  }

  /** Removes every persistent watch from ZooKeeper; a one-shot watch cannot be, and its notification is ignored. */
  stop(): void {
    this.stopped = true;
    for (const [path, parent] of this.parents) this.unwatch(path, parent);
  }

  private add(path: string): void {
    if (this.parents.has(path)) return;
    const watcher: Watcher = () => {
      if (this.stopped) return;
      this.dirty.add(path);
      this.options.onWork();
    };
    this.parents.set(path, { exists: false, listedAt: 0, listed: false, tree: null, cversion: null, czxid: null, records: new Map(), watcher });
    this.dirty.add(path);
  }

  private unwatch(path: string, parent: Parent): void {
    const tree = parent.tree;
    parent.tree = null;
    if (tree?.state === 'armed') {
      tree.remove().catch((error: unknown) => console.warn(`lock ${this.path}: could not remove the watch on ${path}: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** One event of a persistent watch: a parent itself changed (listed again), or a child of one came, went or changed. */
  private readonly onTreeEvent: Watcher = (event) => {
    if (this.stopped) return;
    const seq = this.session.notificationSeq;
    if (this.parents.has(event.path)) {
      this.dirty.add(event.path);
      this.options.onWork();
      return;
    }
    const slash = event.path.lastIndexOf('/');
    const parent = slash <= 0 ? '/' : event.path.slice(0, slash);
    if (!this.parents.has(parent)) return;
    const kind = event.type === 'NODE_CREATED' ? 'created' : event.type === 'NODE_DELETED' ? 'deleted' : 'changed';
    this.pending.push({ seq, parent, name: event.path.slice(slash + 1), kind });
    this.options.onWork();
  };

  /** Adds the persistent watch before the parent is listed (so that no change falls between); false when the server refused it. */
  private async armTree(path: string, parent: Parent): Promise<boolean> {
    if (parent.tree !== null) return true;
    parent.tree = { state: 'arming' };
    try {
      const remove = await this.session.watchTree(path, this.onTreeEvent);
      if (this.stopped || this.parents.get(path) !== parent) {
        await remove();
        return true;
      }
      parent.tree = { state: 'armed', remove };
      return true;
    } catch (error) {
      parent.tree = null;
      if (this.session.persistentWatchesRefused !== null) return false;
      throw error;
    }
  }

  /** Lists a parent (with its watch) and reads its new children. */
  private async read(path: string): Promise<void> {
    const parent = this.parents.get(path);
    if (parent === undefined) return;
    // With a persistent watch on the path, no one-shot watch of another kind goes on it (ZOOKEEPER-4466).
    const persistent = this.persistent && (await this.armTree(path, parent));
    const watcher = this.options.live && !persistent ? parent.watcher : undefined;
    const isRoot = path === this.path;
    let names: string[];
    try {
      const listing = await this.session.getChildren(path, watcher);
      names = listing.children;
      parent.listedAt = listing.seq;
      parent.cversion = listing.stat.cversion;
      parent.czxid = listing.stat.czxid;
      if (isRoot) {
        // The path's own data matters to a few recipes (Kazoo keeps a semaphore's max_leases there): read it when it appears.
        if (this.self === null) this.change.other = true;
        const data = this.self === null ? describeData((await this.session.getData(path)).data) : this.self.data;
        this.self = { stat: listing.stat, data };
      } else {
        this.change.other = true;
      }
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      const stat = await this.session.exists(path, watcher);
      // Created between the two calls: read it again, now with a child watch.
      if (stat !== null && this.options.live) this.dirty.add(path);
      parent.exists = false;
      parent.listed = true;
      parent.cversion = null;
      parent.czxid = null;
      parent.records.clear();
      if (isRoot) this.self = null;
      this.change.other = true;
      return;
    }
    if (!parent.exists) this.change.other = true;
    parent.exists = true;
    const present = new Set(names);
    const at = Date.now();
    for (const name of parent.records.keys()) {
      if (present.has(name)) continue;
      parent.records.delete(name);
      if (isRoot) {
        this.change.removed.push(name);
        this.options.onRootChild(false, at);
      }
    }
    const fresh = names.filter((name) => !parent.records.has(name));
    if (isRoot) {
      // The first listing finds the queue as it is: its children did not come now (and a herd's window never counts them).
      const came = parent.listed;
      for (const name of fresh) {
        this.change.added.add(name);
        if (came) this.options.onRootChild(true, at);
      }
    } else if (fresh.length > 0) this.change.other = true;
    parent.listed = true;
    for (const record of await readChildren(this.session, path, fresh)) parent.records.set(record.name, record);
    if (isRoot) this.updateAuxiliaryParents(names);
  }

  /**
   * Applies the child events of persistent watches since the last listing of each parent: a
   * deletion as it is, with no read (its parent's cversion counted, its pzxid read a moment
   * later); a creation or data change by reading the nodes, all in one multiRead. Events
   * already in a listing are skipped.
   */
  private async applyPending(): Promise<void> {
    const events = this.pending.splice(0);
    const reads = new Map<string, Set<string>>();
    const at = Date.now();
    let moveAuxiliary = false;
    for (const event of events) {
      const parent = this.parents.get(event.parent);
      if (parent === undefined || event.seq <= parent.listedAt) continue;
      const isRoot = event.parent === this.path;
      let names = reads.get(event.parent);
      if (event.kind === 'changed') {
        if (!parent.records.has(event.name)) continue;
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        continue;
      }
      if (parent.cversion !== null) parent.cversion += 1;
      this.change.unread = true;
      if (!isRoot) this.change.other = true;
      else if (mayMoveAuxiliaryParents(event.name)) moveAuxiliary = true;
      if (event.kind === 'deleted') {
        names?.delete(event.name);
        if (isRoot) this.change.added.delete(event.name);
        if (parent.records.delete(event.name) && isRoot) {
          this.change.removed.push(event.name);
          this.options.onRootChild(false, at);
        }
      } else if (!parent.records.has(event.name)) {
        if (names === undefined) reads.set(event.parent, (names = new Set()));
        names.add(event.name);
        if (isRoot) {
          this.change.added.add(event.name);
          this.options.onRootChild(true, at);
        }
      }
    }
    for (const [path, names] of reads) {
      const parent = this.parents.get(path);
      if (parent === undefined || names.size === 0) continue;
      const wanted = [...names];
      const results = await this.session.getDataMany(wanted.map((name) => childPath(path, name)));
      wanted.forEach((name, index) => {
        const result = results[index];
        if (result === undefined || result instanceof ZkError) {
          // Gone again already: its deletion is (or was) an event of its own.
          if (result instanceof ZkError && result.code !== 'NO_NODE') throw result;
          return;
        }
        if (parent.records.has(name)) this.change.other = true;
        parent.records.set(name, { name, stat: result.stat, data: describeData(result.data), state: undefined });
      });
    }
    const root = this.parents.get(this.path);
    // Only a child that is not sequential (Curator's `locks`/`leases`, a Kazoo lease) or an empty lock can change the recipe's other parents.
    if (root !== undefined && (moveAuxiliary || root.records.size === 0)) this.updateAuxiliaryParents([...root.records.keys()]);
  }

  private updateAuxiliaryParents(names: string[]): void {
    const wanted = new Set(auxiliaryParents(this.path, names, this.self?.data ?? null));
    for (const [path, parent] of [...this.parents]) {
      if (path === this.path || wanted.has(path)) continue;
      this.unwatch(path, parent);
      this.parents.delete(path);
    }
    for (const path of wanted) this.add(path);
  }
}
