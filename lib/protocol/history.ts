/** What happened to a lock: its past holds and waits, and their percentiles over a sliding window. */
import { z } from 'zod';
import { LockModeSchema } from './lock';
import { HexId } from './znode';

/**
 * How a hold ended: its owner deleted the node, its session expired or its client closed the
 * session (ZooKeeper deleted it; only the transaction log tells a close from an expiry), an
 * operator (another session) broke it, or (replay) it ended in a stretch of the log that could
 * not be read, told by the snapshot after it: how is not known, and it ended at the latest then.
 */
export const HoldEndSchema = z.enum(['released', 'session-expired', 'session-closed', 'broken', 'gap']);
export type HoldEnd = z.infer<typeof HoldEndSchema>;

/** One hold of the lock by one node. */
export const HoldRecordSchema = z.object({
  node: z.string(),
  sessionId: HexId,
  /** Where its owner connected from, when ZooKeeper said. */
  client: z.string().nullable(),
  mode: LockModeSchema,
  /** When it began to hold (ms); for a hold that began before the explorer followed the lock, its node's creation. */
  from: z.number(),
  /** When it ended (ms); null while it holds. */
  to: z.number().nullable(),
  ended: HoldEndSchema.nullable(),
  /** It already held when the explorer began to follow the lock: it may have held since before `from`. */
  before: z.boolean(),
});
export type HoldRecord = z.infer<typeof HoldRecordSchema>;

/** One wait for the lock by one node. */
export const WaitRecordSchema = z.object({
  node: z.string(),
  sessionId: HexId,
  /** When its node was created (ms). */
  queuedAt: z.number(),
  /** When it got the lock (ms); null while it waits or when it left without. */
  heldAt: z.number().nullable(),
  /** When it left without holding (ms), if it did. */
  leftAt: z.number().nullable(),
});
export type WaitRecord = z.infer<typeof WaitRecordSchema>;

export const PercentilesSchema = z.object({ count: z.number().int().nonnegative(), p50: z.number(), p95: z.number(), p99: z.number() });
export type Percentiles = z.infer<typeof PercentilesSchema>;

/** `GET /api/history/<lock path>`: the lock's recent holds and waits, and their figures over the window. */
export const LockHistorySchema = z.object({
  path: z.string(),
  /** How many holds and how many waits are kept (the oldest go first). */
  capacity: z.number().int().positive(),
  /** When the explorer began to follow the lock (ms). */
  since: z.number(),
  /** Holds and waits that ended before this (ms) were left out (`?since=`); null when every record kept is listed. */
  recordsSince: z.number().nullable(),
  holds: z.array(HoldRecordSchema),
  waits: z.array(WaitRecordSchema),
  stats: z.object({
    /** The sliding window the figures are over (ms), ending at `at`. */
    windowMs: z.number().int().positive(),
    at: z.number(),
    /** Durations in seconds of the holds and waits that ended in the window; null when none did. */
    hold: PercentilesSchema.nullable(),
    wait: PercentilesSchema.nullable(),
    /** Holds that began in the window, per minute. */
    handoversPerMinute: z.number().nonnegative(),
  }),
});
export type LockHistory = z.infer<typeof LockHistorySchema>;

/** `?since=` of the history as written: a time (ms since the epoch); what ended before it is left out. */
export const HistorySinceText = z.string().regex(/^\d{1,15}$/, 'a time in ms since the epoch');
export const HistorySinceSchema = HistorySinceText.transform(Number);
