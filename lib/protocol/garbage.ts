/**
 * The rubbish locks leave in ZooKeeper (`GET /api/garbage`): lock parents left empty, contender
 * nodes whose client gave up while its session lives on, ephemeral nodes whose session no member
 * knows, and persistent nodes inside a lock; and their safe clean-up.
 */
import { z } from 'zod';
import { RecipeIdSchema } from './lock';
import { HexId, ZnodePath } from './znode';

/** How an empty parent is known to have been a lock's: the explorer followed it, ZooKeeper's files show its contenders, or only its stat says so (persistent, no data, no children, children once). */
export const GarbageSurenessSchema = z.enum(['seen', 'files', 'stat']);
export type GarbageSureness = z.infer<typeof GarbageSurenessSchema>;

/** What stops a group of empty parents piling up, by the recipe that left it (the page words it). */
export const GarbageAdviceSchema = z.enum(['kazoo', 'curator', 'writelock', 'container', 'unknown']);
export type GarbageAdvice = z.infer<typeof GarbageAdviceSchema>;

/** One lock parent left empty, as it was read: the clean-up deletes it only if it still is so. */
export const EmptyParentSchema = z.object({
  path: z.string(),
  version: z.number().int(),
  cversion: z.number().int(),
  /** The transaction of its last child created or deleted. */
  pzxid: HexId,
  /** When it changed last as its stat tells (ms, ZooKeeper's clock): its last data write or its creation; a child's coming and going moves no time a stat shows. */
  changed: z.number(),
  sure: GarbageSurenessSchema,
  recipe: RecipeIdSchema.nullable(),
  /** Since when the explorer has known it empty (ms, its clock): a clean-up leaves the parents emptied lately (`minIdleMs`). */
  emptySince: z.number(),
});
export type EmptyParent = z.infer<typeof EmptyParentSchema>;

/** Empty parents under one parent path: the usual pile is one parent per resource name (a job, a user, a file). */
export const GarbageGroupSchema = z.object({
  parent: z.string(),
  count: z.number().int().nonnegative(),
  /** The oldest and newest of their last changes (ms). */
  oldest: z.number(),
  newest: z.number(),
  /** The recipe that left them: the one the explorer saw most of them (or their live siblings) follow; null when none is known. */
  recipe: RecipeIdSchema.nullable(),
  sure: z.object({ seen: z.number().int(), files: z.number().int(), stat: z.number().int() }),
  advice: GarbageAdviceSchema,
});
export type GarbageGroup = z.infer<typeof GarbageGroupSchema>;

/** Why a contender node is taken as leaked: a waiter no watch will wake, or a node whose session queued again behind it. */
export const LeakWhySchema = z.enum(['watches-nothing', 'queued-again']);

/** A contender node whose client gave up while its session lives on: every later acquire queues behind it. */
export const LeakedNodeSchema = z.object({
  lock: z.string(),
  node: z.string(),
  path: z.string(),
  czxid: HexId,
  sessionId: HexId,
  /** Where its session connects from (`cons`), else what its data names; null when unknown. */
  client: z.string().nullable(),
  /** When it was created (ms, ZooKeeper's clock). */
  ctime: z.number(),
  why: LeakWhySchema,
  /** It is at the head of its queue: the lock is held by a client that no longer uses it. */
  leads: z.boolean(),
});
export type LeakedNode = z.infer<typeof LeakedNodeSchema>;

/** An ephemeral node whose owner session no member knows any more (not connected anywhere, not in the leader's sessions) over two reports. */
export const GhostEphemeralSchema = z.object({
  sessionId: HexId,
  paths: z.array(z.string()),
  /** Since when the reports show it so (ms, the explorer's clock). */
  since: z.number(),
});
export type GhostEphemeral = z.infer<typeof GhostEphemeralSchema>;

/** A persistent node inside a lock: a recipe's nodes are ephemeral, so nothing will ever remove it. */
export const PersistentInLockSchema = z.object({ lock: z.string(), node: z.string(), path: z.string(), ctime: z.number() });
export type PersistentInLock = z.infer<typeof PersistentInLockSchema>;

export const GarbageCountsSchema = z.object({
  emptyParents: z.number().int().nonnegative(),
  leaked: z.number().int().nonnegative(),
  ghosts: z.number().int().nonnegative(),
  persistentInLocks: z.number().int().nonnegative(),
});
export type GarbageCounts = z.infer<typeof GarbageCountsSchema>;

/** Why a parent of the plan was not deleted. */
export const CleanupSkipSchema = z.enum(['gone', 'changed', 'not-empty', 'has-data', 'no-auth', 'failed']);
export type CleanupSkip = z.infer<typeof CleanupSkipSchema>;

/** A clean-up run: what it planned, deleted, skipped (and why) and has left. */
export const CleanupRunSchema = z.object({
  id: z.number().int(),
  state: z.enum(['running', 'done', 'stopped', 'failed']),
  groups: z.array(z.string()).nullable(),
  planned: z.number().int(),
  /** Left out of the plan as emptied lately (`minIdleMs`). */
  recent: z.number().int(),
  deleted: z.number().int(),
  skipped: z.partialRecord(CleanupSkipSchema, z.number().int()),
  /** The first skipped parents, with why. */
  skippedPaths: z.array(z.object({ path: z.string(), why: CleanupSkipSchema })),
  left: z.number().int(),
  /** Deletions a second at most. */
  rate: z.number(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  error: z.string().nullable(),
});
export type CleanupRun = z.infer<typeof CleanupRunSchema>;

/** `GET /api/garbage`. */
export const GarbageViewSchema = z.object({
  at: z.number(),
  counts: GarbageCountsSchema,
  /** Whether a whole scan of the tree has been read (before it, the empty parents are those found so far). */
  scanned: z.boolean(),
  /** The groups of empty parents, the largest first (at most GARBAGE_GROUPS_SHOWN); how many there are in all. */
  groups: z.array(GarbageGroupSchema),
  groupCount: z.number().int().nonnegative(),
  leaked: z.array(LeakedNodeSchema),
  ghosts: z.array(GhostEphemeralSchema),
  /** Whether ghosts can be told at all: the leader's sessions (`dump`) and every member's connections must be known. */
  ghostsKnown: z.boolean(),
  persistentInLocks: z.array(PersistentInLockSchema),
  cleanup: z.object({
    /** Whether empty parents may be deleted from here (ALLOW_CLEANUP). */
    allowed: z.boolean(),
    /** Whether a leaked node may be deleted from here (ALLOW_CLEANUP or ALLOW_BREAK_LOCKS). */
    leaked: z.boolean(),
    rate: z.number(),
    last: CleanupRunSchema.nullable(),
  }),
});
export type GarbageView = z.infer<typeof GarbageViewSchema>;

/** `GET /api/garbage/empty?group=&offset=&limit=` and the dry run: the parents that would go. */
export const EmptyParentsQuerySchema = z.object({
  group: ZnodePath.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100_000).default(500),
  format: z.enum(['json', 'zkcli']).default('json'),
  /** Given: the dry run of a clean-up, leaving the parents known empty for less than this (ms). */
  minIdleMs: z.coerce.number().int().min(0).max(30 * 24 * 3_600_000).optional(),
});
export const EmptyParentsPageSchema = z.object({
  group: z.string().nullable(),
  total: z.number().int(),
  offset: z.number().int(),
  items: z.array(EmptyParentSchema),
  /** The dry run (`minIdleMs` given): how many of the group it leaves as emptied lately. */
  recent: z.number().int().optional(),
});
export type EmptyParentsPage = z.infer<typeof EmptyParentsPageSchema>;

/** `POST /api/garbage/cleanup`: the groups to clean (null: every empty parent), and how many the dry run showed, so that a plan grown since is not run blind. */
export const CleanupRequestSchema = z.object({
  groups: z.array(ZnodePath).min(1).max(10_000).nullable(),
  expected: z.number().int().nonnegative(),
  /** Parents the explorer has known empty for less than this are left (ms): a lock in use empties between two holds, and a Kazoo Lock object that made its parent will not make it again. */
  minIdleMs: z.number().int().min(0).max(30 * 24 * 3_600_000).default(60_000),
});

/** `POST /api/garbage/leaked`: one leaked node, as it was shown. */
export const LeakedDeleteRequestSchema = z.object({ lock: ZnodePath, node: z.string().min(1).max(1024), czxid: HexId });

export const LeakedDeleteResponseSchema = z.object({ deleted: z.string(), sessionId: HexId, why: LeakWhySchema });
