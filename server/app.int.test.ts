import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandSnapshot } from '../lib/lock/compact';
import { applyDelta } from '../lib/lock/delta';
import { ColumnsLockSnapshotSchema, ErrorResponseSchema, HealthResponseSchema, LockSnapshotSchema, type ColumnsLockSnapshot, type LockSnapshot } from '../lib/protocol';
import { connectClient, eventually, LockFeed, openSession, request, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
import type { ZkSession } from './zk/session';

let running: RunningExplorer;
let admin: ZkSession;
const contenders: ZkSession[] = [];

beforeAll(async () => {
  running = await startExplorer();
  admin = await openSession();
});

afterAll(async () => {
  for (const contender of contenders) contender.close();
  admin.close();
  await running.close();
});

/** A contender with its own session creates an ephemeral sequential node, as every lock recipe does. */
async function contend(lockPath: string, prefix = 'lock-'): Promise<{ session: ZkSession; name: string }> {
  const session = await openSession();
  contenders.push(session);
  const created = await session.create(`${lockPath}/${prefix}`, null, 'ephemeral-sequential');
  return { session, name: created.slice(lockPath.length + 1) };
}

/** GET with the path sent exactly as written (fetch would resolve `%2e%2e` segments first). */
function getJson(path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(running.url);
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/health', () => {
  it('reports the connected session with its id in hex', async () => {
    const { status, body } = await getJson('/api/health');
    expect(status).toBe(200);
    const health = HealthResponseSchema.parse(body);
    expect(health.ok).toBe(true);
    expect(health.zookeeper).toMatchObject({ state: 'connected', embedded: false, sessionId: running.session.sessionId });
  });
});

describe('GET /api/locks/<path>', () => {
  it('reads holder, waiters, owners and predecessors of a lock made by independent sessions', async () => {
    const lockPath = `${uniqueRoot('rest')}/orders/lock`;
    await admin.mkdirp(lockPath);
    const first = await contend(lockPath);
    const second = await contend(lockPath, '_c_5c0d36ab-8b1e-48f5-ae49-3a80fa785279-lock-');
    const third = await contend(lockPath);

    const { status, body } = await getJson(`/api/locks${lockPath}`);
    expect(status).toBe(200);
    const lock = LockSnapshotSchema.parse(body);
    expect(lock.exists).toBe(true);
    expect(lock.holders).toEqual([first.name]);
    expect(lock.waiters).toEqual([second.name, third.name]);
    expect(lock.nodes.map((node) => [node.name, node.role, node.predecessor, node.sessionId, node.ephemeral])).toEqual([
      [first.name, 'holder', null, first.session.sessionId, true],
      [second.name, 'waiter', first.name, second.session.sessionId, true],
      [third.name, 'waiter', second.name, third.session.sessionId, true],
    ]);
    expect(lock.nodes.map((node) => node.sequence)).toEqual([0, 1, 2]);
  });

  it('reports a persistent lock node as owned by no session', async () => {
    const lockPath = `${uniqueRoot('persistent')}/lock`;
    await admin.mkdirp(lockPath);
    await admin.create(`${lockPath}/lock-`, null, 'persistent-sequential');
    const lock = LockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}`)).body);
    expect(lock.nodes[0]).toMatchObject({ role: 'holder', sessionId: '0x0', ephemeral: false });
  });

  it('answers a missing lock parent with exists: false', async () => {
    const lock = LockSnapshotSchema.parse((await getJson(`/api/locks${uniqueRoot('missing')}/lock`)).body);
    expect(lock).toMatchObject({ exists: false, nodes: [], holders: [], waiters: [] });
  });

  it('answers ?form=columns with the same snapshot, column by column, over REST and the socket', async () => {
    const lockPath = `${uniqueRoot('columns')}/lock`;
    await admin.mkdirp(lockPath);
    const contenders = [await contend(lockPath), await contend(lockPath), await contend(lockPath)];
    // Compared once ZooKeeper's reports (asked while a page follows the lock) have said all they will of these contenders (each one's client; the waiters, which set no watch,
    // judged to watch nothing over two reports): until then each report may change the snapshot between two reads.
    const page = await connectClient(running.url);
    const socket = await connectClient(running.url);
    try {
      expect(await request(page, 'subscribe', { path: lockPath })).toEqual({ ok: true });
      await eventually(async () => {
        const snapshot = LockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}`)).body);
        return snapshot.nodes.length === 3 && snapshot.nodes.every((node) => node.client !== null && (node.role === 'holder' || node.watchConfirmed === false)) ? snapshot : undefined;
      }, 20_000);
      const nodes = LockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}`)).body);
      const columns = ColumnsLockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}?form=columns`)).body);
      expect(columns).toMatchObject({ form: 'columns', count: 3, version: nodes.version });
      expect({ ...expandSnapshot(columns), read: null }).toEqual({ ...nodes, read: null });
      expect(expandSnapshot(columns).holders).toEqual([contenders[0]!.name]);
      const received = new Promise<ColumnsLockSnapshot>((resolve) => socket.once('lock:columns', resolve));
      expect(await request(socket, 'subscribe', { path: lockPath, form: 'columns' })).toEqual({ ok: true });
      expect({ ...expandSnapshot(await received), read: null }).toEqual({ ...nodes, read: null });
      expect(await request(socket, 'subscribe', { path: lockPath, form: 'rows' })).toMatchObject({ ok: false, error: expect.stringContaining('form') });
    } finally {
      socket.close();
      page.close();
    }
    const { status, body } = await getJson(`/api/locks${lockPath}?form=rows`);
    expect(status).toBe(400);
    expect(ErrorResponseSchema.parse(body).error).toMatch(/form.*columns/);
  });

  it('sends a change that touches most of a long lock as the snapshot it makes to those who take columns, as a delta to the others', async () => {
    // 1,200 nodes of one session that watches nothing: once ZooKeeper's reports have missed every waiter's watch twice, one report names them all at once.
    const lockPath = `${uniqueRoot('resend')}/lock`;
    await admin.mkdirp(lockPath);
    const owner = await openSession();
    contenders.push(owner);
    for (let start = 0; start < 1200; start += 300) {
      await Promise.all(Array.from({ length: 300 }, () => owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')));
    }
    const columns = await connectClient(running.url);
    const nodes = await connectClient(running.url);
    try {
      const snapshots: ColumnsLockSnapshot[] = [];
      columns.on('lock:columns', (snapshot) => snapshots.push(snapshot));
      const columnDeltas: number[] = [];
      columns.on('lock:delta', (delta) => columnDeltas.push(delta.updated.length));
      const feed = new LockFeed(nodes);
      expect(await request(columns, 'subscribe', { path: lockPath, form: 'columns' })).toEqual({ ok: true });
      expect(await request(nodes, 'subscribe', { path: lockPath })).toEqual({ ok: true });
      // (A report may first name the owner's client address on every node: that is such a change too.)
      const named = await feed.delta((delta) => delta.updated.length >= 1000 && delta.updated.every((node) => node.watchConfirmed === false), 15_000);
      await expect.poll(() => snapshots.some((snapshot) => snapshot.version === named.version), { timeout: 5_000 }).toBe(true);
      const resent = expandSnapshot(snapshots.find((snapshot) => snapshot.version === named.version)!);
      expect(resent.waiters).toHaveLength(1199);
      expect(resent.nodes.filter((node) => node.watchConfirmed === false)).toHaveLength(1199);
      // The columns subscriber never got the large delta itself, and keeps following with the next ones.
      expect(columnDeltas.every((updated) => updated < 1000)).toBe(true);
    } finally {
      columns.close();
      nodes.close();
    }
  });

  it.each([
    ['/api/locks/a/%2e%2e/b', 400],
    ['/api/locks/a/%00', 400],
    ['/api/locks/a//b', 400],
    [`/api/locks/${'x'.repeat(1100)}`, 400],
    ['/api/no-such-thing', 404],
  ])('answers %.40s with %d and a JSON error', async (path, expected) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(expected);
    expect(ErrorResponseSchema.parse(body).error.length).toBeGreaterThan(0);
  });
});

describe('socket.io subscription', () => {
  it('sends a snapshot, then a delta for every change, which rebuild the queue exactly', async () => {
    const lockPath = `${uniqueRoot('live')}/lock`;
    await admin.mkdirp(lockPath);
    const holder = await contend(lockPath);
    const socket = await connectClient(running.url);
    try {
      const feed = new LockFeed(socket);
      expect(await request(socket, 'subscribe', { path: lockPath })).toEqual({ ok: true });
      let view: LockSnapshot = await feed.snapshot();
      expect(view.holders).toEqual([holder.name]);

      const waiter = await contend(lockPath);
      const joined = await feed.delta((delta) => delta.added.some((node) => node.name === waiter.name));
      expect(joined.removed).toEqual([]);

      // The holder's process ends: its session closes and ZooKeeper deletes its node.
      holder.session.close();
      const handover = await feed.delta((delta) => delta.removed.includes(holder.name));
      expect(handover.updated.map((node) => [node.name, node.role, node.predecessor])).toEqual([[waiter.name, 'holder', null]]);

      const asked = LockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}`)).body);
      // A deletion goes out without a read; the parent's pzxid it moved follows in a delta of its own.
      await feed.delta((delta) => delta.read?.pzxid === asked.read!.pzxid);
      // The REST answer is then the same state, version for version (each says when it knew it so).
      // Either may be ahead by a report of ZooKeeper's come in between (a client's address): the
      // feed is compared at the REST answer's version, or the answer read again at the feed's.
      let rest: LockSnapshot;
      let applied = 0;
      for (let tries = 0; ; tries += 1) {
        rest = LockSnapshotSchema.parse((await getJson(`/api/locks${lockPath}`)).body);
        const wanted = rest.version;
        await feed.delta((delta) => delta.version >= wanted);
        for (; applied < feed.deltas.length; applied += 1) view = applyDelta(view, feed.deltas[applied]!);
        if (view.version === rest.version || tries === 4) break;
      }
      expect({ ...view, read: { ...view.read!, at: 0 } }).toEqual({ ...rest, read: { ...rest.read!, at: 0 } });
      expect(view.holders).toEqual([waiter.name]);
    } finally {
      socket.close();
    }
  });

  it('follows a lock parent that is missing, created, deleted when empty and created again', async () => {
    const lockPath = `${uniqueRoot('container')}/lock`;
    const socket = await connectClient(running.url);
    try {
      const feed = new LockFeed(socket);
      await request(socket, 'subscribe', { path: lockPath });
      expect((await feed.snapshot()).exists).toBe(false);

      await admin.mkdirp(lockPath);
      await feed.delta((delta) => delta.exists);
      const first = await contend(lockPath);
      await feed.delta((delta) => delta.added.some((node) => node.name === first.name));

      // What ZooKeeper does to an empty container parent: the last child goes, then the parent.
      first.session.close();
      await feed.delta((delta) => delta.removed.includes(first.name));
      await admin.remove(lockPath);
      await feed.delta((delta) => !delta.exists);

      await admin.mkdirp(lockPath);
      const second = await contend(lockPath);
      const back = await feed.delta((delta) => delta.exists && delta.added.some((node) => node.name === second.name));
      expect(back.added.find((node) => node.name === second.name)?.role).toBe('holder');
    } finally {
      socket.close();
    }
  });

  it('answers an invalid subscription with an error ack and keeps the socket usable', async () => {
    const socket = await connectClient(running.url);
    try {
      for (const payload of [{ path: 'relative' }, { path: '/a/../b' }, { path: '/a//b' }, { path: '/a\u0000b' }, { path: `/${'x'.repeat(1100)}` }, { path: 7 }, { path: '/a', extra: true }, null, 'x', []]) {
        const ack = await request(socket, 'subscribe', payload);
        expect(ack.ok).toBe(false);
        expect(ack.ok ? '' : ack.error).toMatch(/^subscribe: /);
      }
      expect(await request(socket, 'subscribe', { path: `${uniqueRoot('after-bad')}/lock` })).toEqual({ ok: true });
    } finally {
      socket.close();
    }
  });

  it('refuses a socket opened from another site', async () => {
    await expect(connectClient(running.url, { origin: 'http://evil.example' })).rejects.toThrow();
  });

  it('keeps one watcher per lock for many subscribers and drops it when the last one leaves', async () => {
    const lockPath = `${uniqueRoot('shared')}/lock`;
    const sockets = await Promise.all([connectClient(running.url), connectClient(running.url)]);
    try {
      for (const socket of sockets) await request(socket, 'subscribe', { path: lockPath });
      expect(running.explorer.registry.watched().find((entry) => entry.path === lockPath)?.subscribers).toBe(2);
      await request(sockets[0]!, 'unsubscribe', { path: lockPath });
      expect(running.explorer.registry.watched().find((entry) => entry.path === lockPath)?.subscribers).toBe(1);
      sockets[1]!.close();
      await eventually(() => (running.explorer.registry.watched().some((entry) => entry.path === lockPath) ? undefined : true));
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
