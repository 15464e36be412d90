/**
 * The explorer never counts itself: its own session watches the locks it follows (ZooKeeper's
 * `wchc` lists it), yet no watcher count, standby, session list or waits-for graph names it. On a
 * real ZooKeeper: Kafka's `/controller` held by one broker and watched (`exists`) by another,
 * and simulated single-node contenders, which are real participants and still counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_FIXTURES } from '../lib/lock/systems/fixtures';
import { ContenderListSchema, LockSnapshotSchema, SessionListSchema, WaitsForGraphSchema, type LockSnapshot, type SessionList, type WaitsForGraph } from '../lib/protocol';
import { outsideWatchers } from '../lib/view/watch-verdict';
import { connectClient, eventually, expireSession, LockFeed, openSession, request, startExplorer, watchesOf, type RunningExplorer } from './testing/harness';
import { makeSystemFixture } from './testing/system-fixtures';
import type { ZkSession } from './zk/session';

const prefix = `/it-own-${randomUUID().slice(0, 8)}`;
const controller = `${prefix}/controller`;
const simRoot = `/sim${prefix}`;
const kafka = SYSTEM_FIXTURES.find((fixture) => fixture.system === 'kafka' && fixture.lock === '/controller')!;
let running: RunningExplorer;
let broker: ZkSession;
let standby: ZkSession;
let admin: ZkSession;

async function lockOf(path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${path}`)).json());
}

async function sessionsListed(): Promise<SessionList> {
  return SessionListSchema.parse(await (await fetch(`${running.url}/api/sessions`)).json());
}

async function waitsFor(): Promise<WaitsForGraph> {
  return WaitsForGraphSchema.parse(await (await fetch(`${running.url}/api/waits-for`)).json());
}

/** The controller's node once ZooKeeper's report names the standby broker among its watchers. */
function watchedController(): Promise<LockSnapshot> {
  return eventually(async () => {
    const lock = await lockOf(controller);
    return lock.nodes[0]?.watchers?.includes(standby.sessionId!) === true ? lock : undefined;
  }, 15_000);
}

/** Waits until ZooKeeper itself says that the explorer's current session watches `path`: what the explorer must not count. */
async function explorerWatches(path: string): Promise<void> {
  await eventually(async () => ((await watchesOf(running.session.sessionId!)).includes(path) ? true : undefined), 15_000);
}

beforeAll(async () => {
  [broker, standby, admin] = await Promise.all([openSession(10_000), openSession(10_000), openSession(10_000)]);
  await makeSystemFixture(kafka, prefix, [broker], admin);
  // Another broker waits for the controller to go, as Kafka's brokers do.
  await standby.exists(controller, () => undefined);
  running = await startExplorer({ roots: [prefix, simRoot] });
});

afterAll(async () => {
  await running?.close();
  for (const session of [broker, standby, admin]) session?.close();
});

describe('the explorer never counts itself', () => {
  it('a Kafka /controller watched by one other broker has exactly one watcher, the standby, though the explorer watches it too', async () => {
    await explorerWatches(controller);
    const lock = await watchedController();
    // A report or two later the explorer's own watch is still left out.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await lockOf(controller);
    for (const read of [lock, again]) {
      expect(read.recipe.system).toBe('Apache Kafka (ZooKeeper mode)');
      expect(read.nodes).toHaveLength(1);
      expect(read.nodes[0]).toMatchObject({ role: 'holder', sessionId: broker.sessionId, watchers: [standby.sessionId] });
      // The page's "1 watches it": the sessions that watch the node without one of their own.
      expect([...outsideWatchers(read.nodes).values()]).toEqual([[standby.sessionId]]);
    }
  });

  it('a page following the controller is told when another broker begins to watch it, and only of the brokers', async () => {
    const socket = await connectClient(running.url);
    const late = await openSession(10_000);
    try {
      const feed = new LockFeed(socket);
      expect(await request(socket, 'subscribe', { path: controller })).toEqual({ ok: true });
      expect((await feed.snapshot()).nodes[0]?.watchers).toEqual([standby.sessionId]);
      await late.exists(controller, () => undefined);
      const told = await feed.delta((delta) => delta.updated.some((node) => node.watchers?.includes(late.sessionId!) === true), 15_000);
      expect(told.updated[0]?.watchers).toEqual([standby.sessionId, late.sessionId].sort());
      // Once it goes, the page is told of the standby alone again (and the next test starts from there).
      const seen = feed.deltas.length;
      late.close();
      await feed.delta((delta) => feed.deltas.indexOf(delta) >= seen && delta.updated.some((node) => node.watchers?.length === 1 && node.watchers[0] === standby.sessionId), 15_000);
    } finally {
      socket.close();
      late.close();
    }
  });

  it('the sessions list and the waits-for graph do not name the explorer’s session', async () => {
    const own = running.session.sessionId!;
    const listed = await eventually(async () => {
      const list = await sessionsListed();
      return list.sessions.some((session) => session.sessionId === broker.sessionId && session.client !== null) ? list : undefined;
    }, 15_000);
    expect(listed.sessions.map((session) => session.sessionId)).not.toContain(own);
    expect(listed.sessions.find((session) => session.sessionId === broker.sessionId)).toMatchObject({ holds: 1, nodes: [{ lock: controller, name: 'controller', role: 'holder' }] });
    // Not even when it is looked for by its id.
    const searched = SessionListSchema.parse(await (await fetch(`${running.url}/api/sessions?${new URLSearchParams({ q: own })}`)).json());
    expect(searched.sessions.map((session) => session.sessionId)).not.toContain(own);
    const graph = await waitsFor();
    expect(graph.sessions.map((session) => session.id)).toContain(broker.sessionId);
    expect(graph.sessions.map((session) => session.id)).not.toContain(own);
    expect(graph.edges.flatMap((edge) => [edge.from, edge.to])).not.toContain(own);
  });

  it('after its session expires, the explorer’s new session is left out as well', async () => {
    const before = running.session.sessionId!;
    await expireSession(running.session);
    await eventually(() => (running.session.state === 'connected' && running.session.sessionId !== before ? true : undefined), 15_000);
    await explorerWatches(controller);
    // A report taken after the new session's watch was set: only the standby watches the controller.
    const lock = await eventually(async () => {
      const read = await watchedController();
      const { sessions } = await sessionsListed();
      return sessions.some((session) => session.sessionId === broker.sessionId && session.client !== null) ? read : undefined;
    }, 15_000);
    expect(lock.nodes[0]?.watchers).toEqual([standby.sessionId]);
    const { sessions } = await sessionsListed();
    expect(sessions.map((session) => session.sessionId)).not.toContain(running.session.sessionId);
    expect(sessions.map((session) => session.sessionId)).not.toContain(before);
  });

  it('simulated contenders are real participants: a single-node lock’s standby among them is counted, the explorer still not', async () => {
    const path = `${simRoot}/printer`;
    const spawned = await fetch(`${running.url}/api/sim/contenders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path, count: 2, strategy: 'single-node', holdMs: 60_000, rounds: 1, ttlMs: 120_000, removeParent: true }),
    });
    expect(spawned.status).toBe(201);
    try {
      const contenders = await eventually(async () => {
        const { contenders: all } = ContenderListSchema.parse(await (await fetch(`${running.url}/api/sim/contenders`)).json());
        const mine = all.filter((contender) => contender.path === path);
        return mine.some((contender) => contender.state === 'holding') && mine.some((contender) => contender.state === 'waiting') ? mine : undefined;
      }, 15_000);
      const waiting = contenders.find((contender) => contender.state === 'waiting')!;
      const holding = contenders.find((contender) => contender.state === 'holding')!;
      // The explorer watches the lock's parent here, not the node: its session must not show up anywhere all the same.
      await explorerWatches(path);
      const lock = await eventually(async () => {
        const read = await lockOf(path);
        return read.nodes[0]?.watchers?.includes(waiting.sessionId!) === true ? read : undefined;
      }, 15_000);
      expect(lock.nodes[0]).toMatchObject({ name: 'lock', sessionId: holding.sessionId, watchers: [waiting.sessionId] });
      expect([...outsideWatchers(lock.nodes).values()]).toEqual([[waiting.sessionId]]);
      const { sessions } = await eventually(async () => {
        const list = await sessionsListed();
        return list.sessions.some((session) => session.sessionId === holding.sessionId) ? list : undefined;
      }, 15_000);
      expect(sessions.find((session) => session.sessionId === holding.sessionId)).toMatchObject({ origin: 'simulated', holds: 1 });
      expect(sessions.map((session) => session.sessionId)).not.toContain(running.session.sessionId);
    } finally {
      await fetch(`${running.url}/api/sim/contenders?${new URLSearchParams({ path })}`, { method: 'DELETE' });
    }
  });
});
