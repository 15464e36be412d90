/**
 * Breaking a stuck lock: deleting the node an operator saw, only when ALLOW_BREAK_LOCKS is on,
 * with the admin token, from the explorer's own page, and logged.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LockSnapshotSchema, ZnodeDetailSchema } from '../lib/protocol';
import { eventually, openSession, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';
import { RealContenders } from './testing/real-clients';
import type { ZkSession } from './zk/session';

const TOKEN = 'break-token-123';
const root = uniqueRoot('break');
const sessions: ZkSession[] = [];
let allowed: RunningExplorer;
let refusing: RunningExplorer;

async function contend(lock: string): Promise<string> {
  const session = await openSession();
  sessions.push(session);
  await session.mkdirp(lock);
  return (await session.create(`${lock}/lock-`, null, 'ephemeral-sequential')).slice(lock.length + 1);
}

function breakLock(url: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, action = 'break'): Promise<Response> {
  return fetch(`${url}/api/${action}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

function revoke(url: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<Response> {
  return breakLock(url, body, headers, 'revoke');
}

async function snapshot(url: string, lock: string) {
  return LockSnapshotSchema.parse(await (await fetch(`${url}/api/locks${lock}`)).json());
}

beforeAll(async () => {
  allowed = await startExplorer({ roots: [root] }, { adminToken: TOKEN }, { breakLocks: true });
  refusing = await startExplorer({ roots: [root] });
});

afterAll(async () => {
  for (const session of sessions) session.close();
  await allowed.close();
  await refusing.close();
});

describe('breaking a stuck lock', () => {
  it('is off unless ALLOW_BREAK_LOCKS is set, and the health says so', async () => {
    const lock = `${root}/off/lock`;
    const holder = await contend(lock);
    const { nodes } = await snapshot(refusing.url, lock);
    const response = await breakLock(refusing.url, { path: lock, node: holder, czxid: nodes[0]!.czxid });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain('ALLOW_BREAK_LOCKS');
    expect(((await (await fetch(`${refusing.url}/api/health`)).json()) as { features: { breakLocks: boolean } }).features.breakLocks).toBe(false);
    expect((await snapshot(refusing.url, lock)).nodes).toHaveLength(1);
  });

  it('deletes the holder the operator saw, and the next waiter holds; the deletion is logged without the token', async () => {
    const lock = `${root}/stuck/lock`;
    const holder = await contend(lock);
    const waiter = await contend(lock);
    const seen = await snapshot(allowed.url, lock);
    const czxid = seen.nodes.find((node) => node.name === holder)!.czxid;
    const log = vi.spyOn(console, 'log');
    try {
      // Refused: no token, a wrong token, another site's page, a node that is not the lock's, another czxid, a lock outside the roots.
      expect((await breakLock(allowed.url, { path: lock, node: holder, czxid }, {})).status).toBe(401);
      expect((await breakLock(allowed.url, { path: lock, node: holder, czxid }, { authorization: 'Bearer wrong-token-1' })).status).toBe(401);
      expect((await breakLock(allowed.url, { path: lock, node: holder, czxid }, { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' })).status).toBe(403);
      expect((await breakLock(allowed.url, { path: lock, node: 'lock-0000009999', czxid })).status).toBe(404);
      expect((await breakLock(allowed.url, { path: lock, node: holder, czxid: '0x1' })).status).toBe(409);
      expect((await breakLock(allowed.url, { path: '/elsewhere/lock', node: holder, czxid })).status).toBe(400);
      expect((await breakLock(allowed.url, { path: lock, node: `../${holder}`, czxid })).status).toBe(400);
      expect((await breakLock(allowed.url, { path: lock, node: holder, czxid, extra: 1 })).status).toBe(400);
      expect((await snapshot(allowed.url, lock)).nodes).toHaveLength(2);

      const response = await breakLock(allowed.url, { path: lock, node: holder, czxid });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ deleted: `${lock}/${holder}`, role: 'holder' });
      const after = await eventually(async () => {
        const current = await snapshot(allowed.url, lock);
        return current.nodes.length === 1 ? current : undefined;
      });
      expect(after.holders).toEqual([waiter]);
      const lines = log.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('broke lock'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${lock}/${holder}`);
      expect(lines[0]).toContain(czxid);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      log.mockRestore();
    }
    // Twice is once: the node is gone.
    expect((await breakLock(allowed.url, { path: lock, node: holder, czxid })).status).toBe(404);
  });
});

describe("asking a Curator holder to let go (Curator's revocation)", () => {
  it('writes __REVOKE__ into the node of a holder that made its lock revocable: it releases, nothing is deleted by the explorer', async () => {
    const lock = `${root}/revocable/lock`;
    const contenders = await RealContenders.start(zkConnect(), lock, 'curator-mutex-revocable', '2');
    try {
      // Joined is not held: the first contender says it holds a moment after all have joined.
      await contenders.until(() => contenders.holding.size === 1, 10_000, 'the first contender to hold');
      const holderSession = contenders.holderSessions()[0]!;
      // ZooKeeper reports the holder's session watching its own node: the lock is revocable.
      const seen = await eventually(async () => {
        const current = await snapshot(allowed.url, lock);
        const holder = current.nodes.find((node) => node.role === 'holder');
        return holder?.watchers?.includes(holder.sessionId) ? current : undefined;
      });
      const holder = seen.nodes.find((node) => node.role === 'holder')!;
      expect(holder.sessionId).toBe(holderSession);
      const body = { path: lock, node: holder.name, czxid: holder.czxid };
      // Guarded as breaking is: off unless allowed, the token, another site's page.
      expect((await revoke(refusing.url, body)).status).toBe(403);
      expect((await revoke(allowed.url, body, {})).status).toBe(401);
      expect((await revoke(allowed.url, body, { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' })).status).toBe(403);
      const waiter = seen.nodes.find((node) => node.role === 'waiter')!;
      // A waiter cannot be asked: it holds nothing.
      expect((await revoke(allowed.url, { path: lock, node: waiter.name, czxid: waiter.czxid })).status).toBe(400);

      const log = vi.spyOn(console, 'log');
      try {
        const response = await revoke(allowed.url, body);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ revoked: holder.path, sessionId: holder.sessionId, listening: true });
        expect(log.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('__REVOKE__') && line.includes(holder.path) && !line.includes(TOKEN))).toHaveLength(1);
      } finally {
        log.mockRestore();
      }
      // The holder's own client let go: the waiter holds.
      await contenders.until(() => contenders.holderSessions().includes(waiter.sessionId), 10_000, 'the waiter to hold');
      const after = await eventually(async () => {
        const current = await snapshot(allowed.url, lock);
        return current.holders.length === 1 && current.holders[0] === waiter.name ? current : undefined;
      });
      expect(after.nodes.map((node) => node.name)).toEqual([waiter.name]);
    } finally {
      await contenders.stop();
    }
  });

  it('refuses a holder that does not watch its node (not revocable): nothing would hear it, and its data is left alone', async () => {
    const lock = `${root}/plain/lock`;
    const contenders = await RealContenders.start(zkConnect(), lock, 'curator-mutex', '1');
    try {
      // Known from ZooKeeper's report: no watch on the holder's node.
      const holder = await eventually(async () => (await snapshot(allowed.url, lock)).nodes.find((node) => node.role === 'holder' && node.watchers !== null));
      const response = await revoke(allowed.url, { path: lock, node: holder.name, czxid: holder.czxid });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toContain('makeRevocable');
      const detail = ZnodeDetailSchema.parse(await (await fetch(`${allowed.url}/api/nodes${holder.path}`)).json());
      expect(detail.stat.version).toBe(0);
      expect(detail.data?.text).not.toContain('__REVOKE__');
    } finally {
      await contenders.stop();
    }
  });
});

describe('one node looked at closely', () => {
  it('answers its whole stat and its data as text and hex; refuses what is not a lock node', async () => {
    const lock = `${root}/close/lock`;
    const owner = await openSession();
    sessions.push(owner);
    await owner.mkdirp(lock);
    const node = await owner.create(`${lock}/lock-`, Buffer.from('host-7'), 'ephemeral-sequential');
    const response = await fetch(`${refusing.url}/api/nodes${node}`);
    expect(response.status).toBe(200);
    const detail = ZnodeDetailSchema.parse(await response.json());
    expect(detail.path).toBe(node);
    expect(detail.stat).toMatchObject({ ephemeralOwner: owner.sessionId, dataLength: 6, version: 0, numChildren: 0 });
    expect(detail.data).toEqual({ size: 6, text: 'host-7', hex: Buffer.from('host-7').toString('hex'), truncated: false });
    for (const [path, status] of [
      [`${lock}/lock-9999999999`, 404],
      ['/zookeeper/config', 403],
      [`${lock}/a%00b`, 400],
    ] as const) {
      const refused = await fetch(`${refusing.url}/api/nodes${path}`);
      expect(refused.status, path).toBe(status);
      expect(((await refused.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
  });
});
