/**
 * A busy ensemble: another client writes all the time, under the explorer's lock root and beside
 * it. ZooKeeper expires a session it has received nothing from, and the notifications of those
 * writes keep the explorer's socket busy the other way: its session must live on its own pings.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectClient, eventually, LockFeed, openSession, request, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
import type { ZkConnectionState } from '../lib/protocol';
import type { ZkSession } from './zk/session';

const root = uniqueRoot('busy');
const beside = uniqueRoot('busy-beside');
let running: RunningExplorer;
/** An explorer that no member lists the ephemeral nodes for (INTROSPECT_INTERVAL_MS=0): it watches the root, and every write is a notification to it. */
let watching: RunningExplorer;
let writer: ZkSession;
let holder: ZkSession;
let watcher: ZkSession;

beforeAll(async () => {
  writer = await openSession();
  holder = await openSession();
  // A contender's session with a watch that fires all the time, like a herd waiter behind a busy lock.
  watcher = await openSession();
  running = await startExplorer({ roots: [root] });
  watching = await startExplorer({ roots: [root] }, undefined, { introspectionIntervalMs: 0 });
});

afterAll(async () => {
  await running.close();
  await watching.close();
  for (const session of [writer, holder, watcher]) session.close();
});

/** Sets a node's data, creating it when it is not there. */
async function put(path: string, text: string): Promise<void> {
  try {
    await writer.setData(path, Buffer.from(text));
  } catch {
    await writer.create(path, Buffer.from(text));
  }
}

/** Creates a lock at `path` (a contender of its own session) and resolves with how long the explorer took to list it (ms). */
async function timeToList(path: string): Promise<number> {
  await writer.mkdirp(path);
  const started = Date.now();
  await holder.create(`${path}/lock-`, Buffer.alloc(0), 'ephemeral-sequential');
  await eventually(async () => {
    const list = (await (await fetch(`${running.url}/api/locks`)).json()) as { locks: Array<{ path: string }> };
    return list.locks.some((listed) => listed.path === path) ? true : undefined;
  }, 5_000);
  return Date.now() - started;
}

/** Every state a session passes through from now on. */
function statesOf(session: ZkSession): ZkConnectionState[] {
  const states: ZkConnectionState[] = [];
  session.on('state', (state) => states.push(state));
  return states;
}

describe('a ZooKeeper written to every 0.2 s for 30 s, with a 4 s session timeout', () => {
  it('keeps every session (the explorer’s, one that watches the root, a watching contender’s): same ids, no expiry said or logged; the explorer is told of none of the writes, and finds a new lock within 2 s', async () => {
    const lock = `${root}/orders/lock`;
    await writer.mkdirp(`${root}/config`);
    await writer.mkdirp(beside);
    await writer.mkdirp(`${root}/orders/lock`);
    await holder.create(`${lock}/lock-`, Buffer.alloc(0), 'ephemeral-sequential');
    const socket = await connectClient(running.url);
    const feed = new LockFeed(socket);
    expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
    await feed.snapshot();
    await eventually(async () => {
      const list = (await (await fetch(`${running.url}/api/locks`)).json()) as { locks: Array<{ path: string }> };
      return list.locks.some((listed) => listed.path === lock) ? true : undefined;
    });
    const unwatchTree = await watcher.watchTree(root, () => undefined);

    const explorerSession = running.session.sessionId;
    const watchingSession = watching.session.sessionId;
    const watchingNotifiedBefore = watching.session.notificationSeq;
    const watchingStates = statesOf(watching.session);
    const watcherSession = watcher.sessionId;
    expect(explorerSession).not.toBeNull();
    const explorerStates = statesOf(running.session);
    const watcherStates = statesOf(watcher);
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    let writes = 0;
    const notifiedBefore = running.session.notificationSeq;
    // A lock that comes in the middle of the storm, somewhere new below the root.
    const later = `${root}/jobs/nightly/lock`;
    let laterListedMs: number | null = null;
    try {
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        if (writes === 75) laterListedMs = await timeToList(later);
        const name = `n${writes % 20}`;
        // Unrelated data changes under the lock root (which ask the explorer for no read), creates and deletes beside it.
        await put(`${root}/config/${name}`, String(writes));
        await put(`${beside}/${name}`, String(writes));
        if (writes % 5 === 4) await writer.remove(`${beside}/${name}`);
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(writes).toBeGreaterThan(100);
      // ZooKeeper told the explorer nothing of the writes outside its locks: at most one notification a hundred writes (here: none but the new lock's).
      const notified = running.session.notificationSeq - notifiedBefore;
      expect(notified, `${notified} notifications for ${writes * 2} writes`).toBeLessThanOrEqual(Math.floor(writes * 2 * 0.01));
      expect(laterListedMs).not.toBeNull();
      expect(laterListedMs!).toBeLessThanOrEqual(2_000);
      // The explorer that watches the root heard of every write under it, and kept its session all the same.
      expect(watching.session.notificationSeq - watchingNotifiedBefore).toBeGreaterThanOrEqual(writes);
      expect(watching.session.sessionId).toBe(watchingSession);
      expect(watchingStates).not.toContain('expired');
      expect((await (await fetch(`${watching.url}/api/locks`)).json()) as { discovery: { live: string } }).toMatchObject({ discovery: { live: 'recursive-watch' } });
      expect(running.session.sessionId).toBe(explorerSession);
      expect(watcher.sessionId).toBe(watcherSession);
      expect(explorerStates).not.toContain('expired');
      expect(watcherStates).not.toContain('expired');
      const said = [...warn.mock.calls, ...log.mock.calls].map((call) => call.map(String).join(' ')).join('\n');
      expect(said).not.toMatch(/expired/i);
      // The lock is still followed, live: a handover after the storm reaches the page.
      holder.close();
      await feed.delta((delta) => (delta.removed ?? []).length > 0, 10_000);
    } finally {
      warn.mockRestore();
      log.mockRestore();
      await unwatchTree();
      socket.close();
    }
  }, 60_000);
});
