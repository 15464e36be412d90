/** What the explorer reports of itself and of ZooKeeper: sessions, health, features, introspection, diagnostics and the waits-for graph. */
import { z } from 'zod';
import { AnomalySchema, DeadlockSchema, DiscoveryStatusSchema, LockModeSchema, LockRoleSchema, LockSummarySchema, NodeDataSchema } from './lock';
import { HexId, IntrospectionSourceSchema, ZnodePath, ZnodeStatSchema } from './znode';

/** One session and the lock nodes it owns, across every lock found. */
export const SessionSummarySchema = z.object({
  sessionId: HexId,
  /** Its lock nodes, the holders first: at most the first 20 (a filter's matches before the rest). */
  nodes: z.array(z.object({ lock: z.string(), name: z.string(), role: LockRoleSchema, mode: LockModeSchema })),
  /** How many lock nodes it owns in all. */
  nodeCount: z.number().int().nonnegative(),
  holds: z.number().int().nonnegative(),
  waits: z.number().int().nonnegative(),
  /** Where it connects from (ZooKeeper's `cons`); null when unknown. */
  client: z.string().nullable(),
  /** The first paths it watches (ZooKeeper's `wchc`); null when ZooKeeper was not asked or would not say. */
  watches: z.array(z.string()).nullable(),
  /** How many paths it watches in all. */
  watchCount: z.number().int().nonnegative(),
  /** `simulated` for one of the explorer's simulated contenders; null for everyone else's (the explorer's own session is never listed). */
  origin: z.enum(['simulated']).nullable(),
  /** Its ephemeral nodes anywhere in the tree (ZooKeeper's `dump`); null when unknown. */
  ephemeralCount: z.number().int().nonnegative().nullable(),
  /** When ZooKeeper will expire it unless it is heard from (ms; `dump` on the leader); null when unknown. */
  expiresAt: z.number().nullable(),
  /**
   * Whether a member holds a connection for it: `none` when ZooKeeper keeps the session (its
   * `dump` gives an expiry) but no member lists a connection (`cons`): a crashed or cut-off
   * client, whose nodes stay until the expiry; `unknown` when ZooKeeper was not asked or would not say.
   */
  connection: z.enum(['connected', 'none', 'unknown']),
  /** Whether it is on a cycle of the waits-for graph: it waits, in a lock, for a session that waits for it. */
  deadlocked: z.boolean(),
  /**
   * What ZooKeeper's files tell of it (replay, or live with the files): when it was made and the
   * timeout it was given, how and when it ended (at any time of the files, after the moment shown
   * too), and for an expiry the latest moment its client can have been heard from; null without files.
   */
  files: z
    .object({
      timeoutMs: z.number().nullable(),
      createdAt: z.number().nullable(),
      ended: z.enum(['expired', 'closed', 'gap']).nullable(),
      endedAt: z.number().nullable(),
      lastHeard: z.number().nullable(),
    })
    .nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** `GET /api/sessions`. */
export const SessionListSchema = z.object({
  sessions: z.array(SessionSummarySchema),
  /** True when more sessions match than were listed (after `offset`). */
  truncated: z.boolean(),
  /** How many sessions match the filter, in all. */
  total: z.number().int().nonnegative(),
  /** The place of the first listed among them. */
  offset: z.number().int().nonnegative(),
});

/** `GET /api/sessions?q=&offset=&limit=`: a filter and a page. */
export const SessionQuerySchema = z.object({
  q: z.string().max(200).default(''),
  offset: z.coerce.number().int().nonnegative().max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type SessionQuery = z.infer<typeof SessionQuerySchema>;
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

/**
 * Why an ensemble cannot be read, or not wholly: a kind and its parameters, which each page words
 * in its language (`sayReason` in lib/i18n); the `reason` beside it says the same in English, for
 * the API's readers and the logs. A parameter is a value (a member's address, an error code),
 * or words that are not the explorer's own (Node's or Kerberos's message), kept as they came.
 */
export const REASON_KINDS = [
  'tls-unsigned',
  'tls-expired',
  'tls-not-yet-valid',
  'tls-wrong-name',
  'tls-alert',
  'tls-alert-certificate',
  'tls-refused',
  'network',
  'closed-unanswered',
  'sasl-required',
  'sasl-closed',
  'sasl-digest-refused',
  'sasl-gssapi-refused',
  'sasl',
  'read-only',
  'login-refused',
  'tls-failed',
  'expired',
  'closed',
  'no-member',
  'scan-capped',
  'scan-deep',
  'noauth-locks',
  'noauth-listing',
] as const;
export const ReasonSchema = z.object({ kind: z.enum(REASON_KINDS), params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type Reason = z.infer<typeof ReasonSchema>;

export const ZkStatusSchema = z.object({
  state: ZkConnectionStateSchema,
  embedded: z.boolean(),
  connectString: z.string(),
  /** Null while no session is established. */
  sessionId: HexId.nullable(),
  /** When the state last changed, ms since the epoch: how stale the data may be while not connected. */
  since: z.number(),
  /** Why the last attempt to connect failed (a refused certificate, a wrong password, a refused connection), in English; null while connected. */
  reason: z.string().nullable(),
  /** The same as a kind and its parameters, for a page to word in its language. */
  why: ReasonSchema.nullable(),
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
  /** When ZooKeeper was asked for these counters (ms, as the poll began); null before the first answer. */
  at: z.number().nullable(),
  /** The server's clock as it answered: how old the counters are is \`now - at\`. */
  now: z.number(),
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
  /** What was left out to keep the picture readable: every session on a cycle is drawn, then the busiest locks. */
  omitted: z.object({ sessions: z.number().int().nonnegative(), groups: z.number().int().nonnegative(), locks: z.number().int().nonnegative() }),
});
export type WaitsForGraph = z.infer<typeof WaitsForGraphSchema>;
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;

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

/** What the explorer knows of every lock from reading its nodes, whatever ZooKeeper reports: each is said in `Knowledge.known`. */
export const KNOWN_FACTS = ['queues', 'owners', 'data-clients', 'recipe-watches', 'deadlocks', 'new-locks'] as const;
/** What only ZooKeeper's reports tell (four-letter words `wchc`, `cons`, `dump`, `mntr`, or the AdminServer's commands). */
export const REPORTED_FACTS = ['watches-set', 'other-watchers', 'client-addresses', 'sessions-connected', 'session-expiry', 'herd-wakeups', 'watch-counts'] as const;

/**
 * What can and cannot be known of the locks where ZooKeeper reports less than the explorer asks
 * (as ZooKeeper 3.10 will ship: four-letter words closed but `srvr`, the AdminServer off).
 */
export const KnowledgeSchema = z.object({
  /** Why: no member told its sessions' watches and connections (`refused`), a report part of it refused (`partial`), or the explorer is set not to ask (`not-asked`: INTROSPECT_INTERVAL_MS=0). */
  cause: z.enum(['refused', 'partial', 'not-asked']),
  /** What the members answered, in their words; null when not asked. */
  reason: z.string().nullable(),
  known: z.array(z.enum(KNOWN_FACTS)),
  unknown: z.array(z.enum(REPORTED_FACTS)).min(1),
  /** How new locks are noticed (the discovery's `live`), and what a watch on the roots costs (notifications a second; null without one or before it is measured). */
  newLocks: z.object({ live: DiscoveryStatusSchema.shape.live, treeNotificationsPerSecond: z.number().nonnegative().nullable() }),
});
export type Knowledge = z.infer<typeof KnowledgeSchema>;
export type KnownFact = Knowledge['known'][number];
export type ReportedFact = Knowledge['unknown'][number];

/** `GET /api/health`. */
export const HealthResponseSchema = z.object({
  ok: z.boolean(),
  zookeeper: ZkStatusSchema,
  features: FeaturesSchema,
  introspection: IntrospectionStatusSchema,
  /** How locks are followed: one persistent recursive watch per lock parent (ZooKeeper 3.6+), or one-shot watches where the server refused those, and why. */
  watches: z.object({ mode: z.enum(['persistent-recursive', 'one-shot']), reason: z.string().nullable() }),
  /** How the locks under LOCK_ROOTS are found (from ZooKeeper's ephemeral nodes, or by the scan, and why), how far the scan is, and how many are followed. */
  discovery: DiscoveryStatusSchema.extend({ complete: z.boolean(), locks: z.number().int().nonnegative() }),
  /** What can and cannot be known of the locks, where ZooKeeper reports less than the explorer asks; null where it reports everything, before it was first asked, and in replay. */
  knowledge: KnowledgeSchema.nullable(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** Every HTTP error and every failed socket ack carries one readable sentence. */
export const ErrorResponseSchema = z.object({ error: z.string() });
/** The sentence of an answer's body read as JSON, or null where the body is not `{error}` (a proxy's page, nothing, another shape). */
export function errorSaid(body: unknown): string | null {
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** `POST /api/break`: the node deleted, and whose it was. */
export const BreakResponseSchema = z.object({ deleted: z.string(), role: LockRoleSchema, sessionId: HexId });
/** `POST /api/revoke` (the body of `/api/break`): `__REVOKE__` was written into the holder's node; `listening` is false where ZooKeeper's watches are unknown. */
export const RevokeResponseSchema = z.object({ revoked: z.string(), sessionId: HexId, listening: z.boolean() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/**
 * How an ensemble followed stands: `connected` with every lock read; `partial`: connected, but
 * some locks or parts of the tree could not be read (NoAuth, a capped scan); `connecting` before
 * its first session; `unreachable`: no member answers (or the session expired and a new one is
 * not open yet); `auth-failed` / `tls-failed`: its login or certificate refused.
 */
export const EnsembleStateSchema = z.enum(['connected', 'partial', 'connecting', 'unreachable', 'auth-failed', 'tls-failed']);
export type EnsembleState = z.infer<typeof EnsembleStateSchema>;

/** One ensemble of `GET /api/ensembles`: its name (`?ensemble=<name>` on every read route, `/e/<name>/…` for its pages), how it stands and why, and how many locks it has. */
export const EnsembleSummarySchema = z.object({
  name: z.string(),
  state: EnsembleStateSchema,
  /** Why it is not connected, or what could not be read, in English; null when nothing is wrong. */
  reason: z.string().nullable(),
  /** The same as a kind and its parameters, for a page to word in its language. */
  why: ReasonSchema.nullable(),
  /** The locks found in it so far. */
  locks: z.number().int().nonnegative(),
  /** How many of them need a look (a deadlock, what will not resolve itself, an anomaly), and the most urgent of them (at most ENSEMBLE_WORST), as the dashboard's triage orders them. */
  attention: z.number().int().nonnegative(),
  worst: z.array(LockSummarySchema),
});
export type EnsembleSummary = z.infer<typeof EnsembleSummarySchema>;

/** How many of an ensemble's most urgent locks `GET /api/ensembles` gives. */
export const ENSEMBLE_WORST = 3;

export const EnsembleListSchema = z.object({ ensembles: z.array(EnsembleSummarySchema) });
export type EnsembleList = z.infer<typeof EnsembleListSchema>;
