/**
 * ZooKeeper's tree rebuilt from its own files: a snapshot's znodes, then the log's transactions
 * applied in order as ZooKeeper's `DataTree.processTxn` applies them (a create adds the node and
 * moves its parent's cversion and pzxid, a delete removes it, a session's close removes its
 * ephemerals, a failed multi changes nothing). Each change is also told to a listener, for the
 * indexes built over it (which lock changed at which zxid).
 */
import type { ZnodeStat } from '../protocol';
import type { SnapshotNode, SnapshotRead } from './snapshot';
import type { Txn } from './txn-log';
import { childPath, parentPath } from './path';

/**
 * A znode as the tree keeps it: its stat as ZooKeeper persists it (`StatPersisted`: a cversion
 * that counts creates only, a container's or TTL node's mark as its owner; see `clientStat` for
 * what a client reads), its data and its children's names.
 */
export interface TreeNode {
  /** Changed in place (a million transactions make no garbage of stats). */
  stat: ZnodeStat;
  data: Uint8Array | null;
  /** Its children's names; null while it has had none (most nodes are leaves). */
  children: Set<string> | null;
  /** The number an index gave the node (kept while it lives: its records name it); -1 until then. */
  id: number;
  /** The number an index gave its record of the node as it is now; -1 until then, and again once the node changes. */
  record: number;
}

/** One change to a znode, as it happened: its path, and that path's parent and last name. */
export interface TreeChange {
  kind: 'create' | 'delete' | 'set';
  path: string;
  parent: string;
  name: string;
  node: TreeNode;
  txn: Txn;
}

/** The session id ZooKeeper gives a container's `ephemeralOwner` (`EphemeralType.CONTAINER`). */
const CONTAINER_OWNER = '0x8000000000000000';
/** A TTL node's owner: `0xff` then the TTL (`EphemeralType.TTL`). */
const ttlOwner = (ttl: number): string => `0xff${ttl.toString(16).padStart(14, '0')}`;

export class ZnodeTree {
  private readonly nodes = new Map<string, TreeNode>();
  /** Each session's ephemeral nodes: what its close deletes. */
  private readonly ephemerals = new Map<string, Set<string>>();
  readonly sessions = new Map<string, number>();
  /** The last transaction applied. */
  zxid = '0x0';

  /** Told of each change as it is applied (an index built over the tree sets it). */
  constructor(public onChange: (change: TreeChange) => void = () => undefined) {
    // An empty tree has ZooKeeper's own nodes, as a new DataTree does.
    for (const path of ['/', '/zookeeper', '/zookeeper/quota', '/zookeeper/config']) this.put(path, { stat: emptyStat(0, '0x0'), data: null, children: null, id: -1, record: -1 });
  }

  /** Starts from a snapshot's tree and sessions (the zxid of its name is where its log begins). */
  static fromSnapshot(snapshot: SnapshotRead, zxid: string, onChange?: (change: TreeChange) => void): ZnodeTree {
    const tree = new ZnodeTree(onChange);
    for (const [session, timeout] of snapshot.sessions) tree.sessions.set(session, timeout);
    for (const node of snapshot.nodes) tree.put(node.path, fromSnapshotNode(node));
    for (const node of tree.nodes.values()) if (node.children !== null) node.stat.numChildren = node.children.size;
    tree.zxid = zxid;
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
          if (this.nodes.has(op.path)) {
            // A fuzzy snapshot has the node already: as FileTxnSnapLog does, only its parent's cversion and pzxid are brought up to the create's.
            this.childrenChanged(this.nodes.get(parentPath(op.path)), txn, op.parentCVersion);
            break;
          }
          const owner = op.ephemeral ? txn.session : op.type === 'createContainer' ? CONTAINER_OWNER : op.type === 'createTTL' && op.ttl !== null ? ttlOwner(op.ttl) : '0x0';
          const stat = emptyStat(txn.time, txn.zxid);
          stat.ephemeralOwner = owner;
          stat.dataLength = op.data?.length ?? 0;
          const node: TreeNode = { stat, data: op.data, children: null, id: -1, record: -1 };
          const parentAt = parentPath(op.path);
          const parent = this.put(op.path, node, parentAt);
          this.childrenChanged(parent, txn, op.parentCVersion);
          this.onChange({ kind: 'create', path: op.path, parent: parentAt, name: nameOf(op.path), node, txn });
          break;
        }
        case 'delete':
        case 'deleteContainer':
          this.remove(op.path, txn);
          break;
        case 'setData': {
          const node = this.nodes.get(op.path);
          if (node === undefined) break;
          node.data = op.data;
          const { stat } = node;
          stat.mzxid = txn.zxid;
          stat.mtime = txn.time;
          stat.version = op.version;
          stat.dataLength = op.data?.length ?? 0;
          node.record = -1;
          this.onChange({ kind: 'set', path: op.path, parent: parentPath(op.path), name: nameOf(op.path), node, txn });
          break;
        }
        case 'createSession':
          this.sessions.set(txn.session, op.timeoutMs);
          break;
        case 'closeSession':
          // The ephemerals the tree knows the session owned: the same as the paths 3.6+ logs with the close, and there where it logs none.
          for (const path of [...(this.ephemerals.get(txn.session) ?? [])].sort().reverse()) this.remove(path, txn);
          this.ephemerals.delete(txn.session);
          this.sessions.delete(txn.session);
          break;
        case 'setACL':
        case 'check':
        case 'reconfig':
        case 'error':
          break;
      }
    }
  }

  /** The names of `path`'s children, sorted, and each one's node. */
  children(path: string): Array<{ name: string; node: TreeNode }> {
    const parent = this.nodes.get(path);
    if (parent === undefined || parent.children === null) return [];
    return [...parent.children].sort().map((name) => ({ name, node: this.nodes.get(childPath(path, name))! }));
  }

  /** Adds the node at `path`; answers its parent's node, where there is one. */
  private put(path: string, node: TreeNode, parentAt = path === '/' ? null : parentPath(path)): TreeNode | undefined {
    const existing = this.nodes.get(path);
    // The root comes in the snapshot too: its children are kept as they are found.
    if (existing !== undefined) node.children = existing.children;
    this.nodes.set(path, node);
    const parent = parentAt === null ? undefined : this.nodes.get(parentAt);
    if (parent !== undefined) (parent.children ??= new Set()).add(nameOf(path));
    const owner = node.stat.ephemeralOwner;
    if (owner !== '0x0' && owner !== CONTAINER_OWNER && !owner.startsWith('0xff')) {
      const owned = this.ephemerals.get(owner) ?? new Set<string>();
      owned.add(path);
      this.ephemerals.set(owner, owned);
    }
    return parent;
  }

  private remove(path: string, txn: Txn): void {
    const node = this.nodes.get(path);
    if (node === undefined) return;
    this.nodes.delete(path);
    const parentAt = parentPath(path);
    const name = nameOf(path);
    const parent = this.nodes.get(parentAt);
    parent?.children?.delete(name);
    this.ephemerals.get(node.stat.ephemeralOwner)?.delete(path);
    this.childrenChanged(parent, txn, null);
    this.onChange({ kind: 'delete', path, parent: parentAt, name, node, txn });
  }

  /**
   * A child of `parent` came (`parentCVersion` given) or went: as `DataTree` does, a create
   * sets the parent's cversion the leader logged (or one more) and its pzxid where that is newer;
   * a delete moves only the pzxid, and only forward (a fuzzy snapshot may be ahead of the log).
   */
  private childrenChanged(parent: TreeNode | undefined, txn: Txn, parentCVersion: number | null): void {
    if (parent === undefined) return;
    const { stat } = parent;
    stat.numChildren = parent.children?.size ?? 0;
    parent.record = -1;
    if (parentCVersion === null) {
      if (compareZxid(txn.zxid, stat.pzxid) > 0) stat.pzxid = txn.zxid;
      return;
    }
    const cversion = parentCVersion === -1 ? stat.cversion + 1 : parentCVersion;
    if (cversion > stat.cversion) {
      stat.cversion = cversion;
      stat.pzxid = txn.zxid;
    }
  }
}

/**
 * A znode's stat as a client reads it (`DataNode.copyStat`): the cversion counts every change
 * of the children (the creates stored, less the children still there, twice), and a container
 * or TTL node has no owner.
 */
export function clientStat(node: TreeNode): ZnodeStat {
  const { stat } = node;
  const numChildren = node.children?.size ?? 0;
  const special = stat.ephemeralOwner === CONTAINER_OWNER || stat.ephemeralOwner.startsWith('0xff');
  return { ...stat, cversion: stat.cversion * 2 - numChildren, numChildren, ephemeralOwner: special ? '0x0' : stat.ephemeralOwner };
}

/** The last name of a path (`/` of the root). */
function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Orders two zxids as ZooKeeper prints them (hex, no leading zeros). */
export function compareZxid(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function emptyStat(time: number, zxid: string): ZnodeStat {
  return { czxid: zxid, mzxid: zxid, pzxid: zxid, ctime: time, mtime: time, version: 0, cversion: 0, aversion: 0, ephemeralOwner: '0x0', dataLength: 0, numChildren: 0 };
}

function fromSnapshotNode(node: SnapshotNode): TreeNode {
  const { czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner } = node;
  return { stat: { czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner, dataLength: node.data?.length ?? 0, numChildren: 0 }, data: node.data, children: null, id: -1, record: -1 };
}
