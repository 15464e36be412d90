/**
 * Persistent recursive watches (ZooKeeper 3.6+) through the wire layer: one event per change
 * below the root with the node's own path, no re-arming, removed from ZooKeeper with the last
 * listener, added again after a reconnect; and refused by a server with the optimized watch
 * manager, which a caller learns as an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueRoot, watchesOf, zkConnect } from '../testing/harness';
import { freePort } from '../net';
import { startEmbeddedZooKeeper } from './embedded';
import { ZkSession, type WatchEvent } from './session';

/** Resolves once `events` holds `count` events, or after `timeoutMs` with what came. */
async function collected(events: WatchEvent[], count: number, timeoutMs = 5000): Promise<WatchEvent[]> {
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return events;
}

describe('a persistent recursive watch', () => {
  let watcher: ZkSession;
  let writer: ZkSession;

  beforeAll(async () => {
    watcher = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 4000 });
    writer = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 4000 });
    await Promise.all([watcher.start(10_000), writer.start(10_000)]);
  });

  afterAll(() => {
    watcher?.close();
    writer?.close();
  });

  it('tells each creation, data change and deletion below its root, with the node’s path, without re-arming', async () => {
    const root = uniqueRoot('persistent');
    await writer.mkdirp(`${root}/lock`);
    const events: WatchEvent[] = [];
    const stop = await watcher.watchTree(`${root}/lock`, (event) => events.push(event));
    expect(await watchesOf(watcher.sessionId!)).toContain(`${root}/lock`);

    const first = await writer.create(`${root}/lock/lock-`, null, 'ephemeral-sequential');
    const second = await writer.create(`${root}/lock/lock-`, null, 'ephemeral-sequential');
    await writer.setData(first, Buffer.from('x'));
    await writer.remove(first);
    await writer.remove(second);
    expect(await collected(events, 5)).toEqual([
      { type: 'NODE_CREATED', path: first },
      { type: 'NODE_CREATED', path: second },
      { type: 'NODE_DATA_CHANGED', path: first },
      { type: 'NODE_DELETED', path: first },
      { type: 'NODE_DELETED', path: second },
    ]);

    // A second listener shares the one watch; the last one to leave removes it from ZooKeeper.
    const other: WatchEvent[] = [];
    const stopOther = await watcher.watchTree(`${root}/lock`, (event) => other.push(event));
    await stop();
    const third = await writer.create(`${root}/lock/lock-`, null, 'ephemeral-sequential');
    expect(await collected(other, 1)).toEqual([{ type: 'NODE_CREATED', path: third }]);
    expect(events).toHaveLength(5);
    await stopOther();
    expect(await watchesOf(watcher.sessionId!)).not.toContain(`${root}/lock`);
    await writer.remove(third);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other).toHaveLength(1);
  });
});

describe('after ZooKeeper restarts', () => {
  it('is added again on the new connection, so that changes after it are told', async () => {
    const port = await freePort();
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'zk-persistent-'));
    let zookeeper = await startEmbeddedZooKeeper({ port, dir, extraConfig: { tickTime: 500, minSessionTimeout: 1000 } });
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 20_000 });
    const writer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 20_000 });
    try {
      await Promise.all([session.start(10_000), writer.start(10_000)]);
      await writer.mkdirp('/restart/lock');
      const events: WatchEvent[] = [];
      await session.watchTree('/restart/lock', (event) => events.push(event));
      const reconnected = new Promise<void>((resolve) => session.once('reconnected', () => resolve()));
      await zookeeper.stop();
      zookeeper = await startEmbeddedZooKeeper({ port, dir, extraConfig: { tickTime: 500, minSessionTimeout: 1000 } });
      await reconnected;
      await writer.waitForConnection(20_000);
      // The same session, its watch added again: ZooKeeper lists it, and tells the next creation.
      await expect.poll(() => watchesOf(session.sessionId!, zookeeper.connectString), { timeout: 5000 }).toContain('/restart/lock');
      const created = await writer.create('/restart/lock/lock-', null, 'ephemeral-sequential');
      expect(await collected(events, 1)).toEqual([{ type: 'NODE_CREATED', path: created }]);
    } finally {
      session.close();
      writer.close();
      await zookeeper.stop();
    }
  });
});

describe('a server with the optimized watch manager', () => {
  let zookeeper: Awaited<ReturnType<typeof startEmbeddedZooKeeper>>;
  beforeAll(async () => {
    zookeeper = await startEmbeddedZooKeeper({ extraConfig: { watchManagerName: 'org.apache.zookeeper.server.watch.WatchManagerOptimized' } });
  });
  afterAll(async () => {
    await zookeeper?.stop();
  });

  it('refuses a persistent watch, and the caller learns it as an error', async () => {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
    try {
      await session.start(10_000);
      await session.mkdirp('/optimized/lock');
      // ZooKeeper 3.8 answers MARSHALLING_ERROR (the manager throws UnsupportedOperationException).
      await expect(session.watchTree('/optimized/lock', () => undefined)).rejects.toMatchObject({ name: 'ZkError', code: 'MARSHALLING_ERROR' });
      // The session is still usable, and a one-shot watch still works.
      expect((await session.getChildren('/optimized/lock', () => undefined)).children).toEqual([]);
    } finally {
      session.close();
    }
  });
});
