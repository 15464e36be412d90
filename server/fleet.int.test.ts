/**
 * One explorer following three real ZooKeepers at once, as an operator's fleet: one plain, one
 * serving mutual TLS only, one requiring SASL DIGEST-MD5. Each ensemble's locks are read by
 * `?ensemble=` and its socket namespace, right and apart from the others'; the plain one is
 * stopped and started again mid-test, and the other two go on as if nothing happened.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnsembleListSchema, LockListSchema, LockSnapshotSchema, type EnsembleSummary, type LockSnapshot } from '../lib/protocol';
import { CONTROL_REQUESTS_PER_MINUTE, createFleet, type EnsembleOptions, type Explorer } from './app';
import { freePort } from './net';
import { eventually, LockFeed, request, type TestSocket } from './testing/harness';
import { makeTestPki, startSaslZooKeeper, startTlsZooKeeper } from './testing/secure-zookeeper';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import { ZkSession } from './zk/session';
import type { ZkTransport } from './zk/wire/connection';

const ROOT = '/fleet';
const cleanups: Array<() => Promise<void> | void> = [];

/** One ZooKeeper of the fleet: how to reach it, and the lock of its own the test makes there. */
interface Member {
  name: string;
  connectString: string;
  transport: ZkTransport;
  lock: string;
  /** How many contenders its lock has. */
  contenders: number;
}

describe('a fleet of three ZooKeepers in one explorer', () => {
  const plainDir = mkdtempSync(join(tmpdir(), 'zk-fleet-plain-'));
  let plainPort: number;
  let plain: EmbeddedZooKeeper;
  const members: Member[] = [];
  let explorer: Explorer;
  let url: string;

  const session = async (member: Member, timeoutMs = 15_000): Promise<ZkSession> => {
    const opened = new ZkSession({ connectString: member.connectString, sessionTimeoutMs: timeoutMs, transport: member.transport });
    await opened.start(20_000);
    cleanups.push(() => opened.close());
    return opened;
  };
  const read = async (path: string, ensemble: string): Promise<Response> => fetch(`${url}${path}${path.includes('?') ? '&' : '?'}ensemble=${encodeURIComponent(ensemble)}`);
  const lockIn = async (member: Member, path = member.lock): Promise<LockSnapshot> => LockSnapshotSchema.parse(await (await read(`/api/locks${path}`, member.name)).json());
  const ensembles = async (): Promise<Map<string, EnsembleSummary>> => new Map(EnsembleListSchema.parse(await (await fetch(`${url}/api/ensembles`)).json()).ensembles.map((ensemble) => [ensemble.name, ensemble]));
  /** `count` contenders of the lock at `path` in `member`, each its own session: the first holds. */
  const contend = async (member: Member, path: string, count: number): Promise<string[]> => {
    const nodes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const contender = await session(member, 30_000);
      if (i === 0) await contender.mkdirp(path);
      nodes.push(await contender.create(`${path}/lock-`, null, 'ephemeral-sequential'));
    }
    return nodes;
  };

  beforeAll(async () => {
    plainPort = await freePort();
    plain = await startEmbeddedZooKeeper({ port: plainPort, dir: plainDir });
    const pki = makeTestPki();
    const tls = await startTlsZooKeeper(pki);
    const sasl = await startSaslZooKeeper({ explorer: 'fleet-secret' });
    cleanups.push(() => tls.stop(), () => sasl.stop());
    members.push(
      { name: 'plain', connectString: plain.connectString, transport: { tls: null, sasl: null }, lock: `${ROOT}/plain-orders`, contenders: 2 },
      { name: 'tls', connectString: tls.connectString, transport: { tls: pki.tls, sasl: null }, lock: `${ROOT}/tls-payments`, contenders: 3 },
      { name: 'sasl', connectString: sasl.connectString, transport: { tls: null, sasl: { mechanism: 'digest-md5', username: 'explorer', password: 'fleet-secret' } }, lock: `${ROOT}/sasl-billing`, contenders: 4 },
    );
    for (const member of members) await contend(member, member.lock, member.contenders);
    const options: EnsembleOptions[] = [];
    for (const member of members) {
      options.push({
        name: member.name,
        session: await session(member, 10_000),
        embedded: false,
        introspectionIntervalMs: 300,
        discovery: { roots: [ROOT], maxNodes: 10_000 },
        // Simulation is allowed in the plain ensemble alone, breaking locks in none but the TLS one.
        simulation: { allowed: member.name === 'plain', simRoot: '/sim', connectString: member.connectString, maxContenders: 10 },
        breakLocks: member.name === 'tls',
      });
    }
    explorer = createFleet({ ensembles: options });
    url = await explorer.listen(0, '127.0.0.1');
  }, 120_000);

  afterAll(async () => {
    await explorer?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await plain?.stop();
    rmSync(plainDir, { recursive: true, force: true });
  });

  it('lists every ensemble connected with its locks, and reads each one\'s locks from it alone', async () => {
    const listed = await eventually(async () => {
      const now = await ensembles();
      return [...now.values()].every((ensemble) => ensemble.state === 'connected' && ensemble.locks === 1) ? now : undefined;
    }, 20_000);
    expect([...listed.keys()]).toEqual(['plain', 'tls', 'sasl']);
    for (const member of members) {
      const list = LockListSchema.parse(await (await read('/api/locks', member.name)).json());
      expect(list.locks.map((lock) => lock.path)).toEqual([member.lock]);
      const snapshot = await eventually(async () => {
        const current = await lockIn(member);
        return current.nodes.length === member.contenders ? current : undefined;
      });
      expect(snapshot.holders).toHaveLength(1);
      // Another ensemble has no such lock.
      const other = members.find((candidate) => candidate !== member)!;
      expect((await lockIn(other, member.lock)).exists).toBe(false);
    }
    // Each lock's waiters watch nothing (bare nodes): each ensemble names its lock as the one that needs a look.
    const triaged = await eventually(async () => {
      const now = await ensembles();
      return members.every((member) => now.get(member.name)?.worst[0]?.path === member.lock) ? now : undefined;
    }, 20_000);
    for (const member of members) {
      expect(triaged.get(member.name)!.attention).toBe(1);
      expect(triaged.get(member.name)!.worst[0]!.anomalyKinds).toContain('no-watch');
    }
    // Without ?ensemble= a route reads the first.
    expect(LockListSchema.parse(await (await fetch(`${url}/api/locks`)).json()).locks.map((lock) => lock.path)).toEqual([members[0]!.lock]);
  });

  it('scrapes every ensemble in one /metrics, each series labelled with its ensemble, one ensemble alone by ?ensemble=', async () => {
    const text = await eventually(async () => {
      const now = await (await fetch(`${url}/metrics`)).text();
      // Each ensemble's waiters watch nothing: each counted in its own ensemble.
      const counted = (member: Member): boolean =>
        new RegExp(`^zklock_queue_length\\{ensemble="${member.name}",lock="${member.lock}",recipe="[^"]+"\\} ${member.contenders - 1}$`, 'm').test(now) &&
        now.includes(`zklock_anomalies{ensemble="${member.name}",lock="${member.lock}",kind="no-watch"} ${member.contenders - 1}`);
      return members.every(counted) ? now : undefined;
    }, 20_000);
    for (const member of members) expect(text).toMatch(new RegExp(`zookeeper_up\\{ensemble="${member.name}",server="[^"]+"\\} 1`));
    // A valid exposition (each family once), as Prometheus's own linter reads it.
    const linted = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // It exits 1 on what cannot be parsed (a family twice, a bad line), 3 on style hints alone: those are of names kept as ZooKeeper's and prom-client's give them.
    expect(linted.status, linted.stderr).not.toBe(1);
    expect(linted.stderr).not.toMatch(/error/i);
    expect(text.match(/^# HELP zklock_explorer_process_cpu_seconds_total /gm)).toHaveLength(1);
    const tls = await (await read('/metrics', 'tls')).text();
    expect(tls).toContain(`zklock_queue_length{ensemble="tls",lock="${members[1]!.lock}"`);
    expect(tls).not.toMatch(/ensemble="(plain|sasl)"/);
    expect((await read('/metrics', 'hadoop')).status).toBe(404);
  });

  it('refuses an ensemble it does not follow, with a JSON error', async () => {
    const response = await read('/api/locks', 'hadoop');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'no ensemble named "hadoop" is followed (GET /api/ensembles lists them)' });
    const twice = await fetch(`${url}/api/locks?ensemble=tls&ensemble=sasl`);
    expect(twice.status).toBe(400);
    expect((await twice.json()) as unknown).toEqual({ error: 'ensemble: give one name' });
  });

  it("keeps one ensemble's controls to it: simulation where allowed, breaking a lock where allowed", async () => {
    const health = async (name: string) => (await (await read('/api/health', name)).json()) as { features: { simulation: boolean; breakLocks: boolean } };
    expect((await health('plain')).features).toMatchObject({ simulation: true, breakLocks: false });
    expect((await health('tls')).features).toMatchObject({ simulation: false, breakLocks: true });
    const spawn = (name: string) => fetch(`${url}/api/sim/contenders?ensemble=${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/sim/fleet', count: 2, strategy: 'chained', holdMs: 100, rounds: 1 }) });
    expect((await spawn('sasl')).status).toBe(403);
    expect((await spawn('plain')).status).toBe(201);
  });

  it("pushes each ensemble's changes over its own namespace, and the others go on while one ZooKeeper is stopped and started again", async () => {
    const [, tlsMember, saslMember] = members as [Member, Member, Member];
    const sockets: TestSocket[] = [];
    const open = async (name: string): Promise<TestSocket> => {
      const socket: TestSocket = connectSocket(`${url}/e/${name}`, { transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
      return socket;
    };
    try {
      const tlsSocket = await open('tls');
      const feed = new LockFeed(tlsSocket);
      expect((await request(tlsSocket, 'subscribe', { path: tlsMember.lock })).ok).toBe(true);
      expect((await feed.snapshot()).nodes).toHaveLength(tlsMember.contenders);
      // The namespace of one ensemble has none of another's locks.
      const saslSocket = await open('sasl');
      const saslFeed = new LockFeed(saslSocket);
      expect((await request(saslSocket, 'subscribe', { path: tlsMember.lock })).ok).toBe(true);
      expect((await saslFeed.snapshot()).exists).toBe(false);

      await plain.stop();
      const down = await eventually(async () => {
        const now = await ensembles();
        return now.get('plain')?.state === 'unreachable' ? now : undefined;
      }, 20_000);
      expect(down.get('plain')!.reason).not.toBeNull();
      expect(down.get('tls')!.state).toBe('connected');
      // Its lock list answers with what is known, not once ZooKeeper is back (it waited for ever); its socket's list too.
      const known = LockListSchema.parse(await (await fetch(`${url}/api/locks?ensemble=plain`, { signal: AbortSignal.timeout(5_000) })).json());
      expect(known.locks.map((lock) => lock.path)).toEqual([members[0]!.lock]);
      const plainSocket = await open('plain');
      const listed = new Promise((resolve) => plainSocket.once('locks:list', resolve));
      expect((await request(plainSocket, 'locks:subscribe', {})).ok).toBe(true);
      expect(LockListSchema.parse(await Promise.race([listed, new Promise((_, reject) => setTimeout(() => reject(new Error('no list within 5 s')), 5_000))])).locks).toHaveLength(1);
      expect(down.get('sasl')!.state).toBe('connected');

      // While it is down, a new lock in the TLS ensemble is found and pushed, and a SASL one read.
      const added = `${ROOT}/tls-refunds`;
      const [refundHolder] = await contend(tlsMember, added, 2);
      await eventually(async () => ((await lockIn(tlsMember, added)).nodes.length === 2 ? true : undefined), 15_000);
      const extra = await session(tlsMember);
      const joined = await extra.create(`${tlsMember.lock}/lock-`, null, 'ephemeral-sequential');
      await feed.delta((delta) => delta.added.some((node) => joined.endsWith(node.name)));
      expect((await lockIn(saslMember)).nodes).toHaveLength(saslMember.contenders);
      expect(refundHolder).toMatch(/lock-\d{10}$/);

      plain = await startEmbeddedZooKeeper({ port: plainPort, dir: plainDir });
      await eventually(async () => ((await ensembles()).get('plain')?.state === 'connected' ? true : undefined), 30_000);
      // Its locks are read again, and a new one is found.
      const member = members[0]!;
      const [fresh] = await contend(member, `${ROOT}/plain-after`, 1);
      const after = await eventually(async () => {
        const current = await lockIn(member, `${ROOT}/plain-after`);
        return current.nodes.length === 1 ? current : undefined;
      }, 15_000);
      expect(fresh!.endsWith(after.holders[0]!)).toBe(true);
      // Discovery lists a new lock within a poll of the ephemeral nodes (a lock read by its path is followed at once, listed soon after).
      const final = await eventually(async () => {
        const now = await ensembles();
        return now.get('tls')?.locks === 2 ? now : undefined;
      }, 15_000);
      expect(final.get('sasl')!.locks).toBe(1);
    } finally {
      for (const socket of sockets) socket.close();
    }
  }, 120_000);

  // Last: it spends this minute's control requests.
  it(`limits control requests from one address to ${CONTROL_REQUESTS_PER_MINUTE} a minute across every ensemble, not that many each`, async () => {
    const post = (name: string) => (): Promise<number> => fetch(`${url}/api/sim/contenders/nobody/release?ensemble=${name}`, { method: 'POST' }).then((response) => response.status);
    const statuses: number[] = [];
    // To the plain ensemble (simulation allowed: no such contender) and TLS's (simulation off) in turn, until refused; a limit each would let twice through.
    for (let round = 0; round < 30 && !statuses.includes(429); round += 1) statuses.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => post(i % 2 === 0 ? 'plain' : 'tls')()))));
    const letThrough = statuses.filter((status) => status !== 429);
    expect(new Set(letThrough)).toEqual(new Set([404, 403]));
    // The earlier tests' few controls count in the same minute.
    expect(letThrough.length).toBeLessThanOrEqual(CONTROL_REQUESTS_PER_MINUTE);
    expect(letThrough.length).toBeGreaterThan(CONTROL_REQUESTS_PER_MINUTE - 50);
    for (const name of ['sasl', 'plain', 'tls']) expect(await post(name)()).toBe(429);
  });
});
