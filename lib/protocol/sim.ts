/** The simulator's requests and what it reports of each contender. */
import { z } from 'zod';
import { HexId, ZnodePath } from './znode';

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
  /** Stop these contenders and remove their nodes after this long (ms), whoever forgets them. */
  ttlMs: z.number().int().min(1000).max(86_400_000).optional(),
  /** Stop them too when nobody renews them (`POST /api/sim/contenders/renew`) for this long (ms): a page that went without a word (a closed browser) leaves them a moment, not until their time limit. */
  leaseMs: z.number().int().min(5000).max(3_600_000).optional(),
  /** When they stop, remove the lock's znode too, and its parent if that is left empty (never the sandbox root). */
  removeParent: z.boolean().optional(),
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

/** `POST /api/sim/contenders`: the contenders spawned, each once it has its session and has joined. */
export const SpawnResponseSchema = z.object({ contenders: z.array(ContenderInfoSchema) });
/** `POST /api/sim/contenders/renew?path=`: how many contenders' leases were renewed. */
export const RenewResponseSchema = z.object({ renewed: z.number().int().positive() });
/** `DELETE /api/sim/contenders`: how many were stopped. */
export const StopResponseSchema = z.object({ stopped: z.number().int().nonnegative() });
/** `POST /api/sim/contenders/{id}/{action}`: the contender as it is after the action. */
export const ActionResponseSchema = z.object({ contender: ContenderInfoSchema });
