/**
 * Every lock recipe the explorer knows, read by its own client's rules: which children belong to
 * it, how the client sorts them, who holds, and what each waiter watches. Pure functions over
 * what the server read from ZooKeeper.
 */
import type { LockMode, LockNode, NodeData, RecipeId, RecipeInfo, WatchSpec, ZnodeStat } from '../protocol';
import { NO_SESSION } from '../zk/ids';
import { childPath } from '../zk/path';
import { sameNode } from './node';
import { parseSequence, type SequenceSuffix } from './sequence';

/** What the server learns of one child: its name, and the stat and data read once. */
export interface ChildRecord {
  name: string;
  stat: ZnodeStat;
  data: NodeData | null;
}

/** The children of one watched parent. */
export interface ParentListing {
  path: string;
  exists: boolean;
  children: ChildRecord[];
}

/** Everything read for one lock. */
export interface LockInput {
  path: string;
  /** The lock path's own stat and data; null while it does not exist. */
  self: { stat: ZnodeStat; data: NodeData | null } | null;
  /** The lock path's children. */
  root: ParentListing;
  /** The other parents the recipe keeps nodes under (see `auxiliaryParents`). */
  auxiliary: ParentListing[];
  /** The recipe recognised before, kept while the queue is momentarily empty. */
  hint: RecipeId | null;
  /**
   * A recipe declared for this lock by whoever runs its contenders (the explorer's own
   * simulator): names cannot tell a herd lock, whose waiters watch the parent, from a chained one.
   */
  declared?: RecipeId | null;
  /** What ZooKeeper itself reports (wchc, cons), when the explorer can ask it. */
  introspection?: Introspected | null;
  /** What ZooKeeper showed of this lock's waiters that marks a herd (they all woke on a release), when it did. */
  herdEvidence?: string | null;
}

/** Data watches by watched path, and client addresses by session, merged from every server. */
export interface Introspected {
  watchers: ReadonlyMap<string, readonly string[]>;
  /** The sessions whose connection a member reported (`cons`) along with its watches: only their watches can be judged. */
  clients: ReadonlyMap<string, string>;
  /** When the members were asked (ms, the explorer's clock): a report judges only what had been so for a while before it. */
  at: number;
  /** Each reported session's last request id (`cons` lcxid): it moves only when the client sends a request, never for a ping. */
  lastRequest?: ReadonlyMap<string, string>;
}

/** What changed from one report to the next: the watched paths whose watchers differ, the sessions whose client address differs. */
export interface ReportChange {
  from: Introspected;
  paths: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
}

/** What changed from the report `from` to `to` (one pass over each: a report of 100,000 watches is compared, not sorted). */
export function reportChange(from: Introspected, to: Introspected): ReportChange {
  const paths = new Set<string>();
  const sessions = new Set<string>();
  for (const [path, watchers] of to.watchers) if (!sameList(from.watchers.get(path) ?? null, watchers)) paths.add(path);
  for (const path of from.watchers.keys()) if (!to.watchers.has(path)) paths.add(path);
  for (const [session, address] of to.clients) if (from.clients.get(session) !== address) sessions.add(session);
  for (const session of from.clients.keys()) if (!to.clients.has(session)) sessions.add(session);
  return { from, paths, sessions };
}

/** How long after the explorer saw a waiter start to wait on a node it has to set its watch before a report may judge it. */
export const WATCH_GRACE_MS = 1000;
/** How many reports in a row must miss a waiter's watch before it is named missing: one may be taken mid-handover. */
export const WATCH_MISSES = 2;

/** What the analysis needs besides the lock itself: the previous reading, to date roles. */
export interface AnalysisContext {
  /** The nodes of the previous snapshot by name; null on the first read. */
  previous: ReadonlyMap<string, LockNode> | null;
  /** The time of this read (ms); the model reads no clock. */
  now: number;
  introspection?: Introspected | null;
}

export interface LockAnalysis {
  recipe: RecipeInfo;
  /** In queue order. */
  nodes: LockNode[];
}

const RECIPE_NAMES: Record<RecipeId, string> = {
  'curator-mutex': 'Curator lock (InterProcessMutex layout)',
  'curator-rwlock': 'Curator InterProcessReadWriteLock',
  'curator-semaphore': 'Curator InterProcessSemaphoreV2',
  'curator-latch': 'Curator LeaderLatch',
  'kazoo-lock': 'Kazoo Lock',
  'kazoo-rwlock': 'Kazoo ReadLock / WriteLock',
  'kazoo-semaphore': 'Kazoo Semaphore',
  'zk-writelock': "ZooKeeper recipes' WriteLock",
  'go-zookeeper': 'go-zookeeper Lock',
  'sequential-lock': 'Sequential lock (lock-N nodes)',
  'menagerie-rwlock': 'menagerie ReentrantZkReadWriteLock',
  'named-locks': 'Named locks under one parent (<name>_lock_N)',
  'zk-shared-lock': "ZooKeeper's documented shared lock (read-N, write-N)",
  'single-node': 'One ephemeral node per resource',
  herd: 'Herd lock (every waiter watches the children)',
  generic: 'Sequential nodes',
  unknown: 'No contenders yet',
};

/** Where one layout is made by several clients, which they are: the names alone cannot choose. */
const RECIPE_CANDIDATES: Partial<Record<RecipeId, string[]>> = {
  'curator-mutex': ['Curator InterProcessMutex', 'Curator LeaderSelector', 'a part of Curator InterProcessMultiLock'],
  'kazoo-lock': ['Kazoo Lock', 'Kazoo WriteLock with no reader waiting'],
  'sequential-lock': ['menagerie ReentrantZkLock', "ZooKeeper's documented lock recipe", 'a hand-written lock'],
  'named-locks': ['a hand-written lock that keeps several named locks under one parent'],
  'single-node': ['a lock of one ephemeral node per resource, whose losers watch it (a herd on one node)'],
};

/** The human name of a recipe. */
export function recipeName(id: RecipeId): string {
  return RECIPE_NAMES[id];
}

/** What a recipe id says of a lock: its name and, where the layout cannot choose, the candidates. */
export function recipeInfo(id: RecipeId, note: string | null = null, evidence: string | null = null): RecipeInfo {
  return { id, name: RECIPE_NAMES[id], note, maxLeases: null, candidates: RECIPE_CANDIDATES[id] ?? [], evidence };
}

// What one child name says about the client that created it.
type Kind =
  | 'curator-lock'
  | 'curator-latch'
  | 'curator-read'
  | 'curator-write'
  | 'curator-lease'
  | 'go-lock'
  | 'kazoo-lock'
  | 'kazoo-read'
  | 'zk-write'
  | 'lock-seq'
  | 'menagerie-read'
  | 'menagerie-write'
  | 'named-lock'
  | 'doc-read'
  | 'doc-write'
  | 'sequential'
  | 'kazoo-lease'
  | 'curator-dir'
  | 'plain';

const SEQ = '(?:\\d{10}|-\\d{9,10})';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SEQUENTIAL_KINDS: Array<[Kind, RegExp]> = [
  ['curator-lock', new RegExp(`^_c_${UUID}-lock-${SEQ}$`)],
  ['curator-latch', new RegExp(`^_c_${UUID}-latch-${SEQ}$`)],
  ['curator-read', new RegExp(`^_c_${UUID}-__READ__${SEQ}$`)],
  ['curator-write', new RegExp(`^_c_${UUID}-__WRIT__${SEQ}$`)],
  ['curator-lease', new RegExp(`^_c_${UUID}-lease-${SEQ}$`)],
  ['go-lock', new RegExp(`^_c_[0-9a-f]{32}-lock-${SEQ}$`)],
  ['kazoo-lock', new RegExp(`^[0-9a-f]{32}__lock__${SEQ}$`)],
  ['kazoo-read', new RegExp(`^[0-9a-f]{32}__rlock__${SEQ}$`)],
  ['zk-write', new RegExp(`^x-\\d+-${SEQ}$`)],
  ['lock-seq', new RegExp(`^lock-${SEQ}$`)],
  ['menagerie-read', new RegExp(`^readLock-${SEQ}$`)],
  ['menagerie-write', new RegExp(`^writeLock-${SEQ}$`)],
  ['doc-read', new RegExp(`^read-${SEQ}$`)],
  ['doc-write', new RegExp(`^write-${SEQ}$`)],
  ['named-lock', new RegExp(`^.+_lock_${SEQ}$`)],
];
const KAZOO_LEASE = /^[0-9a-f]{32}$/;
const CURATOR_DIRS = new Set(['locks', 'leases']);

interface Classified {
  kind: Kind;
  seq: SequenceSuffix | null;
  /** The node's path and sort key, kept so that the same strings are compared on every read. */
  path?: string;
  sortKey?: { rules: string; key: string };
  /** The node as last placed: returned again while nothing about it changed, so that unchanged nodes keep their identity. */
  node?: LockNode;
  /** What ZooKeeper reported of it, kept until the report or its watch changes. */
  observed?: Observed;
}

/** What the reports of ZooKeeper said of one node while its recipe's watch stayed the same. */
interface Observed {
  /** The last report read; null before the first. */
  report: Introspected | null;
  /** The path its recipe watches (a data watch); null when none or a child watch, which ZooKeeper does not report. */
  watchPath: string | null;
  /** When the explorer first saw it watch that path (ms). */
  since: number;
  /** Reports in a row, each taken at least WATCH_GRACE_MS after `since`, that had no such watch. */
  misses: number;
  watchers: string[];
  client: string | null;
  watchConfirmed: boolean | null;
}

/**
 * What one report of ZooKeeper adds to what is known of a node's watch: confirmed when it has
 * it; missing only when the report covers the session, came long enough after the node began to
 * wait there, and the one before missed it too; otherwise not judged.
 */
function observe(observed: Observed, report: Introspected, owner: string, path: string): void {
  observed.report = report;
  observed.watchers = (report.watchers.get(path) as string[] | undefined) ?? NOBODY;
  observed.client = report.clients.get(owner) ?? null;
  const watchPath = observed.watchPath;
  if (watchPath === null || observed.client === null) {
    observed.misses = 0;
    observed.watchConfirmed = null;
  } else if ((report.watchers.get(watchPath) ?? NOBODY).includes(owner)) {
    observed.misses = 0;
    observed.watchConfirmed = true;
  } else if (report.at >= observed.since + WATCH_GRACE_MS) {
    observed.misses += 1;
    observed.watchConfirmed = observed.misses >= WATCH_MISSES ? false : null;
  } else {
    observed.watchConfirmed = null;
  }
}

// Each record is classified once while it stays in the queue: a handover at the head of 10,000
// waiters must not run every pattern over every name again.
const classifications = new WeakMap<ChildRecord, Classified>();

function classify(record: ChildRecord): Classified {
  let classified = classifications.get(record);
  if (classified === undefined) {
    classified = { kind: kindOf(record.name), seq: parseSequence(record.name) };
    classifications.set(record, classified);
  }
  return classified;
}

function kindOf(name: string): Kind {
  for (const [kind, pattern] of SEQUENTIAL_KINDS) if (pattern.test(name)) return kind;
  if (parseSequence(name) !== null) return 'sequential';
  if (KAZOO_LEASE.test(name)) return 'kazoo-lease';
  if (CURATOR_DIRS.has(name)) return 'curator-dir';
  return 'plain';
}

const NON_SEQUENTIAL = new Set<Kind>(['kazoo-lease', 'curator-dir', 'plain']);

function isCuratorSemaphore(names: readonly string[]): boolean {
  return names.length > 0 && names.every((name) => CURATOR_DIRS.has(name));
}

function isKazooSemaphore(names: readonly string[], selfData: NodeData | null): boolean {
  if (names.length > 0) return names.every((name) => KAZOO_LEASE.test(name));
  // Kazoo keeps max_leases as the semaphore path's data, so an empty one is still known.
  return selfData?.text != null && /^\d+$/.test(selfData.text);
}

/** The queue of a Kazoo semaphore lives beside it, at `<path>-__lock__`. */
export function kazooSemaphoreQueue(path: string): string {
  return `${path}-__lock__`;
}

/**
 * The other parents whose children belong to the lock at `path`: Curator's semaphore keeps
 * `locks/` and `leases/` below it, Kazoo's semaphore its queue beside it.
 */
export function auxiliaryParents(path: string, names: readonly string[], selfData: NodeData | null): string[] {
  if (isCuratorSemaphore(names)) return [childPath(path, 'locks'), childPath(path, 'leases')];
  if (isKazooSemaphore(names, selfData)) return [kazooSemaphoreQueue(path)];
  return [];
}

/** Recognises the recipe from the child names of the lock path; mixed layouts fall back to the generic rule. */
export function detectRecipe(
  names: readonly string[],
  selfData: NodeData | null,
  hint: RecipeId | null,
): { id: RecipeId; note: string | null } {
  return detectFromKinds(names, new Set(names.map(kindOf)), selfData, hint);
}

function detectFromKinds(
  names: readonly string[],
  kinds: ReadonlySet<Kind>,
  selfData: NodeData | null,
  hint: RecipeId | null,
): { id: RecipeId; note: string | null } {
  if (isCuratorSemaphore(names)) return { id: 'curator-semaphore', note: null };
  if (isKazooSemaphore(names, selfData)) return { id: 'kazoo-semaphore', note: null };
  if (names.length === 0) return { id: hint ?? 'unknown', note: null };
  const sequential = [...kinds].filter((kind) => !NON_SEQUENTIAL.has(kind));
  if (sequential.length === 0) return { id: 'single-node', note: null };
  const only = (...allowed: Kind[]): boolean => sequential.every((kind) => allowed.includes(kind));
  if (only('curator-lock')) return { id: 'curator-mutex', note: null };
  if (only('curator-latch')) return { id: 'curator-latch', note: null };
  if (only('curator-read', 'curator-write')) return { id: 'curator-rwlock', note: null };
  if (only('go-lock')) return { id: 'go-zookeeper', note: null };
  if (only('kazoo-lock')) return { id: hint === 'kazoo-rwlock' ? 'kazoo-rwlock' : 'kazoo-lock', note: null };
  if (only('kazoo-lock', 'kazoo-read')) return { id: 'kazoo-rwlock', note: null };
  if (only('zk-write')) return { id: 'zk-writelock', note: null };
  if (only('lock-seq')) return { id: 'sequential-lock', note: null };
  if (only('menagerie-read', 'menagerie-write')) return { id: 'menagerie-rwlock', note: null };
  if (only('doc-read', 'doc-write')) return { id: 'zk-shared-lock', note: null };
  if (only('named-lock')) return { id: 'named-locks', note: null };
  const note =
    sequential.length > 1
      ? `mixed layouts (${sequential.sort().join(', ')}): read with the generic rule, lowest sequence first`
      : 'unrecognised names: read with the generic rule, lowest sequence first';
  return { id: 'generic', note };
}

interface Entry {
  record: ChildRecord;
  classified: Classified;
  path: string;
  seq: SequenceSuffix;
}

const INT32_OFFSET = 2 ** 31;

/** A sort key that orders signed 32-bit numbers as strings. */
function numericKey(value: number): string {
  return String(value + INT32_OFFSET).padStart(10, '0');
}

function sequencedEntries(listing: ParentListing, accept: (kind: Kind) => boolean): Entry[] {
  const entries: Entry[] = [];
  for (const record of listing.children) {
    const classified = classify(record);
    if (classified.seq === null || !accept(classified.kind)) continue;
    classified.path ??= childPath(listing.path, record.name);
    entries.push({ record, classified, path: classified.path, seq: classified.seq });
  }
  return entries;
}

function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** How a client orders its queue: a key per entry that sorts as the client sorts. */
interface SortRule {
  /** Names the rule, so that a cached key is reused only under the same rule. */
  id: string;
  key: (entry: Entry) => string;
}

interface QueueRules {
  queue: string;
  watch: WatchSpec['type'];
  /** The client's order (the queue and the name are added as tie-breakers). */
  key: SortRule;
  modeOf: (entry: Entry) => LockMode;
  /** Whom a reader waits on: Curator the first writer before it, Kazoo and menagerie the nearest. */
  readerWaitsOn: 'first-writer' | 'nearest-writer';
  /** Key prefix that places this queue among others in one lock. */
  group?: string;
  /** For a semaphore's queue: its head does not hold but waits for a lease, with this watch. */
  headWaits?: WatchSpec;
  /** For a herd lock: every waiter watches this parent's children instead of one node. */
  watchParent?: string;
}

/** The sort key of an entry under the given rules, computed once per record and rules. */
function sortKeyOf(entry: Entry, rules: QueueRules): string {
  const classified = entry.classified;
  const signature = `${rules.group ?? ''}${rules.queue}\u0001${rules.key.id}`;
  if (classified.sortKey?.rules !== signature) {
    classified.sortKey = { rules: signature, key: `${rules.group ?? ''}${rules.queue}\u0001${rules.key.key(entry)}\u0001${entry.record.name}` };
  }
  return classified.sortKey.key;
}

type PlacedFields = Omit<
  LockNode,
  'name' | 'path' | 'sessionId' | 'ephemeral' | 'ctime' | 'mtime' | 'czxid' | 'data' | 'roleSince' | 'watchers' | 'client' | 'watchConfirmed'
>;

const NOBODY: string[] = [];

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  return a.every((value, index) => value === b[index]);
}

/**
 * The node of one record in its place in the queue. When the explorer saw it take its role:
 * a waiter waits since its creation; a holder seen arriving holds from this read, one that
 * already held at the first read from an unknown time.
 */
function place(record: ChildRecord, classified: Classified, path: string, fields: PlacedFields, context: AnalysisContext): LockNode {
  const old = context.previous?.get(record.name);
  let roleSince: number | null;
  if (old !== undefined) roleSince = old.role === fields.role ? old.roleSince : context.now;
  else if (fields.role === 'waiter') roleSince = record.stat.ctime;
  else roleSince = context.previous === null ? null : context.now;
  // What ZooKeeper reports: who watches this node, where its owner connects from, whether its own watch is there.
  const introspection = context.introspection ?? null;
  const watch = fields.watch;
  let watchers: string[] | null = null;
  let client: string | null = null;
  let watchConfirmed: boolean | null = null;
  const watchPath = fields.role !== 'waiter' || watch === null || watch.type === 'children' ? null : watch.path;
  let observed = classified.observed;
  if (observed === undefined || observed.watchPath !== watchPath) {
    observed = { report: null, watchPath, since: context.now, misses: 0, watchers: NOBODY, client: null, watchConfirmed: null };
    classified.observed = observed;
  }
  if (introspection !== null) {
    if (observed.report !== introspection) observe(observed, introspection, record.stat.ephemeralOwner, path);
    ({ watchers, client, watchConfirmed } = observed);
  }
  const { name, stat, data } = record;
  const node: LockNode = {
    name,
    path,
    sessionId: stat.ephemeralOwner,
    ephemeral: stat.ephemeralOwner !== NO_SESSION,
    ctime: stat.ctime,
    mtime: stat.mtime,
    czxid: stat.czxid,
    data,
    ...fields,
    // `fields` may be a scratch object reused for the next entry: the node keeps copies.
    watch: fields.watch === null ? null : { type: fields.watch.type, path: fields.watch.path },
    roleSince,
    watchers,
    client,
    watchConfirmed,
  };
  // Unchanged, the node keeps its identity: nothing drawn or written from it is made again.
  if (classified.node !== undefined && sameNode(classified.node, node)) return classified.node;
  classified.node = node;
  return node;
}

/**
 * The node as a new report of ZooKeeper shows it, without placing the queue again: only what
 * reports tell changes (who watches it, its session's address, whether its own watch is there).
 * The node itself when the report changes nothing of it. `record` is the child it was read from.
 */
export function reobserve(node: LockNode, record: ChildRecord, report: Introspected, now: number): LockNode {
  const classified = classify(record);
  const watchPath = node.role !== 'waiter' || node.watch === null || node.watch.type === 'children' ? null : node.watch.path;
  let observed = classified.observed;
  if (observed === undefined || observed.watchPath !== watchPath) {
    observed = { report: null, watchPath, since: now, misses: 0, watchers: NOBODY, client: null, watchConfirmed: null };
    classified.observed = observed;
  }
  if (observed.report !== report) observe(observed, report, record.stat.ephemeralOwner, node.path);
  const { watchers, client, watchConfirmed } = observed;
  if (node.client === client && node.watchConfirmed === watchConfirmed && sameList(node.watchers, watchers)) return node;
  const next: LockNode = { ...node, watchers, client, watchConfirmed };
  // The next full placement finds it unchanged and keeps it.
  if (classified.node === node) classified.node = next;
  return next;
}

/** Whether a new report may change what is known of the node although nothing it reports of the node changed: its watch awaits judgement. */
export function awaitsJudgement(node: LockNode): boolean {
  return node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children' && node.watchConfirmed === null && node.client !== null;
}

/** One entry's standing in its queue: its place in the client's order, its mode, and the entry it waits on (null: at the head). */
interface QueueStanding {
  entry: Entry;
  key: string;
  mode: LockMode;
  predecessor: Entry | null;
}

/**
 * The standings rule shared by every sequential recipe here, over entries in any order: a
 * writer (or a mutex contender) stands after the node just before it and is at the head when
 * first; a reader is at the head when no writer is before it and otherwise waits on the writer
 * its client picks (the first or the nearest). Returned in the client's order.
 */
function queueStandings(entries: Entry[], rules: QueueRules): QueueStanding[] {
  const keys = entries.map((entry) => sortKeyOf(entry, rules));
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i += 1) sorted = (keys[i - 1] as string) <= (keys[i] as string);
  // Children usually arrive in creation order, so a handover needs no sort at all.
  let order: number[] | null = null;
  if (!sorted) order = entries.map((_, index) => index).sort((a, b) => compareKeys(keys[a] as string, keys[b] as string));
  let firstWriter: Entry | null = null;
  let nearestWriter: Entry | null = null;
  let previous: Entry | null = null;
  const standings: QueueStanding[] = [];
  for (let position = 0; position < entries.length; position += 1) {
    const index = order === null ? position : (order[position] as number);
    const entry = entries[index] as Entry;
    const mode = rules.modeOf(entry);
    let predecessor: Entry | null;
    if (mode === 'read') {
      predecessor = rules.readerWaitsOn === 'first-writer' ? firstWriter : nearestWriter;
    } else {
      predecessor = previous;
      firstWriter ??= entry;
      nearestWriter = entry;
    }
    previous = entry;
    standings.push({ entry, key: keys[index] as string, mode, predecessor });
  }
  return standings;
}

/** One sequential queue placed by its standings: the head holds (a semaphore's head waits for a lease), every other waits with its recipe's watch. */
function sequentialQueue(entries: Entry[], rules: QueueRules, context: AnalysisContext): LockNode[] {
  const nodes: LockNode[] = [];
  // One scratch description, filled for each entry: a node is allocated only when it changed.
  const watchScratch: WatchSpec = { type: rules.watch, path: '' };
  const fields: PlacedFields = { queue: rules.queue, sequence: null, sortKey: '', role: 'waiter', mode: 'exclusive', predecessor: null, watch: null };
  for (const { entry, key, mode, predecessor } of queueStandings(entries, rules)) {
    const head = predecessor === null;
    let watch: WatchSpec | null;
    if (head) watch = rules.headWaits ?? null;
    else if (rules.watchParent !== undefined) watch = { type: 'children', path: rules.watchParent };
    else {
      watchScratch.type = rules.watch;
      watchScratch.path = predecessor.path;
      watch = watchScratch;
    }
    fields.sequence = entry.seq.value;
    fields.sortKey = key;
    fields.role = head && rules.headWaits === undefined ? 'holder' : 'waiter';
    fields.mode = mode;
    // A herd waiter waits on no node in particular: any change of the children wakes it.
    fields.predecessor = rules.watchParent === undefined ? (predecessor?.record.name ?? null) : null;
    fields.watch = watch;
    nodes.push(place(entry.record, entry.classified, entry.path, fields, context));
  }
  return nodes;
}

const byText: SortRule = { id: 'text', key: (entry) => entry.seq.text };
const byValue: SortRule = { id: 'value', key: (entry) => numericKey(entry.seq.value) };
const exclusive = (): LockMode => 'exclusive';

// ZooKeeper's ZNodeName reads the number after the last '-', so a wrapped `-000000001` reads as 1.
const byWriteLockNumber: SortRule = {
  id: 'writelock',
  key: (entry) => {
    const name = entry.record.name;
    const cut = name.lastIndexOf('-');
    return `${numericKey(Number.parseInt(name.slice(cut + 1), 10))}\u0001${name.slice(0, cut)}`;
  },
};

function listing(input: LockInput, path: string): ParentListing {
  return input.auxiliary.find((entry) => entry.path === path) ?? { path, exists: false, children: [] };
}

/** Lease nodes: each holds one lease, in creation order. */
function semaphoreLeases(records: ChildRecord[], parent: string, keyOf: (record: ChildRecord) => string, context: AnalysisContext): LockNode[] {
  return records
    .map((record) => ({ record, key: `a\u0001${keyOf(record)}\u0001${record.name}` }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ record, key }) => {
      const classified = classify(record);
      classified.path ??= childPath(parent, record.name);
      const fields: PlacedFields = { queue: '', sequence: classified.seq?.value ?? null, sortKey: key, role: 'holder', mode: 'lease', predecessor: null, watch: null };
      return place(record, classified, classified.path, fields, context);
    });
}

/** The queue of would-be lease holders: the head waits for a lease with a child watch, the rest on their predecessor. */
function semaphoreQueue(entries: Entry[], leasesParent: string, context: AnalysisContext): LockNode[] {
  const rules: QueueRules = { queue: '', group: 'b', watch: 'data', key: byText, modeOf: () => 'lease', readerWaitsOn: 'nearest-writer', headWaits: { type: 'children', path: leasesParent } };
  return sequentialQueue(entries, rules, context);
}

function analyzeCuratorSemaphore(input: LockInput, context: AnalysisContext): LockNode[] {
  const leasesPath = childPath(input.path, 'leases');
  const leases = semaphoreLeases(listing(input, leasesPath).children, leasesPath, (record) => classify(record).seq?.text ?? '', context);
  const queue = semaphoreQueue(sequencedEntries(listing(input, childPath(input.path, 'locks')), () => true), leasesPath, context);
  // The acquirer holds the internal mutex while it checks its new lease against maxLeases.
  const acquirer = queue[0]?.sessionId;
  const last = leases.at(-1);
  if (last !== undefined && acquirer !== undefined && last.sessionId === acquirer) {
    leases[leases.length - 1] = { ...last, role: 'waiter', watch: { type: 'children', path: leasesPath } };
  }
  return [...leases, ...queue];
}

function analyzeKazooSemaphore(input: LockInput, context: AnalysisContext): LockNode[] {
  const leases = semaphoreLeases(
    input.root.children.filter((record) => KAZOO_LEASE.test(record.name)),
    input.path,
    (record) => record.stat.czxid.slice(2).padStart(16, '0'),
    context,
  );
  const queuePath = kazooSemaphoreQueue(input.path);
  const queue = semaphoreQueue(sequencedEntries(listing(input, queuePath), (kind) => kind === 'kazoo-lock'), input.path, context);
  return [...leases, ...queue];
}

function singleNode(record: ChildRecord, path: string, context: AnalysisContext): LockNode {
  const fields: PlacedFields = { queue: record.name, sequence: null, sortKey: record.name, role: 'holder', mode: 'exclusive', predecessor: null, watch: null };
  return place(record, classify(record), path, fields, context);
}

function analyzeSingleNodes(input: LockInput, context: AnalysisContext): LockNode[] {
  const self = input.self;
  if (self !== null && input.root.children.length === 0 && self.stat.ephemeralOwner !== NO_SESSION) {
    // The lock path is itself a single ephemeral lock node (one node per resource, created by whoever gets it first).
    return [singleNode({ name: input.path.slice(input.path.lastIndexOf('/') + 1), stat: self.stat, data: self.data }, input.path, context)];
  }
  return input.root.children
    .filter((record) => record.stat.numChildren === 0 && classify(record).kind !== 'curator-dir')
    .map((record) => singleNode(record, childPath(input.path, record.name), context))
    .sort((a, b) => compareKeys(a.sortKey, b.sortKey));
}

function analyzeNamedLocks(input: LockInput, context: AnalysisContext): LockNode[] {
  const groups = new Map<string, Entry[]>();
  for (const entry of sequencedEntries(input.root, (kind) => kind === 'named-lock')) {
    const lockName = entry.seq.prefix.slice(0, -'_lock_'.length);
    groups.set(lockName, [...(groups.get(lockName) ?? []), entry]);
  }
  return [...groups.keys()]
    .sort(compareKeys)
    .flatMap((lockName) =>
      sequentialQueue(groups.get(lockName) ?? [], { queue: lockName, watch: 'exists', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' }, context),
    );
}

const readWhen =
  (readKind: Kind) =>
  (entry: Entry): LockMode =>
    entry.classified.kind === readKind ? 'read' : 'write';

/** The queue rules of each single-queue sequential recipe, and which children belong to it. */
const SEQUENTIAL_RECIPES: Partial<Record<RecipeId, { accept: (kind: Kind) => boolean; rules: QueueRules }>> = {
  'curator-mutex': { accept: (kind) => kind === 'curator-lock', rules: { queue: '', watch: 'data', key: byText, modeOf: exclusive, readerWaitsOn: 'first-writer' } },
  'curator-latch': { accept: (kind) => kind === 'curator-latch', rules: { queue: '', watch: 'data', key: byText, modeOf: exclusive, readerWaitsOn: 'first-writer' } },
  'curator-rwlock': {
    accept: (kind) => kind === 'curator-read' || kind === 'curator-write',
    rules: { queue: '', watch: 'data', key: byText, modeOf: readWhen('curator-read'), readerWaitsOn: 'first-writer' },
  },
  'kazoo-lock': { accept: (kind) => kind === 'kazoo-lock', rules: { queue: '', watch: 'data', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' } },
  'kazoo-rwlock': {
    accept: (kind) => kind === 'kazoo-lock' || kind === 'kazoo-read',
    rules: { queue: '', watch: 'data', key: byText, modeOf: readWhen('kazoo-read'), readerWaitsOn: 'nearest-writer' },
  },
  'zk-writelock': { accept: (kind) => kind === 'zk-write', rules: { queue: '', watch: 'exists', key: byWriteLockNumber, modeOf: exclusive, readerWaitsOn: 'nearest-writer' } },
  'go-zookeeper': { accept: (kind) => kind === 'go-lock', rules: { queue: '', watch: 'data', key: byValue, modeOf: exclusive, readerWaitsOn: 'nearest-writer' } },
  'sequential-lock': { accept: (kind) => kind === 'lock-seq', rules: { queue: '', watch: 'exists', key: byValue, modeOf: exclusive, readerWaitsOn: 'nearest-writer' } },
  'menagerie-rwlock': {
    accept: (kind) => kind === 'menagerie-read' || kind === 'menagerie-write',
    rules: { queue: '', watch: 'exists', key: byValue, modeOf: readWhen('menagerie-read'), readerWaitsOn: 'nearest-writer' },
  },
  // https://zookeeper.apache.org/doc/current/recipes.html#Shared+Locks: a reader waits on the nearest write- node before it, a writer on the node just before it (an exists watch).
  'zk-shared-lock': {
    accept: (kind) => kind === 'doc-read' || kind === 'doc-write',
    rules: { queue: '', watch: 'exists', key: byValue, modeOf: readWhen('doc-read'), readerWaitsOn: 'nearest-writer' },
  },
  generic: { accept: (kind) => !NON_SEQUENTIAL.has(kind), rules: { queue: '', watch: 'exists', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer' } },
};

/**
 * The nodes that join at the tail of a one-line exclusive queue, placed as the full analysis
 * would place them: each a waiter on the node just before it. Null when the full analysis is
 * needed instead: a recipe that is not one such line, a node of another kind than the queue's
 * (it may change which recipe the lock is), or one that sorts before the last node.
 */
export function appendToQueue(id: RecipeId, path: string, last: LockNode, records: readonly ChildRecord[], context: AnalysisContext): LockNode[] | null {
  const sequential = SEQUENTIAL_RECIPES[id];
  if (sequential === undefined || records.length === 0) return null;
  const { accept, rules } = sequential;
  if (rules.watchParent !== undefined || rules.headWaits !== undefined) return null;
  const kind = kindOf(last.name);
  const entries: Array<{ entry: Entry; key: string }> = [];
  for (const record of records) {
    const classified = classify(record);
    if (classified.seq === null || classified.kind !== kind || !accept(kind)) return null;
    classified.path ??= childPath(path, record.name);
    const entry: Entry = { record, classified, path: classified.path, seq: classified.seq };
    if (rules.modeOf(entry) !== 'exclusive') return null;
    entries.push({ entry, key: sortKeyOf(entry, rules) });
  }
  entries.sort((a, b) => compareKeys(a.key, b.key));
  if (compareKeys(entries[0]!.key, last.sortKey) <= 0) return null;
  let predecessor = { name: last.name, path: last.path };
  return entries.map(({ entry, key }) => {
    const fields: PlacedFields = {
      queue: rules.queue,
      sequence: entry.seq.value,
      sortKey: key,
      role: 'waiter',
      mode: 'exclusive',
      predecessor: predecessor.name,
      watch: { type: rules.watch, path: predecessor.path },
    };
    predecessor = { name: entry.record.name, path: entry.path };
    return place(entry.record, entry.classified, entry.path, fields, context);
  });
}

/** Whether a child of this name can change which other parents a lock's recipe uses (see `auxiliaryParents`): only non-sequential ones can. */
export function mayMoveAuxiliaryParents(name: string): boolean {
  return NON_SEQUENTIAL.has(kindOf(name));
}

/** A herd lock's rules: one queue, lowest sequence first, every waiter watching the parent's children. */
function herdRules(parent: string): QueueRules {
  return { queue: '', watch: 'children', key: byText, modeOf: exclusive, readerWaitsOn: 'nearest-writer', watchParent: parent };
}

/** Reads a lock as its recipe's client would. */
export function analyzeLock(input: LockInput, context: AnalysisContext): LockAnalysis {
  const names = input.root.children.map((record) => record.name);
  const kinds = new Set(input.root.children.map((record) => classify(record).kind));
  const detected = detectFromKinds(names, kinds, input.self?.data ?? null, input.hint);
  // Names cannot tell a herd from a chain: what its waiters do can (the explorer's own simulator, or ZooKeeper's report of who woke).
  const herdBy = detected.id === 'single-node' || detected.id === 'unknown' ? null : input.declared === 'herd' ? 'Declared by the explorer’s simulator, which runs these contenders.' : (input.herdEvidence ?? null);
  const recipe = herdBy !== null ? recipeInfo('herd', null, herdBy) : recipeInfo(detected.id, detected.note);
  const id = recipe.id;
  if (!input.root.exists) return { recipe, nodes: [] };
  if (id === 'herd') {
    return { recipe, nodes: sequentialQueue(sequencedEntries(input.root, (kind) => !NON_SEQUENTIAL.has(kind)), herdRules(input.path), context) };
  }
  const sequential = SEQUENTIAL_RECIPES[id];
  if (sequential !== undefined) return { recipe, nodes: sequentialQueue(sequencedEntries(input.root, sequential.accept), sequential.rules, context) };
  switch (id) {
    case 'named-locks':
      return { recipe, nodes: analyzeNamedLocks(input, context) };
    case 'curator-semaphore':
      return { recipe, nodes: analyzeCuratorSemaphore(input, context) };
    case 'kazoo-semaphore': {
      const limit = input.self?.data?.text;
      return { recipe: { ...recipe, maxLeases: limit != null && /^\d+$/.test(limit) ? Number(limit) : null }, nodes: analyzeKazooSemaphore(input, context) };
    }
    case 'single-node':
      return { recipe, nodes: analyzeSingleNodes(input, context) };
    default: {
      // Nothing recognised yet: the path may itself be a single ephemeral lock node.
      const self = analyzeSingleNodes(input, context);
      return self.length > 0 ? { recipe: recipeInfo('single-node'), nodes: self } : { recipe, nodes: [] };
    }
  }
}

/** Where a contender stands in its queue: holding, waiting on a node, or gone from the list. */
export type Standing = { kind: 'holds' } | { kind: 'waits'; on: string } | { kind: 'missing' };

// The child records `standingOf` reads names as, kept by name so that each is classified once (bounded: a long run names many).
const named = new Map<string, ChildRecord>();
const NAMED_LIMIT = 100_000;
const NAMED_STAT: ZnodeStat = { czxid: '0x0', mzxid: '0x0', pzxid: '0x0', ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner: '0x1', dataLength: 0, numChildren: 0 };

function recordNamed(name: string): ChildRecord {
  let record = named.get(name);
  if (record === undefined) {
    if (named.size >= NAMED_LIMIT) named.clear();
    record = { name, stat: NAMED_STAT, data: null };
    named.set(name, record);
  }
  return record;
}

/**
 * Where the node `mine` stands among the children `names` of `parent` under the rules of the
 * recipe `id`: the very rules the explorer reads locks with, so that a simulated contender and
 * the page cannot disagree on who holds. A waiter waits on its predecessor (for a herd, which
 * watches the parent, on the node just before it).
 */
export function standingOf(id: RecipeId, parent: string, names: readonly string[], mine: string): Standing {
  const listing: ParentListing = { path: parent, exists: true, children: names.map(recordNamed) };
  let standings: QueueStanding[];
  if (id === 'herd') standings = queueStandings(sequencedEntries(listing, (kind) => !NON_SEQUENTIAL.has(kind)), herdRules(parent));
  else {
    const sequential = SEQUENTIAL_RECIPES[id];
    if (sequential === undefined) throw new Error(`standingOf: ${id} is not a recipe of one sequential queue`);
    standings = queueStandings(sequencedEntries(listing, sequential.accept), sequential.rules);
  }
  const standing = standings.find((one) => one.entry.record.name === mine);
  if (standing === undefined) return { kind: 'missing' };
  return standing.predecessor === null ? { kind: 'holds' } : { kind: 'waits', on: standing.predecessor.record.name };
}
