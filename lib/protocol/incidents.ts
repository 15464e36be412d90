/** Incidents found in ZooKeeper's files (`GET /api/incidents`), and the sessions the files tell of. */
import { z } from 'zod';
import { HexId, ZnodePath } from './znode';

export const IncidentKindSchema = z.enum(['forced-handover', 'stuck', 'election', 'long-hold', 'long-wait', 'mass-expiry']);
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
  ended: z.enum(['released', 'session-expired', 'session-closed', 'broken']).nullable(),
  /** The session that held next (a handover, an election); null when nobody did. */
  next: HexId.nullable(),
  /** An election's: the identities the system wrote in its node (Kafka's broker id), before and after. */
  identities: z.object({ before: z.string().nullable(), after: z.string().nullable() }).nullable(),
  /** Stuck: how many waited behind the dead holder; a mass expiry: how many sessions expired. */
  count: z.number().int().nonnegative(),
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
});
export type IncidentList = z.infer<typeof IncidentListSchema>;

/** `GET /api/incidents`'s query: the incidents overlapping `from`–`to` (ms), of the lock `path` when given. */
export const IncidentQuerySchema = z.strictObject({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  path: ZnodePath.optional(),
});
