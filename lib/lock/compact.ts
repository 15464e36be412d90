/**
 * The compact form of a lock's nodes: one column per field instead of one object per node,
 * each column written the shortest way that gives every value back exactly. A queue's nodes
 * mostly agree (one role, one mode, no data), and what differs mostly follows from another
 * field (a node's path from its name, a waiter's predecessor from its place): 50,000 waiters
 * are a few megabytes instead of forty, and are written and parsed several times faster.
 * `expandNodes(compactNodes(nodes))` equals `nodes`, whatever they hold.
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
  /** The sort key: `<h>\u0001<name>`. */
  | { h: string[] }
  /** A node named by each node (its predecessor): its index among the nodes, -1 for null. */
  | { i: number[] }
  /** The watch: of type `w` on the path of the node at index `i`, -1 for no watch. */
  | { w: string; i: number[] }
  /** Equal to the node's ctime, but for the listed exceptions. */
  | { c: true; x?: Array<[number, unknown]> }
  /** The sequence ZooKeeper appended to the node's name. */
  | { s: true }
  /** The data as text, its size the text's UTF-8 length (null: no data). */
  | { t: Array<string | null> };

export type Columns = Record<string, Column>;

const FIELDS = Object.keys(LockNodeSchema.shape) as Array<keyof LockNode>;

/** The snapshot in its compact form. */
export function compactSnapshot(snapshot: LockSnapshot): ColumnsLockSnapshot {
  const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
  return { ...rest, form: 'columns', count: nodes.length, columns: compactNodes(nodes) };
}

/** The snapshot from its compact form. */
export function expandSnapshot(compact: ColumnsLockSnapshot): LockSnapshot {
  const { form: _form, count, columns, ...rest } = compact;
  return withRoles({ ...rest, nodes: expandNodes(count, columns as Columns) });
}

/** The nodes, column by column. */
export function compactNodes(nodes: readonly LockNode[]): Columns {
  const columns: Columns = {};
  const index = new Map<string, number>();
  nodes.forEach((node, position) => index.set(node.name, position));
  const byPath = new Map<string, number>();
  nodes.forEach((node, position) => byPath.set(node.path, position));
  for (const field of FIELDS) {
    const values = nodes.map((node) => node[field]);
    columns[field] = special(field, nodes, values, index, byPath) ?? mostly(values) ?? { v: values };
  }
  return columns;
}

/** The nodes from their columns. Throws on columns that do not describe `count` nodes. */
export function expandNodes(count: number, columns: Columns): LockNode[] {
  const read = new Map<keyof LockNode, (position: number) => unknown>();
  const names = column(columns, 'name');
  if (!('v' in names) || names.v.length !== count) throw new Error('compact nodes: the names do not match the count');
  const name = (position: number): string => names.v[position] as string;
  const paths: string[] = [];
  for (const field of FIELDS) read.set(field, reader(field, column(columns, field), count, name, paths, read));
  const nodes: LockNode[] = [];
  const pathOf = read.get('path')!;
  for (let position = 0; position < count; position += 1) paths.push(pathOf(position) as string);
  for (let position = 0; position < count; position += 1) {
    const node: Record<string, unknown> = {};
    for (const field of FIELDS) node[field] = field === 'path' ? paths[position] : read.get(field)!(position);
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
function special(field: keyof LockNode, nodes: readonly LockNode[], values: unknown[], index: Map<string, number>, byPath: Map<string, number>): Column | null {
  if (field === 'name') return { v: values };
  if (nodes.length === 0) return null;
  switch (field) {
    case 'path': {
      const first = nodes[0]!;
      const under = first.path.slice(0, first.path.length - first.name.length - 1);
      return nodes.every((node) => node.path.length === under.length + 1 + node.name.length && node.path.startsWith(under) && node.path.endsWith(`/${node.name}`)) ? { u: under } : null;
    }
    case 'sortKey': {
      const heads: string[] = [];
      for (const node of nodes) {
        const cut = node.sortKey.length - node.name.length - 1;
        if (cut < 0 || node.sortKey.charCodeAt(cut) !== 1 || !node.sortKey.endsWith(node.name)) return null;
        heads.push(node.sortKey.slice(0, cut));
      }
      return { h: heads };
    }
    case 'predecessor': {
      // Names repeat only across the parents of a semaphore: then the names themselves.
      if (index.size !== nodes.length) return null;
      const at: number[] = [];
      for (const node of nodes) {
        const position = node.predecessor === null ? -1 : index.get(node.predecessor);
        if (position === undefined) return null;
        at.push(position);
      }
      return { i: at };
    }
    case 'watch': {
      const type = nodes.find((node) => node.watch !== null)?.watch?.type;
      if (type === undefined) return null;
      const at: number[] = [];
      for (const node of nodes) {
        const position = node.watch === null ? -1 : node.watch.type === type ? byPath.get(node.watch.path) : undefined;
        if (position === undefined) return null;
        at.push(position);
      }
      return { w: type, i: at };
    }
    case 'mtime':
    case 'roleSince': {
      const except = exceptions(values, (position) => nodes[position]!.ctime);
      return except === null ? null : except.length === 0 ? { c: true } : { c: true, x: except };
    }
    case 'sequence':
      return nodes.every((node) => node.sequence === (parseSequence(node.name)?.value ?? null)) ? { s: true } : null;
    case 'data': {
      const texts: Array<string | null> = [];
      for (const node of nodes) {
        const data = node.data;
        if (data === null) texts.push(null);
        else if (data.text !== null && data.hex === null && !data.truncated && data.size === utf8Length(data.text)) texts.push(data.text);
        else return null;
      }
      return texts.every((text) => text === null) ? null : { t: texts };
    }
    default:
      return null;
  }
}

/** One value with few exceptions, when the column is so: the last node's (a queue's tail is its most common kind of node). */
function mostly(values: readonly unknown[]): Column | null {
  const usual = values.length === 0 ? null : values[values.length - 1];
  const except = exceptions(values, () => usual);
  return except === null ? null : except.length === 0 ? { a: usual } : { a: usual, x: except };
}

/** The values that differ from what `expected` says, with their index; null when they are too many to be worth listing. */
function exceptions(values: readonly unknown[], expected: (position: number) => unknown): Array<[number, unknown]> | null {
  const found: Array<[number, unknown]> = [];
  const limit = Math.max(8, values.length >> 3);
  for (let position = 0; position < values.length; position += 1) {
    const value = values[position];
    const wanted = expected(position);
    if (value === wanted || (typeof value === 'object' && value !== null && typeof wanted === 'object' && JSON.stringify(value) === JSON.stringify(wanted))) continue;
    found.push([position, value]);
    if (found.length > limit) return null;
  }
  return found;
}

function reader(
  field: keyof LockNode,
  written: Column,
  count: number,
  name: (position: number) => string,
  paths: readonly string[],
  others: ReadonlyMap<keyof LockNode, (position: number) => unknown>,
): (position: number) => unknown {
  const except = new Map('x' in written ? (written.x ?? []) : []);
  if ('v' in written) {
    if (written.v.length !== count) throw new Error(`compact nodes: column ${field} has ${written.v.length} values for ${count} nodes`);
    return (position) => written.v[position];
  }
  if ('u' in written) return (position) => `${written.u}/${name(position)}`;
  if ('h' in written) return (position) => `${written.h[position]}\u0001${name(position)}`;
  if ('w' in written) return (position) => (written.i[position]! < 0 ? null : { type: written.w, path: paths[written.i[position]!] });
  if ('i' in written) return (position) => (written.i[position]! < 0 ? null : name(written.i[position]!));
  if ('c' in written) {
    const ctime = others.get('ctime');
    if (ctime === undefined) throw new Error(`compact nodes: ${field} refers to ctime before it`);
    return (position) => (except.has(position) ? except.get(position) : ctime(position));
  }
  if ('s' in written) return (position) => parseSequence(name(position))?.value ?? null;
  if ('t' in written) {
    return (position): NodeData | null => {
      const text = written.t[position] ?? null;
      return text === null ? null : { size: utf8Length(text), text, hex: null, truncated: false };
    };
  }
  // An object value is copied per node, as separate nodes never share one when read from JSON.
  const copy = typeof written.a === 'object' && written.a !== null ? () => structuredClone(written.a) : () => written.a;
  return (position) => (except.has(position) ? except.get(position) : copy());
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
