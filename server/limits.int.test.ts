/**
 * The limits that keep one client from exhausting the explorer or ZooKeeper: locks followed per
 * connection, control requests per minute, and a warning when listening beyond loopback without
 * a token.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_REQUESTS_PER_MINUTE, createFleet, MAX_SUBSCRIPTIONS_PER_SOCKET, type EnsembleOptions } from './app';
import { connectClient, request, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';
import { ZkSession } from './zk/session';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let running: RunningExplorer;

beforeAll(async () => {
  running = await startExplorer();
});

afterAll(async () => {
  await running.close();
});

describe('limits', () => {
  it(`one connection follows at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} locks, and may follow another once it lets one go`, async () => {
    const base = uniqueRoot('many');
    const socket = await connectClient(running.url);
    try {
      const acks = await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => request(socket, 'subscribe', { path: `${base}/lock-${i}` })));
      expect(acks.every((ack) => ack.ok)).toBe(true);
      const refused = await request(socket, 'subscribe', { path: `${base}/one-more` });
      expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/at most 100 locks/) });
      // Following one again is no new subscription.
      expect((await request(socket, 'subscribe', { path: `${base}/lock-0` })).ok).toBe(true);
      expect((await request(socket, 'unsubscribe', { path: `${base}/lock-0` })).ok).toBe(true);
      expect((await request(socket, 'subscribe', { path: `${base}/one-more` })).ok).toBe(true);
    } finally {
      socket.close();
    }
  });

  it(`answers 429 past ${CONTROL_REQUESTS_PER_MINUTE} control requests a minute from one address, over HTTP and the socket`, async () => {
    const post = (): Promise<number> => fetch(`${running.url}/api/sim/contenders/nobody/release`, { method: 'POST' }).then((response) => response.status);
    const statuses: number[] = [];
    for (let start = 0; start < CONTROL_REQUESTS_PER_MINUTE; start += 100) statuses.push(...(await Promise.all(Array.from({ length: 100 }, post))));
    expect(statuses.every((status) => status === 404)).toBe(true);
    const response = await fetch(`${running.url}/api/sim/contenders/nobody/release`, { method: 'POST' });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: string }).error).toMatch(/too many control requests/);
    // Reading is never limited.
    expect((await fetch(`${running.url}/api/sim/contenders`)).status).toBe(200);
    const socket = await connectClient(running.url);
    try {
      expect(await request(socket, 'sim:action', { id: 'nobody', action: 'release' })).toMatchObject({ ok: false, error: expect.stringMatching(/too many control requests/) });
    } finally {
      socket.close();
    }
  });
});

describe('contenders in total', () => {
  it('refuses to spawn past the bound with 429, and spawns again once some are stopped', async () => {
    const small = await startExplorer(undefined, { maxContenders: 3 });
    const path = `/sim${uniqueRoot('bound')}/lock`;
    const spawn = (count: number): Promise<Response> =>
      fetch(`${small.url}/api/sim/contenders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, count, strategy: 'chained', holdMs: 600_000 }) });
    try {
      expect((await spawn(2)).status).toBe(201);
      const refused = await spawn(2);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/at most 3 contenders at once \(2 running\)/);
      expect((await fetch(`${small.url}/api/sim/contenders?path=${encodeURIComponent(path)}`, { method: 'DELETE' })).status).toBe(200);
      expect((await spawn(3)).status).toBe(201);
    } finally {
      await fetch(`${small.url}/api/sim/contenders`, { method: 'DELETE' });
      await small.close();
    }
  });

  it('bounds the contenders of every ensemble together: a fleet of two is not twice the bound', async () => {
    const sessions: ZkSession[] = [];
    const ensemble = async (name: string): Promise<EnsembleOptions> => {
      const session = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 10_000 });
      await session.start(20_000);
      sessions.push(session);
      // Each ensemble alone would allow 10.
      return { name, session, embedded: false, introspectionIntervalMs: 0, discovery: { roots: [uniqueRoot(name)], maxNodes: 1_000 }, simulation: { allowed: true, simRoot: '/sim', connectString: zkConnect(), maxContenders: 10 } };
    };
    const fleet = createFleet({ ensembles: [await ensemble('kafka'), await ensemble('hbase')], maxContenders: 3 });
    const url = await fleet.listen(0, '127.0.0.1');
    const path = `/sim${uniqueRoot('fleet-bound')}/lock`;
    const spawn = (name: string, count: number): Promise<Response> =>
      fetch(`${url}/api/sim/contenders?ensemble=${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: `${path}-${name}`, count, strategy: 'chained', holdMs: 600_000 }) });
    try {
      expect((await spawn('kafka', 2)).status).toBe(201);
      const refused = await spawn('hbase', 2);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/at most 3 contenders at once in this explorer, every ensemble's together \(2 running\)/);
      // Two spawns at once are counted before either's contenders are up.
      const both = await Promise.all([spawn('hbase', 1), spawn('hbase', 1)]);
      expect(both.map((response) => response.status).sort()).toEqual([201, 429]);
      expect((await fetch(`${url}/api/sim/contenders?ensemble=kafka`, { method: 'DELETE' })).status).toBe(200);
      expect((await spawn('hbase', 2)).status).toBe(201);
    } finally {
      for (const name of ['kafka', 'hbase']) await fetch(`${url}/api/sim/contenders?ensemble=${name}`, { method: 'DELETE' });
      await fleet.close();
      for (const session of sessions) session.close();
    }
  });
});

describe('listening beyond loopback', () => {
  it('without ADMIN_TOKEN prints a warning; with one it does not', async () => {
    const run = (env: Record<string, string>): Promise<string> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', '--port', '0', '--host', '0.0.0.0', '--introspect-interval-ms', '0'], {
          cwd: root,
          env: { ...process.env, ZK_CONNECT: zkConnect(), LOCK_ROOTS: uniqueRoot('nothing'), ADMIN_TOKEN: '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`no session within 60 s: ${output}`));
        }, 60_000);
        const onData = (chunk: Buffer): void => {
          output += chunk.toString();
          // The warning comes before the session opens; the page's build need not exist for this.
          if (/ZooKeeper session: connected/.test(output)) {
            clearTimeout(timer);
            child.once('exit', () => resolve(output));
            child.kill('SIGTERM');
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
    const open = await run({});
    expect(open).toMatch(/warning: listening on 0\.0\.0\.0, reachable from other machines, without ADMIN_TOKEN/);
    const guarded = await run({ ADMIN_TOKEN: 'a-long-enough-token' });
    expect(guarded).not.toMatch(/warning: listening on/);
    expect(guarded).not.toContain('a-long-enough-token');
  }, 150_000);
});
