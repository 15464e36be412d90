/** Incidents found in ZooKeeper's files (`GET /api/incidents`), and the sessions the files tell of. */
import { z } from 'zod';
import { HoldEndSchema, HoldRecordSchema } from './history';
import { HexId, ZnodePath } from './znode';

export const IncidentKindSchema = z.enum(['forced-handover', 'stuck', 'election', 'long-hold', 'long-wait', 'mass-expiry', 'herd-storm']);
export type IncidentKind = z.infer<typeof IncidentKindSchema>;

/** One incident: what happened, to which lock, from when to when (ms and zxid), and the sessions in it. */
export const IncidentSchema = z.object({
  kind: IncidentKindSchema,
  /** The lock; null for what concerns no one lock (a mass expiry). */
  path: z.string().nullable(),
  from: z.number(),
  to: z.number(),
  fromZxid: HexId.nullable(),
  toZxid: HexId.nullable(),
  /** The sessions in it: the holder first (a handover's, then the next holder), or every session expired. */
  sessions: z.array(HexId),
  /** A handover's or an election's: how the hold ended (`session-expired`, `broken`; `released` or `session-closed` for a clean election). */
  ended: HoldEndSchema.nullable(),
  /** The session that held next (a handover, an election); null when nobody did. */
  next: HexId.nullable(),
  /** An election's: the identities the system wrote in its node (Kafka's broker id), before and after. */
  identities: z.object({ before: z.string().nullable(), after: z.string().nullable() }).nullable(),
  /** Stuck: how many waited behind the dead holder; a mass expiry: how many sessions expired; a herd storm: the bound on its notifications. */
  count: z.number().int().nonnegative(),
  /** A herd storm's: the lock's changes in it and the most waiters present at one (each may have been woken by each change). */
  herd: z.object({ changes: z.number().int().positive(), peakWaiters: z.number().int().positive() }).nullable(),
  /** Stuck: the holder's session timeout (its last-heard bound is the expiry less this). */
  timeoutMs: z.number().nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;

/** `GET /api/incidents?from=&to=&path=`: every incident of the span (or of one lock), oldest first. */
export const IncidentListSchema = z.object({
  incidents: z.array(IncidentSchema),
  /** The thresholds a long hold and a long wait were judged by (ms). */
  longHoldMs: z.number(),
  longWaitMs: z.number(),
  /** The waiters a change must find for a herd storm (each may be woken by it). */
  herdStormWaiters: z.number(),
});
export type IncidentList = z.infer<typeof IncidentListSchema>;

/**
 * A table for a post-mortem's write-up instead of JSON: `format` CSV or Markdown, its times in the
 * zone `tz` (an IANA name; UTC by default), its sentences in `lang` (English by default).
 */
const WriteUpQuery = {
  format: z.enum(['csv', 'markdown']).optional(),
  tz: z.string().min(1).max(64).optional(),
  lang: z.enum(['en', 'zh']).optional(),
};

/** `GET /api/incidents`'s query: the incidents overlapping `from`–`to` (ms), of the lock `path` when given; as a table with `format`. */
export const IncidentQuerySchema = z.strictObject({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  path: ZnodePath.optional(),
  ...WriteUpQuery,
});

/** `GET /api/holds`'s query: the holds overlapping `from`–`to` (ms), of the lock `path` when given; as a table with `format`. */
export const HoldQuerySchema = IncidentQuerySchema;

/** A hold of a lock with what the files tell beside its record: the zxids at its start and end, and its node's czxid (its fencing token). */
export const WrittenHoldSchema = z.object({
  path: z.string(),
  hold: HoldRecordSchema,
  fromZxid: HexId.nullable(),
  toZxid: HexId.nullable(),
  czxid: HexId.nullable(),
});
export type WrittenHold = z.infer<typeof WrittenHoldSchema>;

/** `GET /api/holds`: every hold of the span (or of one lock), oldest first. */
export const WrittenHoldListSchema = z.object({ holds: z.array(WrittenHoldSchema) });
export type WrittenHoldList = z.infer<typeof WrittenHoldListSchema>;
