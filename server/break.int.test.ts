/**
 * Breaking a stuck lock: deleting the node an operator saw, only when ALLOW_BREAK_LOCKS is on,
 * with the admin token, from the explorer's own page, and logged.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LockSnapshotSchema, ZnodeDetailSchema } from '../lib/protocol';
import { eventually, openSession, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
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

function breakLock(url: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<Response> {
  return fetch(`${url}/api/break`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
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
