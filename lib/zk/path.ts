/** The longest znode path the explorer accepts; ZooKeeper itself allows longer, but no lock needs it. */
export const MAX_ZNODE_PATH_LENGTH = 1024;

// ZooKeeper's PathUtils.validatePath rejects these code points.
const FORBIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\ud800-\uf8ff\ufff0-\uffff]/u;

/**
 * Checks a znode path the way ZooKeeper's PathUtils.validatePath does, plus a length limit.
 * Returns null when the path is valid, otherwise a sentence saying what is wrong.
 */
export function znodePathError(path: string): string | null {
  if (path.length === 0) return 'a znode path must not be empty';
  if (path.length > MAX_ZNODE_PATH_LENGTH) {
    return `a znode path must be at most ${MAX_ZNODE_PATH_LENGTH} characters (got ${path.length})`;
  }
  if (!path.startsWith('/')) return 'a znode path must start with "/"';
  if (path === '/') return null;
  if (path.endsWith('/')) return 'a znode path must not end with "/"';
  if (FORBIDDEN_CHARACTER.test(path)) return 'a znode path must not contain control or reserved characters';
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') return 'a znode path must not contain an empty segment ("//")';
    if (segment === '.' || segment === '..') return 'a znode path must not contain "." or ".." segments';
  }
  return null;
}

/** Joins a parent path and a child name into the child's path. */
export function childPath(parent: string, name: string): string {
  // Joined, not concatenated: a path is kept for every node of a queue, and a concatenation is a pair of strings that becomes a third once read whole.
  return parent === '/' ? ['/', name].join('') : [parent, '/', name].join('');
}

/** The parent of a znode path; the root is its own parent. */
export function parentPath(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** The last name of a znode path ("" for the root). */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Whether `path` is `root` or lies below it. */
export function isWithin(path: string, root: string): boolean {
  if (root === '/') return true;
  return path === root || path.startsWith(`${root}/`);
}

/** Splits the path of a lock page URL (`/locks/app/orders/lock`) back into the znode path. */
export function znodePathFromSegments(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/** The URL-safe form of a znode path: each segment percent-encoded, slashes kept. */
export function encodeZnodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}
