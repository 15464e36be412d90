/**
 * A ZooKeeper as 3.10 will ship it: four-letter words closed but `srvr`, the AdminServer off
 * (3.9 configured so). Nothing tells the explorer its sessions' watches and connections; it still
 * reads every lock from its nodes, names each Curator holder and waiter by the address Curator
 * wrote into its node, marked as such, and says in its health exactly what can and cannot be known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticsSchema, HealthResponseSchema, LockListSchema, LockSnapshotSchema, REPORTED_FACTS, type LockSnapshot } from '../lib/protocol';
import { isIpAddress } from '../lib/lock/recipes/data-client';
import { freePort } from './net';
import { eventually, startExplorer, type RunningExplorer } from './testing/harness';
import { RealContenders } from './testing/real-clients';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import { fourLetterWord } from './zk/four-letter';
import { ZkSession } from './zk/session';

const ROOT = '/closed';
let zookeeper: EmbeddedZooKeeper;
let adminPort: number;
let running: RunningExplorer;
const sessions: ZkSession[] = [];

async function health() {
  return HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
}

async function lock(path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${path}`)).json());
}

async function session(): Promise<ZkSession> {
  const opened = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await opened.start(10_000);
  sessions.push(opened);
  return opened;
}

beforeAll(async () => {
  zookeeper = await startEmbeddedZooKeeper({ version: '3.9', extraConfig: { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'false' } });
  // Where an AdminServer would answer, nothing listens (ZK_ADMIN_PORT left at a port of its own, as 8080 is in production).
  adminPort = await freePort();
  running = await startExplorer({ roots: [ROOT] }, undefined, { connectString: zookeeper.connectString, introspectionIntervalMs: 300, zkAdmin: { port: adminPort, urls: null } });
}, 60_000);

afterAll(async () => {
  for (const opened of sessions) opened.close();
  await running?.close();
  await zookeeper?.stop();
});

describe('ZooKeeper 3.9 as 3.10 will ship: srvr only, no AdminServer', () => {
  it('really answers srvr alone, and no AdminServer answers', async () => {
    expect(await fourLetterWord('127.0.0.1', zookeeper.port, 'srvr')).toMatch(/Zookeeper version: 3\.9\./);
    for (const word of ['wchc', 'cons', 'dump', 'mntr']) expect(await fourLetterWord('127.0.0.1', zookeeper.port, word)).toMatch(/not in the whitelist/);
    await expect(fetch(`http://127.0.0.1:${adminPort}/commands/connections`)).rejects.toThrow();
  });

  it('names every holder and waiter of a real Curator lock by the address Curator wrote into its node, as such, ZooKeeper saying nothing of their connections', async () => {
    const path = `${ROOT}/orders/lock`;
    const curator = await RealContenders.start(zookeeper.connectString, path, 'curator-mutex', '3');
    try {
      const snapshot = await eventually(async () => {
        const read = await lock(path);
        return read.nodes.length === 3 && read.holders.length === 1 ? read : undefined;
      }, 20_000);
      expect(snapshot.recipe.id).toBe('curator-mutex');
      expect(snapshot.nodes.map((node) => node.role)).toEqual(['holder', 'waiter', 'waiter']);
      for (const node of snapshot.nodes) {
        // ZooKeeper says nothing: no address, no watch confirmed, no watcher known.
        expect(node).toMatchObject({ client: null, watchConfirmed: null, watchers: null });
        // The node says what its client wrote: Curator's default data, the client's IP address.
        expect(node.dataClient).not.toBeNull();
        expect(node.dataClient).toBe(node.data?.text);
        expect(isIpAddress(node.dataClient!)).toBe(true);
      }
      // The recipe's watch is still known: each waiter reads the node before it.
      expect(snapshot.nodes.slice(1).map((node) => node.watch)).toEqual(snapshot.nodes.slice(0, 2).map((node) => ({ type: 'data', path: node.path })));
      expect(curator.holderSessions()).toEqual([snapshot.nodes[0]!.sessionId]);

      // The lock list names the holder the same way.
      const listed = await eventually(async () => {
        const list = LockListSchema.parse(await (await fetch(`${running.url}/api/locks`)).json());
        return list.locks.find((one) => one.path === path && one.holders.length === 1);
      }, 15_000);
      expect(listed).toMatchObject({ holderClients: [null], holderDataClients: [snapshot.nodes[0]!.dataClient], queueLength: 2 });
    } finally {
      await curator.stop();
    }
  }, 60_000);

  it('says in its health exactly what can and cannot be known, and how new locks are found and at what cost', async () => {
    const said = await eventually(async () => {
      const read = await health();
      return read.knowledge !== null && read.discovery.live === 'recursive-watch' ? read : undefined;
    }, 15_000);
    expect(said.introspection.available).toBe(false);
    expect(said.introspection.reason).toMatch(/wchc, cons, mntr, dump not in 4lw\.commands\.whitelist, and the AdminServer at http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)/);
    expect(said.discovery).toMatchObject({ method: 'scan', live: 'recursive-watch', ephemerals: { state: 'refused' } });
    expect(said.knowledge).toEqual({
      cause: 'refused',
      reason: said.introspection.reason,
      known: ['queues', 'owners', 'data-clients', 'recipe-watches', 'deadlocks', 'new-locks'],
      unknown: [...REPORTED_FACTS],
      newLocks: { live: 'recursive-watch', treeNotificationsPerSecond: said.discovery.treeNotificationsPerSecond },
    });
  });

  it('finds a new lock and a deadlock between sessions as it says it can, from the nodes alone', async () => {
    const [a, b] = [await session(), await session()];
    const [first, second] = [`${ROOT}/deadlock/first`, `${ROOT}/deadlock/second`];
    await a.mkdirp(first);
    await a.mkdirp(second);
    // Each session holds one lock and waits in the other: found live (through the watch on the roots), and deadlocked by owner.
    await a.create(`${first}/lock-`, null, 'ephemeral-sequential');
    await b.create(`${second}/lock-`, null, 'ephemeral-sequential');
    await a.create(`${second}/lock-`, null, 'ephemeral-sequential');
    await b.create(`${first}/lock-`, null, 'ephemeral-sequential');
    const deadlock = await eventually(async () => {
      const read = DiagnosticsSchema.parse(await (await fetch(`${running.url}/api/diagnostics`)).json());
      return read.deadlocks.find((one) => one.locks.includes(first));
    }, 15_000);
    expect(deadlock.locks).toEqual([first, second]);
    expect(deadlock.sessions).toEqual([a.sessionId!, b.sessionId!].sort());
    // Where each session connects from is what cannot be known here.
    expect(deadlock.cycle.every((step) => step.client === null)).toBe(true);
  }, 30_000);
});
