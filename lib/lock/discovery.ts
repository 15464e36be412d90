/**
 * Where the locks of a tree are: the rules shared by the discovery's three ways of finding them
 * (ZooKeeper's list of ephemeral nodes, the scan of the tree, the creations a recursive watch
 * reports), so that the three cannot disagree on what is a lock.
 *
 * A node is a lock when the names of its children are a recipe's (sequential contenders, a
 * semaphore's `locks/` and `leases/`, Kazoo's leases), or when it has children and every one is
 * an ephemeral leaf (one ephemeral node per resource). A known system's lock node at a fixed name
 * (Kafka's `/controller`, HBase's `/hbase/master`) is a lock of its own, whatever its siblings
 * are, and makes its parent none. Nothing below a lock is searched.
 */
import { childPath, isWithin, nameOf, parentPath } from '../zk/path';
import { detectRecipe, kindOfName } from './reader';
import { CURATOR_DIR } from './recipes/curator-semaphore';
import { isSystemLock } from './systems';

export { isSystemLock };

/** ZooKeeper's own subtree (quotas, configuration): it holds no locks. */
export const SYSTEM_TREE = '/zookeeper';

/** Whether locks are looked for at `path`: below one of the roots, outside ZooKeeper's own subtree. */
export function isSearched(path: string, roots: readonly string[]): boolean {
  return !isWithin(path, SYSTEM_TREE) && roots.some((root) => isWithin(path, root));
}

/** Whether the names of a node's children are a lock recipe's, whatever their nodes are. */
export function isLockByNames(names: readonly string[]): boolean {
  const id = detectRecipe(names, null, null).id;
  return id !== 'unknown' && id !== 'single-node';
}

/**
 * Whether the node `parent` with these children is a lock: a recipe's names, or (the
 * single-node layout) children that are all ephemeral leaves, none a system's lock of its own.
 * `ephemeral` says it of one child by name.
 */
export function isLock(parent: string, names: readonly string[], ephemeral: (name: string) => boolean): boolean {
  return isLockByNames(names) || (names.length > 0 && names.every((name) => ephemeral(name) && !isSystemLock(childPath(parent, name))));
}

/**
 * Whether the creation of a child of this name may make its parent a lock whatever the child
 * is: a sequential name, or one a recipe's layout claims. A plain name makes a lock only when
 * its node is ephemeral (the single-node layout), which its stat tells.
 */
export function mayMakeLock(name: string): boolean {
  return kindOfName(name) !== 'plain';
}

/**
 * Where the lock holding the node at `path` (a contender) may be, nearest first: its parent, and
 * for a node of a Curator semaphore's `locks/` or `leases/`, the semaphore above them.
 */
export function lockParentsOf(path: string): string[] {
  return lockParentsAt(parentPath(path));
}

/** Where the lock may be that holds the children of `parent`: `parent`, and above a Curator semaphore's `locks/` or `leases/`, the semaphore. */
export function lockParentsAt(parent: string): string[] {
  const name = nameOf(parent);
  return CURATOR_DIR.pattern.test(name) && parent !== '/' ? [parentPath(parent), parent] : [parent];
}

/**
 * The nodes to read to find every lock that has an ephemeral contender, given every ephemeral
 * node ZooKeeper has (its `dump`): the parents that may be locks, each once, within the roots,
 * shallower first so that a semaphore is read before its `leases/`. Its cost grows with the
 * ephemeral nodes, not with the tree.
 */
export function candidatesFromEphemerals(ephemerals: Iterable<string>, roots: readonly string[]): string[] {
  const candidates = new Set<string>();
  for (const path of ephemerals) {
    for (const parent of lockParentsOf(path)) if (parent !== path && isSearched(parent, roots)) candidates.add(parent);
  }
  return [...candidates].sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** How many levels below `/` a path is (`/` is 0). */
export function depthOf(path: string): number {
  if (path === '/') return 0;
  let depth = 0;
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) depth += 1;
  return depth;
}

/** The known lock that `path` is, or lies below; null when none. Looks up each ancestor: as cheap for ten thousand locks as for one. */
export function enclosingLock(path: string, locks: ReadonlySet<string> | ReadonlyMap<string, unknown>): string | null {
  for (let at = path; ; at = parentPath(at)) {
    if (locks.has(at)) return at;
    if (at === '/') return null;
  }
}
