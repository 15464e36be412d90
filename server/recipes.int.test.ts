import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockSnapshotSchema, type LockSnapshot, type RecipeId } from '../lib/protocol';
import { disagreements } from '../lib/testing/client-truth';
import { connectClient, eventually, request, startExplorer, uniqueRoot, zkConnect, ZOOKEEPER_VERSIONS, type RunningExplorer, type TestSocket } from './testing/harness';
import { RealContenders, watchesBySession, type RealRecipe } from './testing/real-clients';

const scenarios: Array<{ recipe: RealRecipe; spec: string; id: RecipeId; holders: number }> = [
  { recipe: 'curator-mutex', spec: '5', id: 'curator-mutex', holders: 1 },
  { recipe: 'curator-rw', spec: 'rrwrwr', id: 'curator-rwlock', holders: 2 },
  { recipe: 'curator-semaphore:2', spec: '4', id: 'curator-semaphore', holders: 2 },
  { recipe: 'curator-latch', spec: '4', id: 'curator-latch', holders: 1 },
  { recipe: 'zk-writelock', spec: '4', id: 'zk-writelock', holders: 1 },
  { recipe: 'kazoo-lock', spec: '4', id: 'kazoo-lock', holders: 1 },
  // Readers only after writers: Kazoo 2.8 makes a reader wait on the last writer of the whole queue.
  { recipe: 'kazoo-rw', spec: 'wwrr', id: 'kazoo-rwlock', holders: 1 },
  { recipe: 'kazoo-semaphore:2', spec: '4', id: 'kazoo-semaphore', holders: 2 },
];

// The system's Curator 5.4 (on its ZooKeeper 3.8 client) and Kazoo against either server: clients lag their servers in production too.
describe.each(ZOOKEEPER_VERSIONS)('ZooKeeper %s: the explorer reads real clients as they read themselves', (version) => {
  let connect: string;
  let running: RunningExplorer;
  let socket: TestSocket;

  beforeAll(async () => {
    connect = zkConnect(version);
    running = await startExplorer(undefined, { connectString: connect }, { connectString: connect });
    socket = await connectClient(running.url);
  });

  afterAll(async () => {
    socket?.close();
    await running?.close();
  });

  async function snapshot(lockPath: string): Promise<LockSnapshot> {
    return LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${lockPath}`)).json());
  }

  /** Waits until the explorer and the real clients agree on holders and watches; fails with the differences. */
  async function agree(lockPath: string, clients: RealContenders): Promise<LockSnapshot> {
    let last: string[] = [];
    try {
      return await eventually(async () => {
        const lock = await snapshot(lockPath);
        const watches = await watchesBySession(connect);
        last = disagreements(lock, { holders: clients.holderSessions(), watches });
        return last.length === 0 ? lock : undefined;
      }, 15_000);
    } catch {
      expect(last).toEqual([]);
      throw new Error('unreachable');
    }
  }

  it.each(scenarios)('$recipe ($spec): same holders and the same watches, through two handovers', async ({ recipe, spec, id, holders }) => {
    const lockPath = `${uniqueRoot(recipe.replace(/:.*/, ''))}/lock`;
    expect(await request(socket, 'subscribe', { path: lockPath })).toEqual({ ok: true });
    const clients = await RealContenders.start(connect, lockPath, recipe, spec);
    try {
      await clients.until(() => clients.holding.size === holders, 15_000, `${holders} holder(s)`);
      const first = await agree(lockPath, clients);
      expect(first.recipe.id).toBe(id);
      // ZooKeeper's own report (wchc, cons) confirms every waiter's watch and names every owner's address.
      const confirmed = await eventually(async () => {
        const current = await snapshot(lockPath);
        const watching = current.nodes.filter((node) => node.watch !== null && node.watch.type !== 'children');
        return watching.length > 0 && watching.every((node) => node.watchConfirmed === true) ? current : undefined;
      }, 10_000);
      expect(confirmed.nodes.every((node) => node.client !== null && /^127\.0\.0\.1:\d+$/.test(node.client))).toBe(true);
      expect(first.holders).toHaveLength(holders);
      for (let round = 0; round < 2; round += 1) {
        const waiting = first.nodes.length;
        const [holder] = clients.holding;
        expect(holder).toBeDefined();
        clients.release(holder!);
        await clients.until(() => !clients.holding.has(holder!), 10_000, `contender ${holder} to release`);
        const after = await agree(lockPath, clients);
        expect(after.nodes.length).toBeLessThan(waiting + 1);
      }
    } finally {
      await clients.stop();
      await request(socket, 'unsubscribe', { path: lockPath });
    }
  });
});
