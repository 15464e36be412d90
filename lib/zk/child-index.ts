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
import { BytePool, Float64Column, Int32Column, partitionPoint, utf8Bytes } from './columns';
import { zxidHex, zxidOf } from './ids';
import { childPath, parentPath } from './path';
import type { Txn } from './txn-log';
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
   */
  closed: 'expired' | 'closed' | null;
}

/** A change's code: its record number, then two bits of kind (its place in KINDS) and two of how a session's close went (in CLOSED). */
const KINDS: readonly ChangeKind[] = ['create', 'delete', 'set'];
const KIND_CODES: Record<ChangeKind, number> = { create: 0, delete: 1, set: 2 };
const CREATE = 0;
const DELETE = 1;
const CLOSED = [null, 'closed', 'expired'] as const;
const NOT_CLOSED = 0;
const CLOSED_BY_CLIENT = 1;
const EXPIRED = 2;
const RECORD_SHIFT = 4;
const MAX_RECORDS = 2 ** (32 - RECORD_SHIFT);
const recordIn = (code: number): number => code >>> RECORD_SHIFT;
const kindIn = (code: number): number => (code >>> 2) & 3;

/** Session ids, each as a number (0: none), so that a column of 4 bytes a row names them. */
class SessionIds {
  private readonly ids: string[] = ['0x0'];
  private readonly numbers = new Map<string, number>([['0x0', 0]]);

  numberOf(id: string): number {
    let number = this.numbers.get(id);
    if (number === undefined) {
      number = this.ids.push(id) - 1;
      this.numbers.set(id, number);
    }
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

/** A record's numbers that are doubles (zxids, times), and those that are integers, each a row of its own column. */
const CZXID = 0;
const MZXID = 1;
const PZXID = 2;
const CTIME = 3;
const MTIME = 4;
const DOUBLES = 5;
/** The node's number (its first record's), its name's and its datum's place and length, its owner (by its number among the sessions: what a client reads), its version, cversion (as a client reads it), aversion and number of children. */
const NODE = 0;
const NAME_AT = 1;
const NAME_LENGTH = 2;
const DATA_AT = 3;
const DATA_LENGTH = 4;
const OWNER = 5;
const VERSION = 6;
const CVERSION = 7;
const AVERSION = 8;
const CHILDREN = 9;
const INTEGERS = 10;

/** The stats and names of the children recorded, one row each: a row of doubles and one of integers (two columns grown, not fourteen). */
class Records {
  private readonly names: BytePool;
  private readonly datas = new BytePool();
  private readonly doubles: Float64Column;
  private readonly integers: Int32Column;

  /** `expected`: about how many records will be made (a create or a data change each). */
  constructor(
    private readonly sessions: SessionIds,
    expected: number,
  ) {
    const rows = Math.max(16, expected);
    this.names = new BytePool(rows * 32);
    this.doubles = new Float64Column(rows * DOUBLES);
    this.integers = new Int32Column(rows * INTEGERS);
  }

  /** Records a child as it is now (a client's reading of its stat, as `clientStat` makes it); answers its number. */
  add(node: TreeNode): number {
    const record = this.integers.length / INTEGERS;
    if (node.id < 0) node.id = record;
    const { data, childCount } = node;
    const { doubles, integers } = this;
    const double = doubles.extend(DOUBLES);
    doubles.set(double + CZXID, node.czxid);
    doubles.set(double + MZXID, node.mzxid);
    doubles.set(double + PZXID, node.pzxid);
    doubles.set(double + CTIME, node.ctime);
    doubles.set(double + MTIME, node.mtime);
    const int = integers.extend(INTEGERS);
    integers.set(int + NODE, node.id);
    integers.set(int + NAME_AT, this.names.addString(node.name));
    integers.set(int + NAME_LENGTH, this.names.lastLength);
    integers.set(int + DATA_AT, this.datas.add(data));
    integers.set(int + DATA_LENGTH, data?.length ?? 0);
    integers.set(int + OWNER, this.sessions.numberOf(ownerSeen(node.ephemeralOwner)));
    integers.set(int + VERSION, node.version);
    integers.set(int + CVERSION, clientCversion(node.cversion, childCount));
    integers.set(int + AVERSION, node.aversion);
    integers.set(int + CHILDREN, childCount);
    return record;
  }

  private integer(record: number, field: number): number {
    return this.integers.get(record * INTEGERS + field);
  }

  private double(record: number, field: number): number {
    return this.doubles.get(record * DOUBLES + field);
  }

  nodeOf(record: number): number {
    return this.integer(record, NODE);
  }

  name(record: number): string {
    return this.names.string(this.integer(record, NAME_AT), this.integer(record, NAME_LENGTH));
  }

  /** The length of the record's name in bytes. */
  nameBytes(record: number): number {
    return this.integer(record, NAME_LENGTH);
  }

  hasName(record: number, name: Uint8Array): boolean {
    return this.names.equals(this.integer(record, NAME_AT), this.integer(record, NAME_LENGTH), name);
  }

  ephemeral(record: number): boolean {
    return this.integer(record, OWNER) !== 0;
  }

  /** The number of the session that owns the record's node (0: none). */
  ownerNumber(record: number): number {
    return this.integer(record, OWNER);
  }

  ownerOf(record: number): string {
    return this.sessions.idOf(this.integer(record, OWNER));
  }

  child(record: number): ChildAt {
    const dataLength = this.integer(record, DATA_LENGTH);
    const stat: ZnodeStat = {
      czxid: zxidHex(this.double(record, CZXID)),
      mzxid: zxidHex(this.double(record, MZXID)),
      pzxid: zxidHex(this.double(record, PZXID)),
      ctime: this.double(record, CTIME),
      mtime: this.double(record, MTIME),
      version: this.integer(record, VERSION),
      cversion: this.integer(record, CVERSION),
      aversion: this.integer(record, AVERSION),
      ephemeralOwner: this.ownerOf(record),
      dataLength,
      numChildren: this.integer(record, CHILDREN),
    };
    return { name: this.name(record), stat, data: this.datas.slice(this.integer(record, DATA_AT), dataLength) };
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
 * The spans grouped by owner (a counting sort, which keeps their order), each owner's then
 * ordered by the change that made them: a typed sort of keys that hold the change above the
 * span's place, where they fit a double exactly.
 */
function bySession(sessions: SessionIds, owners: Int32Column, under: Int32Column, from: Float64Column, to: Float64Column, changes: number): Map<string, SessionSpans> {
  const count = owners.length;
  const starts = new Int32Array(sessions.count + 1);
  for (let i = 0; i < count; i += 1) starts[owners.get(i) + 1]! += 1;
  for (let owner = 0; owner < sessions.count; owner += 1) starts[owner + 1]! += starts[owner]!;
  const next = starts.slice(0, sessions.count);
  const order = new Int32Array(count);
  for (let i = 0; i < count; i += 1) order[next[owners.get(i)]!++] = i;
  const columns: SessionSpans = { parents: new Int32Array(count), from: new Float64Array(count), to: new Float64Array(count), reach: new Float64Array(count) };
  const result = new Map<string, SessionSpans>();
  for (let owner = 1; owner < sessions.count; owner += 1) {
    const first = starts[owner]!;
    const length = starts[owner + 1]! - first;
    if (length === 0) continue;
    const slots = 2 ** Math.ceil(Math.log2(length + 1));
    let sorted: ArrayLike<number>;
    if ((changes + 1) * slots <= Number.MAX_SAFE_INTEGER) {
      const keys = new Float64Array(length);
      for (let k = 0; k < length; k += 1) keys[k] = (from.get(order[first + k]!) + 1) * slots + k;
      keys.sort();
      sorted = keys.map((key) => order[first + (key % slots)]!);
    } else {
      sorted = Array.from(order.subarray(first, first + length)).sort((a, b) => from.get(a) - from.get(b) || a - b);
    }
    for (let k = 0; k < length; k += 1) {
      const span = sorted[k]!;
      const at = first + k;
      columns.parents[at] = under.get(span);
      columns.from[at] = from.get(span);
      columns.to[at] = to.get(span);
      columns.reach[at] = Math.max(columns.to[at]!, k === 0 ? -Infinity : columns.reach[at - 1]!);
    }
    const end = first + length;
    result.set(sessions.idOf(owner), { parents: columns.parents.subarray(first, end), from: columns.from.subarray(first, end), to: columns.to.subarray(first, end), reach: columns.reach.subarray(first, end) });
  }
  return result;
}

/** One parent's changes: their numbers in the index's columns, oldest first, and its children before the first. */
interface ParentLog {
  changes: Int32Column;
  initial: Int32Array;
  /** How many children it had over the span (at its start or made after), and how many of them were ephemeral: counted as they come. */
  ever: { children: number; ephemeral: number };
}

export class ChildIndex {
  private readonly sessionIds = new SessionIds();
  private readonly records: Records;
  /** Every change, in the order applied: its transaction's zxid, time and session (its number in `sessionIds`), and its code. */
  private readonly zxids: Float64Column;
  private readonly times: Float64Column;
  private readonly sessions: Int32Column;
  private readonly codes: Int32Column;
  private readonly parents = new Map<string, ParentLog>();

  /** Follows `tree`'s changes from now on; `expected`: about how many transactions will come (a change each, a record for half). */
  constructor(
    private readonly tree: ZnodeTree,
    expected = 0,
  ) {
    const changes = Math.max(16, expected);
    this.records = new Records(this.sessionIds, expected >> 1);
    this.zxids = new Float64Column(changes);
    this.times = new Float64Column(changes);
    this.sessions = new Int32Column(changes);
    this.codes = new Int32Column(changes);
    tree.onChange = this.record;
  }

  private readonly record = (kind: ChangeKind, node: TreeNode, txn: Txn): void => {
    const parent = node.parent === null ? parentPath(node.path) : node.parent.path;
    // Kept on the parent's node too: a million changes look no path up.
    let log = (node.parent?.childLog as ParentLog | null | undefined) ?? this.parents.get(parent);
    if (log === undefined) {
      // The children before this first change: the tree's now, this change undone.
      const before: number[] = [];
      for (const child of this.tree.children(parent)) if (child.node !== node) before.push(this.recordOf(child.node));
      if (kind !== 'create') before.push(this.recordOf(node));
      log = { changes: new Int32Column(4), initial: Int32Array.from(before), ever: { children: before.length, ephemeral: 0 } };
      for (const record of before) if (this.records.ephemeral(record)) log.ever.ephemeral += 1;
      this.parents.set(parent, log);
    }
    if (node.parent !== null) node.parent.childLog = log;
    const closed = kind === 'delete' && txn.type === 'closeSession' ? (txn.cxid === 0 ? EXPIRED : CLOSED_BY_CLIENT) : NOT_CLOSED;
    this.zxids.push(txn.zxid);
    this.times.push(txn.time);
    this.sessions.push(this.sessionIds.numberOf(txn.session));
    const record = this.recordOf(node);
    // A code is 32 bits: 2^28 records (far more than memory holds), read back unsigned.
    if (record >= MAX_RECORDS) throw new Error(`more than ${MAX_RECORDS} znode records: too many changes to index in one process`);
    log.changes.push(this.codes.push((record << RECORD_SHIFT) | (KIND_CODES[kind] << 2) | closed));
    if (kind === 'create') {
      log.ever.children += 1;
      if (this.records.ephemeral(record)) log.ever.ephemeral += 1;
    }
  };

  /** The node's record as it is now: the one made last while its stat and data stay (a delete shares its create's), else a new one. */
  private recordOf(node: TreeNode): number {
    if (node.record < 0) node.record = this.records.add(node);
    return node.record;
  }

  /** The parents whose children changed in the span of the files. */
  changedParents(): IterableIterator<string> {
    return this.parents.keys();
  }

  /** How many changes `parent`'s children had in the span of the files. */
  changeCount(parent: string): number {
    return this.parents.get(parent)?.changes.length ?? 0;
  }

  /** The moment of `parent`'s change number `at` (0 the oldest). */
  changeMoment(parent: string, at: number): { zxid: string; time: number } | null {
    const log = this.parents.get(parent);
    if (log === undefined || at < 0 || at >= log.changes.length) return null;
    const change = log.changes.get(at);
    return { zxid: zxidHex(this.zxids.get(change)), time: this.times.get(change) };
  }

  /** The times of `parent`'s changes, oldest first. */
  *changeTimes(parent: string): Generator<number> {
    const log = this.parents.get(parent);
    if (log === undefined) return;
    for (let i = 0; i < log.changes.length; i += 1) yield this.times.get(log.changes.get(i));
  }

  /** The changes of `parent`'s children, oldest first, made into objects (for one lock's timeline). */
  changesOf(parent: string): ChildEvent[] {
    const log = this.parents.get(parent);
    if (log === undefined) return [];
    const events: ChildEvent[] = [];
    const children = new Map<number, ChildAt>();
    for (let i = 0; i < log.changes.length; i += 1) {
      const change = log.changes.get(i);
      const code = this.codes.get(change);
      const record = recordIn(code);
      // A create and the delete that ends it share their child.
      let child = children.get(record);
      if (child === undefined) {
        child = this.records.child(record);
        children.set(record, child);
      }
      events.push({ zxid: zxidHex(this.zxids.get(change)), time: this.times.get(change), kind: KINDS[kindIn(code)]!, child, session: this.sessionIds.idOf(this.sessions.get(change)), closed: CLOSED[code & 3]! });
    }
    return events;
  }

  /** `parent`'s changes at or before `zxid`, the latest first: each one's kind, child's name and time (a walk back from a moment). */
  *changesBack(parent: string, zxid: string): Generator<{ kind: ChangeKind; name: string; time: number }> {
    const log = this.parents.get(parent);
    if (log === undefined) return;
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const change = log.changes.get(i);
      const code = this.codes.get(change);
      yield { kind: KINDS[kindIn(code)]!, name: this.records.name(recordIn(code)), time: this.times.get(change) };
    }
  }

  /**
   * How many children `parent` had over the span (at its start or made after), and how many of
   * them were ephemeral: read from the records alone, without a name.
   */
  ephemeralsEver(parent: string): { children: number; ephemeral: number } {
    const log = this.parents.get(parent);
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
    const log = this.parents.get(parent);
    if (log === undefined) return names.filter((name) => (this.tree.get(childPath(parent, name))?.ephemeralOwner ?? '0x0') !== '0x0');
    const wanted = names.map((name) => ({ name, bytes: utf8Bytes(name) }));
    // Most names are of another length than any wanted (a lock's contenders' are long): told without comparing a byte.
    const lengths = new Set(wanted.map(({ bytes }) => bytes.length));
    const found = new Set<string>();
    const note = (record: number): void => {
      if (!lengths.has(this.records.nameBytes(record)) || !this.records.ephemeral(record)) return;
      for (const { name, bytes } of wanted) if (this.records.hasName(record, bytes)) found.add(name);
    };
    for (const record of log.initial) note(record);
    for (let i = 0; i < log.changes.length; i += 1) {
      const code = this.codes.get(log.changes.get(i));
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
    const log = this.parents.get(parent);
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
      const code = this.codes.get(log.changes.get(i));
      if (kindIn(code) === CREATE) note(recordIn(code));
    }
    return names;
  }

  /**
   * Each session's ephemeral nodes under `parents` over the span, in the order they came: under
   * which parent (its place in `parents`), and the changes that made and ended it, as numbers
   * among all the changes the index holds (-1: it was there at the start; Infinity: still there at
   * the end; it is there right after a zxid whose `changesUpTo` is n when `from < n <= to`), with
   * the latest end of any up to each. Built in columns, for every session at once, with no object
   * a span: the first lock read after loading a million transactions went from about 0.5 s to 0.3 s.
   */
  sessionSpans(parents: readonly string[]): Map<string, SessionSpans> {
    const owners = new Int32Column();
    const under = new Int32Column();
    const from = new Float64Column();
    const to = new Float64Column();
    const span = (owner: number, parent: number, made: number): number => {
      under.push(parent);
      from.push(made);
      to.push(Infinity);
      return owners.push(owner);
    };
    // By node: the span open while it is there.
    const open = new Map<number, number>();
    parents.forEach((parent, at) => {
      const log = this.parents.get(parent);
      if (log === undefined) {
        for (const child of this.tree.children(parent)) {
          const owner = ownerSeen(child.node.ephemeralOwner);
          if (owner !== '0x0') span(this.sessionIds.numberOf(owner), at, -1);
        }
        return;
      }
      open.clear();
      const add = (record: number, made: number): void => {
        const owner = this.records.ownerNumber(record);
        if (owner !== 0) open.set(this.records.nodeOf(record), span(owner, at, made));
      };
      for (const record of log.initial) add(record, -1);
      for (let i = 0; i < log.changes.length; i += 1) {
        const change = log.changes.get(i);
        const code = this.codes.get(change);
        const kind = kindIn(code);
        if (kind === CREATE) add(recordIn(code), change);
        else if (kind === DELETE) {
          const node = this.records.nodeOf(recordIn(code));
          const ended = open.get(node);
          if (ended !== undefined) to.set(ended, change);
          open.delete(node);
        }
      }
    });
    return bySession(this.sessionIds, owners, under, from, to, this.codes.length);
  }

  /** How many changes, of all the parents', were at or before `zxid`. */
  changesUpTo(zxid: string): number {
    const asked = zxidOf(zxid);
    return partitionPoint(this.zxids.length, (at) => this.zxids.get(at) <= asked);
  }

  /** How many changes `parent`'s children had up to and with `zxid`. */
  countAt(parent: string, zxid: string): number {
    const log = this.parents.get(parent);
    return log === undefined ? 0 : this.lastAtOrBefore(log, zxidOf(zxid)) + 1;
  }

  /** The zxid of the last change of `parent`'s children at or before `zxid`; null when there was none in the files' span. */
  lastChange(parent: string, zxid: string): string | null {
    const log = this.parents.get(parent);
    if (log === undefined) return null;
    const at = this.lastAtOrBefore(log, zxidOf(zxid));
    return at < 0 ? null : zxidHex(this.zxids.get(log.changes.get(at)));
  }

  /** The znode at `path` right after `zxid` as its parent's changes leave it (its own stat and data); null when it did not exist. */
  nodeAt(path: string, zxid: string): ChildAt | null {
    if (path === '/') {
      const root = this.tree.get('/');
      return root === undefined ? null : childAt('', root);
    }
    const parent = parentPath(path);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const log = this.parents.get(parent);
    if (log === undefined) {
      const node = this.tree.get(path);
      return node === undefined ? null : childAt(name, node);
    }
    const bytes = utf8Bytes(name);
    for (let i = this.lastAtOrBefore(log, zxidOf(zxid)); i >= 0; i -= 1) {
      const code = this.codes.get(log.changes.get(i));
      const record = recordIn(code);
      if (this.records.hasName(record, bytes)) return kindIn(code) === DELETE ? null : this.records.child(record);
    }
    for (const record of log.initial) if (this.records.hasName(record, bytes)) return this.records.child(record);
    return null;
  }

  /** `parent`'s children right after transaction `zxid` (as the tree holds them where they never changed), by name. */
  childrenAt(parent: string, zxid: string): ChildAt[] {
    const log = this.parents.get(parent);
    if (log === undefined) return this.tree.children(parent).map(({ name, node }) => childAt(name, node));
    // By node, each child's last record: names are read only for those there at the end.
    const children = new Map<number, number>();
    for (const record of log.initial) children.set(this.records.nodeOf(record), record);
    const last = this.lastAtOrBefore(log, zxidOf(zxid));
    for (let i = 0; i <= last; i += 1) {
      const code = this.codes.get(log.changes.get(i));
      const record = recordIn(code);
      if (kindIn(code) === DELETE) children.delete(this.records.nodeOf(record));
      else children.set(this.records.nodeOf(record), record);
    }
    return [...children.values()].map((record) => this.records.child(record)).sort(byName);
  }

  /** The index among `log`'s changes of the last one at or before `zxid` (-1 for none), by binary search: changes are in zxid order. */
  private lastAtOrBefore(log: ParentLog, zxid: number): number {
    return partitionPoint(log.changes.length, (at) => this.zxids.get(log.changes.get(at)) <= zxid) - 1;
  }
}

function childAt(name: string, node: TreeNode): ChildAt {
  return { name, stat: clientStat(node), data: node.data };
}
