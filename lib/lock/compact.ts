/**
 * The compact form of a lock's nodes: one column per field instead of one object per node,
 * each column written the shortest way that gives every value back exactly. A queue's nodes
 * mostly agree (one role, one mode, no data), and what differs mostly follows from another
 * field or from the node before (a node's path from its name, a waiter's predecessor from its
 * place, creation times and zxids that grow by little): 50,000 waiters are a few megabytes
 * instead of forty. `expandNodes(count, compactNodes(nodes))` equals `nodes`, whatever they hold.
 * The list is written in runs (see `chunkStarts`) whose text is kept while their nodes stay: a
 * change at the head or the tail of a long queue writes one run again, not the whole list.
 */
import type { ColumnsLockSnapshot, LockNode, LockSnapshot, NodeData } from '../protocol';
import { NODE_FIELDS, sameValue } from './node';
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

/** A run of consecutive nodes, column by column. References to other nodes (`o`) count places in the whole list. */
export interface Chunk {
  count: number;
  columns: Columns;
}


/**
 * The list is written in runs that end where a node's name says so (a hash of its last
 * characters), not at fixed places: after a handover at the head or arrivals at the tail, every
 * run but the first or the last is made of the same nodes as before, and its text is reused.
 * A new run is at least MIN_CHUNK nodes (but the last) and at most MAX_CHUNK, CHUNK_SPREAD more than the minimum on average.
 */
const MIN_CHUNK = 256;
const MAX_CHUNK = 4096;
const CHUNK_SPREAD = 1024;

/** One written run, with what its text relied on: the same node objects, and the nodes outside it that its offsets name still at the same distance. */
interface WrittenChunk {
  nodes: readonly LockNode[];
  chunk: Chunk;
  text: string;
  /** References out of the run (a chain's first waiter names the last node of the run before): which node, how far back, the node named. */
  outside: ReadonlyArray<{ at: number; back: number; node: LockNode }>;
  /** Whether the run ended only because the list did: once nodes join after it, it is written again with them (the tail does not split into runs of one arrival each). */
  open: boolean;
}

// Keyed by a run's first node: a node object is never changed, only replaced.
const writtenChunks = new WeakMap<LockNode, WrittenChunk>();

// A snapshot's node list is never changed, only replaced: the runs are gathered once per list,
// however often it is asked for (a stuck lock is read again and again while nothing changes).
const written = new WeakMap<readonly LockNode[], { chunks: Chunk[]; text: string }>();

/**
 * The runs of a list: from the head, each run written before for the same nodes is taken as it
 * is (nothing of it is read but its nodes' identity), and a new run is cut where the names say.
 */
function chunksOf(nodes: readonly LockNode[]): { chunks: Chunk[]; text: string } {
  let found = written.get(nodes);
  if (found === undefined) {
    const chunks: Chunk[] = [];
    // Built by concatenation, not join: the text is copied once, when it is sent.
    let text = '[';
    for (let from = 0; from < nodes.length; ) {
      const before = writtenChunks.get(nodes[from]!);
      const run = before !== undefined && stillWritten(before, nodes, from) ? before : writeChunk(nodes, from);
      text += chunks.length === 0 ? run.text : `,${run.text}`;
      chunks.push(run.chunk);
      from += run.nodes.length;
    }
    found = { chunks, text: `${text}]` };
    written.set(nodes, found);
  }
  return found;
}

/** The snapshot in its compact form. */
export function compactSnapshot(snapshot: LockSnapshot): ColumnsLockSnapshot {
  const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
  return { ...rest, form: 'columns', count: nodes.length, chunks: chunksOf(nodes).chunks };
}

/** `JSON.stringify(compactSnapshot(snapshot))`, from the text of each run written once (megabytes for a long queue). */
export function compactSnapshotJson(snapshot: LockSnapshot): string {
  const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
  const head = JSON.stringify({ ...rest, form: 'columns', count: nodes.length });
  return `${head.slice(0, -1)},"chunks":${chunksOf(nodes).text}}`;
}

/** The snapshot from its compact form. */
export function expandSnapshot(compact: ColumnsLockSnapshot): LockSnapshot {
  const { form: _form, count, chunks, ...rest } = compact;
  return withRoles({ ...rest, nodes: expandNodes(count, chunks as Chunk[]) });
}

/** The nodes, run by run, column by column. */
export function compactNodes(nodes: readonly LockNode[]): Chunk[] {
  return chunksOf(nodes).chunks;
}

/** Where each run of the list starts. */
export function chunkStarts(nodes: readonly LockNode[]): number[] {
  const starts: number[] = [];
  let from = 0;
  for (const chunk of chunksOf(nodes).chunks) {
    starts.push(from);
    from += chunk.count;
  }
  return starts;
}

/** Where a new run from `from` ends: before a node whose name says so, once it is MIN_CHUNK long, or at MAX_CHUNK. */
function runEnd(nodes: readonly LockNode[], from: number): number {
  const last = Math.min(nodes.length, from + MAX_CHUNK);
  for (let position = from + MIN_CHUNK; position < last; position += 1) if (endsRun(nodes[position]!.name)) return position;
  return last;
}

/** Whether a run ends before the node of this name: a hash of its last eight characters (a sequential name's digits). */
function endsRun(name: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = Math.max(0, name.length - 8); i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash % CHUNK_SPREAD === 0;
}

/** A new run of the list from `from`, written. */
function writeChunk(all: readonly LockNode[], from: number): WrittenChunk {
  const to = runEnd(all, from);
  const nodes = all.slice(from, to);
  const list: List = { all, from };
  const columns: Columns = {};
  const outside: Array<{ at: number; back: number; node: LockNode }> = [];
  for (const field of NODE_FIELDS) {
    const special = specialColumn(field, nodes, list);
    if (special !== null && 'back' in special) {
      columns[field] = special.column;
      special.back.forEach((back, at) => {
        const named = at - (back ?? 0);
        if (back !== null && (named < 0 || named >= nodes.length)) outside.push({ at, back, node: all[from + named]! });
      });
    } else columns[field] = special ?? mostly(nodes.map((node) => node[field]));
  }
  const chunk: Chunk = { count: nodes.length, columns };
  const open = to === all.length && to - from < MAX_CHUNK;
  const made: WrittenChunk = { nodes, chunk, text: JSON.stringify(chunk), outside, open };
  writtenChunks.set(nodes[0]!, made);
  return made;
}

/** Whether a run written before still describes the list from `from`: the same nodes, and what they name outside it at the same distance. */
function stillWritten(run: WrittenChunk, all: readonly LockNode[], from: number): boolean {
  const nodes = run.nodes;
  if (from + nodes.length > all.length || (run.open && from + nodes.length < all.length)) return false;
  for (let i = 0; i < nodes.length; i += 1) if (all[from + i] !== nodes[i]) return false;
  for (const { at, back, node } of run.outside) if (all[from + at - back] !== node) return false;
  return true;
}

/** The whole list a run belongs to, and where the run starts in it. */
interface List {
  all: readonly LockNode[];
  from: number;
}

/** The nodes from their runs. Throws on runs that do not describe `count` nodes. */
export function expandNodes(count: number, chunks: readonly Chunk[]): LockNode[] {
  const names: string[] = [];
  for (const chunk of chunks) {
    const written = column(chunk.columns, 'name');
    if (!('v' in written) || !Array.isArray(written.v) || written.v.length !== chunk.count) throw new Error('compact nodes: the names do not match the count');
    for (const name of written.v) names.push(String(name));
  }
  if (names.length !== count) throw new Error('compact nodes: the names do not match the count');
  const values = new Map<keyof LockNode, unknown[]>(NODE_FIELDS.map((field) => [field, new Array<unknown>(count)]));
  // References are resolved once every run's names and paths are known: they may point into another run.
  const references: Array<{ field: keyof LockNode; base: number; back: unknown[]; type: string | null }> = [];
  let base = 0;
  for (const chunk of chunks) {
    const done = new Map<keyof LockNode, unknown[]>();
    const start = base;
    const name = (position: number): string => names[start + position]!;
    for (const field of NODE_FIELDS) {
      const written = column(chunk.columns, field);
      if ('o' in written) {
        references.push({ field, base, back: expand(field, written.o, chunk.count, name, done), type: 'w' in written ? written.w : null });
        continue;
      }
      const out = expand(field, written, chunk.count, name, done);
      done.set(field, out);
      const all = values.get(field)!;
      for (let position = 0; position < chunk.count; position += 1) all[base + position] = out[position];
    }
    base += chunk.count;
  }
  const paths = values.get('path')!;
  for (const { field, base: start, back, type } of references) {
    const all = values.get(field)!;
    back.forEach((offset, position) => {
      if (offset === null) {
        all[start + position] = null;
        return;
      }
      const at = start + position - (offset as number);
      if (!Number.isInteger(at) || at < 0 || at >= count) throw new Error(`compact nodes: column ${field} names a node that is not there`);
      all[start + position] = type === null ? names[at] : { type, path: paths[at] };
    });
  }
  const nodes: LockNode[] = [];
  for (let position = 0; position < count; position += 1) {
    const node: Record<string, unknown> = {};
    for (const field of NODE_FIELDS) node[field] = values.get(field)![position];
    nodes.push(node as LockNode);
  }
  return nodes;
}

function column(columns: Columns, field: string): Column {
  const found = columns[field];
  if (found === undefined || typeof found !== 'object' || found === null) throw new Error(`compact nodes: no column ${field}`);
  return found;
}

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
    const at = positionsOf(all, key)?.get(named);
    if (at === undefined) return null;
    back.push(position - at);
  }
  return back;
}

// The place of each node by name and by path, built once per list and only for references that are not to the node just before.
const positions = new WeakMap<readonly LockNode[], Partial<Record<'name' | 'path', Map<string, number> | null>>>();

/** Each node's place by its name or path; null when they repeat (names do across a semaphore's parents). */
function positionsOf(all: readonly LockNode[], key: 'name' | 'path'): Map<string, number> | null {
  let known = positions.get(all);
  if (known === undefined) positions.set(all, (known = {}));
  let index = known[key];
  if (index === undefined) {
    index = new Map();
    for (let at = 0; at < all.length; at += 1) index.set(all[at]![key], at);
    if (index.size !== all.length) index = null;
    known[key] = index;
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
  if (!('a' in written)) throw new Error(`compact nodes: column ${field} is written in no known way`);
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
