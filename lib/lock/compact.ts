/**
 * The compact form of a lock's nodes: one column per field instead of one object per node,
 * each column written the shortest way that gives every value back exactly. A queue's nodes
 * mostly agree (one role, one mode, no data), and what differs mostly follows from another
 * field or from the node before (a node's path from its name, a waiter's predecessor from its
 * place, creation times and zxids that grow by little): 50,000 waiters are a few megabytes
 * instead of forty. `expandNodes(count, writer.nodes(nodes))` equals `nodes`, whatever they hold.
 * The columns of a run are `columns.ts`'s; the list is written in runs (see `CompactWriter.starts`)
 * whose text a `CompactWriter` keeps while their nodes stay: a change at the head or the tail of
 * a long queue writes one run again, not the whole list.
 */
import type { ColumnsLockSnapshot, LockNode, LockSnapshot, NodeData } from '../protocol';
import { utf8Length, writeColumn, type Chunk, type Column, type Columns, type List, type Positions } from './columns';
import { NODE_FIELDS } from './node';
import { withRoles } from './queue';
import { parseSequence } from './sequence';

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

/**
 * Writes lists of nodes in their compact form and keeps what it wrote while the nodes stay (a
 * node object is never changed, only replaced; a live lock's long list is edited in place, which
 * the text kept for a list checks): the server keeps one for every lock it sends, and a stuck
 * lock read again and again is written once.
 */
export class CompactWriter {
  /** The runs written, by their first node. */
  private readonly runs = new WeakMap<LockNode, WrittenChunk>();
  /**
   * Each list's runs, gathered once however often it is asked for; with its length and first
   * and last node, since a live lock's long list is edited in place (`editsInPlace`): a change
   * removes or adds at least one node, so one of the three differs after it.
   */
  private readonly lists = new WeakMap<readonly LockNode[], { chunks: Chunk[]; text: string; count: number; first: LockNode | undefined; last: LockNode | undefined }>();

  /** The snapshot in its compact form. */
  snapshot(snapshot: LockSnapshot): ColumnsLockSnapshot {
    const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
    return { ...rest, form: 'columns', count: nodes.length, chunks: this.chunksOf(nodes).chunks };
  }

  /** `JSON.stringify(this.snapshot(snapshot))`, from the text of each run written once (megabytes for a long queue). */
  json(snapshot: LockSnapshot): string {
    const { nodes, holders: _holders, waiters: _waiters, ...rest } = snapshot;
    const head = JSON.stringify({ ...rest, form: 'columns', count: nodes.length });
    return `${head.slice(0, -1)},"chunks":${this.chunksOf(nodes).text}}`;
  }

  /** The nodes, run by run, column by column. */
  nodes(nodes: readonly LockNode[]): Chunk[] {
    return this.chunksOf(nodes).chunks;
  }

  /** Where each run of the list starts. */
  starts(nodes: readonly LockNode[]): number[] {
    const starts: number[] = [];
    let from = 0;
    for (const chunk of this.chunksOf(nodes).chunks) {
      starts.push(from);
      from += chunk.count;
    }
    return starts;
  }

  /**
   * The runs of a list: from the head, each run written before for the same nodes is taken as it
   * is (nothing of it is read but its nodes' identity), and a new run is cut where the names say.
   */
  private chunksOf(nodes: readonly LockNode[]): { chunks: Chunk[]; text: string } {
    let found = this.lists.get(nodes);
    if (found !== undefined && (found.count !== nodes.length || found.first !== nodes[0] || found.last !== nodes[nodes.length - 1])) found = undefined;
    if (found === undefined) {
      const chunks: Chunk[] = [];
      const positions: Positions = {};
      // Built by concatenation, not join: the text is copied once, when it is sent.
      let text = '[';
      for (let from = 0; from < nodes.length; ) {
        let run = this.runs.get(nodes[from]!);
        if (run === undefined || !stillWritten(run, nodes, from)) {
          run = writeChunk({ all: nodes, from, positions });
          this.runs.set(nodes[from]!, run);
        }
        text += chunks.length === 0 ? run.text : `,${run.text}`;
        chunks.push(run.chunk);
        from += run.nodes.length;
      }
      found = { chunks, text: `${text}]`, count: nodes.length, first: nodes[0], last: nodes[nodes.length - 1] };
      this.lists.set(nodes, found);
    }
    return found;
  }
}

/** The snapshot from its compact form. */
export function expandSnapshot(compact: ColumnsLockSnapshot): LockSnapshot {
  const { form: _form, count, chunks, ...rest } = compact;
  return withRoles({ ...rest, nodes: expandNodes(count, chunks as Chunk[]) });
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

/** A new run of the list from `list.from`, written. */
function writeChunk(list: List): WrittenChunk {
  const { all, from } = list;
  const to = runEnd(all, from);
  const nodes = all.slice(from, to);
  const columns: Columns = {};
  const outside: Array<{ at: number; back: number; node: LockNode }> = [];
  for (const field of NODE_FIELDS) {
    const { column, back } = writeColumn(field, nodes, list);
    columns[field] = column;
    back?.forEach((distance, at) => {
      const named = at - (distance ?? 0);
      if (distance !== null && (named < 0 || named >= nodes.length)) outside.push({ at, back: distance, node: all[from + named]! });
    });
  }
  const chunk: Chunk = { count: nodes.length, columns };
  const open = to === all.length && to - from < MAX_CHUNK;
  return { nodes, chunk, text: JSON.stringify(chunk), outside, open };
}

/** Whether a run written before still describes the list from `from`: the same nodes, and what they name outside it at the same distance. */
function stillWritten(run: WrittenChunk, all: readonly LockNode[], from: number): boolean {
  const nodes = run.nodes;
  if (from + nodes.length > all.length || (run.open && from + nodes.length < all.length)) return false;
  for (let i = 0; i < nodes.length; i += 1) if (all[from + i] !== nodes[i]) return false;
  for (const { at, back, node } of run.outside) if (all[from + at - back] !== node) return false;
  return true;
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
  if ('e' in written) {
    const data = done.get('data');
    if (data === undefined) throw new Error(`compact nodes: ${field} refers to data before it`);
    const except = new Map(written.x ?? []);
    return fill((position) => (except.has(position) ? except.get(position) : ((data[position] as NodeData | null)?.text ?? null)));
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
  // An object value (a host's data, one watcher) is shared by every node that has it, frozen: nodes are never changed in place, and 100,000 copies took longer than the rest of the expansion.
  const usual: unknown = typeof written.a === 'object' && written.a !== null ? deepFreeze(written.a) : written.a;
  return fill((position) => (except.has(position) ? except.get(position) : usual));
}

/** `value` and everything in it, frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export type { Chunk, Column, Columns } from './columns';
