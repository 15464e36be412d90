/**
 * Where an ensemble's pages are and how they ask the API for it: its pages under `/e/<name>/…`,
 * its reads with `?ensemble=<name>`. The first ensemble's pages are also at `/…`, its reads
 * without the parameter.
 */

/** The ensemble a page's address (`pathname`) names, `/e/<name>/…`; null for an address outside any. */
export function ensembleOfPath(pathname: string): string | null {
  const named = /^\/e\/([^/]+)/.exec(pathname);
  if (named === null) return null;
  try {
    return decodeURIComponent(named[1]!);
  } catch {
    return named[1]!;
  }
}

/** The page at `path` (an address from `/`, with its query and hash) of the ensemble `name`; `path` itself for null. */
export function pageOfEnsemble(path: string, name: string | null): string {
  if (name === null) return path;
  const prefix = `/e/${encodeURIComponent(name)}`;
  return path === '/' ? prefix : path.startsWith('/?') || path.startsWith('/#') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** The API address `path` (`/api/…`, with its query) asked of the ensemble `name`; `path` itself for null. */
export function apiOfEnsemble(path: string, name: string | null): string {
  if (name === null) return path;
  const hash = path.indexOf('#');
  const [body, fragment] = hash < 0 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${body}${body.includes('?') ? '&' : '?'}ensemble=${encodeURIComponent(name)}${fragment}`;
}

/** The socket.io namespace of the ensemble `name`'s pages; the default one (`/`) for null. */
export function namespaceOfEnsemble(name: string | null): string {
  return name === null ? '/' : `/e/${name}`;
}
