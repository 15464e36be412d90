/**
 * The registry: every recipe the explorer reads, one module each. The protocol's recipe ids and
 * every table of the reader are derived from this list; adding a recipe is its module and a line here.
 *
 * Order matters twice: a child name is of the first layout (in this order) that matches it, and
 * a lock is the first recipe whose layouts cover all its sequential children. So narrower layouts
 * come before broad ones (`named-locks` is last of them), and a recipe before one that extends it
 * (a Kazoo Lock before the read-write lock that also has readers).
 */
import { bookkeeperAuditor } from './bookkeeper-auditor';
import { curatorLatch } from './curator-latch';
import { curatorMutex } from './curator-mutex';
import { curatorRwLock } from './curator-rwlock';
import { curatorSemaphore } from './curator-semaphore';
import { ephemeralClaims } from './ephemeral-claims';
import { generic, herd, unknown } from './fallbacks';
import { goZookeeper } from './go-zookeeper';
import { kazooLock } from './kazoo-lock';
import { kazooRwLock } from './kazoo-rwlock';
import { kazooSemaphore } from './kazoo-semaphore';
import { menagerieRwLock } from './menagerie-rwlock';
import { namedLocks } from './named-locks';
import { sequentialLock } from './sequential-lock';
import { singleNode } from './single-node';
import { solrElection } from './solr-election';
import { zkSharedLock } from './zk-shared-lock';
import { zkWriteLock } from './zk-writelock';

export const RECIPES = [
  curatorMutex,
  curatorRwLock,
  curatorSemaphore,
  curatorLatch,
  kazooLock,
  kazooRwLock,
  kazooSemaphore,
  zkWriteLock,
  goZookeeper,
  solrElection,
  bookkeeperAuditor,
  ephemeralClaims,
  sequentialLock,
  menagerieRwLock,
  zkSharedLock,
  namedLocks,
  singleNode,
  herd,
  generic,
  unknown,
] as const;

/** The id of a recipe of the registry. */
export type RecipeId = (typeof RECIPES)[number]['id'];

/** Every recipe id, in the registry's order (the protocol's enum). */
export const RECIPE_IDS = RECIPES.map((recipe) => recipe.id) as [RecipeId, ...RecipeId[]];

export type { Recipe } from './recipe';
