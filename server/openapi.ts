/**
 * The REST API described as OpenAPI 3.1, generated from the zod schemas the server validates
 * with and answers in (`lib/protocol`), served at `/api/openapi.json`. Each route is listed once
 * here; a test checks that the list and the server's routes are the same.
 */
import { z } from 'zod';
import {
  CleanupRequestSchema,
  CleanupRunSchema,
  EmptyParentsPageSchema,
  EmptyParentsQuerySchema,
  GarbageViewSchema,
  LeakedDeleteRequestSchema,
  LeakedDeleteResponseSchema,
  ActionRequestSchema,
  ActionResponseSchema,
  BreakRequestSchema,
  BreakResponseSchema,
  ColumnsLockSnapshotSchema,
  ContenderActionSchema,
  ContenderListSchema,
  DiagnosticsSchema,
  EnsembleListSchema,
  ErrorResponseSchema,
  HealthResponseSchema,
  HistorySinceText,
  IncidentListSchema,
  IncidentQuerySchema,
  WrittenHoldListSchema,
  LockChangesSchema,
  MomentText,
  ReplayInfoSchema,
  LockHistorySchema,
  UnreadableLockSchema,
  UnreadableQuerySchema,
  LockListSchema,
  LockSnapshotSchema,
  MonitorSchema,
  RevokeResponseSchema,
  SessionListSchema,
  SessionQuerySchema,
  SpawnRequestSchema,
  SpawnResponseSchema,
  RenewResponseSchema,
  StopResponseSchema,
  WaitsForGraphSchema,
  ZnodeDetailSchema,
} from '../lib/protocol';

type Method = 'get' | 'post' | 'delete';

interface Route {
  method: Method;
  /** OpenAPI's path template; `{path}` stands for a znode path's segments. */
  path: string;
  summary: string;
  /** Success status and the schema of its JSON body (null: not JSON). */
  ok: [status: number, schema: z.ZodType | null, contentType?: string];
  /** The error statuses it may answer, each with `{error}`. */
  errors: number[];
  body?: z.ZodType;
  query?: Array<{ name: string; schema: z.ZodType; description: string }>;
  /** Needs the admin token when one is configured. */
  control?: boolean;
}

/** `?at=`: a moment of ZooKeeper's files, answered from them (live mode with ZK_DATA_DIR or the embedded ZooKeeper; replay mode). */
const AT = { name: 'at', schema: MomentText, description: "a past moment, answered from ZooKeeper's own files as ZooKeeper had it right after that transaction: a zxid (0x…) or a time in ms since the epoch; 404 before the files begin, 503 while they are first read" };

/** The query of the files' incidents or holds: those of a span and of one lock, and the write-up's table instead of JSON. */
const spanQuery = (what: string, open = '') => [
  { name: 'from', schema: IncidentQuerySchema.shape.from, description: `only ${what} that end at or after this time (ms since the epoch)${open}` },
  { name: 'to', schema: IncidentQuerySchema.shape.to, description: `only ${what} that begin at or before this time (ms since the epoch)` },
  { name: 'path', schema: IncidentQuerySchema.shape.path, description: "only this lock's" },
  ...WRITE_UP,
];

/** The query of a table for a post-mortem's write-up, instead of JSON. */
const WRITE_UP = [
  { name: 'format', schema: IncidentQuerySchema.shape.format, description: 'csv (text/csv) or markdown (text/markdown): a table to save for a write-up, one row each, instead of JSON' },
  { name: 'tz', schema: IncidentQuerySchema.shape.tz, description: "the time zone of the table's times (an IANA name such as Europe/Berlin; UTC by default), written ISO 8601 with their offset" },
  { name: 'lang', schema: IncidentQuerySchema.shape.lang, description: "the language of the table's sentences (en by default)" },
];
const ZNODE = 'A znode path, its segments after the route (e.g. `/api/locks/app/orders/lock`).';

/** Which ensemble a route reads: every route but those of the explorer itself. */
const ENSEMBLE = { name: 'ensemble', schema: z.string(), description: 'the ensemble to read, by its name (GET /api/ensembles lists them; 404 for one not followed); the first without it' };
const ENSEMBLE_WIDE = new Set(['/api/ensembles', '/api/openapi.json']);
/** The metrics are every ensemble's unless one is named. */
const METRICS_ENSEMBLE = { ...ENSEMBLE, description: 'one ensemble’s series alone, by its name (404 for one not followed); every ensemble’s without it, each series labelled with its ensemble' };

/** Every REST route of the explorer. */
export const ROUTES: readonly Route[] = [
  { method: 'get', path: '/api/ensembles', summary: 'Every ensemble the explorer follows (ZK_ENSEMBLES; one named default without it): how it stands and why, its locks, and those that need a look the most.', ok: [200, EnsembleListSchema], errors: [] },
  { method: 'get', path: '/api/health', summary: 'Whether the explorer is connected, its features, introspection and watch mode.', ok: [200, HealthResponseSchema], errors: [] },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics (text exposition format): every series of a lock or a ZooKeeper labelled with its `ensemble`, the process’s own once.', ok: [200, null, 'text/plain'], errors: [] },
  { method: 'get', path: '/api/zookeeper/monitor', summary: "ZooKeeper's watch counters (mntr) of every member.", ok: [200, MonitorSchema], errors: [] },
  { method: 'get', path: '/api/locks', summary: 'Every lock found under LOCK_ROOTS.', ok: [200, LockListSchema], errors: [400, 404, 503], query: [AT] },
  {
    method: 'get',
    path: '/api/locks/{path}',
    summary: 'One lock as ZooKeeper has it now: nodes, roles, watches, anomalies.',
    ok: [200, z.union([LockSnapshotSchema, ColumnsLockSnapshotSchema])],
    errors: [400, 404, 503],
    query: [{ name: 'form', schema: z.enum(['nodes', 'columns']), description: 'nodes (the default) or columns, the compact form' }, AT],
  },
  {
    method: 'get',
    path: '/api/history/{path}',
    summary: "A lock's holds and waits, with percentiles over five minutes: from ZooKeeper's files when the explorer follows them (back to the oldest transaction they keep), else those the explorer saw.",
    ok: [200, LockHistorySchema],
    errors: [400, 404, 503],
    query: [{ name: 'since', schema: HistorySinceText, description: 'leave out the holds and waits that ended before this time (ms since the epoch)' }],
  },
  {
    method: 'get',
    path: '/api/unreadable/{path}',
    summary: "A lock ZooKeeper will not let the explorer read (NoAuth), as its list of ephemeral nodes tells it: how many contend and hold, and its first nodes in queue order with their owner session and client.",
    ok: [200, UnreadableLockSchema],
    errors: [400, 404],
    query: [{ name: 'limit', schema: UnreadableQuerySchema.shape.limit, description: 'how many of its nodes to list, from the head of the queue (200 by default)' }],
  },
  { method: 'get', path: '/api/nodes/{path}', summary: 'One lock node: its stat and data.', ok: [200, ZnodeDetailSchema], errors: [400, 403, 404, 503], query: [AT] },
  { method: 'get', path: '/api/diagnostics', summary: 'Every anomaly and deadlock across the locks found.', ok: [200, DiagnosticsSchema], errors: [] },
  { method: 'get', path: '/api/waits-for', summary: 'Who waits for whom across the watched locks, and the deadlocks.', ok: [200, WaitsForGraphSchema], errors: [400, 404, 503], query: [AT] },
  { method: 'get', path: '/api/replay', summary: "What the explorer read of ZooKeeper's own files: their span, each file, where reading stopped and why.", ok: [200, ReplayInfoSchema], errors: [404, 503] },
  {
    method: 'get',
    path: '/api/incidents',
    summary: "Every incident found in ZooKeeper's files: forced handovers, the stuck intervals before them, elections, long holds and waits, mass expiries, herd storms.",
    ok: [200, IncidentListSchema],
    errors: [400, 404, 503],
    query: spanQuery('incidents'),
  },
  {
    method: 'get',
    path: '/api/holds',
    summary: "Every hold found in ZooKeeper's files, with the zxids at its start and end and its node's czxid (its fencing token).",
    ok: [200, WrittenHoldListSchema],
    errors: [400, 404, 503],
    query: spanQuery('holds', ', or still hold'),
  },
  { method: 'get', path: '/api/changes/{path}', summary: "Every moment the lock's children changed in ZooKeeper's files.", ok: [200, LockChangesSchema], errors: [400, 404, 503] },
  {
    method: 'get',
    path: '/api/sessions',
    summary: 'The sessions that own lock nodes, filtered and a page at a time.',
    ok: [200, SessionListSchema],
    errors: [400, 404, 503],
    query: [
      AT,
      { name: 'q', schema: SessionQuerySchema.shape.q, description: 'only sessions whose id, client, lock or node name contains this' },
      { name: 'offset', schema: SessionQuerySchema.shape.offset, description: 'how many matching sessions to skip (0)' },
      { name: 'limit', schema: SessionQuerySchema.shape.limit, description: 'the most to list, 1 to 500 (100)' },
    ],
  },
  { method: 'get', path: '/api/sim/contenders', summary: 'The simulated contenders and the mutual-exclusion violations.', ok: [200, ContenderListSchema], errors: [403] },
  { method: 'post', path: '/api/sim/contenders', summary: 'Spawns simulated contenders inside SIM_ROOT.', ok: [201, SpawnResponseSchema], errors: [400, 401, 403, 413, 429], body: SpawnRequestSchema, control: true },
  {
    method: 'delete',
    path: '/api/sim/contenders',
    summary: 'Stops every simulated contender, or those of one lock, and removes their nodes.',
    ok: [200, StopResponseSchema],
    errors: [400, 401, 403, 429],
    query: [{ name: 'path', schema: z.string(), description: 'only the contenders of this lock' }],
    control: true,
  },
  {
    method: 'post',
    path: '/api/sim/contenders/renew',
    summary: 'Renews the lease of the contenders of one lock spawned with `leaseMs` (a page that still shows them); 404 when none holds one.',
    ok: [200, RenewResponseSchema],
    errors: [400, 401, 403, 404, 429],
    query: [{ name: 'path', schema: z.string(), description: 'the lock whose contenders are renewed' }],
    control: true,
  },
  {
    method: 'post',
    path: '/api/sim/contenders/{id}/{action}',
    summary: 'A fault or a release on one contender.',
    ok: [200, ActionResponseSchema],
    errors: [400, 401, 403, 404, 429],
    body: ActionRequestSchema,
    control: true,
  },
  { method: 'post', path: '/api/break', summary: 'Deletes a lock node to break a stuck lock (ALLOW_BREAK_LOCKS), if it is still the one shown.', ok: [200, BreakResponseSchema], errors: [400, 401, 403, 404, 409, 429], body: BreakRequestSchema, control: true },
  {
    method: 'post',
    path: '/api/revoke',
    summary: "Asks the holder of a Curator lock to let go (ALLOW_BREAK_LOCKS): writes __REVOKE__ into its node, as Curator's Revoker does; refused when the holder does not watch its node.",
    ok: [200, RevokeResponseSchema],
    errors: [400, 401, 403, 404, 409, 429],
    body: BreakRequestSchema,
    control: true,
  },
  { method: 'get', path: '/api/garbage', summary: 'Lock garbage: the lock parents left empty (grouped by parent path), leaked contender nodes, ghost ephemerals, persistent nodes inside locks, and whether they may be cleaned up here.', ok: [200, GarbageViewSchema], errors: [404] },
  {
    method: 'get',
    path: '/api/garbage/empty',
    summary: 'One group of empty lock parents (or all), in path order; with minIdleMs, the dry run of a clean-up; format=zkcli gives the zkCli.sh commands.',
    ok: [200, EmptyParentsPageSchema],
    errors: [400, 404],
    query: [
      { name: 'group', schema: EmptyParentsQuerySchema.shape.group, description: 'the parent path of the group (all when absent)' },
      { name: 'offset', schema: EmptyParentsQuerySchema.shape.offset, description: 'the first to list' },
      { name: 'limit', schema: EmptyParentsQuerySchema.shape.limit, description: 'how many to list (500 by default, at most 100,000)' },
      { name: 'minIdleMs', schema: EmptyParentsQuerySchema.shape.minIdleMs, description: 'the dry run: leave out the parents the explorer has known empty for less than this (ms)' },
      { name: 'format', schema: EmptyParentsQuerySchema.shape.format, description: 'json (the default) or zkcli: `delete -v <version> <path>` lines' },
    ],
  },
  {
    method: 'post',
    path: '/api/garbage/cleanup',
    summary: 'Deletes the empty lock parents of the groups (ALLOW_CLEANUP), each only if still empty and unchanged (read again, then a multi of a check of its version and the delete), at CLEANUP_DELETES_PER_SECOND; refused if the plan grew since the dry run.',
    ok: [202, CleanupRunSchema],
    errors: [400, 401, 403, 404, 409, 429],
    body: CleanupRequestSchema,
    control: true,
  },
  { method: 'get', path: '/api/garbage/cleanup', summary: 'The clean-up under way or last run: planned, deleted, skipped and why, left.', ok: [200, CleanupRunSchema], errors: [404] },
  { method: 'delete', path: '/api/garbage/cleanup', summary: 'Stops the clean-up under way after its current step.', ok: [200, CleanupRunSchema], errors: [401, 403, 404, 409, 429], control: true },
  { method: 'post', path: '/api/garbage/leaked', summary: 'Deletes one leaked contender node (ALLOW_CLEANUP or ALLOW_BREAK_LOCKS), if it is still leaked and the one shown.', ok: [200, LeakedDeleteResponseSchema], errors: [400, 401, 403, 404, 409, 429], body: LeakedDeleteRequestSchema, control: true },
  { method: 'get', path: '/api/openapi.json', summary: 'This description.', ok: [200, null, 'application/json'], errors: [] },
];

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: under way',
  400: 'The request is invalid; `error` says why',
  401: 'The admin token is missing or wrong',
  403: 'Not allowed here (cross-site, outside the roots or the sandbox, or turned off)',
  404: 'Not found',
  409: 'ZooKeeper changed since it was shown (or, for a clean-up, the plan grew or one runs)',
  413: 'The body is too large',
  429: 'Too many control requests from this address',
  503: 'ZooKeeper cannot be reached',
};

const schema = (type: z.ZodType, io: 'input' | 'output'): object => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(type, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

function parameters(route: Route): object[] {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: name === 'path' ? ZNODE : name === 'action' ? 'the action' : 'the contender id',
    schema: name === 'action' ? schema(ContenderActionSchema, 'input') : { type: 'string' },
  }));
  const query = [...(route.query ?? []), ...(ENSEMBLE_WIDE.has(route.path) ? [] : [route.path === '/metrics' ? METRICS_ENSEMBLE : ENSEMBLE])].map((entry) => ({ name: entry.name, in: 'query', required: false, description: entry.description, schema: schema(entry.schema, 'input') }));
  return [...inPath, ...query];
}

/** The OpenAPI 3.1 document of every route. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of ROUTES) {
    const [status, body, contentType = 'application/json'] = route.ok;
    const responses: Record<string, object> = {
      [status]: { description: STATUS_TEXT[status] ?? 'OK', content: { [contentType]: body === null ? { schema: {} } : { schema: schema(body, 'output') } } },
    };
    const errors = ENSEMBLE_WIDE.has(route.path) ? route.errors : [...new Set([...route.errors, 400, 404])].sort();
    for (const error of errors) responses[error] = { description: STATUS_TEXT[error] ?? 'Error', content: { 'application/json': { schema: schema(ErrorResponseSchema, 'output') } } };
    const operation: Record<string, unknown> = { summary: route.summary, operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`, responses };
    const params = parameters(route);
    if (params.length > 0) operation.parameters = params;
    if (route.body !== undefined) operation.requestBody = { required: true, content: { 'application/json': { schema: schema(route.body, 'input') } } };
    if (route.control) operation.security = [{}, { adminToken: [] }];
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'zk-lock-explorer', version, description: 'Live view of ZooKeeper distributed locks. Controls (simulation, breaking a lock) refuse cross-site requests and need the admin token when ADMIN_TOKEN is set.' },
    servers: [{ url: '/' }],
    paths,
    components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' } } },
  };
}
