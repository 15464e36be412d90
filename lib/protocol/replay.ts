/** Replay mode: what the explorer read of ZooKeeper's own files (`GET /api/replay`), and a moment of them. */
import { z } from 'zod';
import { HexId, ZnodePath } from './znode';

/** One file of the data directory, and what came of reading it. */
export const ReplayFileSchema = z.object({
  /** Its path as found. */
  path: z.string(),
  kind: z.enum(['log', 'snapshot']),
  /** The zxid in its name: a log's first transaction, the last one a snapshot had applied when it began. */
  zxid: HexId,
  bytes: z.number().int().nonnegative(),
  /** Whether the replay used it (a snapshot older than the one chosen, or a log before it, is not needed). */
  used: z.boolean(),
  /** The transactions read from it (a log), or its znodes (a snapshot). */
  count: z.number().int().nonnegative(),
  /** What was wrong with it, when something was. */
  problem: z.string().nullable(),
});
export type ReplayFile = z.infer<typeof ReplayFileSchema>;

/** A moment of the files: right after this transaction. */
export const MomentSchema = z.object({ zxid: HexId, time: z.number() });
export type Moment = z.infer<typeof MomentSchema>;

/**
 * A stretch of the log the replay could not read (a damaged entry, a log missing) and went on
 * after, from the next snapshot the remaining logs continue: from the last transaction read
 * before it to the snapshot's zxid (the same moment when the snapshot holds nothing more). What
 * changed in it is known from the snapshot, not when, by whom or why.
 */
export const ReplayGapSchema = z.object({
  from: MomentSchema,
  to: MomentSchema,
  /** The log where reading broke off, the offset of the entry not read, and what was wrong there (the reader's words, as in `ReplayFile.problem`). */
  path: z.string(),
  offset: z.number().int().nonnegative(),
  problem: z.string(),
  /** The snapshot read on from. */
  snapshot: z.string(),
  /**
   * Where the snapshot (fuzzy: written while ZooKeeper went on) lacks a node the log deletes after
   * it whose create was in what could not be read, and no later snapshot is whole: the zxid of that
   * delete, from which the replay is exact again (until it, such a node is missing); null: from `to` on.
   */
  exactFrom: z.string().nullable(),
});
export type ReplayGap = z.infer<typeof ReplayGapSchema>;

/** `GET /api/replay`: the span of the files and how far they could be read. */
export const ReplayInfoSchema = z.object({
  /** The directories given (ZK_REPLAY, --replay or ZK_DATA_DIR). */
  dirs: z.array(z.string()),
  /** The first and last moments shown (ms), and their zxids; null when no transaction was read. */
  from: z.number().nullable(),
  to: z.number().nullable(),
  firstZxid: HexId.nullable(),
  lastZxid: HexId.nullable(),
  /** How many transactions were replayed. */
  transactions: z.number().int().nonnegative(),
  files: z.array(ReplayFileSchema),
  /** Where the replay stopped before the end of the files: the file, the offset of the first entry not read, the last transaction applied. */
  stoppedAt: z.object({ path: z.string(), offset: z.number().int().nonnegative(), zxid: HexId.nullable() }).nullable(),
  /** The stretches it could not read and went on after, oldest first. */
  gaps: z.array(ReplayGapSchema),
  /** Why it stopped there, or why nothing could be read; null when every file was read whole. */
  reason: z.string().nullable(),
  /** The files of a live ZooKeeper, followed as it writes them (live mode): a page may go back to the present. */
  live: z.boolean(),
});
export type ReplayInfo = z.infer<typeof ReplayInfoSchema>;

/** `?at=`: a zxid as ZooKeeper prints it (`0x1a2b`) or a time in ms since the epoch. */
export const MOMENT_WRITTEN = 'a zxid (0x…) or a time in ms since the epoch';
export const MomentText = z.string().regex(/^(0x[0-9a-fA-F]{1,16}|\d{1,15})$/, MOMENT_WRITTEN);


/** `GET /api/changes/<lock path>`: every moment the lock's children changed in the files, oldest first. */
export const LockChangesSchema = z.object({ path: ZnodePath, changes: z.array(MomentSchema) });

/** `replay:moment` over the socket: the moment this connection's pages show, and the span it may move in. */
export const ReplayMomentSchema = z.object({
  /** The last transaction at or before the moment asked for. */
  at: MomentSchema,
  /** The clock the pages show (ages, durations): the time asked for, or the transaction's when a zxid or a change was asked for. */
  time: z.number(),
  from: MomentSchema,
  to: MomentSchema,
});
export type ReplayMoment = z.infer<typeof ReplayMomentSchema>;

/** How many bins a lock's changes are counted in over the span, for the time control to draw. */
export const CHANGE_BINS = 120;

/** `replay:lock`: a followed lock's changes around the moment, for stepping through them. */
export const ReplayLockSchema = z.object({
  path: z.string(),
  /** The lock's change before the moment and after it; null at either end. */
  previous: MomentSchema.nullable(),
  next: MomentSchema.nullable(),
  /** How many changes the lock had over the span. */
  changes: z.number().int().nonnegative(),
  /** Its changes counted in CHANGE_BINS equal stretches of the span. */
  density: z.array(z.number().int().nonnegative()),
});
export type ReplayLock = z.infer<typeof ReplayLockSchema>;

/** `replay:at`: move this connection's pages to a moment (a zxid or a time in ms). */
export const ReplayAtRequestSchema = z.strictObject({ at: MomentText });
export type ReplayAtRequest = z.infer<typeof ReplayAtRequestSchema>;

/** `replay:step`: move to a followed lock's change before or after the moment. */
export const ReplayStepRequestSchema = z.strictObject({ path: ZnodePath, direction: z.enum(['previous', 'next']) });
export type ReplayStepRequest = z.infer<typeof ReplayStepRequestSchema>;
