/**
 * ZooKeeper's tree rebuilt from its own files: a snapshot's znodes, then the log's transactions
 * applied in order as ZooKeeper's `DataTree.processTxn` applies them (a create adds the node and
 * moves its parent's cversion and pzxid, a delete removes it, a session's close removes its
 * ephemerals, a failed multi changes nothing). Each change is also told to a listener, for the
 * indexes built over it (which lock changed at which zxid).
 */
import type { ZnodeStat } from '../protocol';
import { BytePool } from './columns';
import { zxidHex, zxidOf } from './ids';
import type { PersistedStat, SnapshotNode, SnapshotRead } from './snapshot';
import type { Txn, TxnOp } from './txn-log';
import { nameOf, parentPath } from './path';

/** A session's ephemeral nodes: the first of a list through their `nextOwned`. */
interface Owned {
  first: TreeNode | null;
}

/**
 * A znode as the tree keeps it: its stat (its own fields, changed in place: a million
 * transactions make no stat objects), its data, and its place among its parent's children
 * and its session's ephemerals, each a list through the nodes themselves (a million creates and
 * deletes hash no name and no node).
 */
export interface TreeNode extends PersistedStat {
  /** Its path (the string the tree is keyed by: a change names it without making a new one; its last name is `nameOf(path)`). */
  path: string;
  /** Its parent's node; null for the root, and for a node whose parent the files never had. */
  parent: TreeNode | null;
  /** Its data: where it is in the tree's `datas`, and how long (-1: null). */
  dataAt: number;
  dataLength: number;
  /** How many children it has, and the first of them (in no order: `ZnodeTree.children` sorts them by name). */
  childCount: number;
  firstChild: TreeNode | null;
  /** Its neighbours among its parent's children. */
  previous: TreeNode | null;
  next: TreeNode | null;
  /** The ephemerals of its session it is one of, and its neighbours there; null for a node no session owns. */
  owned: Owned | null;
  previousOwned: TreeNode | null;
  nextOwned: TreeNode | null;
  /** The number an index gave the node (kept while it lives: its records name it); -1 until then. */
  id: number;
  /** The number an index gave its record of the node as it is now; -1 until then, and again once the node changes. */
  record: number;
  /** What an index keeps of the node's children (found by its path otherwise); null until then. */
  childLog: object | null;
}

/** What the log deletes and which sessions it closes right after a snapshot (that the snapshot, fuzzy, may hold already). */
export interface LaterChanges {
  /** The nodes deleted (a session's close that names its ephemerals included), each with the zxid of its delete. */
  deleted: ReadonlyMap<string, number>;
  /** The sessions closed; `unnamed` those whose close does not name the ephemerals it deletes (before 3.6): any of theirs may be. */
  closed: ReadonlySet<string>;
  unnamed?: ReadonlySet<string>;
  /**
   * What the log holds readable before the snapshot's zxid (after the stretch it could not read):
   * the last create of each path not deleted by then (`made`), and the paths it deletes and does
   * not make again by then (`unmade`). A node the log deletes after the snapshot that the snapshot
   * lacks (deleted while it was written) is the one `made` tells; one in `unmade` was gone at it.
   */
  made?: ReadonlyMap<string, { txn: Txn; op: CreateOp }>;
  unmade?: ReadonlySet<string>;
}

/** An operation that makes a node. */
export type CreateOp = Extract<TxnOp, { type: 'create' | 'create2' | 'createContainer' | 'createTTL' }>;

/** What a transaction did to a znode. */
export type ChangeKind = 'create' | 'delete' | 'set';

/** Told of a change to `node` by `txn` (a deleted node still names its parent); a create's `op` too (where its name's bytes are). */
export type ChangeListener = (kind: ChangeKind, node: TreeNode, txn: Txn, op?: TxnOp) => void;

/** The session id ZooKeeper gives a container's `ephemeralOwner` (`EphemeralType.CONTAINER`). */
const CONTAINER_OWNER = '0x8000000000000000';
/** A TTL node's owner: `0xff` then the TTL (`EphemeralType.TTL`). */
const ttlOwner = (ttl: number): string => `0xff${ttl.toString(16).padStart(14, '0')}`;

export class ZnodeTree {
  private readonly nodes = new Map<string, TreeNode>();
  /** Each session's ephemeral nodes: what its close deletes. */
  private readonly ephemerals = new Map<string, Owned>();
  readonly sessions = new Map<string, number>();
  /** Every node's data as it was put, one after another (an index's records name them there too: no copy a node, none a record). */
  readonly datas = new BytePool();
  /** The last transaction applied. */
  zxid = 0;
  /** Told of a parent whose children are about to change, before its cversion and pzxid move (an index keeps what they were before its first change). */
  beforeChildren: (parent: TreeNode) => void = () => undefined;

  /** Told of each change as it is applied (an index built over the tree sets it). */
  constructor(public onChange: ChangeListener = () => undefined) {
    // An empty tree has ZooKeeper's own nodes, as a new DataTree does (whose `addConfigNode` sets the config node's ACL with version -1, its aversion).
    for (const path of ['/', '/zookeeper', '/zookeeper/quota', '/zookeeper/config']) this.put(createdNode(path, 0, 0, '0x0', -1, 0), undefined);
    this.nodes.get('/zookeeper/config')!.aversion = -1;
  }

  /** Starts from a snapshot's tree and sessions (the zxid of its name is where its log begins). */
  static fromSnapshot(snapshot: SnapshotRead, zxid: string, onChange?: ChangeListener): ZnodeTree {
    const tree = new ZnodeTree(onChange);
    for (const [session, timeout] of snapshot.sessions) tree.sessions.set(session, timeout);
    for (const node of snapshot.nodes) tree.put(newNode(node.path, node, tree.datas.add(node.data), node.data?.length ?? 0), tree.nodes.get(node.path));
    tree.zxid = zxidOf(zxid);
    return tree;
  }

  get size(): number {
    return this.nodes.size;
  }

  paths(): IterableIterator<string> {
    return this.nodes.keys();
  }

  get(path: string): TreeNode | undefined {
    return this.nodes.get(path);
  }

  /** The string the node at `path` is keyed by (a lookup by it compares no characters), or `path` where there is none. */
  keyOf(path: string): string {
    return this.nodes.get(path)?.path ?? path;
  }

  /** Applies one transaction; a snapshot being fuzzy, one it already holds (a create of a node there, a delete of one gone) changes nothing twice. */
  apply(txn: Txn): void {
    this.zxid = txn.zxid;
    if (txn.failed) return;
    for (const op of txn.ops) {
      switch (op.type) {
        case 'create':
        case 'create2':
        case 'createContainer':
        case 'createTTL': {
          const existing = this.nodes.get(op.path);
          if (existing !== undefined) {
            // A fuzzy snapshot has the node already: as FileTxnSnapLog does, only its parent's cversion and pzxid are brought up to the create's.
            this.childrenChanged(existing.parent, txn, op.parentCVersion);
            break;
          }
          const owner = op.ephemeral ? txn.session : op.type === 'createContainer' ? CONTAINER_OWNER : op.type === 'createTTL' && op.ttl !== null ? ttlOwner(op.ttl) : '0x0';
          const { data } = op;
          const node = this.put(createdNode(op.path, txn.zxid, txn.time, owner, this.datas.add(data), data?.length ?? 0), undefined, op.parent);
          this.childrenChanged(node.parent, txn, op.parentCVersion);
          this.onChange('create', node, txn, op);
          break;
        }
        case 'delete':
        case 'deleteContainer': {
          const node = this.nodes.get(op.path);
          if (node !== undefined) this.remove(node, txn);
          break;
        }
        case 'setData': {
          const node = this.nodes.get(op.path);
          if (node === undefined) break;
          const { data } = op;
          node.dataAt = this.datas.add(data);
          node.dataLength = data?.length ?? 0;
          node.mzxid = txn.zxid;
          node.mtime = txn.time;
          node.version = op.version;
          node.record = -1;
          this.onChange('set', node, txn);
          break;
        }
        case 'createSession':
          this.sessions.set(txn.session, op.timeoutMs);
          break;
        case 'closeSession': {
          // The ephemerals the tree knows the session owned: the same as the paths 3.6+ logs with the close, and there where it logs none.
          const owned: TreeNode[] = [];
          for (let node = this.ephemerals.get(txn.session)?.first ?? null; node !== null; node = node.nextOwned) owned.push(node);
          for (const node of owned.sort(byPathDescending)) this.remove(node, txn);
          this.ephemerals.delete(txn.session);
          this.sessions.delete(txn.session);
          break;
        }
        case 'setACL':
        case 'check':
        case 'reconfig':
        case 'error':
          break;
      }
    }
  }

  /**
   * Becomes the tree of `snapshot`, taken after a stretch of the log that could not be read:
   * each node gone since is deleted (the deepest first), each new one created (its parent
   * first), each whose data changed set, all by `gap` (one transaction standing for every one
   * not read, at the snapshot's zxid) and told to the listener so; then every stat is the
   * snapshot's, and so are the sessions. A node deleted and made again in the gap (another
   * czxid) is a delete and a create. A snapshot is fuzzy (it may hold transactions after its
   * zxid, which the log goes on with): a node it holds made after its zxid is left for the log
   * to create, and data it holds set after its zxid for the log to set; and `later` (what the
   * log deletes and which sessions it closes after the snapshot's zxid) is left for the log to
   * delete, so that it is deleted when and as it was, not in the gap; what the snapshot lacks of
   * it (deleted while it was written) is made as the log's readable create before it made it
   * (`later.made`), and a node the log deleted before the snapshot's zxid is not kept for it.
   */
  jumpTo(snapshot: SnapshotRead, gap: Txn, later: LaterChanges = { deleted: new Map(), closed: new Set() }): void {
    const wanted = new Map<string, SnapshotNode>();
    for (const node of snapshot.nodes) if (node.czxid <= gap.zxid || node.path === '/') wanted.set(node.path, node);
    /** Whether the log deletes the node at `path` (of `owner`) after the snapshot, so that it was there at its zxid. */
    const deletedLater = (path: string, owner: string): boolean => !later.unmade?.has(path) && (later.deleted.has(path) || later.unnamed?.has(owner) === true);
    const leftToLog = (node: TreeNode): boolean => !wanted.has(node.path) && deletedLater(node.path, node.ephemeralOwner);
    const gone = [...this.nodes.values()].filter((node) => node.path !== '/' && wanted.get(node.path)?.czxid !== node.czxid && !leftToLog(node)).sort(byPathDescending);
    for (const node of gone) this.remove(node, gap);
    // Creates and data first, every parent's stat after: the index keeps a parent's stat from before its first change.
    const kept: Array<[TreeNode, SnapshotNode]> = [];
    for (const read of wanted.values()) {
      const existing = this.nodes.get(read.path);
      if (existing === undefined) {
        const parent = this.nodes.get(parentPath(read.path));
        if (parent !== undefined) this.beforeChildren(parent);
        const node = this.put(newNode(read.path, read, this.datas.add(read.data), read.data?.length ?? 0), undefined);
        if (node.parent !== null) node.parent.record = -1;
        this.onChange('create', node, gap);
        continue;
      }
      kept.push([existing, read]);
      if (read.mzxid > gap.zxid || (existing.mzxid === read.mzxid && existing.version === read.version)) continue;
      existing.dataAt = this.datas.add(read.data);
      existing.dataLength = read.data?.length ?? 0;
      existing.mzxid = read.mzxid;
      existing.mtime = read.mtime;
      existing.version = read.version;
      existing.record = -1;
      this.onChange('set', existing, gap);
    }
    // A node the log deletes (or closes the session of) after the snapshot existed at its zxid: where the snapshot, written while it was deleted, lacks it, it is made as its create, readable before the snapshot, made it.
    for (const [path, { txn, op }] of later.made ?? []) {
      if (this.nodes.has(path) || wanted.has(path) || !deletedLater(path, op.ephemeral ? txn.session : '0x0')) continue;
      const parent = this.nodes.get(parentPath(path));
      if (parent === undefined) continue;
      this.beforeChildren(parent);
      const node = this.put(createdNode(path, txn.zxid, txn.time, op.ephemeral ? txn.session : '0x0', this.datas.add(op.data), op.data?.length ?? 0), undefined);
      parent.record = -1;
      this.onChange('create', node, gap);
    }
    for (const [existing, read] of kept) {
      const { pzxid, cversion, aversion } = read;
      if (existing.pzxid === pzxid && existing.cversion === cversion && existing.aversion === aversion) continue;
      Object.assign(existing, { pzxid, cversion, aversion });
      existing.record = -1;
    }
    for (const session of [...this.sessions.keys()]) if (!snapshot.sessions.has(session) && !later.closed.has(session)) this.sessions.delete(session);
    for (const [session, timeout] of snapshot.sessions) this.sessions.set(session, timeout);
    // A session the snapshot no longer has owns no node the tree keeps.
    for (const owner of [...this.ephemerals.keys()]) if (this.ephemerals.get(owner)!.first === null) this.ephemerals.delete(owner);
    this.zxid = gap.zxid;
  }

  /** The names of `path`'s children, sorted, and each one's node. */
  children(path: string): Array<{ name: string; node: TreeNode }> {
    const children: Array<{ name: string; node: TreeNode }> = [];
    for (let child = this.nodes.get(path)?.firstChild ?? null; child !== null; child = child.next) children.push({ name: nameOf(child.path), node: child });
    return children.sort(byName);
  }

  /** The node's data (a copy), or null. */
  dataOf(node: TreeNode): Uint8Array | null {
    return this.datas.slice(node.dataAt, node.dataLength);
  }

  /** Adds `node` at its path, in place of `existing` there (the root, which a snapshot holds too, keeps its children); answers it. `parent`: its parent's path when known. */
  private put(node: TreeNode, existing: TreeNode | undefined, parentKnown?: string): TreeNode {
    const { path } = node;
    if (existing !== undefined) {
      for (let child = existing.firstChild; child !== null; child = child.next) child.parent = node;
      node.firstChild = existing.firstChild;
      node.childCount = existing.childCount;
      unlink(existing);
    }
    this.nodes.set(path, node);
    const parent = path === '/' ? undefined : this.nodes.get(parentKnown ?? parentPath(path));
    if (parent !== undefined) {
      node.parent = parent;
      node.next = parent.firstChild;
      if (node.next !== null) node.next.previous = node;
      parent.firstChild = node;
      parent.childCount += 1;
    }
    const owner = node.ephemeralOwner;
    if (owner !== '0x0' && owner !== CONTAINER_OWNER && !owner.startsWith('0xff')) {
      let owned = this.ephemerals.get(owner);
      if (owned === undefined) {
        owned = { first: null };
        this.ephemerals.set(owner, owned);
      }
      node.owned = owned;
      node.nextOwned = owned.first;
      if (node.nextOwned !== null) node.nextOwned.previousOwned = node;
      owned.first = node;
    }
    return node;
  }

  private remove(node: TreeNode, txn: Txn): void {
    this.nodes.delete(node.path);
    unlink(node);
    this.childrenChanged(node.parent, txn, null);
    this.onChange('delete', node, txn);
  }

  /**
   * A child of `parent` came (`parentCVersion` given) or went: as `DataTree` does, a create
   * sets the parent's cversion the leader logged (or one more) and its pzxid where that is newer;
   * a delete moves only the pzxid, and only forward (a fuzzy snapshot may be ahead of the log).
   */
  private childrenChanged(parent: TreeNode | null | undefined, txn: Txn, parentCVersion: number | null): void {
    if (parent === undefined || parent === null) return;
    this.beforeChildren(parent);
    parent.record = -1;
    if (parentCVersion === null) {
      if (txn.zxid > parent.pzxid) parent.pzxid = txn.zxid;
      return;
    }
    const cversion = parentCVersion === -1 ? parent.cversion + 1 : parentCVersion;
    if (cversion > parent.cversion) {
      parent.cversion = cversion;
      parent.pzxid = txn.zxid;
    }
  }
}

/** Takes `node` out of its parent's children and its session's ephemerals (it keeps naming its parent). */
function unlink(node: TreeNode): void {
  const { parent, previous, next, owned, previousOwned, nextOwned } = node;
  if (parent !== null) {
    if (previous === null) parent.firstChild = next;
    else previous.next = next;
    if (next !== null) next.previous = previous;
    parent.childCount -= 1;
  }
  node.previous = null;
  node.next = null;
  if (owned !== null) {
    if (previousOwned === null) owned.first = nextOwned;
    else previousOwned.nextOwned = nextOwned;
    if (nextOwned !== null) nextOwned.previousOwned = previousOwned;
  }
  node.owned = null;
  node.previousOwned = null;
  node.nextOwned = null;
}

/**
 * A znode's stat as a client reads it (`DataNode.copyStat`): the cversion counts every change
 * of the children (the creates stored, less the children still there, twice), and a container
 * or TTL node has no owner.
 */
export function clientStat(node: TreeNode): ZnodeStat {
  return {
    czxid: zxidHex(node.czxid),
    mzxid: zxidHex(node.mzxid),
    pzxid: zxidHex(node.pzxid),
    ctime: node.ctime,
    mtime: node.mtime,
    version: node.version,
    cversion: clientCversion(node.cversion, node.childCount),
    aversion: node.aversion,
    ephemeralOwner: ownerSeen(node.ephemeralOwner),
    dataLength: node.dataLength,
    numChildren: node.childCount,
  };
}

/** The cversion a client reads, from the creates ZooKeeper stores and the children there now. */
export function clientCversion(creates: number, numChildren: number): number {
  return creates * 2 - numChildren;
}

/** The owner a client reads: none for a container or a TTL node. */
export function ownerSeen(owner: string): string {
  return owner === CONTAINER_OWNER || owner.startsWith('0xff') ? '0x0' : owner;
}

/** Orders two zxids as ZooKeeper prints them (hex, no leading zeros). */
export function compareZxid(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A znode as the tree keeps it, made by a constructor, not an object literal: V8 moves a literal's
 * objects to its old generation from the start once most of the first ones outlive a collection
 * (the lock parents a log begins with), and then a million short-lived nodes, and the strings
 * they hold, had to be found dead there (a load of a million transactions took a tenth longer).
 */
class Znode implements TreeNode {
  parent: TreeNode | null = null;
  childCount = 0;
  firstChild: TreeNode | null = null;
  previous: TreeNode | null = null;
  next: TreeNode | null = null;
  owned: Owned | null = null;
  previousOwned: TreeNode | null = null;
  nextOwned: TreeNode | null = null;
  id = -1;
  record = -1;
  childLog: object | null = null;

  constructor(
    public path: string,
    public czxid: number,
    public mzxid: number,
    public pzxid: number,
    public ctime: number,
    public mtime: number,
    public version: number,
    public cversion: number,
    public aversion: number,
    public ephemeralOwner: string,
    public dataAt: number,
    public dataLength: number,
  ) {}
}

/** A node just made, as a create makes it (its stat's zxids and times the create's), its data at `dataAt` of the tree's. */
function createdNode(path: string, zxid: number, time: number, ephemeralOwner: string, dataAt: number, dataLength: number): TreeNode {
  // One object, no stat made to be copied from: a million creates.
  return new Znode(path, zxid, zxid, zxid, time, time, 0, 0, 0, ephemeralOwner, dataAt, dataLength);
}

/** A node not yet in the tree (its parent is found as it is put), its stat's fields copied from `stat`. */
function newNode(path: string, stat: PersistedStat, dataAt: number, dataLength: number): TreeNode {
  const { czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner } = stat;
  return new Znode(path, czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner, dataAt, dataLength);
}

/** Children in the order ZooKeeper's names sort (a sorted getChildren). */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Deepest first, as a session's close deletes its ephemerals (a child before its parent). */
function byPathDescending(a: TreeNode, b: TreeNode): number {
  return a.path < b.path ? 1 : a.path > b.path ? -1 : 0;
}
