/**
 * A followed lock holds one persistent recursive watch on its parent: ZooKeeper counts it while a
 * page follows the lock and no more once it leaves; after the explorer's connection comes back
 * (a ZooKeeper restart, changes made meanwhile) the lock is read again and shown right; a server
 * that refuses persistent watches is followed with one-shot watches, and the health says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LockSnapshotSchema, type LockSnapshot } from '../../lib/protocol';
import { parseMntr } from '../../lib/zk/four-letter';
import { connectClient, eventually, LockFeed, request, startExplorer, uniqueRoot, watchesOf, type RunningExplorer } from '../testing/harness';
import { freePort } from '../net';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../zk/embedded';
import { fourLetterWord } from '../zk/four-letter';
import { ZkSession } from '../zk/session';

async function watchCount(connectString: string): Promise<number> {
  const [host, port] = connectString.split(':') as [string, string];
  return Number(parseMntr(await fourLetterWord(host, Number(port), 'mntr')).get('zk_watch_count'));
}

async function snapshotOf(running: RunningExplorer, path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${path}`)).json());
}

/** A loopback TCP gate in front of ZooKeeper: shut, it cuts every connection and refuses new ones. */
class Gate {
  private shut = false;
  private readonly sockets = new Set<Socket>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static open(target: number): Promise<Gate> {
    return new Promise((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const gate = new Gate(server, typeof address === 'object' && address !== null ? address.port : 0);
        server.on('connection', (client) => {
          if (gate.shut) {
            client.destroy();
            return;
          }
          const upstream = connect({ host: '127.0.0.1', port: target });
          for (const socket of [client, upstream]) {
            gate.sockets.add(socket);
            socket.on('close', () => gate.sockets.delete(socket));
            socket.on('error', () => socket.destroy());
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        resolve(gate);
      });
    });
  }

  close(): void {
    this.shut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  reopen(): void {
    this.shut = false;
  }

  stop(): Promise<void> {
    this.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('a lock a page follows', () => {
  // A ZooKeeper of its own: its watch count is the explorer's alone.
  let zookeeper: EmbeddedZooKeeper;
  let running: RunningExplorer;
  let writer: ZkSession;
  beforeAll(async () => {
    zookeeper = await startEmbeddedZooKeeper();
    running = await startExplorer({ roots: ['/discovered'] }, undefined, { connectString: zookeeper.connectString });
    writer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await writer.start(10_000);
  });
  afterAll(async () => {
    await running?.close();
    writer?.close();
    await zookeeper?.stop();
  });

  it('is one persistent watch in ZooKeeper while the page is open, and none once it closes', async () => {
    const lock = `${uniqueRoot('persistent')}/lock`;
    await writer.mkdirp(lock);
    const first = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    const explorer = running.session.sessionId!;
    // The explorer's own watches settled first (discovery's, on its missing root): the list answers once its scan is done.
    await fetch(`${running.url}/api/locks`);
    const before = await watchCount(zookeeper.connectString);

    const socket = await connectClient(running.url);
    const feed = new LockFeed(socket);
    try {
      expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
      expect((await feed.snapshot()).nodes).toHaveLength(2);
      expect((await watchesOf(explorer, zookeeper.connectString)).filter((path) => path === lock)).toHaveLength(1);
      // One persistent recursive watch; ZooKeeper's mntr counts it in both its data and its child watch tables.
      expect(await watchCount(zookeeper.connectString)).toBe(before + 2);

      // Changes arrive as events of that one watch: a release, then a newcomer.
      await writer.remove(first);
      await feed.delta((delta) => delta.removed.includes(first.slice(lock.length + 1)));
      const third = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
      await feed.delta((delta) => delta.added.some((node) => node.name === third.slice(lock.length + 1)));
      expect(await watchCount(zookeeper.connectString)).toBe(before + 2);
    } finally {
      socket.close();
    }
    await eventually(async () => ((await watchCount(zookeeper.connectString)) === before ? true : undefined), 5000);
    expect(await watchesOf(explorer, zookeeper.connectString)).not.toContain(lock);
  });
});

describe('after a ZooKeeper restart, with changes made while the explorer was away', () => {
  let zookeeper: EmbeddedZooKeeper;
  let gate: Gate;
  let running: RunningExplorer;
  let dir: string;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'zk-resync-'));
    zookeeper = await startEmbeddedZooKeeper({ port, dir, extraConfig: { tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: 60_000 } });
    gate = await Gate.open(port);
    running = await startExplorer({ roots: ['/resync'] }, undefined, { connectString: `127.0.0.1:${gate.port}` });
  });
  afterAll(async () => {
    await running?.close();
    await gate?.stop();
    await zookeeper?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the lock again and shows exactly what ZooKeeper has', async () => {
    const lock = '/resync/orders/lock';
    const writer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
    try {
      await writer.start(10_000);
      await writer.mkdirp(lock);
      const holder = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
      await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
      const socket = await connectClient(running.url);
      const feed = new LockFeed(socket);
      try {
        expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
        expect((await feed.snapshot()).nodes).toHaveLength(2);

        // The explorer is cut off; ZooKeeper restarts; the lock changes; only then may the explorer come back.
        gate.close();
        await zookeeper.stop();
        zookeeper = await startEmbeddedZooKeeper({ port, dir, extraConfig: { tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: 60_000 } });
        await writer.waitForConnection(20_000);
        await writer.remove(holder);
        const late = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
        const { children } = await writer.getChildren(lock);
        gate.reopen();

        const names = (snapshot: LockSnapshot): string[] => snapshot.nodes.map((node) => node.name).sort();
        await eventually(async () => {
          const last = feed.deltas.length > 0 ? await snapshotOf(running, lock) : undefined;
          return last !== undefined && names(last).join() === [...children].sort().join() ? last : undefined;
        }, 20_000);
        // The page, from its snapshot and deltas, agrees with ZooKeeper: the holder gone, the late node there.
        const page = await snapshotOf(running, lock);
        expect(names(page)).toEqual([...children].sort());
        expect(names(page)).toContain(late.slice(lock.length + 1));
        expect(page.nodes[0]?.role).toBe('holder');
        // And the watch is on the server again.
        expect(await watchesOf(running.session.sessionId!, zookeeper.connectString)).toContain(lock);
      } finally {
        socket.close();
      }
    } finally {
      writer.close();
    }
  });
});

describe('a server that refuses persistent watches', () => {
  let zookeeper: EmbeddedZooKeeper;
  let running: RunningExplorer;
  beforeAll(async () => {
    zookeeper = await startEmbeddedZooKeeper({ extraConfig: { watchManagerName: 'org.apache.zookeeper.server.watch.WatchManagerOptimized' } });
    running = await startExplorer({ roots: ['/optimized'] }, undefined, { connectString: zookeeper.connectString });
  });
  afterAll(async () => {
    await running?.close();
    await zookeeper?.stop();
  });

  it('is followed with one-shot watches, live, and the health says why', async () => {
    const lock = '/optimized/orders/lock';
    const writer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    try {
      await writer.start(10_000);
      await writer.mkdirp(lock);
      const holder = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
      const next = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');

      const socket = await connectClient(running.url);
      const feed = new LockFeed(socket);
      try {
        // A followed lock's watch is asked for before its first listing: by its first snapshot the refusal is known.
        expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
        expect((await feed.snapshot()).nodes).toHaveLength(2);
        const health = HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
        expect(health.watches).toEqual({ mode: 'one-shot', reason: expect.stringMatching(/refused a persistent recursive watch \(MARSHALLING_ERROR\)/) });
        await writer.remove(holder);
        const delta = await feed.delta((change) => change.removed.includes(holder.slice(lock.length + 1)));
        expect(delta.updated.find((node) => node.name === next.slice(lock.length + 1))?.role).toBe('holder');
      } finally {
        socket.close();
      }
    } finally {
      writer.close();
    }
  });
});
