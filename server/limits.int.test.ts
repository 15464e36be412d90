/**
 * The limits that keep one client from exhausting the explorer or ZooKeeper: locks followed per
 * connection, control requests per minute, and a warning when listening beyond loopback without
 * a token.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_REQUESTS_PER_MINUTE, MAX_SUBSCRIPTIONS_PER_SOCKET } from './app';
import { connectClient, request, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';

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
