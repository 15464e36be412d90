/**
 * A real ensemble of three members on loopback ports: a session connected to a member other
 * than the explorer's still has its watch reported, since every member is asked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockSnapshotSchema, type LockSnapshot } from '../../lib/protocol';
import { parseCons } from '../../lib/zk/four-letter';
import { createExplorer, type Explorer } from '../app';
import { connectClient, eventually, LockFeed, request } from '../testing/harness';
import { startEnsemble, type ZooKeeperEnsemble } from './embedded';
import { fourLetterWord } from './four-letter';
import { ZkError, ZkSession } from './session';

let ensemble: ZooKeeperEnsemble;
let explorerSession: ZkSession;
let explorer: Explorer;
let url: string;
const sessions: ZkSession[] = [];

const SESSION_TIMEOUT_MS = 12_000;

async function open(connectString: string): Promise<ZkSession> {
  const session = new ZkSession({ connectString, sessionTimeoutMs: SESSION_TIMEOUT_MS });
  await session.start(20_000);
  sessions.push(session);
  return session;
}

/** Runs `step` again while ZooKeeper answers CONNECTION_LOSS (an ensemble electing a leader). */
async function untilDone<T>(step: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'CONNECTION_LOSS') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The member whose `cons` lists `sessionId`. */
async function memberOf(sessionId: string): Promise<number> {
  for (const [index, member] of ensemble.members.entries()) {
    if (parseCons(await fourLetterWord('127.0.0.1', member.port, 'cons')).has(sessionId)) return index;
  }
  throw new Error(`no member lists session ${sessionId}`);
}

beforeAll(async () => {
  ensemble = await startEnsemble(3);
  explorerSession = await open(ensemble.connectString);
  explorer = createExplorer({ session: explorerSession, embedded: false, introspectionIntervalMs: 300, discovery: { roots: ['/ensemble'], maxNodes: 1000 } });
  url = await explorer.listen(0, '127.0.0.1');
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  for (const session of sessions) session.close();
  await ensemble?.stop();
}, 60_000);

describe('a three-member ensemble', () => {
  it('reports the watch of a session connected to another member than the explorer', async () => {
    const mine = await memberOf(explorerSession.sessionId!);
    const other = ensemble.members[(mine + 1) % 3]!;
    const third = ensemble.members[(mine + 2) % 3]!;
    const lock = '/ensemble/orders/lock';
    const holder = await open(other.connectString);
    await holder.mkdirp(lock);
    const holderNode = await holder.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    // The waiter sits on a member the explorer is not connected to, and watches the holder there.
    const waiter = await open(other.connectString);
    await waiter.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    await waiter.exists(holderNode, () => undefined);
    expect(await memberOf(waiter.sessionId!)).not.toBe(mine);
    // A second waiter, on the third member, sets no watch: nothing would wake it.
    const idle = await open(third.connectString);
    const idleNode = await idle.create(`${lock}/lock-`, null, 'ephemeral-sequential');

    const seen = await eventually(async () => {
      const snapshot: LockSnapshot = LockSnapshotSchema.parse(await (await fetch(`${url}/api/locks${lock}`)).json());
      const holderEntry = snapshot.nodes.find((node) => node.role === 'holder');
      // Watches and addresses come from polls of every member, which may each be one poll behind.
      const complete = snapshot.nodes.every((node) => node.client !== null);
      return complete && holderEntry?.watchers?.includes(waiter.sessionId!) && snapshot.anomalies.some((anomaly) => anomaly.kind === 'no-watch') ? snapshot : undefined;
    }, 20_000);
    const byName = new Map(seen.nodes.map((node) => [node.path, node]));
    expect(byName.get(holderNode)?.watchers).toEqual([waiter.sessionId]);
    expect(seen.nodes.find((node) => node.sessionId === waiter.sessionId)).toMatchObject({ watchConfirmed: true });
    expect(byName.get(idleNode)).toMatchObject({ watchConfirmed: false });
    // Client addresses come from the member each session is connected to.
    for (const node of seen.nodes) expect(node.client).toMatch(/^127\.0\.0\.1:\d+$/);
    const health = (await (await fetch(`${url}/api/health`)).json()) as { introspection: { servers: Array<{ server: string; ok: boolean }> } };
    expect(health.introspection.servers.map((server) => server.ok)).toEqual([true, true, true]);
  }, 60_000);

  it('fails over when the member it is connected to dies, within the session timeout, and misses no change', async () => {
    const lock = '/ensemble/failover/lock';
    const mine = await memberOf(explorerSession.sessionId!);
    const survivors = ensemble.members.filter((_, index) => index !== mine);
    const admin = await open(survivors.map((member) => member.connectString).join(','));
    await admin.mkdirp(lock);
    const holder = await admin.create(`${lock}/lock-`, null, 'ephemeral-sequential');
    const socket = await connectClient(url);
    const feed = new LockFeed(socket);
    try {
      await request(socket, 'subscribe', { path: lock });
      expect((await feed.snapshot()).nodes).toHaveLength(1);
      const sessionBefore = explorerSession.sessionId;

      await ensemble.members[mine]!.stop();
      const killed = Date.now();
      // Changes while the explorer looks for another member: the holder goes, and two others join.
      // If the dead member led the ensemble, the others elect a leader first and our own client
      // may lose its connection too: it retries as a careful client does (a GUID in the name
      // finds a node whose create reply was lost).
      await untilDone(async () => {
        await admin.remove(holder).catch((error: unknown) => {
          if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
        });
      });
      const names: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const guid = randomUUID();
        names.push(
          await untilDone(async () => {
            const found = (await admin.getChildren(lock)).children.find((name) => name.includes(guid));
            return found ?? (await admin.create(`${lock}/_c_${guid}-lock-`, null, 'ephemeral-sequential')).slice(lock.length + 1);
          }),
        );
      }
      const seen = await eventually(async () => {
        const snapshot = LockSnapshotSchema.parse(await (await fetch(`${url}/api/locks${lock}`)).json());
        return snapshot.nodes.length === 2 && snapshot.holders[0] === names[0] ? snapshot : undefined;
      }, SESSION_TIMEOUT_MS + 5000);
      const recovered = Date.now() - killed;
      expect(recovered).toBeLessThan(SESSION_TIMEOUT_MS);
      expect(seen.nodes.map((node) => node.name)).toEqual(names);
      // The same session, moved to another member: nothing had to be opened again.
      expect(explorerSession.sessionId).toBe(sessionBefore);
      expect(explorerSession.state).toBe('connected');
      // The subscriber heard of the removal and both arrivals.
      await feed.delta((delta) => delta.removed.includes(holder.slice(lock.length + 1)));
      console.log(`failover: the explorer was right again ${recovered} ms after its member died`);
    } finally {
      socket.close();
    }
  }, 60_000);
});
