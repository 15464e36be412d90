/**
 * ZooKeeper itself misbehaves: killed and restarted with its data, or restarted empty. The
 * explorer says so while it lasts, and tells the truth again soon after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LockSnapshotSchema, type LockSnapshot } from '../../lib/protocol';
import { createExplorer, type Explorer } from '../app';
import { freePort } from '../net';
import { connectClient, eventually, LockFeed, request } from '../testing/harness';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './embedded';
import { ZkSession } from './session';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function session(connectString: string, timeoutMs = 15_000): Promise<ZkSession> {
  const opened = new ZkSession({ connectString, sessionTimeoutMs: timeoutMs });
  await opened.start(20_000);
  cleanups.push(() => opened.close());
  return opened;
}

/** A ZooKeeper on a fixed port and data directory, so that it can be stopped and started again. */
async function zookeeperAt(port: number, dir: string): Promise<EmbeddedZooKeeper> {
  const server = await startEmbeddedZooKeeper({ port, dir });
  cleanups.push(() => server.stop());
  return server;
}

async function explorerOn(connectString: string): Promise<{ explorer: Explorer; url: string; own: ZkSession }> {
  const own = await session(connectString);
  const explorer = createExplorer({ session: own, embedded: false, introspectionIntervalMs: 0, discovery: { roots: ['/restart'], maxNodes: 1000 } });
  const url = await explorer.listen(0, '127.0.0.1');
  cleanups.push(() => explorer.close());
  return { explorer, url, own };
}

async function lock(url: string, path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse(await (await fetch(`${url}/api/locks${path}`)).json());
}

async function health(url: string) {
  return HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
}

describe('ZooKeeper goes away and comes back', () => {
  it('killed and restarted with its data: the outage is reported, and the explorer is right again within 5 s of its return', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'zk-restart-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let server = await zookeeperAt(port, dir);
    const connectString = `127.0.0.1:${port}`;
    const { url } = await explorerOn(connectString);
    const path = '/restart/kept/lock';
    const holder = await session(connectString);
    await holder.mkdirp(path);
    const holderNode = await holder.create(`${path}/lock-`, null, 'ephemeral-sequential');
    const waiterNode = await (await session(connectString)).create(`${path}/lock-`, null, 'ephemeral-sequential');
    const socket = await connectClient(url);
    cleanups.push(() => void socket.close());
    const feed = new LockFeed(socket);
    expect((await request(socket, 'subscribe', { path })).ok).toBe(true);
    await feed.snapshot();
    expect((await lock(url, path)).nodes).toHaveLength(2);

    await server.stop();
    const outage = await eventually(async () => {
      const now = await health(url);
      return now.zookeeper.state !== 'connected' ? now : undefined;
    });
    expect(outage.ok).toBe(false);
    expect(outage.zookeeper.since).toBeGreaterThan(0);

    server = await zookeeperAt(port, dir);
    const back = Date.now();
    // The first thing that happens on its return: the holder's node goes.
    const admin = await session(connectString);
    await admin.remove(holderNode);
    const waiter = waiterNode.slice(path.length + 1);
    const truth = await eventually(async () => {
      const current = await lock(url, path);
      return current.holders.length === 1 && current.holders[0] === waiter && current.nodes.length === 1 ? current : undefined;
    }, 10_000);
    expect(Date.now() - back).toBeLessThan(5000);
    expect(truth.exists).toBe(true);
    expect((await health(url)).zookeeper.state).toBe('connected');
    // The subscriber was told too.
    await feed.delta((delta) => delta.removed.includes(holderNode.slice(path.length + 1)));
  }, 90_000);

  it('restarted empty: every session has expired; the explorer opens a new one and shows the new truth', async () => {
    const port = await freePort();
    const first = mkdtempSync(join(tmpdir(), 'zk-restart-'));
    const second = mkdtempSync(join(tmpdir(), 'zk-restart-'));
    cleanups.push(() => {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    });
    const server = await zookeeperAt(port, first);
    const connectString = `127.0.0.1:${port}`;
    const { url, own } = await explorerOn(connectString);
    const before = own.sessionId;
    const path = '/restart/empty/lock';
    const contender = await session(connectString);
    await contender.mkdirp(path);
    await contender.create(`${path}/lock-`, null, 'ephemeral-sequential');
    const socket = await connectClient(url);
    cleanups.push(() => void socket.close());
    const feed = new LockFeed(socket);
    await request(socket, 'subscribe', { path });
    expect((await feed.snapshot()).nodes).toHaveLength(1);

    await server.stop();
    await zookeeperAt(port, second);
    // The empty server closes the connection of a client that has seen a later transaction, unanswered: said so, not "no member answers".
    await eventually(async () => (own.why?.kind === 'closed-unanswered' ? true : undefined), 14_000);
    expect(own.reason).toContain(`127.0.0.1:${port} ended the connection unanswered`);
    // A new session for the explorer, and the lock as it is now: gone.
    await eventually(async () => (own.sessionId !== before && own.state === 'connected' ? true : undefined), 30_000);
    await eventually(async () => ((await lock(url, path)).exists === false ? true : undefined), 10_000);
    // New contenders on the empty server are seen under the same subscription.
    const newcomer = await session(connectString);
    await newcomer.mkdirp(path);
    const node = await newcomer.create(`${path}/lock-`, null, 'ephemeral-sequential');
    const now = await eventually(async () => {
      const current = await lock(url, path);
      return current.nodes.length === 1 ? current : undefined;
    }, 10_000);
    expect(now.holders).toEqual([node.slice(path.length + 1)]);
    expect((await health(url)).ok).toBe(true);
  }, 90_000);
});
