/**
 * One run of a lock's nodes, column by column: each field written the shortest way that gives
 * every value back exactly (one value with exceptions, differences, references to other nodes
 * by distance, a path or sort key derived from the name). `compact.ts` cuts a list into runs and
 * reads them back.
 */
import type { LockNode } from '../protocol';
import { sameValue } from './node';
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
  /** Equal to the node's data as text (null without), but for the listed exceptions: the client a Curator node's data names is its data. */
  | { e: true; x?: Array<[number, unknown]> }
  /** Numbers written as the first and the differences from one to the next. */
  | { d: number[] }
  /** Hex ids (`0x…`) below 2^53, written as numbers the same way. */
  | { z: number[] }
  /** The sequence ZooKeeper appended to the node's name. */
  | { s: true }
  /** The data as text, its size the text's UTF-8 length (null: no data). */
  | { t: Array<string | null> };

export type Columns = Record<string, Column>;

/** A run of consecutive nodes, column by column. References to other nodes (`o`) count places in the whole list. */
export interface Chunk {
  count: number;
  columns: Columns;
}

/** The whole list a run belongs to, and where the run starts in it. */
export interface List {
  all: readonly LockNode[];
  from: number;
  /** The place of each node of `all` by name and by path, built once for the list (by its first run that needs it) and only for references that are not to the node just before; null where they repeat. */
  positions: Positions;
}

export type Positions = Partial<Record<'name' | 'path', Map<string, number> | null>>;

/** The field-specific ways of writing a column, when they fit every node of the run; null otherwise. */
function specialColumn(field: keyof LockNode, nodes: readonly LockNode[], list: List): Column | { column: Column; back: ReadonlyArray<number | null> } | null {
  switch (field) {
    case 'name':
      return { v: nodes.map((node) => node.name) };
    case 'path':
      return paths(nodes);
    case 'sortKey':
      return sortKeys(nodes);
    case 'predecessor': {
      const back = offsets(list, nodes.length, (node) => node.predecessor, 'name');
      return back === null ? null : { column: { o: mostly(back) }, back };
    }
    case 'watch': {
      const type = nodes.find((node) => node.watch !== null)?.watch?.type;
      if (type === undefined || nodes.some((node) => node.watch !== null && node.watch.type !== type)) return null;
      // A children watch is on a parent (a herd's, on the lock path), not on a node of the list: no offsets to look for (the look builds an index of every node's path, 20 ms at 100,000).
      if (type === 'children') return null;
      const back = offsets(list, nodes.length, (node) => node.watch?.path ?? null, 'path');
      return back === null ? null : { column: { w: type, o: mostly(back) }, back };
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
    case 'dataClient': {
      const except = exceptions(nodes.length, (position) => nodes[position]!.dataClient, (position) => nodes[position]!.data?.text ?? null);
      return except === null ? null : except.length === 0 ? { e: true } : { e: true, x: except };
    }
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
 * References to other nodes of the list as how many places before each node of the run the
 * named node is (null for none); null when one names no node or names repeat. `key` is what the
 * reference names.
 */
function offsets(list: List, count: number, target: (node: LockNode) => string | null, key: 'name' | 'path'): Array<number | null> | null {
  const { all, from } = list;
  const back: Array<number | null> = [];
  for (let position = from; position < from + count; position += 1) {
    const named = target(all[position]!);
    if (named === null) {
      back.push(null);
      continue;
    }
    // The usual reference is to the node just before: no index needed for a chain.
    if (position > 0 && all[position - 1]![key] === named) {
      back.push(1);
      continue;
    }
    const at = positionsOf(list, key)?.get(named);
    if (at === undefined) return null;
    back.push(position - at);
  }
  return back;
}

/** Each node's place by its name or path; null when they repeat (names do across a semaphore's parents). */
function positionsOf({ all, positions }: List, key: 'name' | 'path'): Map<string, number> | null {
  let index = positions[key];
  if (index === undefined) {
    index = new Map();
    for (let at = 0; at < all.length; at += 1) index.set(all[at]![key], at);
    if (index.size !== all.length) index = null;
    positions[key] = index;
  }
  return index;
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
  for (let position = 0; position < values.length && differing <= limit; position += 1) if (!sameValue(values[position], usual)) differing += 1;
  if (differing > limit) return { v: values };
  const except: Array<[number, unknown]> = [];
  if (differing > 0) for (let position = 0; position < values.length; position += 1) if (!sameValue(values[position], usual)) except.push([position, values[position]]);
  return except.length === 0 ? { a: usual } : { a: usual, x: except };
}

/** The values that differ from what `expected` says, with their index; null when they are too many to be worth listing. */
function exceptions(count: number, actual: (position: number) => unknown, expected: (position: number) => unknown): Array<[number, unknown]> | null {
  const found: Array<[number, unknown]> = [];
  const limit = Math.max(8, count >> 3);
  for (let position = 0; position < count; position += 1) {
    const value = actual(position);
    if (sameValue(value, expected(position))) continue;
    found.push([position, value]);
    if (found.length > limit) return null;
  }
  return found;
}

/** How a run's column of this field is written, and for references the distance each node names (null: none). */
export function writeColumn(field: keyof LockNode, nodes: readonly LockNode[], list: List): { column: Column; back: ReadonlyArray<number | null> | null } {
  const special = specialColumn(field, nodes, list);
  if (special !== null && 'back' in special) return special;
  return { column: special ?? mostly(nodes.map((node) => node[field])), back: null };
}

/** The bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
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
