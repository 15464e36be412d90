/**
 * The verdicts an operator comes for, each on the lock's own snapshot (REST and socket), built
 * with real clients against a real ZooKeeper: a deadlock of two Curator applications, waiters
 * that watch nothing, a hand-written herd told from what ZooKeeper reports, a chained lock that
 * must not be called one, no false alarm on a healthy lock, one answer in every view, and a read
 * that has every write made before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticsSchema, LockListSchema, LockSnapshotSchema, WaitsForGraphSchema, type Anomaly, type LockSnapshot } from '../lib/protocol';
import { applyDelta } from '../lib/lock/delta';
import { describeAnomaly } from '../lib/i18n/messages';
import { connectClient, eventually, LockFeed, openSession, request, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';
import { RealContenders, TwoLockClient } from './testing/real-clients';
import { FaultProxy } from './sim/proxy';
import type { ZkSession } from './zk/session';

const root = uniqueRoot('stuck');
const simRoot = `/sim${uniqueRoot('stuck')}`;
let running: RunningExplorer;
let admin: ZkSession;
const sessions: ZkSession[] = [];

async function session(): Promise<ZkSession> {
  const opened = await openSession(10_000);
  sessions.push(opened);
  return opened;
}

async function lockOf(path: string): Promise<LockSnapshot> {
  const response = await fetch(`${running.url}/api/locks${path}`);
  expect(response.status).toBe(200);
  return LockSnapshotSchema.parse(await response.json());
}

const kindsOf = (anomalies: readonly Anomaly[]): string[] => anomalies.map((anomaly) => anomaly.kind);

beforeAll(async () => {
  admin = await openSession();
  running = await startExplorer({ roots: [root, simRoot] }, undefined, { introspectionIntervalMs: 500, staleHolderMs: 120_000 });
});

afterAll(async () => {
  for (const opened of sessions) opened.close();
  admin.close();
  await running.close();
});

describe('a deadlock of two real Curator applications', () => {
  it('is on each lock’s own snapshot, socket and REST, naming the cycle with client addresses; the list, diagnostics and waits-for graph agree', async () => {
    const a = `${root}/deadlock/accounts`;
    const b = `${root}/deadlock/ledger`;
    const socket = await connectClient(running.url);
    const feed = new LockFeed(socket);
    const one = await TwoLockClient.start(zkConnect(), a, b);
    const two = await TwoLockClient.start(zkConnect(), b, a);
    try {
      expect(await request(socket, 'subscribe', { path: a })).toEqual({ ok: true });
      const asked = Date.now();
      await Promise.all([one.go(), two.go()]);
      // The page hears of it as soon as the second request is in both queues and ZooKeeper reports their clients.
      const delta = await feed.delta((candidate) => candidate.anomalies?.some((anomaly) => anomaly.kind === 'deadlock') === true, 15_000);
      const seenAfterMs = Date.now() - asked;
      console.log(`deadlock of two Curator clients named on the lock's socket ${seenAfterMs} ms after both asked for their second lock`);
      const deadlock = delta.anomalies!.find((anomaly) => anomaly.kind === 'deadlock')!;
      expect(delta.anomalies![0]!.kind).toBe('deadlock');
      expect(deadlock.deadlock?.sessions).toEqual([one.session, two.session].sort());
      expect(deadlock.deadlock?.locks).toEqual([a, b].sort());
      expect(deadlock.params).toMatchObject({ session: two.session, holder: one.session, locks: b });
      // The node named is the waiter of the session that waits in this lock.
      const snapshotA = await lockOf(a);
      expect(snapshotA.nodes.find((node) => node.name === deadlock.node)?.sessionId).toBe(two.session);
      const restDeadlock = snapshotA.anomalies.find((anomaly) => anomaly.kind === 'deadlock');
      expect(restDeadlock?.deadlock?.cycle.map((step) => step.session).sort()).toEqual([one.session, two.session].sort());
      await eventually(async () => ((await lockOf(a)).anomalies.find((anomaly) => anomaly.kind === 'deadlock')?.deadlock?.cycle.every((step) => step.client !== null) ? true : undefined), 10_000);
      expect(kindsOf((await lockOf(b)).anomalies)).toContain('deadlock');

      const list = LockListSchema.parse(await (await fetch(`${running.url}/api/locks`)).json());
      for (const path of [a, b]) expect(list.locks.find((lock) => lock.path === path)?.anomalies).toBeGreaterThanOrEqual(1);
      const diagnostics = DiagnosticsSchema.parse(await (await fetch(`${running.url}/api/diagnostics`)).json());
      expect(diagnostics.deadlocks.find((found) => found.locks.join() === [a, b].sort().join())?.sessions).toEqual([one.session, two.session].sort());
      expect(diagnostics.anomalies.filter((anomaly) => anomaly.kind === 'deadlock' && (anomaly.path === a || anomaly.path === b))).toHaveLength(2);
      const graph = WaitsForGraphSchema.parse(await (await fetch(`${running.url}/api/waits-for`)).json());
      expect(graph.edges.filter((edge) => edge.deadlocked).map((edge) => `${edge.from}>${edge.to}@${edge.lock}`).sort()).toEqual(
        [`${two.session}>${one.session}@${a}`, `${one.session}>${two.session}@${b}`].sort(),
      );
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      expect(metrics).toMatch(new RegExp(`zklock_anomalies\\{ensemble="default",lock="${a}",kind="deadlock"\\} 1`));
    } finally {
      await one.stop();
      await two.stop();
      socket.close();
    }
    // When one of them ends, the cycle is gone from both locks.
    await eventually(async () => (kindsOf((await lockOf(a)).anomalies).includes('deadlock') ? undefined : true), 15_000);
    expect(kindsOf((await lockOf(b)).anomalies)).not.toContain('deadlock');
  });
});

describe('waiters that watch nothing', () => {
  it('are each named, though no waiter of the lock watches anything', async () => {
    const lock = `${root}/unwatched/lock`;
    await admin.mkdirp(lock);
    const created: string[] = [];
    for (let i = 0; i < 4; i += 1) created.push(await (await session()).create(`${lock}/lock-`, null, 'ephemeral-sequential'));
    const waiters = created.slice(1).map((path) => path.slice(lock.length + 1));
    // One verdict over the three waiters, with their count and names.
    const named = await eventually(async () => {
      const anomalies = (await lockOf(lock)).anomalies.filter((anomaly) => anomaly.kind === 'no-watch');
      return anomalies.length === 1 && anomalies[0]!.count === 3 ? anomalies : undefined;
    }, 15_000);
    expect(named[0]!.nodes).toEqual(waiters);
    expect(named[0]!.node).toBe(waiters[0]);
    expect(describeAnomaly('en', 'no-watch', named[0]!.params).message).toContain('ZooKeeper does not report child watches');
    const snapshot = await lockOf(lock);
    expect(snapshot.nodes.filter((node) => node.role === 'waiter').map((node) => node.watchConfirmed)).toEqual([false, false, false]);
  });
});

/** A hand-written herd client: its node, then on every change of the children it lists them again with a child watch. */
async function herdContender(lock: string): Promise<{ session: ZkSession; node: string }> {
  const owner = await session();
  const node = await owner.create(`${lock}/lock-`, null, 'ephemeral-sequential');
  const look = async (): Promise<void> => {
    if (owner.state !== 'connected') return;
    await owner.getChildren(lock, () => void look().catch(() => undefined));
  };
  await look();
  return { session: owner, node };
}

describe('a herd of real ZooKeeper sessions', () => {
  it('is named a herd from ZooKeeper’s own report once a release wakes every waiter, with the evidence', async () => {
    const lock = `${root}/herd/lock`;
    await admin.mkdirp(lock);
    const contenders = [];
    for (let i = 0; i < 6; i += 1) contenders.push(await herdContender(lock));
    expect((await lockOf(lock)).recipe.id).toBe('sequential-lock');
    // Releases, one at a time, with time for ZooKeeper's report between them.
    for (const contender of contenders.slice(0, 3)) {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await contender.session.remove(contender.node);
    }
    const snapshot = await eventually(async () => {
      const read = await lockOf(lock);
      return read.recipe.id === 'herd' ? read : undefined;
    }, 15_000);
    expect(snapshot.recipe.evidence).toMatchObject({ by: 'cons', deleted: expect.any(Number), woke: expect.any(Number), waiting: expect.any(Number) });
    expect(await eventually(async () => (await lockOf(lock)).anomalies.find((anomaly) => anomaly.kind === 'herd'), 5000)).toBeDefined();
    // A herd's waiters watch the parent's children, which ZooKeeper does not report: none is named as watching nothing.
    expect(kindsOf((await lockOf(lock)).anomalies)).not.toContain('no-watch');
  });

  it('is not how a chained lock of real Curator clients is named, however often it hands over', async () => {
    const lock = `${root}/chained/lock`;
    const curator = await RealContenders.start(zkConnect(), lock, 'curator-mutex', '6');
    try {
      for (let round = 0; round < 4; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        const [holder] = curator.holding;
        curator.release(holder!);
        await curator.until(() => curator.holding.size === 1 && !curator.holding.has(holder!), 10_000, 'the next holder');
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const snapshot = await lockOf(lock);
      expect(snapshot.recipe.id).toBe('curator-mutex');
      expect(kindsOf(snapshot.anomalies)).toEqual([]);
    } finally {
      await curator.stop();
    }
  });
});

describe('no false alarm, one answer', () => {
  it('a healthy chained lock of 10 handing over every 500 ms raises no anomaly at any moment, and every view agrees', async () => {
    const lock = `${simRoot}/healthy/lock`;
    const socket = await connectClient(running.url);
    const feed = new LockFeed(socket);
    expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
    const spawned = await fetch(`${running.url}/api/sim/contenders`, {
      method: 'POST',
      body: JSON.stringify({ path: lock, count: 10, strategy: 'chained-getdata', holdMs: 500, rounds: 0 }),
    });
    expect(spawned.status).toBe(201);
    const started = Date.now();
    try {
      // Every delta is applied as the page applies it; the anomalies must stay empty throughout.
      let snapshot = await feed.snapshot();
      let applied = 0;
      const seen = new Set<string>();
      while (Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        for (const delta of feed.deltas.slice(applied)) {
          snapshot = applyDelta(snapshot, delta);
          for (const anomaly of snapshot.anomalies) seen.add(`${anomaly.kind}: ${describeAnomaly('en', anomaly.kind, anomaly.params).message}`);
        }
        applied = feed.deltas.length;
        const [list, diagnostics, rest] = await Promise.all([
          fetch(`${running.url}/api/locks`).then(async (response) => LockListSchema.parse(await response.json())),
          fetch(`${running.url}/api/diagnostics`).then(async (response) => DiagnosticsSchema.parse(await response.json())),
          lockOf(lock),
        ]);
        const inList = list.locks.find((candidate) => candidate.path === lock)?.anomalies ?? 0;
        const inDiagnostics = diagnostics.anomalies.filter((anomaly) => anomaly.path === lock).length;
        // The message names what was raised, so that a false alarm says which.
        expect([inList, inDiagnostics, rest.anomalies.length], rest.anomalies.map((anomaly) => `${anomaly.kind}: ${describeAnomaly('en', anomaly.kind, anomaly.params).message}`).join('; ')).toEqual([0, 0, 0]);
      }
      expect([...seen]).toEqual([]);
      const holds = feed.deltas.filter((delta) => delta.updated.some((node) => node.role === 'holder')).length;
      expect(holds).toBeGreaterThanOrEqual(20);
      // The watches were judged, not left unknown: ZooKeeper confirmed the waiters'.
      expect(snapshot.nodes.filter((node) => node.role === 'waiter').some((node) => node.watchConfirmed === true)).toBe(true);
    } finally {
      await fetch(`${running.url}/api/sim/contenders?path=${encodeURIComponent(lock)}`, { method: 'DELETE' });
      socket.close();
    }
  }, 40_000);
});

describe('read-your-writes', () => {
  it('a REST snapshot asked right after 10,000 creates returned has all of them, and says at which pzxid', async () => {
    // This explorer's own connection to ZooKeeper can be held back, so that its watcher is surely behind the writes.
    const [host, port] = zkConnect().split(',')[0]!.split(':') as [string, string];
    const proxy = await FaultProxy.start({ host, port: Number(port) });
    const lagging = await startExplorer({ roots: [uniqueRoot('ryw')] }, undefined, { connectString: proxy.connectString, introspectionIntervalMs: 0 });
    const lock = `${root}/bulk/lock`;
    await admin.mkdirp(lock);
    const socket = await connectClient(lagging.url);
    const writer = await session();
    try {
      // The lock is watched (a page is open), so the answer comes from a watcher that must catch up.
      expect(await request(socket, 'subscribe', { path: lock })).toEqual({ ok: true });
      const total = 10_000;
      proxy.pause(2500);
      await Promise.all(Array.from({ length: total }, () => writer.create(`${lock}/lock-`, null, 'ephemeral-sequential')));
      const stat = await admin.exists(lock);
      const asked = Date.now();
      const response = await fetch(`${lagging.url}/api/locks${lock}`);
      const snapshot = LockSnapshotSchema.parse(await response.json());
      const tookMs = Date.now() - asked;
      console.log(`REST snapshot right after ${total} creates, the explorer's connection held back 2.5 s from before the first: ${snapshot.nodes.length} nodes in ${tookMs} ms`);
      expect(snapshot.nodes).toHaveLength(total);
      expect(snapshot.read?.pzxid).toBe(stat!.pzxid);
      expect(snapshot.read!.at).toBeGreaterThanOrEqual(asked);
    } finally {
      socket.close();
      writer.close();
      await lagging.close();
      await proxy.close();
    }
  }, 60_000);
});
