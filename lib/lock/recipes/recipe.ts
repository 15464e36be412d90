/**
 * What a recipe module says about one lock recipe: the child names its clients create, how
 * they sort them, who waits on whom, and which parents it keeps nodes under. Data and pure
 * functions only; the reader (`../reader.ts`) applies them.
 */
import type { HerdEvidence, LockMode, LockNode, NodeData, WatchSpec, ZnodeStat } from '../../protocol';
import type { RecordState } from '../place';
import type { Introspected } from '../report';
import type { SequenceSuffix } from '../sequence';
import type { Identity, SystemNode } from '../systems/system';

/** What the server learns of one child: its name, and the stat and data read once. */
export interface ChildRecord {
  name: string;
  stat: ZnodeStat;
  data: NodeData | null;
  /** What the explorer keeps of it while it stays in its queue (`stateOf`, place.ts): made on first use; a record read for a lock is made with the slot (`state: undefined`). */
  state?: RecordState;
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
  /** The other parents the recipe keeps nodes under (see `Recipe.auxiliaryParents`). */
  auxiliary: ParentListing[];
  /** The recipe recognised before, kept while the queue is momentarily empty. */
  hint: string | null;
  /**
   * A recipe declared for this lock by whoever runs its contenders (the explorer's own
   * simulator): names cannot tell a herd lock, whose waiters watch the parent, from a chained one.
   */
  declared?: string | null;
  /** What ZooKeeper itself reports (wchc, cons), when the explorer can ask it. */
  introspection?: Introspected | null;
  /** What ZooKeeper showed of this lock's waiters that marks a herd (they all woke on a release), when it did. */
  herdEvidence?: HerdEvidence | null;
}

/** What the analysis needs besides the lock itself: the previous reading, to date roles. */
export interface AnalysisContext {
  /** The nodes of the previous snapshot by name; null on the first read. */
  previous: ReadonlyMap<string, LockNode> | null;
  /** The time of this read (ms); the model reads no clock. */
  now: number;
  introspection?: Introspected | null;
  /** How the lock's system names a contender, where the lock is a known system's (see `../systems`). */
  identify?: (node: SystemNode) => Identity | null;
}

/** One shape of child name that a client creates. */
export interface Layout {
  /** Names the shape, e.g. in "mixed layouts (curator-lock, kazoo-lock)". */
  kind: string;
  pattern: RegExp;
  /** Whether its nodes queue (a sequential node); a lease or a directory does not. */
  sequential: boolean;
  /** The owner a protected name carries (its GUID), for the orphan check; absent: its session owns it. */
  owner?: (name: string) => string;
  /** A name that ends in ten digits or more but is no sequence (HBase's server names end in a start code): told before ZooKeeper's suffix is looked for. */
  beforeSequence?: boolean;
  /** What its node's data says of the client that made it (an address its client writes there); absent: the data names no client. */
  dataClient?: (data: NodeData | null) => string | null;
}

/** A sequential child as a sort rule sees it. */
export interface SortedEntry {
  name: string;
  seq: SequenceSuffix;
}

/** How a client orders its queue: a key per entry that sorts as the client sorts. */
export interface SortRule {
  /** Names the rule, so that a cached key is reused only under the same rule. */
  id: string;
  key: (entry: SortedEntry) => string;
}

/** The one sequential queue of a recipe, read by the standings rule (`queueStandings`). */
export interface QueueRule {
  /** The watch a waiter sets on the node it waits on (`children`: on the lock's parent, a herd). */
  watch: WatchSpec['type'];
  sort: SortRule;
  /** For a read-write lock: the readers' layouts (every other node writes) and whom a reader waits on. */
  readers?: { layouts: readonly Layout[]; waitOn: 'first-writer' | 'nearest-writer' };
}

/** A queue's placement rules as the reader applies them (see `QueueRule`). */
export interface QueueRules {
  queue: string;
  watch: WatchSpec['type'];
  /** The client's order (the queue and the name are added as tie-breakers). */
  key: SortRule;
  /** The kinds whose nodes read (every other writes); null: one mode for all, `mode`. */
  readKinds: ReadonlySet<string> | null;
  /** The mode of every node when none reads (a semaphore's queue asks for a lease); exclusive when absent. */
  mode?: LockMode;
  /** Whom a reader waits on: Curator the first writer before it, Kazoo and menagerie the nearest. */
  readerWaitsOn: 'first-writer' | 'nearest-writer';
  /** Key prefix that places this queue among others in one lock. */
  group?: string;
  /** For a semaphore's queue: its head does not hold but waits for a lease, with this watch. */
  headWaits?: WatchSpec;
  /** For a herd lock: every waiter watches this parent's children instead of one node. */
  watchParent?: string;
}

/** A sequential child ready to be placed: its record, path, sequence and layout kind. */
export interface Entry extends SortedEntry {
  record: ChildRecord;
  path: string;
  kind: string;
  /** What the reader keeps of the record between reads. */
  state: RecordState;
}

/** What the reader lends a recipe that is not one plain queue (semaphores, named locks, single nodes). */
export interface ReadingTools {
  /** The sequential children of a listing whose kind `accept`s, ready to place. */
  entries(listing: ParentListing, accept: (kind: string) => boolean): Entry[];
  /** A queue placed by the standings rule. */
  queue(entries: Entry[], rules: QueueRules, context: AnalysisContext): LockNode[];
  /** One node placed as it is told (a lease, a single-node lock). */
  place(record: ChildRecord, path: string, fields: PlacedFields, context: AnalysisContext): LockNode;
  /** The layout kind of a child. */
  kindOf(record: ChildRecord): string;
  /** A parent's listing among those read for the lock (empty when it was not read). */
  listing(input: LockInput, path: string): ParentListing;
}

/** What placing a node decides; the rest comes from its record and ZooKeeper's reports. */
export type PlacedFields = Omit<
  LockNode,
  'name' | 'path' | 'sessionId' | 'ephemeral' | 'ctime' | 'mtime' | 'czxid' | 'data' | 'roleSince' | 'watchers' | 'client' | 'watchConfirmed' | 'identity' | 'decoded' | 'dataClient'
>;

/** A recipe's own reading of a lock that is not one plain queue. */
export interface RecipeReading {
  nodes: LockNode[];
  /** A semaphore's lease limit, when ZooKeeper holds it. */
  maxLeases?: number | null;
  /** Another recipe the lock turned out to be (nothing recognised yet, but the path is itself a lock node). */
  readAs?: string;
}

/**
 * One recipe. It is recognised from its `layouts` (every sequential child of the lock is of one
 * of them) unless it has `recognise`; it is read by its `queue` rule unless it has `analyze`.
 */
export interface Recipe<Id extends string = string> {
  id: Id;
  /** A human name, e.g. "Curator InterProcessMutex". */
  name: string;
  /** Where one layout is made by several clients, which they are: the names alone cannot choose. */
  candidates?: readonly string[];
  /** The child names its clients create. */
  layouts: readonly Layout[];
  /** Reads every sequential child, whatever its layout (the herd and the generic rule); never recognised by names. */
  anySequential?: boolean;
  /**
   * Its names are also a herd's: a hand-written lock whose waiters all watch the lock's children makes the same
   * nodes, so what its files tell bounds a change's notifications by every waiter, not by one (a herd storm's bound).
   */
  herdPossible?: boolean;
  /** Its one sequential queue. */
  queue?: QueueRule;
  /** Recognised from the names some other way (a semaphore's directories or leases). */
  recognise?: (names: readonly string[], selfData: NodeData | null) => boolean;
  /** One owner may hold a read and a write node at once (reentrancy across modes): not an orphan. */
  ownerHoldsBothModes?: boolean;
  /** Stays this recipe while its children fit it, once recognised (a Kazoo read-write lock with only writers left). */
  keepsHint?: boolean;
  /** The other parents whose children belong to the lock at `path`. */
  auxiliaryParents?: (path: string) => string[];
  /** Its own reading, for a lock that is not one plain queue. */
  analyze?: (input: LockInput, context: AnalysisContext, tools: ReadingTools) => RecipeReading;
}

/** Declares a recipe, keeping its id's literal type for the registry. */
export function defineRecipe<const Id extends string>(recipe: Recipe<Id>): Recipe<Id> {
  return recipe;
}

// ZooKeeper's sequence suffix: ten digits, or a wrapped negative counter.
const SEQ = '(?:\\d{10}|-\\d{9,10})';
/** A UUID as Curator writes it into a protected name. */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A sequential layout: `prefix` (a regular expression source) followed by ZooKeeper's sequence suffix. */
export function sequentialLayout(kind: string, prefix: string, owner?: (name: string) => string): Layout {
  return { kind, pattern: new RegExp(`^${prefix}${SEQ}$`), sequential: true, owner };
}

const INT32_OFFSET = 2 ** 31;

/** A sort key that orders signed 32-bit numbers as strings. */
export function numericKey(value: number): string {
  return String(value + INT32_OFFSET).padStart(10, '0');
}

/** Curator and Kazoo sort by the suffix text (a wrapped, negative sequence sorts first). */
export const byText: SortRule = { id: 'text', key: (entry) => entry.seq.text };
/** Most others sort by the sequence number. */
export const byValue: SortRule = { id: 'value', key: (entry) => numericKey(entry.seq.value) };

/** The order of two keys (plain code-unit order, as the keys are made to sort). */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The mode of an entry of this kind under some rules: a reader's kind reads, others write; otherwise the queue's one mode. */
export function modeOf(kind: string, rules: Pick<QueueRules, 'readKinds' | 'mode'>): LockMode {
  if (rules.readKinds === null) return rules.mode ?? 'exclusive';
  return rules.readKinds.has(kind) ? 'read' : 'write';
}
