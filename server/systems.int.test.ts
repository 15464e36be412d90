/**
 * The locks of real systems, made on a real ZooKeeper as the systems make them (the fixtures of
 * `lib/lock/systems/fixtures.ts`: the same node types, names and data, one raw session per
 * contender), found by the explorer's discovery and named in `GET /api/locks`: on the shared
 * ZooKeeper (found from `dump`, then live as they are made) and on one whose four-letter words
 * are closed (found by the scan).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockListSchema, LockSnapshotSchema, type LockList, type LockSummary } from '../lib/protocol';
import { SYSTEM_FIXTURES, type SystemFixture } from '../lib/lock/systems/fixtures';
import { noteIn } from '../lib/lock/systems';
import { eventually, startExplorer, zkConnect, type RunningExplorer } from './testing/harness';
import { RealContenders } from './testing/real-clients';
import { makeSystemFixture } from './testing/system-fixtures';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import { ZkSession } from './zk/session';

const CONTENDERS = 3;

/** One raw session a contender, as each process of a system has its own. */
async function sessions(connectString: string): Promise<ZkSession[]> {
  return Promise.all(
    Array.from({ length: CONTENDERS }, async () => {
      const session = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
      await session.start(10_000);
      return session;
    }),
  );
}

async function list(url: string): Promise<LockList> {
  return LockListSchema.parse(await (await fetch(`${url}/api/locks`)).json());
}

/**
 * Every fixture's lock is listed below the prefix, named with its system, role and holder; the
 * nodes of a system that make no lock (a notification queue, a service's instances) are read,
 * said in the status, and not listed.
 */
async function expectNamed(url: string, prefix: string, all: readonly SystemFixture[]): Promise<void> {
  const fixtures = all.filter((fixture) => fixture.expect.notALock !== true);
  const asides = all.filter((fixture) => fixture.expect.notALock === true);
  const notLocks = asides.map((fixture) => `${prefix}${fixture.lock}`);
  const found = await eventually(async () => {
    const current = await list(url);
    const named = new Map(current.locks.map((lock) => [lock.path, lock] as const));
    const setAside = new Set(current.discovery.notLocks.first.map((one) => one.path));
    return fixtures.every((fixture) => named.get(`${prefix}${fixture.lock}`)?.recipe.system === fixture.expect.system) && notLocks.every((path) => setAside.has(path)) ? named : undefined;
  }, 20_000).catch(async () => {
    const current = await list(url);
    // The failure names what was listed instead.
    expect(current.locks.map((lock) => `${lock.path}: ${lock.recipe.id} ${lock.recipe.system ?? ''}`)).toEqual(fixtures.map((fixture) => `${prefix}${fixture.lock}`));
    expect(current.discovery.notLocks.first.map((one) => one.path)).toEqual(notLocks);
    throw new Error('unreachable');
  });
  const layouts = new Map((await list(url)).discovery.notLocks.first.map((one) => [one.path, one.layout] as const));
  for (const fixture of asides) expect(layouts.get(`${prefix}${fixture.lock}`)).toBe(`${fixture.system}/${fixture.layout}`);
  const expected = fixtures.flatMap((fixture) => [{ lock: fixture.lock, ...fixture.expect }, ...(fixture.expect.alsoListed ?? [])]);
  for (const one of expected) {
    const lock: LockSummary | undefined = found.get(`${prefix}${one.lock}`) ?? (await list(url)).locks.find((listed) => listed.path === `${prefix}${one.lock}`);
    expect(lock, one.lock).toBeDefined();
    expect([lock!.recipe.id, lock!.recipe.system], one.lock).toEqual([one.recipe, one.system]);
    expect(lock!.recipe.role, one.lock).toContain(one.role);
    expect(lock!.holderIdentities[0] ?? null, one.lock).toBe(one.identities[0]);
  }
  // Nothing else is listed: a system's lock node makes its parent no lock (Pulsar's /loadbalance, Hadoop's nameservice).
  const listed = (await list(url)).locks.map((lock) => lock.path).filter((path) => path.startsWith(`${prefix}/`));
  expect(listed.sort()).toEqual(expected.map((one) => `${prefix}${one.lock}`).sort());
}

describe('the locks of real systems, on the shared ZooKeeper (found from dump, and live)', () => {
  let owners: ZkSession[];
  let admin: ZkSession;
  let running: RunningExplorer | null = null;
  const prefix = `/it-systems-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    owners = await sessions(zkConnect());
    admin = (await sessions(zkConnect()))[0]!;
  });

  afterAll(async () => {
    await running?.close();
    for (const session of [...owners, admin]) session.close();
  });

  it('every layout made before the explorer starts is named in GET /api/locks, and the lock page decodes its holder', async () => {
    const before = SYSTEM_FIXTURES.filter((_, index) => index % 2 === 0);
    for (const fixture of before) await makeSystemFixture(fixture, prefix, owners, admin);
    running = await startExplorer({ roots: [prefix] });
    await expectNamed(running.url, prefix, before);
    const kafka = LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${prefix}/controller`)).json());
    expect(kafka.nodes[0]).toMatchObject({ identity: 'broker 3', decoded: { broker: '3' } });
  });

  it('every layout made while the explorer runs is named as it appears', async () => {
    const after = SYSTEM_FIXTURES.filter((_, index) => index % 2 === 1);
    for (const fixture of after) await makeSystemFixture(fixture, prefix, owners, admin);
    await expectNamed(running!.url, prefix, SYSTEM_FIXTURES);
  });

  it('a holder that goes leaves its lock as ZooKeeper does, and the next holder is named', async () => {
    // Solr's Overseer: the first candidate's session ends, the next one leads.
    const overseer = `${prefix}/overseer_elect/election`;
    const before = LockSnapshotSchema.parse(await (await fetch(`${running!.url}/api/locks${overseer}`)).json());
    expect(before.nodes.map((node) => node.identity)).toEqual(['node 127.0.0.1:8983_solr', 'node 127.0.0.1:7574_solr', 'node 127.0.0.1:9999_solr']);
    await owners[0]!.remove(`${overseer}/${before.nodes[0]!.name}`);
    const after = await eventually(async () => {
      const lock = LockSnapshotSchema.parse(await (await fetch(`${running!.url}/api/locks${overseer}`)).json());
      return lock.nodes.length === 2 ? lock : undefined;
    });
    expect(after.nodes[0]).toMatchObject({ role: 'holder', identity: 'node 127.0.0.1:7574_solr' });
    // The leader node still names the one that went (Solr's new leader would write it at once; these raw sessions do not).
    expect(after.recipe.systemNote).toEqual({ kind: 'leader-other', values: { name: '127.0.0.1:8983_solr', holder: '127.0.0.1:7574_solr' } });
    expect(noteIn('en', after.recipe)).toContain('The leader node names 127.0.0.1:8983_solr, not the holder');
  });

  it('Curator’s own LeaderLatch, as Druid runs it for its Overlord: named, each participant by the id Curator writes, the leader the one Curator says leads', async () => {
    const path = `${prefix}/druid/overlord/_OVERLORD`;
    const clients = await RealContenders.start(zkConnect(), path, 'curator-latch', '3');
    try {
      await clients.until(() => clients.holding.size === 1, 15_000, 'a leader');
      const [leader] = clients.holding;
      const lock = await eventually(async () => {
        const read = LockSnapshotSchema.parse(await (await fetch(`${running!.url}/api/locks${path}`)).json());
        return read.nodes.length === 3 ? read : undefined;
      }, 15_000);
      expect([lock.recipe.id, lock.recipe.system, lock.recipe.longHolds]).toEqual(['curator-latch', 'Apache Druid', true]);
      expect(lock.nodes[0]).toMatchObject({ role: 'holder', sessionId: clients.sessions.get(leader!), identity: `Overlord contender-${leader}` });
      expect(lock.nodes.map((node) => node.identity).sort()).toEqual(['Overlord contender-0', 'Overlord contender-1', 'Overlord contender-2']);
    } finally {
      await clients.stop();
    }
  });
});

describe('the locks of real systems, on a ZooKeeper whose four-letter words are closed (found by the scan)', () => {
  let zookeeper: EmbeddedZooKeeper;
  let owners: ZkSession[];
  let admin: ZkSession;
  let running: RunningExplorer | null = null;

  beforeAll(async () => {
    zookeeper = await startEmbeddedZooKeeper({ extraConfig: { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'false' } });
    owners = await sessions(zookeeper.connectString);
    admin = (await sessions(zookeeper.connectString))[0]!;
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    for (const session of [...owners, admin]) session.close();
    await zookeeper.stop();
  });

  it('every layout is named, though no member lists the ephemeral nodes', async () => {
    const prefix = '/prod';
    for (const fixture of SYSTEM_FIXTURES) await makeSystemFixture(fixture, prefix, owners, admin);
    running = await startExplorer({ roots: ['/'] }, undefined, { connectString: zookeeper.connectString });
    await expectNamed(running.url, prefix, SYSTEM_FIXTURES);
    const found = await list(running.url);
    expect(found.discovery.method).toBe('scan');
  });
});
