/**
 * The scan's walk of the tree below the roots, as plain data and rules: depth first, so that what
 * it holds is the path it is on, each node's children listed together with its siblings' in one
 * multiRead of at most BATCH nodes. Fed each batch's listings (and, where only a stat tells, the
 * leaves' ephemeral owners), it answers which nodes are locks and what to list next. A node whose
 * children are a recipe's is a lock and is not walked into; one whose children are all ephemeral
 * leaves too (the single-node layout: known from `dump`'s listing, or from their stats). It does
 * no I/O: discovery (`server/locks/discovery.ts`) lists what it asks, at the configured rate.
 */
import type { Reason } from '../protocol';
import { childPath, isWithin } from '../zk/path';
import { isLockByNames, isSearched } from './discovery';
import { isSystemLock } from './systems';

/** Nodes listed in one step of the scan (one multiRead). */
export const SCAN_BATCH = 500;

/** A node the scan walks into: a lock when every child turns out to be an ephemeral leaf. */
export interface ScanDirectory {
  path: string;
  depth: number;
  /** Pieces of its children not yet listed. */
  pending: number;
  /** Every child listed so far is a leaf that may be ephemeral; false once one is not. */
  allLeaves: boolean;
  /** How many of its children were found to be leaves (children gone meanwhile do not count): none, no lock. */
  leaves: number;
  /** Its own verdict was given elsewhere (a re-read after a child watch fired): only its children are walked. */
  judged: boolean;
}

/** One step of the scan: some children of a directory, listed together. */
export interface ScanPiece {
  parent: ScanDirectory;
  names: string[];
}

/** What the walk has still to list: its pieces, the last pushed on top. */
export interface ScanWalk {
  roots: readonly string[];
  maxDepth: number;
  stack: ScanPiece[];
}

/** A node's listing as the walk takes it: its children's names, `no-auth` (ZooKeeper would not let the explorer list it), or `gone` (no node, or another error). */
export type Listing = string[] | 'no-auth' | 'gone';

export function scanWalk(roots: readonly string[], maxDepth: number): ScanWalk {
  return { roots, maxDepth, stack: [] };
}

/** The roots to list first: those within no other root. */
export function outermostRoots(roots: readonly string[]): string[] {
  return roots.filter((root) => !roots.some((other) => other !== root && isWithin(root, other)));
}

/** The roots were listed: the locks among them, and the others walked into. */
export function rootsListed(walk: ScanWalk, roots: readonly string[], listings: readonly Listing[]): string[] {
  const locks: string[] = [];
  roots.forEach((root, index) => {
    const names = listings[index];
    if (!Array.isArray(names) || !isSearched(root, walk.roots)) return;
    if (isLockByNames(names)) locks.push(root);
    else walkInto(walk, { path: root, depth: 0, pending: 0, allLeaves: true, leaves: 0, judged: false }, names);
  });
  return locks;
}

/** Walks into a directory: its searched children, in pieces of at most a batch, to be listed. */
export function walkInto(walk: ScanWalk, directory: ScanDirectory, names: readonly string[]): void {
  const searched = names.filter((name) => isSearched(childPath(directory.path, name), walk.roots));
  if (searched.length < names.length) directory.allLeaves = false;
  for (let start = 0; start < searched.length; start += SCAN_BATCH) {
    directory.pending += 1;
    walk.stack.push({ parent: directory, names: searched.slice(start, start + SCAN_BATCH) });
  }
}

/** The next batch to list: pieces from the top of the stack, up to one multiRead's worth of nodes. */
export function nextBatch(walk: ScanWalk): ScanPiece[] {
  const batch: ScanPiece[] = [];
  let size = 0;
  while (walk.stack.length > 0 && size + walk.stack.at(-1)!.names.length <= SCAN_BATCH) {
    const piece = walk.stack.pop()!;
    batch.push(piece);
    size += piece.names.length;
  }
  if (batch.length === 0 && walk.stack.length > 0) batch.push(walk.stack.pop()!);
  return batch;
}

/** The paths a batch lists, in order. */
export function batchPaths(batch: readonly ScanPiece[]): string[] {
  return batch.flatMap((piece) => piece.names.map((name) => childPath(piece.parent.path, name)));
}

/** What a batch's listings decided, and what only the nodes' stats can still tell. */
export interface BatchListed {
  /** Nodes whose children are a recipe's: locks. */
  locks: string[];
  /** A system's lock nodes of their own (Kafka's /controller): locks if ephemeral, which the listing of `dump` tells, or their stat. */
  systemLeaves: string[];
  /** Directories whose leaves only their stats can say are all ephemeral (no listing of the ephemeral nodes to tell). */
  unsure: Array<{ directory: ScanDirectory; leaves: string[] }>;
  /** Nodes ZooKeeper would not let the explorer list, where no listing of the ephemeral nodes says what is below them. */
  unlisted: string[];
  /** Why the list is partial, if this batch made it so (a node deeper than the scan goes). */
  partial: Reason | null;
  /** Every node without children the batch listed that is not known to be ephemeral: a lock parent left empty is one (`lib/lock/garbage.ts`). */
  leaves: string[];
}

/**
 * A batch's listings (one per path of `batchPaths`): leaves counted toward their parent's
 * verdict, nodes with children walked into unless a recipe's names make them a lock, or they are
 * followed already (`followed`). `ephemerals`, the listing of every ephemeral node, says which
 * leaves are ephemeral; without it, their stats must (`unsure`).
 */
export function batchListed(walk: ScanWalk, batch: readonly ScanPiece[], listings: readonly Listing[], ephemerals: ReadonlySet<string> | null, followed: (path: string) => boolean): BatchListed {
  const listed: BatchListed = { locks: [], systemLeaves: [], unsure: [], unlisted: [], partial: null, leaves: [] };
  let at = 0;
  for (const piece of batch) {
    const leaves: string[] = [];
    for (const name of piece.names) {
      const path = childPath(piece.parent.path, name);
      const names = listings[at]!;
      at += 1;
      // No member lists the ephemeral nodes: what is below a node the explorer may not list is not known.
      if (names === 'no-auth' && ephemerals === null) listed.unlisted.push(path);
      if (!Array.isArray(names)) continue;
      if (names.length === 0 && isSystemLock(path)) {
        // A system's lock node of its own, when it is ephemeral; it makes its parent no single-node lock.
        piece.parent.allLeaves = false;
        listed.systemLeaves.push(path);
        continue;
      }
      if (names.length === 0) {
        leaves.push(path);
        if (ephemerals === null || !ephemerals.has(path)) listed.leaves.push(path);
        continue;
      }
      piece.parent.allLeaves = false;
      if (followed(path)) continue;
      if (isLockByNames(names)) {
        listed.locks.push(path);
        continue;
      }
      const depth = piece.parent.depth + 1;
      if (depth > walk.maxDepth) {
        listed.partial = { kind: 'scan-deep', params: { depth: walk.maxDepth } };
        continue;
      }
      walkInto(walk, { path, depth, pending: 0, allLeaves: true, leaves: 0, judged: false }, names);
    }
    piece.parent.leaves += leaves.length;
    if (!piece.parent.allLeaves || piece.parent.judged) continue;
    if (ephemerals !== null) {
      if (!leaves.every((leaf) => ephemerals.has(leaf))) piece.parent.allLeaves = false;
    } else if (leaves.length > 0) {
      listed.unsure.push({ directory: piece.parent, leaves });
    }
  }
  return listed;
}

/** The stats of an unsure directory's leaves were read: a persistent one (`persistent`) makes it no single-node lock. */
export function leavesStatted(entry: BatchListed['unsure'][number], persistent: boolean): void {
  if (persistent) entry.directory.allLeaves = false;
}

/** A batch is done (its listings and stats taken): the directories whose every child is now listed, and every one an ephemeral leaf, are locks. */
export function batchDone(batch: readonly ScanPiece[]): string[] {
  const locks: string[] = [];
  for (const piece of batch) {
    const directory = piece.parent;
    directory.pending -= 1;
    if (directory.pending === 0 && directory.allLeaves && directory.leaves > 0 && !directory.judged) locks.push(directory.path);
  }
  return locks;
}
