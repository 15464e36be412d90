/**
 * Curator's revocation, the gentle way to free a lock: a holder that made its lock revocable
 * (`InterProcessMutex.makeRevocable`) watches its own node's data, and Curator calls its
 * `RevocationListener` when `__REVOKE__` is written there (`Revoker.attemptRevoke`). The holder
 * decides: it may release, or not. Nothing is deleted.
 */
import type { LockNode } from '../protocol';

/** What `Revoker.attemptRevoke` writes into the holder's node. */
export const REVOKE_MESSAGE = '__REVOKE__';

/** Recipes whose holders may make their lock revocable: Curator's InterProcessMutex, and the two InterProcessMutex of its read-write lock. */
const REVOCABLE_RECIPES: ReadonlySet<string> = new Set(['curator-mutex', 'curator-rwlock']);

/**
 * Whether asking `node`'s owner to let go can be heard: `listening` when ZooKeeper reports its
 * session watching the node's data (the holder made the lock revocable), `not-listening` when it
 * reports no such watch, `unknown` when ZooKeeper's watches are not known, `unsupported` for a
 * node that is no holder of a Curator lock.
 */
export type Revocability = 'listening' | 'not-listening' | 'unknown' | 'unsupported';

export function revocability(recipeId: string, node: LockNode): Revocability {
  if (!REVOCABLE_RECIPES.has(recipeId) || node.role !== 'holder' || !node.ephemeral) return 'unsupported';
  if (node.watchers === null) return 'unknown';
  return node.watchers.includes(node.sessionId) ? 'listening' : 'not-listening';
}

/** ZooKeeper's own client, asking as Curator's `Revoker` does. */
export function revokeCommand(connectString: string | null, nodePath: string): string {
  return `zkCli.sh -server ${connectString ?? '<host:port>'} set ${nodePath} ${REVOKE_MESSAGE}`;
}
