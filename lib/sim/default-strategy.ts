/**
 * The simulator strategy a lock page offers first: the one whose contenders its lock's own
 * clients would be, so that spawning into a Curator lock, a herd or a semaphore adds more of the
 * same and not nodes of another layout the reader would have to tell apart.
 */
import type { RecipeId } from '../lock/recipes';
import type { Strategy } from '../protocol';

const BY_RECIPE: Partial<Record<RecipeId, Strategy>> = {
  herd: 'herd',
  'single-node': 'single-node',
  // Curator's and Kazoo's waiters read their predecessor's data.
  'curator-mutex': 'chained-getdata',
  'kazoo-lock': 'chained-getdata',
  // Read-write locks: a writer, the one that queues behind everyone.
  'curator-rwlock': 'write',
  'kazoo-rwlock': 'write',
  'zk-shared-lock': 'write',
  'menagerie-rwlock': 'write',
  'curator-semaphore': 'semaphore',
  'kazoo-semaphore': 'semaphore',
};

/** The strategy to offer on a lock read as `recipe` (null: not read yet, or no lock there): a chain, ZooKeeper's own recipe, where nothing says otherwise. */
export function defaultStrategy(recipe: RecipeId | null): Strategy {
  return (recipe === null ? undefined : BY_RECIPE[recipe]) ?? 'chained';
}
