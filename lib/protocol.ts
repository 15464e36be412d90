/**
 * The one protocol between the server and its clients: REST payloads, socket.io events and
 * the runtime validators for everything that comes in. Types are inferred from the schemas so
 * that a payload and its check cannot drift apart.
 */
import { z } from 'zod';
import { RECIPE_IDS, type RecipeId } from './lock/recipes';
import { znodePathError } from './zk/path';

/** A znode path, checked as ZooKeeper checks it. */
export const ZnodePath = z.string().superRefine((path, ctx) => {
  const error = znodePathError(path);
  if (error !== null) ctx.addIssue({ code: 'custom', message: error });
});

/** A 64-bit id as ZooKeeper prints it: `0x` and lowercase hex without leading zeros. */
const HexId = z.string().regex(/^0x[0-9a-f]{1,16}$/);

/** The stat of a znode, with 64-bit fields as hex strings and times in ms since the epoch. */
export const ZnodeStatSchema = z.object({
  czxid: HexId,
  mzxid: HexId,
  pzxid: HexId,
  ctime: z.number(),
  mtime: z.number(),
  version: z.number().int(),
  cversion: z.number().int(),
  aversion: z.number().int(),
  ephemeralOwner: HexId,
  dataLength: z.number().int(),
  numChildren: z.number().int(),
});
export type ZnodeStat = z.infer<typeof ZnodeStatSchema>;

/** Whether a node holds the lock or waits for it. */
export const LockRoleSchema = z.enum(['holder', 'waiter']);
export type LockRole = z.infer<typeof LockRoleSchema>;

/** What a node asks for: the whole lock, a shared read, an exclusive write, or a semaphore lease. */
export const LockModeSchema = z.enum(['exclusive', 'read', 'write', 'lease']);
export type LockMode = z.infer<typeof LockModeSchema>;

/** The recipes the explorer recognises, each read by its client's own rules: the registry's (`lock/recipes/index.ts`). */
export const RecipeIdSchema = z.enum(RECIPE_IDS);
export type { RecipeId };

/** The recipe a lock was recognised as. */
export const RecipeInfoSchema = z.object({
  id: RecipeIdSchema,
  /** A human name, e.g. "Curator InterProcessMutex". */
  name: z.string(),
  /** Why the layout was read this way when it is not clear-cut (mixed or unknown layouts). */
  note: z.string().nullable(),
  /** A semaphore's lease limit, when ZooKeeper holds it (Kazoo stores it as the path's data). */
  maxLeases: z.number().int().nullable(),
  /** The clients and recipes that make this very layout, when the names cannot tell which of them it is. */
  candidates: z.array(z.string()),
  /** What the recipe was told from besides the names (ZooKeeper's report of who woke), when it was. */
  evidence: z.string().nullable(),
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
  /** Whether ZooKeeper confirms the watch the recipe says this waiter sets; null when it cannot tell. */
  watchConfirmed: z.boolean().nullable(),
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

/** The kinds of anomaly the diagnostics find. */
export const AnomalyKindSchema = z.enum(['deadlock', 'no-watch', 'wrong-watch', 'orphan', 'persistent-node', 'stale-holder', 'herd', 'sequence-wrap']);
export type AnomalyKind = z.infer<typeof AnomalyKindSchema>;

/** Something wrong with a lock, found by the diagnostics. */
export const AnomalySchema = z.object({
  kind: AnomalyKindSchema,
  node: z.string().nullable(),
  /** The sentence in English. */
  message: z.string(),
  /** The values the sentence was made from, for saying it in the page's language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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

/** One line of the lock list: enough to spot a stuck lock at a glance. */
export const LockSummarySchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  recipe: RecipeInfoSchema,
  /** Names of the holding nodes. */
  holders: z.array(z.string()),
  /** Sessions of the holders, in the same order. */
  holderSessions: z.array(HexId),
  /** How many wait. */
  queueLength: z.number().int().nonnegative(),
  /** Since when the longest current holder holds (ms): when the explorer saw it take the lock, else its creation. */
  holderSince: z.number().nullable(),
  /** Creation time of the longest-waiting node (ms). */
  oldestWaiterSince: z.number().nullable(),
  anomalies: z.number().int().nonnegative(),
  /** The kinds of those anomalies, each once, the worst first: a deadlock is flagged on the row. */
  anomalyKinds: z.array(AnomalyKindSchema),
});
export type LockSummary = z.infer<typeof LockSummarySchema>;

/** `GET /api/locks` and the socket's `locks:list`: every lock found under the roots. */
export const LockListSchema = z.object({
  roots: z.array(z.string()),
  locks: z.array(LockSummarySchema),
  /** True when a bound of the scan was hit, so that some locks may be missing. */
  partial: z.boolean(),
  /** Why the list is partial, when it is. */
  partialReason: z.string().nullable(),
  /** False while the first scan is still running. */
  complete: z.boolean(),
  /** How many znodes the scan read. */
  scannedNodes: z.number().int().nonnegative(),
});
export type LockList = z.infer<typeof LockListSchema>;

/** The lock recipes a simulated contender can run. */
export const StrategySchema = z.enum(['herd', 'chained', 'chained-getdata', 'single-node', 'read', 'write', 'semaphore', 'no-watch']);
export type Strategy = z.infer<typeof StrategySchema>;

/** `POST /api/sim/contenders` and the socket's `sim:spawn`. */
export const SpawnRequestSchema = z.strictObject({
  path: ZnodePath,
  count: z.number().int().min(1).max(1000),
  strategy: StrategySchema,
  /** How long each holds the lock (ms). */
  holdMs: z.number().int().min(0).max(3_600_000).default(1000),
  /** How many times each takes the lock before it is done; 0 means until stopped. */
  rounds: z.number().int().min(0).max(100_000).default(1),
  /** Pause between rounds (ms). */
  thinkMs: z.number().int().min(0).max(3_600_000).default(0),
  sessionTimeoutMs: z.number().int().min(1000).max(600_000).default(10_000),
  /** For `semaphore`: how many may hold at once. */
  maxLeases: z.number().int().min(1).max(1000).default(1),
  /** Embed a GUID in the node name, so that a create whose reply was lost can find its node. */
  protected: z.boolean().default(true),
});
export type SpawnRequest = z.infer<typeof SpawnRequestSchema>;

export const ContenderStateSchema = z.enum(['connecting', 'waiting', 'holding', 'done', 'crashed', 'expired', 'paused', 'closed']);
export type ContenderState = z.infer<typeof ContenderStateSchema>;

/** One simulated contender: a real ZooKeeper client with its own session. */
export const ContenderInfoSchema = z.object({
  id: z.string(),
  path: z.string(),
  strategy: StrategySchema,
  state: ContenderStateSchema,
  sessionId: HexId.nullable(),
  /** Its current node's name, or null between rounds. */
  node: z.string().nullable(),
  /** The fencing token of its current node. */
  czxid: HexId.nullable(),
  /** True while paused with the lock held: it still believes it holds. */
  believesHolding: z.boolean(),
  round: z.number().int().nonnegative(),
  acquisitions: z.number().int().nonnegative(),
  /** Watch notifications received. */
  notifications: z.number().int().nonnegative(),
  /** Notifications after which it still did not hold: the herd effect's waste. */
  wakeups: z.number().int().nonnegative(),
  getChildren: z.number().int().nonnegative(),
  /** Every request it sent to ZooKeeper. */
  requests: z.number().int().nonnegative(),
  /** Bytes of child names it read with getChildren. */
  childBytes: z.number().int().nonnegative(),
  waitMs: z.number().nonnegative(),
  holdMs: z.number().nonnegative(),
  /** Mutual-exclusion violations this contender took part in. */
  violations: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type ContenderInfo = z.infer<typeof ContenderInfoSchema>;

export const ContenderActionSchema = z.enum(['release', 'crash', 'expire', 'pause', 'disconnect-during-create']);
export type ContenderAction = z.infer<typeof ContenderActionSchema>;

/** `POST /api/sim/contenders/<id>/<action>` body (and the socket's `sim:action`). */
export const ActionRequestSchema = z.strictObject({
  /** For `pause`: how long it stops heartbeating (ms). */
  ms: z.number().int().min(1).max(600_000).optional(),
});

/** The socket's `sim:action`. */
export const SocketActionSchema = z.strictObject({
  id: z.string().min(1).max(64),
  action: ContenderActionSchema,
  ms: z.number().int().min(1).max(600_000).optional(),
});

/** `GET /api/sim/contenders` and the socket's `sim:contenders`. */
export const ContenderListSchema = z.object({
  contenders: z.array(ContenderInfoSchema),
  violations: z.array(z.object({ path: z.string(), contenders: z.array(z.string()), at: z.number(), message: z.string() })),
});
export type ContenderList = z.infer<typeof ContenderListSchema>;

/** One session and the lock nodes it owns, across every lock found. */
export const SessionSummarySchema = z.object({
  sessionId: HexId,
  nodes: z.array(z.object({ lock: z.string(), name: z.string(), role: LockRoleSchema, mode: LockModeSchema })),
  holds: z.number().int().nonnegative(),
  waits: z.number().int().nonnegative(),
  /** Where it connects from (ZooKeeper's `cons`); null when unknown. */
  client: z.string().nullable(),
  /** The first paths it watches (ZooKeeper's `wchc`); null when ZooKeeper was not asked or would not say. */
  watches: z.array(z.string()).nullable(),
  /** How many paths it watches in all. */
  watchCount: z.number().int().nonnegative(),
  /** The explorer's own session, or one of its simulated contenders; null for everyone else's. */
  origin: z.enum(['explorer', 'simulated']).nullable(),
  /** Its ephemeral nodes anywhere in the tree (ZooKeeper's `dump`); null when unknown. */
  ephemeralCount: z.number().int().nonnegative().nullable(),
  /** When ZooKeeper will expire it unless it is heard from (ms; `dump` on the leader); null when unknown. */
  expiresAt: z.number().nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** `GET /api/sessions`. */
export const SessionListSchema = z.object({
  sessions: z.array(SessionSummarySchema),
  /** True when more sessions exist than were listed. */
  truncated: z.boolean(),
});
export type SessionList = z.infer<typeof SessionListSchema>;

/** The state of the explorer's own ZooKeeper session. */
export const ZkConnectionStateSchema = z.enum([
  'connecting',
  'connected',
  'read-only',
  'disconnected',
  'expired',
  'auth-failed',
  'tls-failed',
  'closed',
]);
export type ZkConnectionState = z.infer<typeof ZkConnectionStateSchema>;

export const ZkStatusSchema = z.object({
  state: ZkConnectionStateSchema,
  embedded: z.boolean(),
  connectString: z.string(),
  /** Null while no session is established. */
  sessionId: HexId.nullable(),
  /** When the state last changed, ms since the epoch: how stale the data may be while not connected. */
  since: z.number(),
  /** Why the last attempt to connect failed (a refused certificate, a wrong password, a refused connection); null while connected. */
  reason: z.string().nullable(),
});
export type ZkStatus = z.infer<typeof ZkStatusSchema>;

/** What this explorer lets its users do, so that the page shows only the controls that work. */
export const FeaturesSchema = z.object({
  /** Simulated contenders: on when the ZooKeeper is embedded or ALLOW_SIMULATION is set. */
  simulation: z.boolean(),
  /** Why simulation is off, when it is. */
  simulationReason: z.string().nullable(),
  /** The only subtree simulations may touch. */
  simRoot: z.string(),
  /** Whether controls need `Authorization: Bearer <token>`. */
  tokenRequired: z.boolean(),
  /** Whether a lock node may be deleted from the page to break a stuck lock (ALLOW_BREAK_LOCKS). */
  breakLocks: z.boolean(),
});
export type Features = z.infer<typeof FeaturesSchema>;

/** `GET /api/nodes/<path>`: one lock node looked at closely: its whole stat, and its data as text and hex. */
export const ZnodeDetailSchema = z.object({
  path: z.string(),
  stat: ZnodeStatSchema,
  data: NodeDataSchema.nullable(),
});
export type ZnodeDetail = z.infer<typeof ZnodeDetailSchema>;

/** `GET /api/zookeeper/monitor`: each member's watch counters from `mntr` (members that answered). */
export const MonitorSchema = z.object({
  servers: z.array(z.object({ server: z.string(), values: z.record(z.string(), z.number()) })),
  /** When ZooKeeper was last asked (ms); null before the first answer. */
  at: z.number().nullable(),
});
export type Monitor = z.infer<typeof MonitorSchema>;

/** `POST /api/break`: delete one lock node, the one seen (its czxid), to break a stuck lock. */
export const BreakRequestSchema = z.strictObject({
  /** The lock's path. */
  path: ZnodePath,
  /** The node's name, a child of the lock (or of one of its parents, for a semaphore). */
  node: z.string().min(1).max(1024).refine((name) => !name.includes('/'), 'must be a child name, without /'),
  /** The czxid the page showed: a node created since under the same name is left alone. */
  czxid: HexId,
});
export type BreakRequest = z.infer<typeof BreakRequestSchema>;

/** `GET /api/diagnostics`: everything wrong with every lock found, and deadlocks across them. */
export const DiagnosticsSchema = z.object({
  anomalies: z.array(AnomalySchema.extend({ path: z.string() })),
  deadlocks: z.array(DeadlockSchema),
  staleHolderMs: z.number(),
});

/**
 * `GET /api/waits-for` and the socket's `waits:graph`: who waits for whom across every lock
 * followed. Sessions that hold are drawn one by one; the waiters of a lock that hold nothing
 * are one group, so that a queue of thousands stays one mark.
 */
export const WaitsForGraphSchema = z.object({
  sessions: z.array(
    z.object({
      id: HexId,
      client: z.string().nullable(),
      /** The locks it holds. */
      holds: z.array(z.string()),
      /** The locks it waits in. */
      waitsIn: z.array(z.string()),
      deadlocked: z.boolean(),
    }),
  ),
  groups: z.array(z.object({ id: z.string(), lock: z.string(), count: z.number().int().positive() })),
  /** `from` waits in `lock` for `to` (a session id, or a group's id for `from`). */
  edges: z.array(z.object({ from: z.string(), to: HexId, lock: z.string(), deadlocked: z.boolean() })),
  deadlocks: z.array(DeadlockSchema),
});
export type WaitsForGraph = z.infer<typeof WaitsForGraphSchema>;
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;

/** Where a member's watches and connections came from: its four-letter words, or its AdminServer where they are refused. */
export const IntrospectionSourceSchema = z.enum(['four-letter-words', 'admin-server']);
export type IntrospectionSource = z.infer<typeof IntrospectionSourceSchema>;

/** What the explorer learns from ZooKeeper's four-letter words or AdminServer, and why not when it cannot. */
export const IntrospectionStatusSchema = z.object({
  available: z.boolean(),
  reason: z.string().nullable(),
  /** When the servers were last asked (ms). */
  at: z.number().nullable(),
  servers: z.array(
    z.object({
      server: z.string(),
      ok: z.boolean(),
      /** Why neither source told this member's watches and connections. */
      error: z.string().nullable(),
      /** Which source answered; null when none did. */
      source: IntrospectionSourceSchema.nullable(),
      /** Why the four-letter words did not (all) answer, when they did not: the AdminServer stood in. */
      refused: z.string().nullable(),
    }),
  ),
  /** How often the members are asked now (ms): longer than configured while they are slow to answer; null while idle. */
  intervalMs: z.number().nullable(),
});
export type IntrospectionStatus = z.infer<typeof IntrospectionStatusSchema>;

/** `GET /api/health`. */
export const HealthResponseSchema = z.object({
  ok: z.boolean(),
  zookeeper: ZkStatusSchema,
  features: FeaturesSchema,
  introspection: IntrospectionStatusSchema,
  /** How locks are followed: one persistent recursive watch per lock parent (ZooKeeper 3.6+), or one-shot watches where the server refused those, and why. */
  watches: z.object({ mode: z.enum(['persistent-recursive', 'one-shot']), reason: z.string().nullable() }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** Every HTTP error and every failed socket ack carries one readable sentence. */
export const ErrorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** `subscribe` / `unsubscribe` over the socket. */
export const SubscribeRequestSchema = z.strictObject({
  path: ZnodePath,
  /** `columns` sends the first snapshot as `lock:columns`, in its compact form; deltas are the same either way. */
  form: SnapshotFormSchema.optional(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** The answer to every socket request. */
export type Ack = { ok: true } | { ok: false; error: string };

/** Events the server sends. */
export interface ServerToClientEvents {
  'lock:snapshot': (snapshot: LockSnapshot) => void;
  /** On subscribe in columns; again, in place of a delta, when a change touches most of a long lock (the next delta follows its version). */
  'lock:columns': (snapshot: ColumnsLockSnapshot) => void;
  'lock:delta': (delta: LockDelta) => void;
  'zk:status': (status: ZkStatus) => void;
  'locks:list': (list: LockList) => void;
  'sim:contenders': (list: ContenderList) => void;
  'waits:graph': (graph: WaitsForGraph) => void;
}

/** Events a client sends; every payload is parsed with the schemas above before use. */
/** A request that carries nothing but asks (`locks:subscribe`, `waits:subscribe`, …). */
export type EmptyRequest = Record<string, never>;

/** A sim action over the socket. */
export type SocketAction = z.infer<typeof SocketActionSchema>;

/**
 * Events the browser sends, with the payloads it means to send. The server still parses each
 * one (its handlers take `unknown`): a type says what a client should send, not what arrives.
 */
export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack?: (ack: Ack) => void) => void;
  unsubscribe: (request: Pick<SubscribeRequest, 'path'>, ack?: (ack: Ack) => void) => void;
  /** Asks for `locks:list` now and on every change; `locks:unsubscribe` stops it. */
  'locks:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  'locks:unsubscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  /** Asks for `waits:graph` now and whenever who waits for whom changes; `waits:unsubscribe` stops it. */
  'waits:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  'waits:unsubscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  /** Simulation controls; each needs the token when one is configured (`auth` in the handshake). */
  'sim:spawn': (request: SpawnRequest, ack?: (ack: Ack) => void) => void;
  'sim:action': (request: SocketAction, ack?: (ack: Ack) => void) => void;
  /** Stops every simulated contender, or those of one lock. */
  'sim:stop-all': (request: Partial<Pick<SubscribeRequest, 'path'>>, ack?: (ack: Ack) => void) => void;
  'sim:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
}

/** The first error of a failed zod parse, as one sentence. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid input';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}
