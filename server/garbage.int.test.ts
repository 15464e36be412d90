/**
 * Lock garbage on a real ZooKeeper, made by hand: lock parents left empty found by the scan and
 * as followed locks empty, a node leaked behind its own session's next, a persistent node inside
 * a lock, and the clean-up's guards (off unless ALLOW_CLEANUP, the token, the same site, the
 * roots, a plan grown since the dry run, a contender that comes back).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CleanupRunSchema, EmptyParentsPageSchema, GarbageViewSchema, type CleanupRun } from '../lib/protocol';
import { openSession, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
import type { ZkSession } from './zk/session';

const TOKEN = 'garbage-token-123';
const root = uniqueRoot('garbage');
const sessions: ZkSession[] = [];
let allowed: RunningExplorer;
let refusing: RunningExplorer;
let writer: ZkSession;

const view = async (url: string) => GarbageViewSchema.parse(await (await fetch(`${url}/api/garbage`)).json());
const post = (url: string, path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<Response> =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Runs `assertion` until it passes, or throws its last failure after `timeoutMs`. */
async function eventually(assertion: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A lock used once and let go, as Kazoo leaves it: its parent persistent, empty, with children once. */
async function usedOnce(lock: string): Promise<void> {
  await writer.mkdirp(lock);
  const node = await writer.create(`${lock}/lock-`, null, 'ephemeral-sequential');
  await writer.remove(node);
}

async function runDone(url: string): Promise<CleanupRun> {
  let run: CleanupRun | null = null;
  await eventually(async () => {
    run = CleanupRunSchema.parse(await (await fetch(`${url}/api/garbage/cleanup`)).json());
    expect(run.state).not.toBe('running');
  }, 20_000);
  return run!;
}

beforeAll(async () => {
  writer = await openSession();
  sessions.push(writer);
  // Ten parents left empty before the explorer starts (the scan finds them), beside a configuration node that never had a child.
  for (let index = 0; index < 10; index += 1) await usedOnce(`${root}/jobs/job-${index}`);
  await writer.mkdirp(`${root}/config/feature-flags`);
  allowed = await startExplorer({ roots: [root] }, { adminToken: TOKEN }, { cleanup: { allowed: true, rate: 50 } });
  refusing = await startExplorer({ roots: [root] });
});

afterAll(async () => {
  for (const session of sessions) session.close();
  await allowed.close();
  await refusing.close();
});

describe('lock garbage', () => {
  it('lists the lock parents the scan finds empty, grouped by their parent, and not a node that never had children', async () => {
    await eventually(async () => {
      const garbage = await view(allowed.url);
      expect(garbage.scanned).toBe(true);
      expect(garbage.groups).toEqual([expect.objectContaining({ parent: `${root}/jobs`, count: 10, sure: { seen: 0, files: 0, stat: 10 } })]);
    }, 15_000);
    const page = EmptyParentsPageSchema.parse(await (await fetch(`${allowed.url}/api/garbage/empty?group=${root}/jobs&limit=3`)).json());
    expect(page.total).toBe(10);
    expect(page.items.map((item) => item.path)).toEqual([`${root}/jobs/job-0`, `${root}/jobs/job-1`, `${root}/jobs/job-2`]);
    const commands = await (await fetch(`${allowed.url}/api/garbage/empty?group=${root}/jobs&format=zkcli&limit=2`)).text();
    expect(commands).toBe(`delete -v 0 ${root}/jobs/job-0\ndelete -v 0 ${root}/jobs/job-1\n`);
  });

  it('adds a followed lock once its last contender goes, as seen, with its recipe', async () => {
    const lock = `${root}/live/lock`;
    const contender = await openSession();
    sessions.push(contender);
    await contender.mkdirp(lock);
    const node = await contender.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    // Followed once discovery lists it (the ephemeral nodes' next listing).
    await eventually(async () => expect(((await (await fetch(`${allowed.url}/api/locks`)).json()) as { locks: Array<{ path: string }> }).locks.map((one) => one.path)).toContain(lock), 10_000);
    await contender.remove(node);
    await eventually(async () => {
      const group = (await view(allowed.url)).groups.find((one) => one.parent === `${root}/live`);
      expect(group).toMatchObject({ count: 1, sure: { seen: 1, files: 0, stat: 0 }, recipe: 'sequential-lock' });
    }, 10_000);
  });

  it('names a node whose session queued again behind it, and a persistent node inside a lock', async () => {
    const lock = `${root}/leaky/lock`;
    const client = await openSession();
    sessions.push(client);
    await client.mkdirp(lock);
    const first = await client.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    await client.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    await writer.create(`${root}/leaky/lock/lock-0000000099`, null, 'persistent');
    await eventually(async () => {
      const garbage = await view(allowed.url);
      expect(garbage.leaked).toEqual([expect.objectContaining({ lock, node: first.slice(lock.length + 1), why: 'queued-again', leads: true, sessionId: client.sessionId })]);
      expect(garbage.persistentInLocks).toEqual([expect.objectContaining({ lock, node: 'lock-0000000099' })]);
    }, 10_000);
  });

  it('refuses to clean up unless allowed, without the token, from another site, outside the roots, or on a plan grown since', async () => {
    const everything = { groups: [`${root}/jobs`], expected: 10, minIdleMs: 0 };
    const off = await post(refusing.url, '/api/garbage/cleanup', everything);
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: string }).error).toContain('ALLOW_CLEANUP');
    expect((await post(allowed.url, '/api/garbage/cleanup', everything, {})).status).toBe(401);
    expect((await post(allowed.url, '/api/garbage/cleanup', everything, { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(allowed.url, '/api/garbage/cleanup', { ...everything, groups: ['/elsewhere'] })).status).toBe(400);
    expect((await post(allowed.url, '/api/garbage/cleanup', { ...everything, expected: 9 })).status).toBe(409);
    expect((await post(allowed.url, '/api/garbage/cleanup', { groups: 'all', expected: 1 })).status).toBe(400);
    // Parents emptied lately are left: none is old enough for an hour's idleness.
    const recent = EmptyParentsPageSchema.parse(await (await fetch(`${allowed.url}/api/garbage/empty?group=${root}/jobs&minIdleMs=3600000`)).json());
    expect(recent.total).toBe(0);
    expect(recent.recent).toBe(10);
  });

  it('deletes the empty parents still as they were read, and leaves one a contender came back to, logging each', async () => {
    // A contender comes back to one parent after the dry run: the clean-up must leave it.
    const back = await openSession();
    sessions.push(back);
    const log = vi.spyOn(console, 'log');
    try {
      const dry = EmptyParentsPageSchema.parse(await (await fetch(`${allowed.url}/api/garbage/empty?group=${root}/jobs&minIdleMs=0&limit=100000`)).json());
      expect(dry.total).toBe(10);
      await back.create(`${root}/jobs/job-3/lock-`, null, 'ephemeral-sequential');
      const started = await post(allowed.url, '/api/garbage/cleanup', { groups: [`${root}/jobs`], expected: dry.total, minIdleMs: 0 });
      expect(started.status).toBe(202);
      const run = await runDone(allowed.url);
      expect(run).toMatchObject({ state: 'done', deleted: 9, left: 0 });
      expect(run.skippedPaths).toEqual([{ path: `${root}/jobs/job-3`, why: 'not-empty' }]);
      expect(await writer.exists(`${root}/jobs/job-3`)).not.toBeNull();
      expect(await writer.exists(`${root}/jobs/job-4`)).toBeNull();
      // Nothing else was touched.
      expect(await writer.exists(`${root}/config/feature-flags`)).not.toBeNull();
      expect(await writer.exists(`${root}/live/lock`)).not.toBeNull();
      const lines = log.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes('deleted') && line.includes(`${root}/jobs/job-`))).toHaveLength(9);
      expect(lines.filter((line) => line.includes(`left ${root}/jobs/job-3: not-empty`))).toHaveLength(1);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      log.mockRestore();
    }
  });

  it('lets go of an empty parent someone else deleted, at the next scan', async () => {
    const elsewhere = uniqueRoot('garbage-rescan');
    for (let index = 0; index < 4; index += 1) await usedOnce(`${elsewhere}/jobs/job-${index}`);
    const rescanning = await startExplorer({ roots: [elsewhere], rescanMs: 500 });
    try {
      const count = async (): Promise<number | undefined> => (await view(rescanning.url)).groups.find((one) => one.parent === `${elsewhere}/jobs`)?.count;
      await eventually(async () => expect(await count()).toBe(4), 15_000);
      // zkCli, the container reaper or another explorer: no notification tells the explorer, the next scan does.
      await writer.remove(`${elsewhere}/jobs/job-2`);
      await eventually(async () => expect(await count()).toBe(3), 15_000);
    } finally {
      await rescanning.close();
    }
  });
});
