/**
 * The compact form of a lock's nodes: one column per field instead of one object per node,
 * each column written the shortest way that gives every value back exactly. A queue's nodes
 * mostly agree (one role, one mode, no data), and what differs mostly follows from another
 * field or from the node before (a node's path from its name, a waiter's predecessor from its
 * place, creation times and zxids that grow by little): 50,000 waiters are a few megabytes
 * instead of forty. `expandNodes(compactNodes(nodes))` equals `nodes`, whatever they hold.
 * One pass per column, without patterns or temporary strings: it runs on every snapshot asked.
 */
import { LockNodeSchema, type ColumnsLockSnapshot, type LockNode, type LockSnapshot, type NodeData } from '../protocol';
import { withRoles } from './queue';
import { parseSequence } from './sequence';

/** How one column is written. */
export type Column =
  /** One value for every node, but for the listed exceptions (index, value). */
  | { a: unknown; x?: Array<[number, unknown]> }
  /** Every value. */
  | { v: unknown[] }
  /** The node's path: `<u>/<name>`. */
  | { u: string }
  /** The sort key: `<p><the last t characters of the name>\u0001<name>`. */
  | { p: string; t: number }
  /** The sort key: `<p><h>\u0001<name>` (`p` holds a control character, which JSON writes in six). */
  | { p: string; h: string[] }
  /** A node named by each node (its predecessor): how many places before it, as a column of its own (null: none). */
  | { o: Column }
  /** The watch: of type `w` on the path of the node `o` places before (null: no watch). */
  | { w: string; o: Column }
  /** Equal to the node's ctime, but for the listed exceptions. */
  | { c: true; x?: Array<[number, unknown]> }
  /** Numbers written as the first and the differences from one to the next. */
  | { d: number[] }
  /** Hex ids (`0x…`) below 2^53, written as numbers the same way. */
  | { z: number[] }
  /** The sequence ZooKeeper appended to the node's name. */
  | { s: true }
  /** The data as text, its size the text's UTF-8 length (null: no data). */
  | { t: Array<string | null> };

export type Columns = Record<string, Column>;

const FIELDS = Object.keys(LockNodeSchema.shape) as Array<keyof LockNode>;

// A snapshot's node list is never changed, only replaced: its columns are written once, however
// often it is asked for (a stuck lock is read again and again while nothing changes).
const written = new WeakMap<readonly LockNode[], Columns>();

const writtenText = new WeakMap<readonly LockNode[], string>();

function columnsOf(nodes: readonly LockNode[]): Columns {
  let columns = written.get(nodes);
  if (columns === undefined) {
    columns = compactNodes(nodes);
    written.set(nodes, columns);
  }
  return columns;
}

/** The snapshot in its compact form. */
export function compactSnapshot(snapshot: LockSnapshot): ColumnsLockSnapshot {
  const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
  return { ...rest, form: 'columns', count: nodes.length, columns: columnsOf(nodes) };
}

/** `JSON.stringify(compactSnapshot(snapshot))`, the columns' text also written once per node list (megabytes for a long queue). */
export function compactSnapshotJson(snapshot: LockSnapshot): string {
  const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
  let columns = writtenText.get(nodes);
  if (columns === undefined) {
    columns = JSON.stringify(columnsOf(nodes));
    writtenText.set(nodes, columns);
  }
  const head = JSON.stringify({ ...rest, form: 'columns', count: nodes.length });
  return `${head.slice(0, -1)},"columns":${columns}}`;
}

/** The snapshot from its compact form. */
export function expandSnapshot(compact: ColumnsLockSnapshot): LockSnapshot {
  const { form: _form, count, columns, ...rest } = compact;
  return withRoles({ ...rest, nodes: expandNodes(count, columns as Columns) });
}

/** The nodes, column by column. */
export function compactNodes(nodes: readonly LockNode[]): Columns {
  const columns: Columns = {};
  for (const field of FIELDS) columns[field] = (nodes.length === 0 && field !== 'name' ? null : special(field, nodes)) ?? mostly(nodes.map((node) => node[field]));
  return columns;
}

/** The nodes from their columns. Throws on columns that do not describe `count` nodes. */
export function expandNodes(count: number, columns: Columns): LockNode[] {
  const names = column(columns, 'name');
  if (!('v' in names) || names.v.length !== count) throw new Error('compact nodes: the names do not match the count');
  const name = (position: number): string => names.v[position] as string;
  const values = new Map<keyof LockNode, unknown[]>();
  for (const field of FIELDS) values.set(field, expand(field, column(columns, field), count, name, values));
  const nodes: LockNode[] = [];
  for (let position = 0; position < count; position += 1) {
    const node: Record<string, unknown> = {};
    for (const field of FIELDS) node[field] = values.get(field)![position];
    nodes.push(node as LockNode);
  }
  return nodes;
}

function column(columns: Columns, field: string): Column {
  const found = columns[field];
  if (found === undefined || typeof found !== 'object' || found === null) throw new Error(`compact nodes: no column ${field}`);
  return found;
}

/** The field-specific ways of writing a column, when they fit every node; null otherwise. */
function special(field: keyof LockNode, nodes: readonly LockNode[]): Column | null {
  switch (field) {
    case 'name':
      return { v: nodes.map((node) => node.name) };
    case 'path':
      return paths(nodes);
    case 'sortKey':
      return sortKeys(nodes);
    case 'predecessor':
      return offsets(nodes, (node) => node.predecessor, (node) => node.name);
    case 'watch': {
      const type = nodes.find((node) => node.watch !== null)?.watch?.type;
      if (type === undefined || nodes.some((node) => node.watch !== null && node.watch.type !== type)) return null;
      const back = offsets(nodes, (node) => node.watch?.path ?? null, (node) => node.path);
      return back === null ? null : { w: type, o: back.o };
    }
    case 'ctime':
      return differences(nodes.map((node) => node.ctime));
    case 'czxid':
      return hexDifferences(nodes.map((node) => node.czxid));
    case 'mtime':
    case 'roleSince': {
      const except = exceptions(nodes.length, (position) => nodes[position]![field], (position) => nodes[position]!.ctime);
      return except === null ? null : except.length === 0 ? { c: true } : { c: true, x: except };
    }
    case 'sequence':
      return nodes.every((node) => node.sequence === sequenceOf(node.name)) ? { s: true } : null;
    case 'data':
      return texts(nodes);
    default:
      return null;
  }
}

function paths(nodes: readonly LockNode[]): Column | null {
  const first = nodes[0]!;
  const under = first.path.slice(0, Math.max(0, first.path.length - first.name.length - 1));
  for (const { path, name } of nodes) {
    if (path.length !== under.length + 1 + name.length || path.charCodeAt(under.length) !== 47 || !path.startsWith(under) || !path.endsWith(name)) return null;
  }
  return { u: under };
}

function sortKeys(nodes: readonly LockNode[]): Column | null {
  for (const { sortKey, name } of nodes) {
    const cut = sortKey.length - name.length - 1;
    if (cut < 0 || sortKey.charCodeAt(cut) !== 1 || !sortKey.endsWith(name)) return null;
  }
  // The usual key: a prefix, then the name's own sequence suffix (the client sorts by it as written).
  const first = nodes[0]!;
  const head = first.sortKey.slice(0, first.sortKey.length - first.name.length - 1);
  let tail = 0;
  while (tail < head.length && tail < first.name.length && head.charCodeAt(head.length - 1 - tail) === first.name.charCodeAt(first.name.length - 1 - tail)) tail += 1;
  const prefix = head.slice(0, head.length - tail);
  if (tail > 0 && nodes.every((node) => endsWithOwnSuffix(node, prefix, tail))) return { p: prefix, t: tail };
  const heads = nodes.map(({ sortKey, name }) => sortKey.slice(0, sortKey.length - name.length - 1));
  let shared = head.length;
  for (const h of heads) {
    let same = 0;
    while (same < shared && same < h.length && h.charCodeAt(same) === head.charCodeAt(same)) same += 1;
    shared = same;
  }
  return { p: head.slice(0, shared), h: heads.map((h) => h.slice(shared)) };
}

/** Whether the node's sort key is `<prefix><the last tail characters of its name>\u0001<name>`, compared in place. */
function endsWithOwnSuffix({ sortKey, name }: LockNode, prefix: string, tail: number): boolean {
  if (sortKey.length !== prefix.length + tail + 1 + name.length || name.length < tail || !sortKey.startsWith(prefix)) return false;
  for (let i = 0; i < tail; i += 1) if (sortKey.charCodeAt(prefix.length + i) !== name.charCodeAt(name.length - tail + i)) return false;
  return true;
}

/**
 * A reference to another node as how many places before it that node is (null for none); null
 * when one names no node or names repeat. `key` is what the reference names (name or path).
 */
function offsets(nodes: readonly LockNode[], target: (node: LockNode) => string | null, key: (node: LockNode) => string): { o: Column } | null {
  let index: Map<string, number> | null = null;
  const back: Array<number | null> = [];
  for (let position = 0; position < nodes.length; position += 1) {
    const named = target(nodes[position]!);
    if (named === null) {
      back.push(null);
      continue;
    }
    // The usual reference is to the node just before: no index needed for a chain.
    if (position > 0 && key(nodes[position - 1]!) === named) {
      back.push(1);
      continue;
    }
    if (index === null) {
      index = new Map();
      nodes.forEach((node, at) => index!.set(key(node), at));
      // Names repeat only across the parents of a semaphore: then the values themselves.
      if (index.size !== nodes.length) return null;
    }
    const at = index.get(named);
    if (at === undefined) return null;
    back.push(position - at);
  }
  return { o: mostly(back) };
}

/** Integers below 2^53 as the first and the differences; null for anything else. */
function differences(values: readonly number[]): Column | null {
  const out: number[] = [];
  let previous = 0;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) return null;
    out.push(value - previous);
    previous = value;
  }
  return { d: out };
}

function hexDifferences(values: readonly string[]): Column | null {
  const numbers: number[] = [];
  for (const value of values) {
    // Exactly as ZooKeeper writes it (lowercase, no leading zeros, below 2^53), or the text itself.
    if (value.length < 3 || value.length > 15 || value.charCodeAt(0) !== 48 || value.charCodeAt(1) !== 120 || (value.charCodeAt(2) === 48 && value.length > 3)) return null;
    let number = 0;
    for (let i = 2; i < value.length; i += 1) {
      const code = value.charCodeAt(i);
      const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
      if (digit < 0) return null;
      number = number * 16 + digit;
    }
    if (!Number.isSafeInteger(number)) return null;
    numbers.push(number);
  }
  const written = differences(numbers);
  return written === null || !('d' in written) ? null : { z: written.d };
}

function texts(nodes: readonly LockNode[]): Column | null {
  const out: Array<string | null> = [];
  let any = false;
  for (const { data } of nodes) {
    if (data === null) out.push(null);
    else if (data.text !== null && data.hex === null && !data.truncated && data.size === utf8Length(data.text)) {
      out.push(data.text);
      any = true;
    } else return null;
  }
  return any ? { t: out } : null;
}

/** The sequence of a name as `parseSequence` reads it, for the common ten digits without a pattern. */
function sequenceOf(name: string): number | null {
  const start = name.length - 10;
  if (start > 0) {
    let value = 0;
    let digits = true;
    for (let i = start; i < name.length && digits; i += 1) {
      const code = name.charCodeAt(i) - 48;
      digits = code >= 0 && code <= 9;
      value = value * 10 + code;
    }
    if (digits && value <= 2 ** 31 - 1) return value;
  }
  return parseSequence(name)?.value ?? null;
}

/** One value with few exceptions when the column is so (the last node's: a queue's tail is its most common kind of node), else every value. */
function mostly(values: unknown[]): Column {
  const usual = values.length === 0 ? null : values[values.length - 1];
  const limit = Math.max(8, values.length >> 3);
  // Counted first, without keeping them: a column of distinct values (sessions) is given up at once.
  let differing = 0;
  for (let position = 0; position < values.length && differing <= limit; position += 1) if (!same(values[position], usual)) differing += 1;
  if (differing > limit) return { v: values };
  const except: Array<[number, unknown]> = [];
  if (differing > 0) for (let position = 0; position < values.length; position += 1) if (!same(values[position], usual)) except.push([position, values[position]]);
  return except.length === 0 ? { a: usual } : { a: usual, x: except };
}

/** The values that differ from what `expected` says, with their index; null when they are too many to be worth listing. */
function exceptions(count: number, actual: (position: number) => unknown, expected: (position: number) => unknown): Array<[number, unknown]> | null {
  const found: Array<[number, unknown]> = [];
  const limit = Math.max(8, count >> 3);
  for (let position = 0; position < count; position += 1) {
    const value = actual(position);
    if (same(value, expected(position))) continue;
    found.push([position, value]);
    if (found.length > limit) return null;
  }
  return found;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The values of one column. */
function expand(field: keyof LockNode, written: Column, count: number, name: (position: number) => string, done: ReadonlyMap<keyof LockNode, unknown[]>): unknown[] {
  const out = new Array<unknown>(count);
  const fill = (value: (position: number) => unknown): unknown[] => {
    for (let position = 0; position < count; position += 1) out[position] = value(position);
    return out;
  };
  const sized = <T>(values: readonly T[]): readonly T[] => {
    if (!Array.isArray(values) || values.length !== count) throw new Error(`compact nodes: column ${field} does not have ${count} values`);
    return values;
  };
  if ('v' in written) return [...sized(written.v)];
  if ('u' in written) return fill((position) => `${written.u}/${name(position)}`);
  if ('p' in written && 't' in written) return fill((position) => `${written.p}${name(position).slice(-written.t)}\u0001${name(position)}`);
  if ('p' in written && 'h' in written) return fill((position) => `${written.p}${sized(written.h)[position]}\u0001${name(position)}`);
  if ('o' in written) {
    const back = expand(field, written.o, count, name, done);
    const paths = done.get('path');
    if ('w' in written && paths === undefined) throw new Error('compact nodes: the watch refers to paths before them');
    return fill((position) => {
      const offset = back[position];
      if (offset === null) return null;
      const at = position - (offset as number);
      return 'w' in written ? { type: written.w, path: paths![at] } : name(at);
    });
  }
  if ('c' in written) {
    const ctime = done.get('ctime');
    if (ctime === undefined) throw new Error(`compact nodes: ${field} refers to ctime before it`);
    const except = new Map(written.x ?? []);
    return fill((position) => (except.has(position) ? except.get(position) : ctime[position]));
  }
  if ('d' in written || 'z' in written) {
    const steps = sized('d' in written ? written.d : written.z);
    let value = 0;
    return fill((position) => {
      value += steps[position]!;
      return 'z' in written ? `0x${value.toString(16)}` : value;
    });
  }
  if ('s' in written) return fill((position) => parseSequence(name(position))?.value ?? null);
  if ('t' in written) {
    const text = sized(written.t);
    return fill((position): NodeData | null => {
      const value = text[position] ?? null;
      return value === null ? null : { size: utf8Length(value), text: value, hex: null, truncated: false };
    });
  }
  const except = new Map(written.x ?? []);
  // An object value is copied per node: nodes read from JSON never share one.
  const usual = written.a;
  const copy = typeof usual === 'object' && usual !== null ? () => structuredClone(usual) : () => usual;
  return fill((position) => (except.has(position) ? except.get(position) : copy()));
}

/** The bytes of `text` in UTF-8, without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
