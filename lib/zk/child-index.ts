/**
 * Every parent's children at any zxid, from one pass over ZooKeeper's files: while the tree is
 * replayed, each change to a child is kept under its parent (with the child's stat and data as
 * they were then), and a parent's children before its first change are kept once. A lock at a
 * moment is then its parent's children at the start plus its own changes up to that moment,
 * however long the log of the rest of the tree.
 *
 * A million changes are kept in columns, not objects: a change is its zxid, time, session and a
 * code (a number of the child's record, the kind of change), about 30 bytes; a record is a
 * child's name and data in a pool of bytes and its stat in columns, made once per create or
 * setData and shared by the delete that ends it. Objects are made only for what a query reads.
 */
import type { ZnodeStat } from '../protocol';
import { BytePool, Int32Column, partitionPoint, utf8Bytes } from './columns';
import { zxidHex, zxidOf } from './ids';
import { childPath, nameOf, parentPath } from './path';
import type { Txn, TxnOp } from './txn-log';
import { byName, clientCversion, clientStat, ownerSeen, type ChangeKind, type TreeNode, type ZnodeTree } from './znode-tree';

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
  kind: ChangeKind;
  child: ChildAt;
  /** The session whose transaction it was. */
  session: string;
  /**
   * For a delete that came with a session's close: whether ZooKeeper expired the session (its
   * close is the server's own request, cxid 0) or the client closed it; null for any other change.
   * A client whose close is the first request of its connection (xid 0, as the classic trick that
   * expires a session sends it) reads as an expiry too: the log cannot tell them apart.
   * `gap`: any change made over a stretch of the log that could not be read, known from the
   * snapshot after it (when, by whom and why are not).
   */
  closed: 'expired' | 'closed' | 'gap' | null;
}

/** A change's code: its record number, then two bits of kind (its place in KINDS) and two of how a session's close went (in CLOSED). */
const KINDS: readonly ChangeKind[] = ['create', 'delete', 'set'];
const KIND_CODES: Record<ChangeKind, number> = { create: 0, delete: 1, set: 2 };
const CREATE = 0;
const DELETE = 1;
const CLOSED = [null, 'closed', 'expired', 'gap'] as const;
const NOT_CLOSED = 0;
const CLOSED_BY_CLIENT = 1;
const EXPIRED = 2;
/** Made by a stretch of the log that could not be read (`Txn.gap`). */
const IN_GAP = 3;
const RECORD_SHIFT = 4;
const MAX_RECORDS = 2 ** (32 - RECORD_SHIFT);
const recordIn = (code: number): number => code >>> RECORD_SHIFT;
/** A name's byte length as a bit of 32 (those of 31 bytes and longer share the last). */
const lengthBit = (length: number): number => 1 << Math.min(length, 31);
const kindIn = (code: number): number => (code >>> 2) & 3;

/** Session ids, each as a number (0: none), so that a column of 4 bytes a row names them. */
class SessionIds {
  private readonly ids: string[] = ['0x0'];
  private readonly numbers = new Map<string, number>([['0x0', 0]]);
  /** The id numbered last, and its number: an ephemeral's create asks for its session's twice (its change's, its record's owner). */
  private lastId = '0x0';
  private lastNumber = 0;

  numberOf(id: string): number {
    if (id === this.lastId) return this.lastNumber;
    let number = this.numbers.get(id);
    if (number === undefined) {
      number = this.ids.push(id) - 1;
      this.numbers.set(id, number);
    }
    this.lastId = id;
    this.lastNumber = number;
    return number;
  }

  idOf(number: number): string {
    return this.ids[number]!;
  }

  /** How many numbers were given (0, none, among them). */
  get count(): number {
    return this.ids.length;
  }
}

/**
 * The stats and names of the children recorded, one row each: a typed array a field, all as long
 * as each other, grown together (half a million rows, a column pushed to one field at a time,
 * each checking its own room, took a tenth of applying a million transactions).
 */
class Records {
  private readonly names: BytePool;
  /** The tree's: a record's data is where its node's was put. */
  private readonly datas: BytePool;
  /** How many rows there are, and room for how many. */
  private count = 0;
  private capacity: number;
  private nameAt: Int32Array;
  private nameLength: Int32Array;
  private dataAt: Int32Array;
  private dataLength: Int32Array;
  private czxid: Float64Array;
  private mzxid: Float64Array;
  private pzxid: Float64Array;
  /** The owner a client reads, by its number in `sessions`. */
  private owner: Int32Array;
  private ctime: Float64Array;
  private mtime: Float64Array;
  /** version, cversion, aversion, numChildren: four a row. */
  private counts: Int32Array;
  /** The node each record is of: the number of its first record. */
  private nodes: Int32Array;
  /**
   * For a record of a node as its create made it, that change's number plus one (0: its stat is
   * in the fields above). Its stat is then the change's zxid and time and zeros: half a million
   * creates write nine numbers fewer each.
   */
  private createdBy: Int32Array;

  /** `expected`: about how many records will be made (a create or a data change each). */
  constructor(
    private readonly sessions: SessionIds,
    datas: BytePool,
    private readonly changes: Changes,
    expected: number,
  ) {
    this.datas = datas;
    const rows = Math.max(16, expected);
    this.names = new BytePool(rows * 32);
    this.capacity = rows;
    this.nameAt = new Int32Array(rows);
    this.nameLength = new Int32Array(rows);
    this.dataAt = new Int32Array(rows);
    this.dataLength = new Int32Array(rows);
    this.czxid = new Float64Array(rows);
    this.mzxid = new Float64Array(rows);
    this.pzxid = new Float64Array(rows);
    this.owner = new Int32Array(rows);
    this.ctime = new Float64Array(rows);
    this.mtime = new Float64Array(rows);
    this.counts = new Int32Array(rows * 4);
    this.nodes = new Int32Array(rows);
    this.createdBy = new Int32Array(rows);
  }

  /**
   * Records a child as it is now (a client's reading of its stat, as `clientStat` makes it);
   * answers its number. `createdBy`: the change that has just created it, if that is what it is
   * now (-1: not). Its name is copied from the `length` bytes at `at` of `bytes` when given (a
   * create's bytes in the log: UTF-8 already, no string encoded), else written from its path.
   */
  add(node: TreeNode, createdBy: number, bytes: Uint8Array | null = null, at = 0, length = 0): number {
    const record = this.count;
    if (record === this.capacity) this.grow();
    if (node.id < 0) node.id = record;
    this.nodes[record] = node.id;
    const { childCount, path } = node;
    this.nameAt[record] = bytes === null ? this.names.addString(nameOf(path)) : this.names.addBytes(bytes, at, length);
    this.nameLength[record] = this.names.lastLength;
    this.dataAt[record] = node.dataAt;
    this.dataLength[record] = node.dataLength;
    this.owner[record] = this.sessions.numberOf(ownerSeen(node.ephemeralOwner));
    this.count = record + 1;
    if (createdBy >= 0) {
      this.createdBy[record] = createdBy + 1;
      return record;
    }
    this.czxid[record] = node.czxid;
    this.mzxid[record] = node.mzxid;
    this.pzxid[record] = node.pzxid;
    this.ctime[record] = node.ctime;
    this.mtime[record] = node.mtime;
    const counts = record * 4;
    this.counts[counts] = node.version;
    this.counts[counts + 1] = clientCversion(node.cversion, childCount);
    this.counts[counts + 2] = node.aversion;
    this.counts[counts + 3] = childCount;
    return record;
  }

  /** Twice the room for every field. */
  private grow(): void {
    const rows = this.capacity * 2;
    this.nameAt = longer(this.nameAt, new Int32Array(rows));
    this.nameLength = longer(this.nameLength, new Int32Array(rows));
    this.dataAt = longer(this.dataAt, new Int32Array(rows));
    this.dataLength = longer(this.dataLength, new Int32Array(rows));
    this.czxid = longer(this.czxid, new Float64Array(rows));
    this.mzxid = longer(this.mzxid, new Float64Array(rows));
    this.pzxid = longer(this.pzxid, new Float64Array(rows));
    this.owner = longer(this.owner, new Int32Array(rows));
    this.ctime = longer(this.ctime, new Float64Array(rows));
    this.mtime = longer(this.mtime, new Float64Array(rows));
    this.counts = longer(this.counts, new Int32Array(rows * 4));
    this.nodes = longer(this.nodes, new Int32Array(rows));
    this.createdBy = longer(this.createdBy, new Int32Array(rows));
    this.capacity = rows;
  }

  nodeOf(record: number): number {
    return this.nodes[record]!;
  }

  name(record: number): string {
    return this.names.string(this.nameAt[record]!, this.nameLength[record]!);
  }

  /** The length of the record's name in bytes. */
  nameBytes(record: number): number {
    return this.nameLength[record]!;
  }

  hasName(record: number, name: Uint8Array): boolean {
    return this.names.equals(this.nameAt[record]!, this.nameLength[record]!, name);
  }

  ephemeral(record: number): boolean {
    return this.owner[record] !== 0;
  }

  /** The number of the session that owns the record's node (0: none). */
  ownerNumber(record: number): number {
    return this.owner[record]!;
  }

  ownerOf(record: number): string {
    return this.sessions.idOf(this.owner[record]!);
  }

  child(record: number): ChildAt {
    const dataLength = this.dataLength[record]!;
    const change = this.createdBy[record]! - 1;
    const counts = record * 4;
    let stat: ZnodeStat;
    if (change >= 0) {
      const zxid = zxidHex(this.changes.zxid(change));
      const time = this.changes.time(change);
      stat = { czxid: zxid, mzxid: zxid, pzxid: zxid, ctime: time, mtime: time, version: 0, cversion: 0, aversion: 0, ephemeralOwner: this.ownerOf(record), dataLength, numChildren: 0 };
    } else {
      stat = {
        czxid: zxidHex(this.czxid[record]!),
        mzxid: zxidHex(this.mzxid[record]!),
        pzxid: zxidHex(this.pzxid[record]!),
        ctime: this.ctime[record]!,
        mtime: this.mtime[record]!,
        version: this.counts[counts]!,
        cversion: this.counts[counts + 1]!,
        aversion: this.counts[counts + 2]!,
        ephemeralOwner: this.ownerOf(record),
        dataLength,
        numChildren: this.counts[counts + 3]!,
      };
    }
    return { name: this.name(record), stat, data: this.datas.slice(this.dataAt[record]!, dataLength) };
  }
}

/** `to` (a longer array of the kind) with `from`'s values first. */
function longer<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

/** Changes in the order applied, a typed array a field, grown together (see `Records`). */
class Changes {
  length = 0;
  private zxids: Float64Array;
  private times: Float64Array;
  private sessions: Int32Array;
  private codes: Int32Array;
  /** The number of the parent whose child changed (its `ParentLog`'s). */
  private parents: Int32Array;

  constructor(private capacity: number) {
    this.zxids = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
    this.sessions = new Int32Array(capacity);
    this.codes = new Int32Array(capacity);
    this.parents = new Int32Array(capacity);
  }

  /** Adds a change; answers its number. */
  push(zxid: number, time: number, session: number, code: number, parent: number): number {
    const change = this.length;
    if (change === this.capacity) {
      this.capacity *= 2;
      this.zxids = longer(this.zxids, new Float64Array(this.capacity));
      this.times = longer(this.times, new Float64Array(this.capacity));
      this.sessions = longer(this.sessions, new Int32Array(this.capacity));
      this.codes = longer(this.codes, new Int32Array(this.capacity));
      this.parents = longer(this.parents, new Int32Array(this.capacity));
    }
    this.zxids[change] = zxid;
    this.times[change] = time;
    this.sessions[change] = session;
    this.codes[change] = code;
    this.parents[change] = parent;
    this.length = change + 1;
    return change;
  }

  parent(change: number): number {
    return this.parents[change]!;
  }

  zxid(change: number): number {
    return this.zxids[change]!;
  }

  time(change: number): number {
    return this.times[change]!;
  }

  session(change: number): number {
    return this.sessions[change]!;
  }

  code(change: number): number {
    return this.codes[change]!;
  }
}

/** A session's nodes (`ChildIndex.sessionSpans`): under which parent, from which change to which, and the latest end of any up to each. */
export interface SessionSpans {
  parents: Int32Array;
  from: Float64Array;
  to: Float64Array;
  reach: Float64Array;
}

/**
 * One parent's changes: their numbers in the index's columns, oldest first, and its children
 * before the first. Its changes and counts are brought up to date before a read (`settle`), not
 * as each change comes: a million changes filed under a thousand parents one by one, between a
 * tree's changes, took a tenth of applying them.
 */
interface ParentLog {
  changes: Int32Column;
  initial: Int32Array;
  /** How many children it had over the span (at its start or made after), and how many of them were ephemeral. */
  ever: { children: number; ephemeral: number };
  /** The byte lengths of its ephemeral children's names, a bit each (`lengthBit`): which names it can have had, told without reading one. */
  ephemeralLengths: number;
  /** Its place among the parents that had changes. */
  number: number;
  /** Its children (their records) after so many of its changes, made as it is first read (see `childrenAt`); the first, after none, is `initial`. */
  checkpoints: { after: number[]; records: Int32Array[] } | null;
  /** Its own cversion (the creates ZooKeeper stores) and pzxid before its first change: its stat before any change of the span. */
  before: { cversion: number; pzxid: number };
}

/** The fewest changes between two checkpoints of a parent's children: more when more children are there (their memory is then about one number a change). */
const CHECKPOINT_EVERY = 64;

export class ChildIndex {
  private readonly sessionIds = new SessionIds();
  private readonly records: Records;
  /** Every change, in the order applied: its transaction's zxid, time and session (its number in `sessionIds`), and its code. */
  private readonly changes: Changes;
  private readonly parents = new Map<string, ParentLog>();
  /** The same, by number. */
  private readonly logs: ParentLog[] = [];
  /** How many of the changes are filed under their parents, and counted in `owned` and `ended` (see `settle`). */
  private settled = 0;
  /** Each session's ephemeral creates, by the session's number: three numbers each, the change, its parent's number and its node's. */
  private readonly owned: Int32Column[] = [];
  /** By node (its first record's number): the change that deleted it, plus one (0: not deleted). */
  private readonly ended = new Int32Column();

  /** Follows `tree`'s changes from now on; `expected`: about how many transactions will come (a change each, a record for half). */
  constructor(
    private readonly tree: ZnodeTree,
    expected = 0,
  ) {
    const changes = Math.max(16, expected);
    this.changes = new Changes(changes);
    this.records = new Records(this.sessionIds, tree.datas, this.changes, expected >> 1);
    tree.onChange = this.record;
    tree.beforeChildren = (parent) => {
      if (parent.childLog === null && !this.parents.has(parent.path)) this.before = { node: parent, cversion: parent.cversion, pzxid: parent.pzxid };
    };
  }

  /** A parent's cversion and pzxid before its children's first change, told by the tree just before it (see `ParentLog.before`). */
  private before: { node: TreeNode; cversion: number; pzxid: number } | null = null;

  private readonly record = (kind: ChangeKind, node: TreeNode, txn: Txn, op?: TxnOp): void => {
    const parent = node.parent === null ? parentPath(node.path) : node.parent.path;
    // Kept on the parent's node too: a million changes look no path up.
    let log = (node.parent?.childLog as ParentLog | null | undefined) ?? this.parents.get(parent);
    if (log === undefined) {
      // The children before this first change: the tree's now, this change undone.
      const before: number[] = [];
      for (const child of this.tree.children(parent)) if (child.node !== node) before.push(this.recordOf(child.node));
      if (kind !== 'create') before.push(this.recordOf(node));
      const stat = this.before !== null && this.before.node === node.parent ? this.before : (node.parent ?? { cversion: 0, pzxid: 0 });
      log = { changes: new Int32Column(4), initial: Int32Array.from(before), ever: { children: before.length, ephemeral: 0 }, ephemeralLengths: 0, number: this.parents.size, checkpoints: null, before: { cversion: stat.cversion, pzxid: stat.pzxid } };
      for (const record of before) {
        if (!this.records.ephemeral(record)) continue;
        log.ever.ephemeral += 1;
        log.ephemeralLengths |= lengthBit(this.records.nameBytes(record));
      }
      this.parents.set(parent, log);
      this.logs.push(log);
    }
    if (node.parent !== null) node.parent.childLog = log;
    const closed = txn.gap === true ? IN_GAP : kind === 'delete' && txn.type === 'closeSession' ? (txn.cxid === 0 ? EXPIRED : CLOSED_BY_CLIENT) : NOT_CLOSED;
    // A create's record is of the node as the create made it: its stat is told by the change (the next one); a gap's, by the node's own (the snapshot's).
    const record = this.recordOf(node, txn, op, kind === 'create' && txn.gap !== true ? this.changes.length : -1);
    // A code is 32 bits: 2^28 records (far more than memory holds), read back unsigned.
    if (record >= MAX_RECORDS) throw new Error(`more than ${MAX_RECORDS} znode records: too many changes to index in one process`);
    this.changes.push(txn.zxid, txn.time, this.sessionIds.numberOf(txn.session), (record << RECORD_SHIFT) | (KIND_CODES[kind] << 2) | closed, log.number);
  };

  /** Files the changes made since the last read under their parents, and counts them: their creates, each session's ephemerals, the deletes that end a node. */
  private settle(): void {
    const { changes, records } = this;
    for (let change = this.settled; change < changes.length; change += 1) {
      const log = this.logs[changes.parent(change)]!;
      log.changes.push(change);
      const code = changes.code(change);
      const kind = kindIn(code);
      const record = recordIn(code);
      if (kind === CREATE) {
        log.ever.children += 1;
        const owner = records.ownerNumber(record);
        if (owner !== 0) {
          log.ever.ephemeral += 1;
          log.ephemeralLengths |= lengthBit(records.nameBytes(record));
          const owned = (this.owned[owner] ??= new Int32Column(32));
          owned.push(change);
          owned.push(log.number);
          owned.push(records.nodeOf(record));
        }
      } else if (kind === DELETE) {
        const node = records.nodeOf(record);
        this.ended.grow(node + 1);
        this.ended.set(node, change + 1);
      }
    }
    this.settled = changes.length;
  }

  /** The log of `parent`'s changes, brought up to date; undefined where it had none. */
  private logOf(parent: string): ParentLog | undefined {
    if (this.settled < this.changes.length) this.settle();
    return this.parents.get(parent);
  }

  /** The node's record as it is now: the one made last while its stat and data stay (a delete shares its create's), else a new one (its name from the bytes its create was read from, where given). */
  private recordOf(node: TreeNode, txn?: Txn, op?: TxnOp, createdBy = -1): number {
    if (node.record >= 0) return node.record;
    const named = op !== undefined && 'nameAt' in op && op.nameAt !== undefined && op.nameAt >= 0 && txn?.bytes !== undefined;
    node.record = named ? this.records.add(node, createdBy, txn.bytes!, op.nameAt!, op.nameLength!) : this.records.add(node, createdBy);
    return node.record;
  }

  /** The parents whose children changed in the span of the files. */
  changedParents(): IterableIterator<string> {
    return this.parents.keys();
  }

  /** How many changes `parent`'s children had in the span of the files. */
  changeCount(parent: string): number {
    return this.logOf(parent)?.changes.length ?? 0;
  }

  /** The moment of `parent`'s change number `at` (0 the oldest). */
  changeMoment(parent: string, at: number): { zxid: string; time: number } | null {
    const log = this.logOf(parent);
    if (log === undefined || at < 0 || at >= log.changes.length) return null;
    const change = log.changes.get(at);
    return { zxid: zxidHex(this.changes.zxid(change)), time: this.changes.time(change) };
  }

  /** The times of `parent`'s changes, oldest first. */
  *changeTimes(parent: string): Generator<number> {
    const log = this.logOf(parent);
    if (log === undefined) return;
    for (let i = 0; i < log.changes.length; i += 1) yield this.changes.time(log.changes.get(i));
  }

  /** The changes of `parent`'s children, oldest first, made into objects (for one lock's timeline). */
  changesOf(parent: string): ChildEvent[] {
    const log = this.logOf(parent);
    if (log === undefined) return [];
    const events: ChildEvent[] = [];
    const children = new Map<number, ChildAt>();
    for (let i = 0; i < log.changes.length; i += 1) {
      const change = log.changes.get(i);
      const code = this.changes.code(change);
      const record = recordIn(code);
      // A create and the delete that ends it share their child.
      let child = children.get(record);
      if (child === undefined) {
        child = this.records.child(record);
        children.set(record, child);
      }
      events.push({ zxid: zxidHex(this.changes.zxid(change)), time: this.changes.time(change), kind: KINDS[kindIn(code)]!, child, session: this.sessionIds.idOf(this.changes.session(change)), closed: CLOSED[code & 3]! });
    }
    return events;
  }

  /** `parent`'s changes at or before `zxid`, the latest first: each one's kind, child's name and time (a walk back from a moment). */
  *changesBack(parent: string, zxid: string): Generator<{ kind: ChangeKind; name: string; time: number }> {
    const log = this.logOf(parent);
    if (log === undefined) return;
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const change = log.changes.get(i);
      const code = this.changes.code(change);
      yield { kind: KINDS[kindIn(code)]!, name: this.records.name(recordIn(code)), time: this.changes.time(change) };
    }
  }

  /**
   * How many children `parent` had over the span (at its start or made after), and how many of
   * them were ephemeral: read from the records alone, without a name.
   */
  ephemeralsEver(parent: string): { children: number; ephemeral: number } {
    const log = this.logOf(parent);
    if (log !== undefined) return { ...log.ever };
    const children = this.tree.children(parent);
    return { children: children.length, ephemeral: children.filter((child) => child.node.ephemeralOwner !== '0x0').length };
  }

  /**
   * Which of `names` a child of `parent` bore as an ephemeral node at some moment of the span:
   * told from the names' bytes, no child's name decoded (every parent with an ephemeral child is
   * asked, where `namesEver` would decode a million names).
   */
  ephemeralAmong(parent: string, names: readonly string[]): string[] {
    const log = this.logOf(parent);
    if (log === undefined) return names.filter((name) => (this.tree.get(childPath(parent, name))?.ephemeralOwner ?? '0x0') !== '0x0');
    const wanted = names.map((name) => ({ name, bytes: utf8Bytes(name) }));
    // Most names are of another length than any wanted (a lock's contenders' are long): where every ephemeral one's is, told without reading a change.
    if ((log.ephemeralLengths & wanted.reduce((bits, { bytes }) => bits | lengthBit(bytes.length), 0)) === 0) return [];
    const lengths = new Set(wanted.map(({ bytes }) => bytes.length));
    const found = new Set<string>();
    const note = (record: number): void => {
      if (!lengths.has(this.records.nameBytes(record)) || !this.records.ephemeral(record)) return;
      for (const { name, bytes } of wanted) if (this.records.hasName(record, bytes)) found.add(name);
    };
    for (const record of log.initial) note(record);
    for (let i = 0; i < log.changes.length; i += 1) {
      const code = this.changes.code(log.changes.get(i));
      if (kindIn(code) === CREATE) note(recordIn(code));
    }
    return names.filter((name) => found.has(name));
  }

  /**
   * Each child `parent` had at some moment of the span (at its start or made after), once by
   * name, and whether any node of that name was ephemeral: what tells a lock's parent.
   */
  namesEver(parent: string): Map<string, boolean> {
    const names = new Map<string, boolean>();
    const log = this.logOf(parent);
    const note = (record: number): void => {
      const name = this.records.name(record);
      if (names.get(name) !== true) names.set(name, this.records.ephemeral(record));
    };
    if (log === undefined) {
      for (const child of this.tree.children(parent)) names.set(child.name, names.get(child.name) === true || child.node.ephemeralOwner !== '0x0');
      return names;
    }
    for (const record of log.initial) note(record);
    // Every other node of the span was made by a create.
    for (let i = 0; i < log.changes.length; i += 1) {
      const code = this.changes.code(log.changes.get(i));
      if (kindIn(code) === CREATE) note(recordIn(code));
    }
    return names;
  }

  /**
   * Each session's ephemeral nodes under `parents` over the span, in the order they came: under
   * which parent (its place in `parents`), and the changes that made and ended it, as numbers
   * among all the changes the index holds (-1: it was there at the start; Infinity: still there at
   * the end; it is there right after a zxid whose `changesUpTo` is n when `from < n <= to`), with
   * the latest end of any up to each. Made from each session's creates as they were indexed (a
   * million changes are not walked again: the first lock read after loading them took 0.3 s more).
   */
  sessionSpans(parents: readonly string[]): Map<string, SessionSpans> {
    if (this.settled < this.changes.length) this.settle();
    const endOf = (node: number): number => (node < this.ended.length && this.ended.get(node) > 0 ? this.ended.get(node) - 1 : Infinity);
    // Those there at the start first (made before every change), by owner; then where each parent with changes is among those asked for.
    const initial: Array<Array<{ at: number; to: number }>> = [];
    const asked = new Int32Array(this.parents.size).fill(-1);
    parents.forEach((parent, at) => {
      const log = this.logOf(parent);
      if (log === undefined) {
        for (const child of this.tree.children(parent)) {
          const owner = ownerSeen(child.node.ephemeralOwner);
          if (owner !== '0x0') (initial[this.sessionIds.numberOf(owner)] ??= []).push({ at, to: Infinity });
        }
        return;
      }
      if (asked[log.number] === -1) asked[log.number] = at;
      for (const record of log.initial) {
        const owner = this.records.ownerNumber(record);
        if (owner !== 0) (initial[owner] ??= []).push({ at, to: endOf(this.records.nodeOf(record)) });
      }
    });
    const result = new Map<string, SessionSpans>();
    for (let owner = 1; owner < this.sessionIds.count; owner += 1) {
      const first = initial[owner] ?? [];
      const owned = this.owned[owner];
      // Counted, then written: columns of the right length, no list of objects.
      let count = first.length;
      if (owned !== undefined) for (let i = 1; i < owned.length; i += 3) if (asked[owned.get(i)]! >= 0) count += 1;
      if (count === 0) continue;
      const spans: SessionSpans = { parents: new Int32Array(count), from: new Float64Array(count), to: new Float64Array(count), reach: new Float64Array(count) };
      let k = 0;
      const add = (at: number, from: number, to: number): void => {
        spans.parents[k] = at;
        spans.from[k] = from;
        spans.to[k] = to;
        spans.reach[k] = k === 0 ? to : Math.max(to, spans.reach[k - 1]!);
        k += 1;
      };
      for (const { at, to } of first) add(at, -1, to);
      if (owned !== undefined) {
        for (let i = 0; i < owned.length; i += 3) {
          const at = asked[owned.get(i + 1)]!;
          if (at >= 0) add(at, owned.get(i), endOf(owned.get(i + 2)));
        }
      }
      result.set(this.sessionIds.idOf(owner), spans);
    }
    return result;
  }

  /** How many changes, of all the parents', were at or before `zxid`. */
  changesUpTo(zxid: string): number {
    const asked = zxidOf(zxid);
    return partitionPoint(this.changes.length, (at) => this.changes.zxid(at) <= asked);
  }

  /** How many changes `parent`'s children had up to and with `zxid`. */
  countAt(parent: string, zxid: string): number {
    const log = this.logOf(parent);
    return log === undefined ? 0 : this.lastAtOrBefore(log, zxidOf(zxid)) + 1;
  }

  /** The zxid of the last change of `parent`'s children at or before `zxid`; null when there was none in the files' span. */
  lastChange(parent: string, zxid: string): string | null {
    const log = this.logOf(parent);
    if (log === undefined) return null;
    const at = this.lastAtOrBefore(log, zxidOf(zxid));
    return at < 0 ? null : zxidHex(this.changes.zxid(log.changes.get(at)));
  }

  /** The znode at `path` right after `zxid` as its parent's changes leave it (its own stat and data); null when it did not exist. */
  nodeAt(path: string, zxid: string): ChildAt | null {
    if (path === '/') {
      const root = this.tree.get('/');
      return root === undefined ? null : this.childAt('', root);
    }
    const parent = parentPath(path);
    const name = nameOf(path);
    const log = this.logOf(parent);
    if (log === undefined) {
      const node = this.tree.get(path);
      return node === undefined ? null : this.childAt(name, node);
    }
    const bytes = utf8Bytes(name);
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const code = this.changes.code(log.changes.get(i));
      const record = recordIn(code);
      if (this.records.hasName(record, bytes)) return kindIn(code) === DELETE ? null : this.records.child(record);
    }
    for (const record of log.initial) if (this.records.hasName(record, bytes)) return this.records.child(record);
    return null;
  }

  /**
   * The znode at `path` right after `zxid` with its whole stat as a client read it then (`nodeAt`
   * keeps its children's part as its create or last setData left it: a lock's reading counts its
   * children itself). O(its children's changes up to then): for one node's panel, not for every lock.
   */
  nodeWithChildrenAt(path: string, zxid: string): ChildAt | null {
    const node = this.nodeAt(path, zxid);
    return node === null ? null : this.withChildrenAt(path, zxid, node);
  }

  /**
   * `node` (a record: its stat as its create or its last setData left it) with its children's
   * part of the stat as it was right after `zxid`: how many it had, its pzxid (its last child
   * created or deleted) and its cversion, counted from its own children's changes since it was
   * created (or, made before the span, since the stat it had before its first change).
   */
  private withChildrenAt(path: string, zxid: string, node: ChildAt): ChildAt {
    const log = this.logOf(path);
    if (log === undefined) return node;
    const created = zxidOf(node.stat.czxid);
    const until = this.lastAtOrBefore(log, zxidOf(zxid));
    // Before its first change, or made after it (its path made again): its own changes only count.
    const first = log.changes.length > 0 ? this.changes.zxid(log.changes.get(0)) : Infinity;
    const fromBefore = created < first;
    let creates = fromBefore ? log.before.cversion : 0;
    let pzxid = fromBefore ? log.before.pzxid : created;
    const children = new Set<number>();
    if (fromBefore) for (const record of log.initial) children.add(this.records.nodeOf(record));
    for (let i = 0; i <= until; i += 1) {
      const change = log.changes.get(i);
      if (this.changes.zxid(change) <= created) continue;
      const code = this.changes.code(change);
      const kind = kindIn(code);
      if (kind !== CREATE && kind !== DELETE) continue;
      const child = this.records.nodeOf(recordIn(code));
      if (kind === CREATE) {
        creates += 1;
        children.add(child);
      } else children.delete(child);
      pzxid = this.changes.zxid(change);
    }
    return { ...node, stat: { ...node.stat, pzxid: zxidHex(pzxid), cversion: clientCversion(creates, children.size), numChildren: children.size } };
  }

  /** `parent`'s children right after transaction `zxid` (as the tree holds them where they never changed), by name. */
  childrenAt(parent: string, zxid: string): ChildAt[] {
    const log = this.logOf(parent);
    if (log === undefined) return this.tree.children(parent).map(({ name, node }) => this.childAt(name, node));
    // By node, each child's last record: names are read only for those there at the end. From the checkpoint before, not from the start.
    const count = this.lastAtOrBefore(log, zxidOf(zxid)) + 1;
    const checkpoints = this.checkpointsOf(log, count);
    const at = partitionPoint(checkpoints.after.length, (index) => checkpoints.after[index]! <= count) - 1;
    const children = new Map<number, number>();
    for (const record of checkpoints.records[at]!) children.set(this.records.nodeOf(record), record);
    this.replayChanges(log, checkpoints.after[at]!, count, children);
    return [...children.values()].map((record) => this.records.child(record)).sort(byName);
  }

  /** `children` (each child's record by its node) changed by `log`'s changes from number `from` up to `to`. */
  private replayChanges(log: ParentLog, from: number, to: number, children: Map<number, number>): void {
    for (let i = from; i < to; i += 1) {
      const code = this.changes.code(log.changes.get(i));
      const record = recordIn(code);
      if (kindIn(code) === DELETE) children.delete(this.records.nodeOf(record));
      else children.set(this.records.nodeOf(record), record);
    }
  }

  /**
   * The parent's checkpoints, made at least up to `count` changes: each after at least
   * CHECKPOINT_EVERY changes more, or as many as it had children at the one before (a lock of a
   * thousand changes is read from at most 64 of them back, not from its start; one of 100,000
   * waiters keeps no more checkpoints than it had changes).
   */
  private checkpointsOf(log: ParentLog, count: number): NonNullable<ParentLog['checkpoints']> {
    const checkpoints = (log.checkpoints ??= { after: [0], records: [log.initial] });
    let after = checkpoints.after.at(-1)!;
    let last = checkpoints.records.at(-1)!;
    if (count - after < Math.max(CHECKPOINT_EVERY, last.length)) return checkpoints;
    const children = new Map<number, number>();
    for (const record of last) children.set(this.records.nodeOf(record), record);
    while (count - after >= Math.max(CHECKPOINT_EVERY, last.length)) {
      const next = after + Math.max(CHECKPOINT_EVERY, last.length);
      this.replayChanges(log, after, next, children);
      last = Int32Array.from(children.values());
      checkpoints.after.push(next);
      checkpoints.records.push(last);
      after = next;
    }
    return checkpoints;
  }

  private childAt(name: string, node: TreeNode): ChildAt {
    return { name, stat: clientStat(node), data: this.tree.dataOf(node) };
  }

  /** The index among `log`'s changes of the last one at or before `zxid` (-1 for none), by binary search: changes are in zxid order. */
  private lastAtOrBefore(log: ParentLog, zxid: number): number {
    return partitionPoint(log.changes.length, (at) => this.changes.zxid(log.changes.get(at)) <= zxid) - 1;
  }
}
