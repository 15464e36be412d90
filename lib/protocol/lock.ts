/** A lock as the explorer reads it: its nodes, recipe, anomalies, snapshots (whole or in columns), deltas and the list of locks. */
import { z } from 'zod';
import { HexId, IntrospectionSourceSchema } from './znode';
import { RECIPE_IDS, type RecipeId } from '../lock/recipes';

/** Whether a node holds the lock or waits for it. */
export const LockRoleSchema = z.enum(['holder', 'waiter']);
export type LockRole = z.infer<typeof LockRoleSchema>;

/** What a node asks for: the whole lock, a shared read, an exclusive write, or a semaphore lease. */
export const LockModeSchema = z.enum(['exclusive', 'read', 'write', 'lease']);
export type LockMode = z.infer<typeof LockModeSchema>;

/** The recipes the explorer recognises, each read by its client's own rules: the registry's (`lock/recipes/index.ts`). */
export const RecipeIdSchema = z.enum(RECIPE_IDS);
export type { RecipeId };

/**
 * What showed a lock to be a herd: the explorer's own simulator runs its contenders as one, or,
 * after children of the lock were deleted and created between two of ZooKeeper's reports (`cons`),
 * so many of the sessions that waited throughout sent requests (in a chained lock only the next in line would).
 */
export const HerdEvidenceSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('simulator') }),
  z.object({ by: z.literal('cons'), deleted: z.number().int(), created: z.number().int(), woke: z.number().int(), waiting: z.number().int() }),
]);
export type HerdEvidence = z.infer<typeof HerdEvidenceSchema>;

/** The recipe a lock was recognised as. */
export const RecipeInfoSchema = z.object({
  id: RecipeIdSchema,
  /** A human name, e.g. "Curator InterProcessMutex". */
  name: z.string(),
  /** Why the layout was read this way when it is not clear-cut (mixed or unknown layouts). */
  note: z.string().nullable(),
  /** A semaphore's lease limit, when ZooKeeper holds it (Kazoo stores it as the path's data). */
  maxLeases: z.number().int().nullable(),
  /** The clients, recipes and systems that make this very layout, when the names cannot tell which of them it is. */
  candidates: z.array(z.string()),
  /** What the recipe was told from besides the names (ZooKeeper's report of who woke), when it was: the numbers, worded by the page. */
  evidence: HerdEvidenceSchema.nullable(),
  /** The distributed system whose lock this is, where its path, names and data prove it (e.g. "Apache Kafka (ZooKeeper mode)"); null otherwise. */
  system: z.string().nullable(),
  /** What the lock is to that system (e.g. "controller election: …"); null with no system. */
  role: z.string().nullable(),
  /** The system's layout that named it, `<system>/<layout>` (e.g. `kafka/controller`); null with no system. */
  systemLayout: z.string().nullable(),
  /** What the system keeps beside the lock says of it (a leader node, a breadcrumb), as the layout's kind and its values, worded by the page (`noteIn`); null when nothing. */
  systemNote: z.object({ kind: z.string(), values: z.record(z.string(), z.string()) }).nullable(),
  /** Its holders hold for as long as they lead or live (a system's election or membership): a long hold is no stale holder. */
  longHolds: z.boolean(),
});
export type RecipeInfo = z.infer<typeof RecipeInfoSchema>;

/** The watch a waiter's recipe sets: on a node (`data` = getData, `exists`) or on a parent's children. */
export const WatchSpecSchema = z.object({
  type: z.enum(['data', 'exists', 'children']),
  path: z.string(),
});
export type WatchSpec = z.infer<typeof WatchSpecSchema>;

/** A node's data, shown safely: UTF-8 text when printable, hex otherwise, cut past 4 KiB. */
export const NodeDataSchema = z.object({
  size: z.number().int().nonnegative(),
  text: z.string().nullable(),
  hex: z.string().nullable(),
  truncated: z.boolean(),
});
export type NodeData = z.infer<typeof NodeDataSchema>;

/** One contender's node in a lock's queue. */
export const LockNodeSchema = z.object({
  name: z.string(),
  /** The node's full znode path (semaphores keep nodes under more than one parent). */
  path: z.string(),
  /** Which queue of the lock parent it is in: '' for a single queue, else the lock's name when several named locks share one parent (`<name>_lock_N`). */
  queue: z.string(),
  /** The sequence counter ZooKeeper appended (negative once it wrapped); null for non-sequential nodes. */
  sequence: z.number().int().nullable(),
  /** Nodes sort by this string in the order their client sorts them. */
  sortKey: z.string(),
  role: LockRoleSchema,
  mode: LockModeSchema,
  /** The owning session (`stat.ephemeralOwner`); `0x0` for a persistent node. */
  sessionId: HexId,
  ephemeral: z.boolean(),
  /** Creation and last modification time, ms since the epoch (ZooKeeper's clock). */
  ctime: z.number(),
  mtime: z.number(),
  /** The creating transaction: a fencing token that grows with every new holder. */
  czxid: HexId,
  /** The node this waiter waits on; null for a holder and for a waiter that watches a parent. */
  predecessor: z.string().nullable(),
  /** The watch this node's recipe sets while it waits; null for a holder. */
  watch: WatchSpecSchema.nullable(),
  data: NodeDataSchema.nullable(),
  /** When the explorer saw the node take its current role (ms); null when it was already so when first read. */
  roleSince: z.number().nullable(),
  /** Sessions holding a data watch on this node, as ZooKeeper reports them (wchc); null when unknown. */
  watchers: z.array(HexId).nullable(),
  /** The client address of the owner session's connection (cons); null when unknown. */
  client: z.string().nullable(),
  /**
   * The client as the node's own data names it, by its recipe's rule (Curator writes the client's
   * IP address, a Kazoo identifier may be its host): what the client wrote, not what ZooKeeper saw
   * of its connection, so it names the client where `client` is unknown; null where the data names none.
   */
  dataClient: z.string().nullable(),
  /** Whether ZooKeeper confirms the watch the recipe says this waiter sets; null when it cannot tell. */
  watchConfirmed: z.boolean().nullable(),
  /** The contender as its system names it ("broker 3", "NameNode nn1 (host:8020)"); null where the lock is no known system's or its node says nothing. */
  identity: z.string().nullable(),
  /** Its data as its system's format reads, field by field; null where none applies. */
  decoded: z.record(z.string(), z.string()).nullable(),
});
export type LockNode = z.infer<typeof LockNodeSchema>;

/** One session of a deadlock: it waits in one lock for the next session of the cycle. */
export const DeadlockStepSchema = z.object({
  session: HexId,
  /** Where the session connects from (ZooKeeper's `cons`); null when unknown. */
  client: z.string().nullable(),
  /** The lock it waits in. */
  waitsIn: z.string(),
  /** The session holding that lock: the next step of the cycle. */
  waitsFor: HexId,
});
export type DeadlockStep = z.infer<typeof DeadlockStepSchema>;

/** Sessions that each hold a lock another of them waits in, round to the first: none of them will ever go on. */
export const DeadlockSchema = z.object({
  /** Every session of the cycle (a strongly connected part of the waits-for graph), sorted. */
  sessions: z.array(HexId),
  /** The locks of the cycle, sorted. */
  locks: z.array(z.string()),
  /** One cycle through them, step by step. */
  cycle: z.array(DeadlockStepSchema),
  message: z.string(),
});
export type Deadlock = z.infer<typeof DeadlockSchema>;

/** The most nodes a verdict over many names; the count tells the rest. */
export const ANOMALY_NODES_NAMED = 20;

/** The kinds of anomaly the diagnostics find. */
export const AnomalyKindSchema = z.enum(['deadlock', 'no-auth', 'holder-disconnected', 'no-watch', 'wrong-watch', 'orphan', 'persistent-node', 'stale-holder', 'herd', 'sequence-wrap']);
export type AnomalyKind = z.infer<typeof AnomalyKindSchema>;

/**
 * Something wrong with a lock, found by the diagnostics: its kind and the values it is said
 * from (the page says it in its own language, `describeAnomaly`). A verdict over many nodes is
 * one anomaly: its first node, how many it concerns, and the first few by name; each of the
 * others shows it on its own node (a waiter no watch will wake has `watchConfirmed: false`).
 */
export const AnomalySchema = z.object({
  kind: AnomalyKindSchema,
  /** The node it concerns, the first of them in queue order when it concerns several; null for the lock as a whole. */
  node: z.string().nullable(),
  /** The values its sentence is made from; `more` (or `owners`, for orphans) when it concerns several. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** How many nodes (or owners, for orphans) it concerns, when more than one. */
  count: z.number().int().positive().optional(),
  /** The first of those nodes in queue order, at most ANOMALY_NODES_NAMED of them, when it concerns more than one. */
  nodes: z.array(z.string()).optional(),
  /** For a `deadlock`: the cycle this lock is part of. */
  deadlock: DeadlockSchema.optional(),
});
export type Anomaly = z.infer<typeof AnomalySchema>;

/** When a lock was read, and what ZooKeeper said its parent's last child change was then. */
export const LockReadSchema = z.object({
  /** ms since the epoch, the explorer's clock. */
  at: z.number(),
  /** The lock parent's pzxid: the transaction of its last child created or deleted; null while it does not exist. */
  pzxid: HexId.nullable(),
});
export type LockRead = z.infer<typeof LockReadSchema>;

/** Everything known about one lock at one version. */
export const LockSnapshotSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  /** Grows by one with every delta, so a client can tell that it missed one. */
  version: z.number().int().nonnegative(),
  recipe: RecipeInfoSchema,
  /** The nodes in queue order. */
  nodes: z.array(LockNodeSchema),
  holders: z.array(z.string()),
  waiters: z.array(z.string()),
  anomalies: z.array(AnomalySchema),
  /** When the explorer last knew this to be ZooKeeper's state, and the lock parent's pzxid then; null before the first read. */
  read: LockReadSchema.nullable(),
});
export type LockSnapshot = z.infer<typeof LockSnapshotSchema>;

/**
 * A snapshot in its compact form (`?form=columns`, or `form: 'columns'` on subscribe): the
 * nodes in runs, column by column (see lib/lock/compact.ts), the holder and waiter lists left to be derived.
 */
export const ColumnsLockSnapshotSchema = LockSnapshotSchema.omit({ nodes: true, holders: true, waiters: true }).extend({
  form: z.literal('columns'),
  /** How many nodes the runs hold. */
  count: z.number().int().nonnegative(),
  /** The nodes in runs of consecutive nodes, each column by column. */
  chunks: z.array(z.object({ count: z.number().int().nonnegative(), columns: z.record(z.string(), z.unknown()) })),
});
export type ColumnsLockSnapshot = z.infer<typeof ColumnsLockSnapshotSchema>;

/** How a snapshot is written: a list of node objects (the default), or column by column. */
export const SnapshotFormSchema = z.enum(['nodes', 'columns']);
export type SnapshotForm = z.infer<typeof SnapshotFormSchema>;

/** What changed in a lock between two consecutive versions; applied by `applyDelta`. */
export const LockDeltaSchema = z.object({
  path: z.string(),
  version: z.number().int().positive(),
  exists: z.boolean(),
  /** Nodes that came. */
  added: z.array(LockNodeSchema),
  /** Names of the nodes that went. */
  removed: z.array(z.string()),
  /** Nodes that stayed but changed, for example a waiter promoted to holder. */
  updated: z.array(LockNodeSchema),
  /** The recipe, when it changed; null otherwise. */
  recipe: RecipeInfoSchema.nullable(),
  /** The anomalies, when they changed; null otherwise. */
  anomalies: z.array(AnomalySchema).nullable(),
  /**
   * When this change was read, and the parent's pzxid; null when it was no read of ZooKeeper
   * (anomalies only). A deletion is applied without a read (a persistent watch says it all): the
   * pzxid it moved follows within a quarter of a second, in a delta that changes nothing else.
   */
  read: LockReadSchema.nullable(),
});
export type LockDelta = z.infer<typeof LockDeltaSchema>;

/** How busy a lock was over the last minutes: for the dashboard's hot locks. */
export const LockActivitySchema = z.object({
  handoversPerMinute: z.number().nonnegative(),
  /** The 99th percentile of the waits that ended in a hold (seconds); null when none did. */
  waitP99: z.number().nonnegative().nullable(),
});
export type LockActivity = z.infer<typeof LockActivitySchema>;

/** One line of the lock list: enough to spot a stuck lock at a glance. */
export const LockSummarySchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  recipe: RecipeInfoSchema,
  /** Names of the holding nodes. */
  holders: z.array(z.string()),
  /** Sessions of the holders, in the same order. */
  holderSessions: z.array(HexId),
  /** Where each holder's session connects from (ZooKeeper's `cons`), in the same order; null where unknown. */
  holderClients: z.array(z.string().nullable()),
  /** Each holder as its system names it ("broker 3"), in the same order; null where none does. */
  holderIdentities: z.array(z.string().nullable()),
  /** Each holder's client as its node's data names it (`LockNode.dataClient`: what the client wrote), in the same order; null where it names none. */
  holderDataClients: z.array(z.string().nullable()),
  /** How many wait. */
  queueLength: z.number().int().nonnegative(),
  /** Since when the longest current holder holds (ms): when the explorer saw it take the lock, else its creation. */
  holderSince: z.number().nullable(),
  /** Creation time of the longest-waiting node (ms). */
  oldestWaiterSince: z.number().nullable(),
  anomalies: z.number().int().nonnegative(),
  /** The kinds of those anomalies, each once, the worst first: a deadlock is flagged on the row. */
  anomalyKinds: z.array(AnomalyKindSchema),
  /** How busy it was over the last five minutes (see `GET /api/history`); null before the explorer has seen it change. */
  activity: LockActivitySchema.nullable(),
});
export type LockSummary = z.infer<typeof LockSummarySchema>;

/** What is known of a lock ZooKeeper will not let the explorer read (NoAuth), from its list of ephemeral nodes alone: `GET /api/unreadable`. */
export const UnreadableLockSchema = z.object({
  path: z.string(),
  recipe: RecipeInfoSchema,
  /** How many ephemeral nodes ZooKeeper lists under it, and how many of them hold. */
  total: z.number().int().nonnegative(),
  holding: z.number().int().nonnegative(),
  /** The first `limit` of them in queue order, each with its owner and where that session connects from (null where ZooKeeper did not say). */
  nodes: z.array(z.object({ name: z.string(), sessionId: HexId, client: z.string().nullable(), holds: z.boolean() })),
});
export type UnreadableLock = z.infer<typeof UnreadableLockSchema>;

/** `?limit=` of `GET /api/unreadable`: how many of its nodes to list (a lock may have tens of thousands). */
export const UnreadableQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });

/** How the locks are found and kept live: `GET /api/locks`, `/api/health` and the dashboard say it. */
export const DiscoveryStatusSchema = z.object({
  /** How the locks that have a live contender are found: from the ephemeral nodes ZooKeeper lists (`dump`), or by the scan alone; in replay, from ZooKeeper's files. */
  method: z.enum(['ephemerals', 'scan', 'files']),
  /**
   * How a new lock is noticed: the ephemeral nodes listed again every `pollMs` (ZooKeeper tells the
   * explorer nothing of the writes outside its locks); or, where no member lists them, a persistent
   * recursive watch on each root (every write below the roots is a notification), or a child watch
   * on every node scanned; `none` in replay. A lock that goes is told by its own watch.
   */
  live: z.enum(['pending', 'ephemerals-poll', 'recursive-watch', 'child-watches', 'none']),
  /** How often the ephemeral nodes are listed again (ms), while they keep the list live; null otherwise. */
  pollMs: z.number().nonnegative().nullable(),
  /** What the watch on the roots costs: the notifications the explorer's session receives a second (every write below the roots); null without one. */
  treeNotificationsPerSecond: z.number().nonnegative().nullable(),
  /**
   * Parents read as a system's nodes that make no lock (Kafka's notification queues, a service's
   * instances in Curator's service discovery), no longer followed: how many, and the first of them
   * with the layout (`<system>/<layout>`). They are read again at the next scan of the tree.
   */
  notLocks: z.object({ count: z.number().int().nonnegative(), first: z.array(z.object({ path: z.string(), layout: z.string() })) }),
  ephemerals: z.object({
    /** `off`: not asked (no introspection); `refused`: no member would list them (see `reason`). */
    state: z.enum(['off', 'pending', 'running', 'done', 'refused']),
    /** The member that listed them, and how. */
    server: z.string().nullable(),
    source: IntrospectionSourceSchema.nullable(),
    /** How many ephemeral nodes it listed. */
    nodes: z.number().int().nonnegative(),
    /** Why no member listed them, member by member. */
    reason: z.string().nullable(),
    /** When they were read (ms). */
    at: z.number().nullable(),
  }),
  scan: z.object({
    /** `capped`: it stopped at DISCOVERY_MAX_NODES. */
    state: z.enum(['pending', 'running', 'done', 'capped']),
    /** Znodes read so far. */
    read: z.number().int().nonnegative(),
    /** How many znodes lie below the roots (ZooKeeper's getAllChildrenNumber); null before it answered, or before 3.6. */
    total: z.number().int().nonnegative().nullable(),
    /** The most it reads a second (DISCOVERY_READS_PER_SECOND). */
    readsPerSecond: z.number().positive(),
    startedAt: z.number().nullable(),
    endedAt: z.number().nullable(),
  }),
});
export type DiscoveryStatus = z.infer<typeof DiscoveryStatusSchema>;

/** `GET /api/locks` and the socket's `locks:list`: every lock found under the roots. */
export const LockListSchema = z.object({
  roots: z.array(z.string()),
  locks: z.array(LockSummarySchema),
  /** True when a bound of the scan was hit (DISCOVERY_MAX_NODES, depth), so that some locks may be missing. */
  partial: z.boolean(),
  /** Why the list is partial, when it is. */
  partialReason: z.string().nullable(),
  /** True once every lock that has a live contender is listed (from the ephemeral nodes), or the scan has read the whole tree. */
  complete: z.boolean(),
  /** How many znodes the scan read. */
  scannedNodes: z.number().int().nonnegative(),
  discovery: DiscoveryStatusSchema,
});
export type LockList = z.infer<typeof LockListSchema>;

/**
 * The socket's `locks:changes`, after a whole `locks:list`: the summaries of the locks that
 * changed or appeared, the paths of those that went, and the list's state, so that a change
 * of one lock among ten thousand costs one summary. A change of many locks comes in parts of at
 * most 1,000 summaries (`splitListChange`), each a change of its own.
 */
export const LockListChangeSchema = LockListSchema.omit({ locks: true }).extend({
  upserted: z.array(LockSummarySchema),
  removed: z.array(z.string()),
});
export type LockListChange = z.infer<typeof LockListChangeSchema>;
