/**
 * A node placed in its queue: what the recipe decided (role, mode, predecessor, watch), dated
 * from the previous reading, with what ZooKeeper reports of it. Each child record keeps its state
 * here while it stays in the queue, so that an unchanged node keeps its identity and a handover
 * at the head of 10,000 waiters does not redo the work of every other.
 */
import type { LockNode } from '../protocol';
import { NO_SESSION } from '../zk/ids';
import { sameNode } from './node';
import type { AnalysisContext, ChildRecord, Layout, PlacedFields } from './recipes/recipe';
import { observe, observedWith, sameList, unobserved, type Introspected, type Observed } from './report';
import type { SequenceSuffix } from './sequence';

/** What is kept of one child record while it stays in the queue. */
export interface RecordState {
  /** The reader whose layouts gave `kind` and `layout`. */
  reader: object | null;
  kind: string;
  /** The layout it matched; null for a name of no recipe's layout. */
  layout: Layout | null;
  seq: SequenceSuffix | null;
  /** The node's path and sort key (and the rules it was made by), kept so that the same strings are compared on every read. */
  path?: string;
  sortKey?: string;
  sortKeyRules?: string;
  /** The node as last placed: returned again while nothing about it changed. */
  node?: LockNode;
  /** What ZooKeeper reported of it, kept until the report or its watch changes. */
  observed?: Observed;
}

/** The state kept for a record, made on first use (unclassified: `reader` null). */
export function stateOf(record: ChildRecord): RecordState {
  // Every field from the start: fields added later would go to a second store, one per record.
  record.state ??= { reader: null, kind: '', layout: null, seq: null, path: undefined, sortKey: undefined, sortKeyRules: undefined, node: undefined, observed: undefined };
  return record.state;
}

/**
 * The owner of a node for the orphan check, by the layout it was read with: its protected GUID
 * when the layout has one (a slice of its name), else its session id (`0x…`, which no GUID
 * begins with), null for a persistent node.
 */
export function ownerOf(node: LockNode, layout: Layout | null): string | null {
  if (layout?.owner !== undefined) return layout.owner(node.name);
  return node.ephemeral ? node.sessionId : null;
}

/** The path a node's recipe watches that ZooKeeper's report can show (a data watch of a waiter); null otherwise. */
function reportedWatch(role: LockNode['role'], watch: LockNode['watch']): string | null {
  return role !== 'waiter' || watch === null || watch.type === 'children' ? null : watch.path;
}

function observedOf(state: RecordState, watchPath: string | null, now: number): Observed {
  let observed = state.observed;
  if (observed === undefined || observed.watchPath !== watchPath) {
    observed = unobserved(watchPath, now);
    state.observed = observed;
  }
  return observed;
}

/**
 * The node of one record in its place in the queue. When the explorer saw it take its role:
 * a waiter waits since its creation; a holder seen arriving holds from this read, one that
 * already held at the first read from an unknown time.
 */
export function place(record: ChildRecord, state: RecordState, path: string, fields: PlacedFields, context: AnalysisContext): LockNode {
  const old = context.previous?.get(record.name);
  let roleSince: number | null;
  if (old !== undefined) roleSince = old.role === fields.role ? old.roleSince : context.now;
  else if (fields.role === 'waiter') roleSince = record.stat.ctime;
  else roleSince = context.previous === null ? null : context.now;
  // What ZooKeeper reports: who watches this node, where its owner connects from, whether its own watch is there.
  const introspection = context.introspection ?? null;
  let watchers: string[] | null = null;
  let client: string | null = null;
  let watchConfirmed: boolean | null = null;
  const observed = observedOf(state, reportedWatch(fields.role, fields.watch), context.now);
  if (introspection !== null) {
    if (!observedWith(observed, introspection)) observe(observed, introspection, record.stat.ephemeralOwner, path);
    ({ watchers, client, watchConfirmed } = observed);
  }
  const { name, stat, data } = record;
  const ephemeral = stat.ephemeralOwner !== NO_SESSION;
  const identified = context.identify === undefined ? null : context.identify({ name, data, ephemeral });
  // The same data names the same client: only new data is read again (a full reading places every node of a long queue).
  const dataClient = state.node !== undefined && state.node.data === data ? state.node.dataClient : (state.layout?.dataClient?.(data) ?? null);
  // Every field written out (no spread of `fields`): a literal of known fields keeps them all in the object itself, where a spread puts them in a second store, one per node.
  const node: LockNode = {
    name,
    path,
    sessionId: stat.ephemeralOwner,
    ephemeral,
    ctime: stat.ctime,
    mtime: stat.mtime,
    czxid: stat.czxid,
    data,
    queue: fields.queue,
    sequence: fields.sequence,
    sortKey: fields.sortKey,
    role: fields.role,
    mode: fields.mode,
    predecessor: fields.predecessor,
    // `fields` may be a scratch object reused for the next entry: the node keeps copies.
    watch: fields.watch === null ? null : { type: fields.watch.type, path: fields.watch.path },
    roleSince,
    watchers,
    client,
    dataClient,
    watchConfirmed,
    identity: identified?.identity ?? null,
    decoded: identified?.decoded ?? null,
  };
  // Unchanged, the node keeps its identity: nothing drawn or written from it is made again.
  if (state.node !== undefined && sameNode(state.node, node)) return state.node;
  state.node = node;
  return node;
}

/**
 * The node as a new report of ZooKeeper shows it, without placing the queue again: only what
 * reports tell changes (who watches it, its session's address, whether its own watch is there).
 * The node itself when the report changes nothing of it. `record` is the child it was read from.
 */
export function reobserve(node: LockNode, record: ChildRecord, report: Introspected, now: number): LockNode {
  const state = stateOf(record);
  const observed = observedOf(state, reportedWatch(node.role, node.watch), now);
  if (!observedWith(observed, report)) observe(observed, report, record.stat.ephemeralOwner, node.path);
  const { watchers, client, watchConfirmed } = observed;
  if (node.client === client && node.watchConfirmed === watchConfirmed && sameList(node.watchers, watchers)) return node;
  const next: LockNode = { ...node, watchers, client, watchConfirmed };
  // The next full placement finds it unchanged and keeps it.
  if (state.node === node) state.node = next;
  return next;
}

/** Whether a new report may change what is known of the node although nothing it reports of the node changed: its watch awaits judgement. */
export function awaitsJudgement(node: LockNode): boolean {
  return node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children' && node.watchConfirmed === null && node.client !== null;
}
