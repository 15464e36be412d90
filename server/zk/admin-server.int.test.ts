/**
 * A ZooKeeper configured as production ensembles are since 3.5.3: four-letter words closed but
 * `srvr`, the AdminServer open; on 3.8 and on 3.9 (whose AdminServer asks authentication of its
 * new `snapshot` and `restore` only). The explorer asks the AdminServer instead, member by member,
 * and still confirms every watch and shows every client address of a real Curator read-write queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LockSnapshotSchema } from '../../lib/protocol';
import { eventually, startExplorer, ZOOKEEPER_VERSIONS, type RunningExplorer } from '../testing/harness';
import { RealContenders } from '../testing/real-clients';
import { freePort } from '../net';
import { expectCrashExpiryTold } from '../testing/crash';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper, type ZooKeeperVersion } from './embedded';
import { fourLetterWord } from './four-letter';
import { PLAIN_TCP } from './wire/connection';

/** What each line's AdminServer answers an unauthenticated `snapshot`: 3.9 added the command, behind authentication. */
const SNAPSHOT_UNAUTHENTICATED: Record<ZooKeeperVersion, { status: number; error: RegExp }> = {
  '3.8': { status: 200, error: /^Unknown command: snapshot$/ },
  '3.9': { status: 401, error: /^Auth info is missing for the command$/ },
};

describe.each(ZOOKEEPER_VERSIONS)('ZooKeeper %s: four-letter words closed but srvr, the AdminServer open', (version) => {
  let zookeeper: EmbeddedZooKeeper;
  let adminPort: number;
  let running: RunningExplorer;

  beforeAll(async () => {
    adminPort = await freePort();
    zookeeper = await startEmbeddedZooKeeper({
      version,
      extraConfig: { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'true', 'admin.serverAddress': '127.0.0.1', 'admin.serverPort': adminPort },
      // Debian's ZooKeeper lists Jetty in its jar's class path, but not the servlet API the AdminServer needs.
      classpath: ['/usr/share/java/servlet-api.jar'],
    });
    running = await startExplorer({ roots: ['/rw'] }, { connectString: zookeeper.connectString }, { connectString: zookeeper.connectString, introspectionIntervalMs: 300, zkAdmin: { port: adminPort, urls: null } });
  });

  afterAll(async () => {
    await running?.close();
    await zookeeper?.stop();
  });

  it('really refuses the words the explorer needs', async () => {
    expect(await fourLetterWord('127.0.0.1', zookeeper.port, 'wchc')).toMatch(/not in the whitelist/);
    expect(await fourLetterWord('127.0.0.1', zookeeper.port, 'srvr')).toMatch(/Mode: standalone/);
  });

  it('confirms every watch and shows every client address of a real Curator read-write queue, from the AdminServer', async () => {
    const lock = '/rw/orders/lock';
    // A writer holds; a reader, a writer and two readers wait: each watches the node Curator says.
    const curator = await RealContenders.start(zookeeper.connectString, lock, 'curator-rw', 'wrwrr');
    try {
      const snapshot = await eventually(async () => {
        const read = LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${lock}`)).json());
        const waiters = read.nodes.filter((node) => node.role === 'waiter');
        return waiters.length > 0 && waiters.every((node) => node.watchConfirmed === true) ? read : undefined;
      }, 20_000);
      expect(snapshot.recipe.id).toBe('curator-rwlock');
      expect(snapshot.nodes.every((node) => node.client !== null && /^127\.0\.0\.1:\d+$/.test(node.client))).toBe(true);
      // Every session the contenders report is one the explorer shows, its id read without loss.
      expect(new Set(snapshot.nodes.map((node) => node.sessionId))).toEqual(new Set(curator.sessions.values()));
      expect(snapshot.anomalies).toEqual([]);

      const health = HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
      expect(health.introspection.available).toBe(true);
      expect(health.introspection.servers).toEqual([
        { server: `127.0.0.1:${zookeeper.port}`, ok: true, error: null, source: 'admin-server', refused: expect.stringMatching(/wchc, cons, mntr.* not in 4lw\.commands\.whitelist/) },
      ]);
      // ZooKeeper's own counters come from the AdminServer's monitor.
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      expect(metrics).toMatch(new RegExp(`zookeeper_watch_count\\{ensemble="default",server="127\\.0\\.0\\.1:${zookeeper.port}"\\} [1-9]`));
    } finally {
      await curator.stop();
    }
  });

  it('tells when a crashed client’s session will expire, from the AdminServer’s dump, to within a tick', async () => {
    // The AdminServer gives expiry times on the server's own elapsed-time clock: they are placed through the explorer's own session.
    await expectCrashExpiryTold(running, zookeeper.port, PLAIN_TCP, '/rw/crashed/lock', 2000);
  });

  it('says why, member by member, when neither source answers', async () => {
    const closed = await startExplorer({ roots: ['/none'] }, undefined, { connectString: zookeeper.connectString, introspectionIntervalMs: 300, zkAdmin: { port: 0, urls: null } });
    try {
      // A read that needs ZooKeeper's report sets the explorer asking.
      await fetch(`${closed.url}/api/diagnostics`);
      const health = await eventually(async () => {
        const read = HealthResponseSchema.parse(await (await fetch(`${closed.url}/api/health`)).json());
        return read.introspection.at !== null ? read : undefined;
      });
      expect(health.introspection.available).toBe(false);
      expect(health.introspection.servers[0]).toMatchObject({ ok: false, source: null, error: expect.stringMatching(/not in 4lw\.commands\.whitelist, and no AdminServer is configured/) });
    } finally {
      await closed.close();
    }
  });

  it('needs no authentication for what the explorer asks (3.9 asks it of snapshot and restore only)', async () => {
    for (const command of ['connections', 'watches', 'monitor', 'dump', 'configuration']) {
      const response = await fetch(`http://127.0.0.1:${adminPort}/commands/${command}`);
      expect([command, response.status, ((await response.json()) as { error: unknown }).error]).toEqual([command, 200, null]);
    }
    const snapshot = await fetch(`http://127.0.0.1:${adminPort}/commands/snapshot`);
    const expected = SNAPSHOT_UNAUTHENTICATED[version];
    expect(snapshot.status).toBe(expected.status);
    expect(((await snapshot.json()) as { error: string }).error).toMatch(expected.error);
  });
});
