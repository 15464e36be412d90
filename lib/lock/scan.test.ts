import { describe, expect, it } from 'vitest';
import { batchDone, batchListed, batchPaths, leavesStatted, nextBatch, outermostRoots, rootsListed, SCAN_BATCH, scanWalk, walkInto, type Listing, type ScanWalk } from './scan';

/** A tree as its listings: each node's children; a node absent is gone. */
type Tree = Record<string, string[] | 'no-auth'>;

/**
 * Walks a tree to its end as discovery does, one batch at a time: the locks found, in order.
 * `ephemerals` lists every ephemeral node (as `dump` does); without it, `persistent` says which
 * leaves a stat would show as persistent.
 */
function walkAll(walk: ScanWalk, tree: Tree, ephemerals: ReadonlySet<string> | null, persistent: ReadonlySet<string> = new Set()) {
  const locks: string[] = [];
  const unlisted: string[] = [];
  const leaves: string[] = [];
  const batches: number[] = [];
  const list = (path: string): Listing => tree[path] ?? 'gone';
  const roots = outermostRoots(walk.roots);
  locks.push(...rootsListed(walk, roots, roots.map(list)));
  while (walk.stack.length > 0) {
    const batch = nextBatch(walk);
    const paths = batchPaths(batch);
    batches.push(paths.length);
    const listed = batchListed(walk, batch, paths.map(list), ephemerals, (path) => locks.includes(path));
    locks.push(...listed.locks);
    unlisted.push(...listed.unlisted);
    leaves.push(...listed.leaves);
    for (const leaf of listed.systemLeaves) if (ephemerals?.has(leaf) ?? !persistent.has(leaf)) locks.push(leaf);
    for (const entry of listed.unsure) leavesStatted(entry, entry.leaves.some((leaf) => persistent.has(leaf)));
    locks.push(...batchDone(batch));
  }
  return { locks, unlisted, leaves, batches };
}

const CURATOR = ['_c_0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b-lock-0000000001', '_c_1f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b-lock-0000000002'];

describe('the scan walk', () => {
  it('finds a recipe\'s lock by its children\'s names and does not walk into it', () => {
    const tree: Tree = { '/': ['app', 'zookeeper'], '/app': ['locks'], '/app/locks': ['orders'], '/app/locks/orders': CURATOR, '/zookeeper': ['quota'] };
    const walked = walkAll(scanWalk(['/'], 64), tree, new Set());
    expect(walked.locks).toEqual(['/app/locks/orders']);
  });

  it('takes a node whose children are all ephemeral leaves as a single-node lock, and one with a persistent leaf as none', () => {
    const tree: Tree = { '/': ['jobs', 'config'], '/jobs': ['nightly'], '/jobs/nightly': [], '/config': ['db', 'cache'], '/config/db': [], '/config/cache': [] };
    expect(walkAll(scanWalk(['/'], 64), tree, new Set(['/jobs/nightly'])).locks).toEqual(['/jobs']);
    // No member lists the ephemeral nodes: the leaves' stats tell.
    expect(walkAll(scanWalk(['/'], 64), tree, null, new Set(['/config/db', '/config/cache'])).locks).toEqual(['/jobs']);
  });

  it('tells the leaves it listed that are not known ephemeral: the lock parents left empty are among them', () => {
    const tree: Tree = { '/': ['kazoo', 'app'], '/kazoo': ['locks'], '/kazoo/locks': ['job-1', 'job-2', 'job-3'], '/kazoo/locks/job-1': [], '/kazoo/locks/job-2': [], '/kazoo/locks/job-3': ['f3b2__lock__0000000001'], '/app': ['worker'], '/app/worker': [] };
    expect(walkAll(scanWalk(['/'], 64), tree, new Set(['/app/worker'])).leaves.sort()).toEqual(['/kazoo/locks/job-1', '/kazoo/locks/job-2']);
    expect(walkAll(scanWalk(['/'], 64), tree, null, new Set(['/kazoo/locks/job-1', '/kazoo/locks/job-2'])).leaves.sort()).toEqual(['/app/worker', '/kazoo/locks/job-1', '/kazoo/locks/job-2']);
  });

  it('finds a system\'s lock node of its own (Kafka\'s /controller) when ephemeral, and it makes its parent no lock', () => {
    const tree: Tree = { '/': ['kafka'], '/kafka': ['controller', 'controller_epoch'], '/kafka/controller': [], '/kafka/controller_epoch': [] };
    expect(walkAll(scanWalk(['/'], 64), tree, new Set(['/kafka/controller'])).locks).toEqual(['/kafka/controller']);
    expect(walkAll(scanWalk(['/'], 64), tree, new Set()).locks).toEqual([]);
  });

  it('lists at most a batch of nodes at a time, a long directory in pieces, and judges it once every piece is listed', () => {
    const names = Array.from({ length: 1_234 }, (_, i) => `worker-${i}`);
    const tree: Tree = { '/': ['workers'], '/workers': names, ...Object.fromEntries(names.map((name) => [`/workers/${name}`, []])) };
    const walked = walkAll(scanWalk(['/'], 64), tree, new Set(names.map((name) => `/workers/${name}`)));
    // The root's one child, then the directory's pieces from the top of the stack: the last piece pushed first.
    expect(walked.batches).toEqual([1, 234, SCAN_BATCH, SCAN_BATCH]);
    expect(walked.locks).toEqual(['/workers']);
  });

  it('walks depth first: what it holds is the path it is on, not the tree', () => {
    const tree: Tree = { '/': ['a', 'b'], '/a': ['x'], '/a/x': ['y'], '/a/x/y': ['deep'], '/a/x/y/deep': CURATOR, '/b': ['z'], '/b/z': CURATOR };
    const walk = scanWalk(['/'], 64);
    const walked = walkAll(walk, tree, new Set());
    expect(walked.locks).toEqual(['/b/z', '/a/x/y/deep']);
    expect(walk.stack).toEqual([]);
  });

  it('says which nodes it may not list where no listing of the ephemeral nodes tells what is below them, and stops at the depth it goes to', () => {
    const tree: Tree = { '/': ['secret', 'a'], '/secret': 'no-auth', '/a': ['b'], '/a/b': ['c'], '/a/b/c': CURATOR };
    expect(walkAll(scanWalk(['/'], 64), tree, null).unlisted).toEqual(['/secret']);
    expect(walkAll(scanWalk(['/'], 64), tree, new Set()).unlisted).toEqual([]);
    const shallow = scanWalk(['/'], 1);
    const roots = outermostRoots(shallow.roots);
    rootsListed(shallow, roots, roots.map((root) => tree[root] as string[]));
    const batch = nextBatch(shallow);
    const listed = batchListed(shallow, batch, batchPaths(batch).map((path) => tree[path] ?? 'gone'), new Set(), () => false);
    const deeper = nextBatch(shallow);
    const below = batchListed(shallow, deeper, batchPaths(deeper).map((path) => tree[path] ?? 'gone'), new Set(), () => false);
    expect(listed.partial).toBeNull();
    expect(below.partial).toEqual({ kind: 'scan-deep', params: { depth: 1 } });
    expect(below.locks).toEqual([]);
  });

  it('walks the roots alone, outside ZooKeeper\'s own subtree, a root within another once', () => {
    expect(outermostRoots(['/app', '/app/locks', '/hbase'])).toEqual(['/app', '/hbase']);
    const tree: Tree = { '/app': ['locks'], '/app/locks': ['orders'], '/app/locks/orders': CURATOR, '/other': ['lock'], '/other/lock': CURATOR };
    expect(walkAll(scanWalk(['/app', '/app/locks'], 64), tree, new Set()).locks).toEqual(['/app/locks/orders']);
  });

  it('walks only the new children of a node whose child watch fired, its own verdict given elsewhere', () => {
    const tree: Tree = { '/jobs/new': [], '/jobs/old': [] };
    const walk = scanWalk(['/'], 64);
    const directory = { path: '/jobs', depth: 0, pending: 0, allLeaves: false, leaves: 0, judged: true };
    walkInto(walk, directory, ['new']);
    const batch = nextBatch(walk);
    expect(batchPaths(batch)).toEqual(['/jobs/new']);
    batchListed(walk, batch, batchPaths(batch).map((path) => tree[path] ?? 'gone'), null, () => false);
    expect(batchDone(batch)).toEqual([]);
  });
});
