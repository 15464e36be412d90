/**
 * Discovery at the size of a real shared ensemble: a Kafka-era tree of more than 100,000 znodes
 * with 300 locks scattered at several depths (each held by one session and waited on by
 * another) and one orphaned persistent lock node. The same tree is served by one ZooKeeper
 * configured three ways in turn (the data directory kept): every four-letter word open (the
 * locks found from `dump`), four-letter words closed but `srvr` with the AdminServer open (from
 * its `/commands/dump`), and both closed (by the scan). Each finds every lock and no other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LockListSchema, type LockList } from '../lib/protocol';
import { freePort } from './net';
import { buildTree, SYSTEM_LOCKS, TreeContenders, type BuiltTree } from './testing/big-tree';
import { eventually, startExplorer, type RunningExplorer } from './testing/harness';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import type { AdminServerOptions } from './zk/introspection';
import { ZkSession } from './zk/session';

const SHAPE = { topics: 10_000, partitions: 4, locks: 300 };
// Fast enough for a test, slow enough that the locks of `dump` are listed long before the scan ends.
const READS_PER_SECOND = 8000;

const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-tree-'));
let zookeeper: EmbeddedZooKeeper | null = null;
let tree: BuiltTree;

async function serve(config: Record<string, string | number>, classpath: string[] = []): Promise<EmbeddedZooKeeper> {
  await zookeeper?.stop();
  zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { tickTime: 500, minSessionTimeout: 1000, ...config }, classpath });
  return zookeeper;
}

async function list(url: string): Promise<LockList> {
  return LockListSchema.parse(await (await fetch(`${url}/api/locks`)).json());
}

/** Starts the explorer on the whole tree with its defaults but the scan's rate, contenders in every lock. */
async function explore(connectString: string, zkAdmin?: AdminServerOptions): Promise<{ running: RunningExplorer; contenders: TreeContenders }> {
  const contenders = await TreeContenders.start(connectString, tree.lockPaths);
  const running = await startExplorer({ roots: ['/'], readsPerSecond: READS_PER_SECOND }, undefined, { connectString, zkAdmin });
  return { running, contenders };
}

/** Every lock that has a contender, and no other (the orphan only if the scan has come to it already). */
function expectContendedLocks(found: LockList): void {
  const paths = found.locks.map((lock) => lock.path);
  expect(paths.filter((path) => path !== tree.orphanLock)).toEqual(contended());
  // Kafka's controller, a lock of its own among 100,000 znodes, named with its broker.
  const controller = found.locks.find((lock) => lock.path === '/cluster/controller')!;
  expect([controller.recipe.system, controller.holderIdentities[0]]).toEqual(['Apache Kafka (ZooKeeper mode)', 'broker 1']);
}

/** Every lock a contender is in: the tree's, and the system locks beside them. */
function contended(): string[] {
  return [...tree.lockPaths, ...SYSTEM_LOCKS].sort();
}

beforeAll(async () => {
  const zk = await serve({ '4lw.commands.whitelist': '*' });
  const session = new ZkSession({ connectString: zk.connectString, sessionTimeoutMs: 10_000 });
  await session.start(10_000);
  try {
    tree = await buildTree(session, SHAPE);
  } finally {
    session.close();
  }
}, 120_000);

afterAll(async () => {
  await zookeeper?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.sequential('every lock of a tree of 100,000 znodes', () => {
  it('the tree is the size the test says', () => {
    expect(tree.znodes).toBeGreaterThanOrEqual(100_000);
    expect(tree.lockPaths).toHaveLength(SHAPE.locks);
  });

  it('from dump over four-letter words: every contended lock listed before the scan is a tenth done, then the orphan by the scan; a new lock anywhere listed and a gone one dropped', async () => {
    const zk = await serve({ '4lw.commands.whitelist': '*' });
    const { running, contenders } = await explore(zk.connectString);
    try {
      const early = await eventually(async () => {
        const found = await list(running.url);
        return found.complete && found.locks.length >= SHAPE.locks ? found : undefined;
      }, 30_000);
      expect(early.discovery).toMatchObject({ method: 'ephemerals', live: 'ephemerals-poll', ephemerals: { state: 'done', source: 'four-letter-words', server: `127.0.0.1:${zk.port}` } });
      expectContendedLocks(early);
      // Found from the ephemeral nodes, not by the scan: it has read little of the tree yet.
      expect(early.discovery.scan.state).toBe('running');
      expect(early.discovery.scan.read).toBeLessThan(tree.znodes / 10);
      expect(early.locks.every((lock) => lock.holders.length === 1)).toBe(true);

      await running.explorer.discovery.idle();
      const whole = await list(running.url);
      // It read the whole tree but what lies in the locks (their contenders) and ZooKeeper's own subtree; the total counts the contenders too.
      expect(whole.discovery.scan.state).toBe('done');
      expect(whole.discovery.scan.read).toBeGreaterThan(tree.znodes * 0.99);
      expect(whole.discovery.scan.total).toBeGreaterThanOrEqual(tree.znodes);
      expect(whole.partial).toBe(false);
      expect(whole.locks.map((lock) => lock.path)).toEqual([...contended(), tree.orphanLock].sort());

      // Live: a lock that appears deep in the tree, and goes.
      const later = '/cluster/topics/t77/partitions/3/lock';
      await contenders.holder.mkdirp(later);
      const created = Date.now();
      await contenders.holder.create(`${later}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
      await eventually(async () => ((await list(running.url)).locks.some((lock) => lock.path === later) ? true : undefined));
      const listedAfter = Date.now() - created;
      // Found by the next listing of the ephemeral nodes (one a second), not by a watch on the tree.
      expect(listedAfter).toBeLessThanOrEqual(2_000);
      await contenders.holder.remove((await contenders.holder.getChildren(later)).children.map((name) => `${later}/${name}`)[0]!);
      await contenders.holder.remove(later);
      const removed = Date.now();
      await eventually(async () => ((await list(running.url)).locks.some((lock) => lock.path === later) ? undefined : true));
      console.log(`a new lock listed ${listedAfter} ms after its first contender, a gone one dropped ${Date.now() - removed} ms after its parent`);
    } finally {
      await running.close();
      await contenders.close(zk.connectString);
    }
  }, 120_000);

  it('from the AdminServer’s dump with four-letter words closed but srvr', async () => {
    const adminPort = await freePort();
    const zk = await serve(
      { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'true', 'admin.serverAddress': '127.0.0.1', 'admin.serverPort': adminPort },
      // Debian's ZooKeeper lists Jetty in its jar's class path, but not the servlet API the AdminServer needs.
      ['/usr/share/java/servlet-api.jar'],
    );
    const { running, contenders } = await explore(zk.connectString, { port: adminPort, urls: null });
    try {
      const early = await eventually(async () => {
        const found = await list(running.url);
        return found.complete && found.locks.length >= SHAPE.locks ? found : undefined;
      }, 30_000);
      expect(early.discovery).toMatchObject({ method: 'ephemerals', ephemerals: { state: 'done', source: 'admin-server' } });
      expect(early.discovery.scan.read).toBeLessThan(tree.znodes / 10);
      expectContendedLocks(early);
      const health = HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
      expect(health.discovery).toMatchObject({ method: 'ephemerals', complete: true, live: 'ephemerals-poll', ephemerals: { source: 'admin-server' } });
    } finally {
      await running.close();
      await contenders.close(zk.connectString);
    }
  }, 120_000);

  it('by the scan, to the end, with dump refused by the words and no AdminServer; says why and how far it is', async () => {
    const zk = await serve({ '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'false' });
    const { running, contenders } = await explore(zk.connectString, { port: 0, urls: null });
    try {
      const during = await eventually(async () => {
        const health = HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
        return health.discovery.scan.state === 'running' && health.discovery.scan.total !== null && health.discovery.scan.read > 0 ? health : undefined;
      }, 20_000);
      expect(during.discovery).toMatchObject({ method: 'scan', complete: false, ephemerals: { state: 'refused' } });
      expect(during.discovery.ephemerals.reason).toMatch(/dump is not in 4lw\.commands\.whitelist, and no AdminServer is configured/);
      expect(during.discovery.scan.total).toBeGreaterThanOrEqual(tree.znodes);

      await running.explorer.discovery.idle();
      const found = await list(running.url);
      expect(found).toMatchObject({ complete: true, partial: false, discovery: { method: 'scan', live: 'recursive-watch', pollMs: null, scan: { state: 'done' } } });
      expect(found.locks.map((lock) => lock.path)).toEqual([...contended(), tree.orphanLock].sort());
      // The single-node locks were told from their stats: each holds its one ephemeral node; and Kafka's controller, named.
      expect(found.locks.filter((lock) => lock.recipe.id === 'single-node' && lock.recipe.system === null)).toHaveLength(SHAPE.locks / 4);
      expectContendedLocks({ ...found, locks: found.locks.filter((lock) => lock.path !== tree.orphanLock) });
    } finally {
      await running.close();
      await contenders.close(zk.connectString);
    }
  }, 120_000);
});
