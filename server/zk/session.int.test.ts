import { createConnection, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net';
import {
  connectClient,
  eventually,
  expireSession,
  LockFeed,
  openSession,
  request,
  startExplorer,
  uniqueRoot,
  zkConnect,
  type RunningExplorer,
} from '../testing/harness';
import { ZkError, ZkSession } from './session';
import { HANDSHAKE_TIMEOUT_MS } from './wire/connection';
import { createExplorer } from '../app';
import { FaultProxy } from '../sim/proxy';
import { createDigestProtected } from '../testing/acl';

describe('ZkSession', () => {
  it('gives up waiting for a first connection after its time-out, with a clear error', async () => {
    const port = await freePort();
    const session = new ZkSession({ connectString: `127.0.0.1:${port}`, sessionTimeoutMs: 4000 });
    const started = Date.now();
    await expect(session.start(1500)).rejects.toThrow(/could not connect to ZooKeeper at 127\.0\.0\.1:\d+ within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(session.state).toBe('connecting');
    session.close();
    expect(session.state).toBe('closed');
  });

  it('drops a connection whose connect request is never answered (a ZooKeeper still starting) and tries again', async () => {
    // Between binding its port and serving, a starting ZooKeeper accepts connections it never
    // answers. This proxy does the same with the first connection, then passes on to the real one.
    const [host, port] = zkConnect().split(',')[0]!.split(':');
    const held: Socket[] = [];
    const proxy = createServer((incoming) => {
      if (held.length === 0) {
        held.push(incoming);
        return;
      }
      const upstream = createConnection(Number(port), host);
      incoming.pipe(upstream).pipe(incoming);
      incoming.on('error', () => upstream.destroy());
      upstream.on('error', () => incoming.destroy());
    });
    const proxyPort = await freePort();
    await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
    const session = new ZkSession({ connectString: `127.0.0.1:${proxyPort}`, sessionTimeoutMs: 15_000 });
    try {
      const started = Date.now();
      await session.start(HANDSHAKE_TIMEOUT_MS + 5_000);
      expect(held).toHaveLength(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HANDSHAKE_TIMEOUT_MS - 100);
      expect(await session.exists('/')).not.toBeNull();
    } finally {
      session.close();
      for (const socket of held) socket.destroy();
      proxy.close();
    }
  });

  it('reports a missing node as NO_NODE and a missing stat as null', async () => {
    const session = await openSession();
    try {
      await expect(session.getChildren(`${uniqueRoot('nonode')}/x`)).rejects.toMatchObject({ code: 'NO_NODE' });
      expect(await session.exists(`${uniqueRoot('nonode')}/x`)).toBeNull();
      await expect(session.getChildren('not-a-path')).rejects.toBeInstanceOf(ZkError);
    } finally {
      session.close();
    }
  });

  it('tells each notification with its path while somebody listens, one-shot and persistent watches alike', async () => {
    const root = uniqueRoot('notified');
    const session = await openSession();
    const writer = await openSession();
    try {
      await writer.mkdirp(`${root}/tree`);
      const told: string[] = [];
      session.on('notification', (path) => told.push(path));
      const before = session.notificationSeq;
      await session.getChildren(root, () => undefined);
      const unwatch = await session.watchTree(`${root}/tree`, () => undefined);
      await writer.create(`${root}/a`);
      await writer.create(`${root}/tree/b`);
      await eventually(() => (told.length >= 2 ? true : undefined));
      expect(told.sort()).toEqual([root, `${root}/tree/b`]);
      expect(session.notificationSeq - before).toBe(2);
      await unwatch();
    } finally {
      session.close();
      writer.close();
    }
  });

  it('reads many nodes in one multiRead exactly as one getData each would, errors included, also under a chroot; and syncs', async () => {
    const root = uniqueRoot('multiread');
    // Its nodes are its session's ephemerals, read again through the chroot: a session of 10 s, not 4, so that a machine busy with the other tests' JVMs for a few seconds does not expire it (it did once, in a fresh clone's run).
    const session = await openSession(10_000);
    const chrooted = new ZkSession({ connectString: `${zkConnect()}${root}`, sessionTimeoutMs: 10_000 });
    try {
      await session.mkdirp(`${root}/lock`);
      const values = [Buffer.from('10.0.0.1'), Buffer.from([0, 255, 7, 128]), null, Buffer.alloc(0), Buffer.from('x'.repeat(3000))];
      const created = [];
      for (const value of values) created.push(await session.create(`${root}/lock/n-`, value, 'ephemeral-sequential'));
      const owner = session.sessionId;
      const paths = [...created, `${root}/lock/missing`, `${root}/lock`];
      // More nodes than one request carries, so that the reads span several multiReads.
      for (let i = 0; i < 1200; i += 1) paths.push(created[i % created.length]!);

      const many = await session.getDataMany(paths);
      const single = await Promise.all(paths.map((path) => session.getData(path).catch((error: unknown) => error)));
      expect(many).toHaveLength(paths.length);
      many.forEach((result, index) => {
        const expected = single[index];
        if (expected instanceof ZkError) expect(result).toMatchObject({ code: expected.code, path: paths[index] });
        else expect(result).toEqual(expected);
      });
      expect(session.batchesReads).toBe(true);
      expect(many[5]).toMatchObject({ code: 'NO_NODE' });
      expect((many[1] as { data: Buffer }).data).toEqual(Buffer.from([0, 255, 7, 128]));
      expect((many[0] as { stat: { ephemeralOwner: string } }).stat.ephemeralOwner).toBe(session.sessionId);

      await chrooted.start(10_000);
      // The nodes are the owner session's ephemerals: had it been lost meanwhile, they would be gone, which is no fault of the chroot.
      expect(session.sessionId, 'the owner session of the nodes read through the chroot').toBe(owner);
      const relative = created.map((path) => path.slice(root.length));
      const throughChroot = await chrooted.getDataMany(relative);
      expect(throughChroot).toEqual(many.slice(0, created.length));
      // sync, also through the chroot: answered in order with the reads around it.
      const [, stat] = await Promise.all([chrooted.sync('/lock'), chrooted.exists('/lock'), session.sync(`${root}/lock`)]);
      expect(stat?.numChildren).toBe(created.length);

      // Listings in multiReads of getChildren, as one getChildren each would answer, and the count of everything below a node, through the chroot too.
      const listed = [root, `${root}/lock`, `${root}/lock/missing`, created[0]!];
      const lists = await session.getChildrenMany(listed);
      expect(lists[0]).toEqual(['lock']);
      expect([...(lists[1] as string[])].sort()).toEqual(created.map((path) => path.slice(`${root}/lock/`.length)).sort());
      expect(lists[2]).toMatchObject({ code: 'NO_NODE', path: `${root}/lock/missing` });
      expect(lists[3]).toEqual([]);
      expect(await chrooted.getChildrenMany(['/', '/lock/missing'])).toEqual([['lock'], expect.objectContaining({ code: 'NO_NODE' })]);
      expect(await session.countDescendants(root)).toBe(1 + created.length);
      expect(await chrooted.countDescendants('/')).toBe(1 + created.length);
    } finally {
      chrooted.close();
      session.close();
    }
  });
});

describe('after its session expires', () => {
  let running: RunningExplorer;
  let proxy: FaultProxy;
  beforeAll(async () => {
    const [host, port] = zkConnect().split(',')[0]!.split(':') as [string, string];
    proxy = await FaultProxy.start({ host, port: Number(port) });
    running = await startExplorer(undefined, undefined, { connectString: proxy.connectString });
  });
  afterAll(async () => {
    await running.close();
    await proxy.close();
  });

  it('the explorer opens a new session and re-arms the watch of every subscribed lock', async () => {
    const lockPath = `${uniqueRoot('expiry')}/lock`;
    const contender = await openSession();
    const socket = await connectClient(running.url);
    try {
      await contender.mkdirp(lockPath);
      const feed = new LockFeed(socket);
      await request(socket, 'subscribe', { path: lockPath });
      await feed.snapshot();
      const states: string[] = [];
      running.session.on('state', (state) => states.push(state));
      const before = running.session.sessionId;

      await expireSession(running.session, proxy);
      const after = await eventually(() => {
        const id = running.session.sessionId;
        return id !== null && id !== before && running.session.state === 'connected' ? id : undefined;
      });
      expect(after).not.toBe(before);
      expect(states).toContain('expired');

      // Nothing was subscribed again by the client: the new session's watch must report this.
      const created = await contender.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
      const name = created.slice(lockPath.length + 1);
      const delta = await feed.delta((d) => d.added.some((node) => node.name === name));
      expect(delta.added[0]?.role).toBe('holder');
    } finally {
      socket.close();
      contender.close();
    }
  });
});

describe('digest authentication', () => {
  it('reads a lock protected by a digest ACL with ZK_AUTH, and answers NoAuth without it', async () => {
    const root = uniqueRoot('acl');
    const lockPath = `${root}/lock`;
    const owner = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 4000, auth: { scheme: 'digest', credentials: 'ops:secret' } });
    await owner.start();
    await owner.mkdirp(root);
    await createDigestProtected(zkConnect(), lockPath, 'ops:secret');
    await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');

    const withAuth = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 4000, auth: { scheme: 'digest', credentials: 'ops:secret' } });
    const withoutAuth = await openSession();
    await withAuth.start();
    const explorers = [createExplorer({ session: withAuth, embedded: false }), createExplorer({ session: withoutAuth, embedded: false })];
    try {
      const [authorised, anonymous] = await Promise.all(explorers.map((explorer) => explorer.listen(0, '127.0.0.1')));
      const ok = await fetch(`${authorised}/api/locks${lockPath}`);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { holders: string[] }).holders).toHaveLength(1);

      const refused = await fetch(`${anonymous}/api/locks${lockPath}`);
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { error: string };
      expect(body.error).toContain('NoAuth');
      expect(body.error).not.toContain('secret');
    } finally {
      for (const explorer of explorers) await explorer.close();
      withAuth.close();
      withoutAuth.close();
      owner.close();
    }
  });
});
