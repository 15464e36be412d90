import { describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../../lib/protocol';
import { createExplorer } from '../app';
import { startEmbeddedZooKeeper } from './embedded';
import { createConnection, createServer, type Server } from 'node:net';
import { parseWchc, wchcReader } from '../../lib/zk/four-letter';
import { readFourLetterWord } from './four-letter';
import { DUMP_EVERY, Introspection, parseConnectString } from './introspection';
import { FaultProxy } from '../sim/proxy';
import type { Introspected } from '../../lib/lock/report';
import { ZkSession } from './session';

describe('asking ZooKeeper itself', () => {
  it('reads a reply of many chunks line by line as it arrives, as whole as the text read at once', async () => {
    const zookeeper = await startEmbeddedZooKeeper();
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await session.start();
    try {
      // 3,000 watched paths of ~60 bytes: a `wchc` of ~200 KB, which arrives in several chunks cut mid-line.
      const paths = Array.from({ length: 3000 }, (_, i) => `/chunked/a-rather-long-name-so-that-lines-cross-chunks-${i}`);
      await session.mkdirp('/chunked');
      await session.createMany(paths);
      await Promise.all(paths.map((path) => session.exists(path, () => undefined)));
      const whole = await new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = createConnection({ host: '127.0.0.1', port: zookeeper.port }, () => socket.end('wchc'));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('error', reject);
        socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      const read = await readFourLetterWord('127.0.0.1', zookeeper.port, 'wchc', wchcReader());
      expect(read.bytes).toBeGreaterThan(150_000);
      expect(read.value).toEqual(parseWchc(whole));
      expect([...read.value!.values()].flat().sort()).toEqual([...paths].sort());
    } finally {
      session.close();
      await zookeeper.stop();
    }
  });

  it('says plainly when the four-letter words are not whitelisted, and keeps working', async () => {
    const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { '4lw.commands.whitelist': 'ruok' } });
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
    await session.start();
    const explorer = createExplorer({ session, embedded: false, introspectionIntervalMs: 200, discovery: { roots: ['/none'], maxNodes: 10 } });
    try {
      const url = await explorer.listen(0, '127.0.0.1');
      // A read that needs ZooKeeper's report sets the explorer asking.
      await fetch(`${url}/api/diagnostics`);
      const health = await (async () => {
        for (;;) {
          const parsed = HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
          if (parsed.introspection.at !== null) return parsed;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      expect(health.ok).toBe(true);
      expect(health.introspection.available).toBe(false);
      expect(health.introspection.reason).toMatch(/whitelist/);
      // A word the whitelist leaves out reads as refused, not as an empty report.
      expect((await readFourLetterWord('127.0.0.1', zookeeper.port, 'wchc', wchcReader())).value).toBeNull();
      await session.mkdirp('/lock');
      await session.create('/lock/lock-', null, 'ephemeral-sequential');
      const lock = (await (await fetch(`${url}/api/locks/lock`)).json()) as { holders: string[]; nodes: Array<{ watchers: unknown; client: unknown }> };
      expect(lock.holders).toHaveLength(1);
      expect(lock.nodes[0]).toMatchObject({ watchers: null, client: null });
    } finally {
      await explorer.close();
      session.close();
      await zookeeper.stop();
    }
  });

  it('asks nothing while nothing needs the report, asks while a page follows a lock, and stops after', async () => {
    const { startExplorer, connectClient, request, eventually } = await import('../testing/harness');
    const running = await startExplorer({ roots: ['/none'] }, undefined, { introspectionIntervalMs: 200, introspectionLeaseMs: 500 });
    const health = async () => HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json()).introspection;
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await health()).toMatchObject({ available: false, at: null, reason: 'not asked yet' });
      // A page opens on a lock: the members are asked every 200 ms.
      const socket = await connectClient(running.url);
      expect(await request(socket, 'subscribe', { path: '/asked/lock' })).toEqual({ ok: true });
      const first = await eventually(async () => ((await health()).available ? await health() : undefined));
      expect(first.intervalMs).toBeGreaterThanOrEqual(200);
      await eventually(async () => (((await health()).at ?? 0) > first.at! ? true : undefined));
      // It closes: once its lease is over nothing is asked, and what was known is dropped.
      socket.close();
      const idle = await eventually(async () => ((await health()).intervalMs === null ? await health() : undefined), 5000);
      expect(idle.reason).toMatch(/only while a page follows a lock/);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect((await health()).at).toBe(idle.at);
    } finally {
      await running.close();
    }
  });

  it('reads every member and the chroot from the connection string', () => {
    expect(parseConnectString('zk1:2181,[::1]:2182,zk3:2183/apps/prod')).toEqual({
      servers: [
        { host: 'zk1', port: 2181 },
        { host: '::1', port: 2182 },
        { host: 'zk3', port: 2183 },
      ],
      chroot: '/apps/prod',
    });
  });

  it("asks dump at once when a session that owns lock nodes loses its connection, not when another client's does", async () => {
    const zookeeper = await startEmbeddedZooKeeper();
    const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    const other = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await Promise.all([owner.start(), other.start()]);
    const ownerId = owner.sessionId!;
    const introspection = new Introspection(zookeeper.connectString, { intervalMs: 100, ownsLockNodes: (session) => session === ownerId });
    const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await owner.mkdirp('/app/lock');
      await owner.create('/app/lock/lock-', null, 'ephemeral-sequential');
      await other.create('/services-instance', null, 'ephemeral');
      // The first poll asks `dump` (then every fifth): its report is kept until the next.
      await introspection.poll();
      const first = introspection.dump();
      expect(first).not.toBeNull();
      other.close();
      await settle();
      await introspection.poll();
      await introspection.poll();
      expect(introspection.dump()).toBe(first);
      owner.close();
      await settle();
      await introspection.poll();
      await introspection.poll();
      expect(introspection.dump()).not.toBe(first);
    } finally {
      owner.close();
      other.close();
      await zookeeper.stop();
    }
  });

  it("keeps a member's last dump when its dump is lost once: a crashed holder's expiry is not forgotten for ten seconds", async () => {
    const zookeeper = await startEmbeddedZooKeeper();
    const [host, port] = zookeeper.connectString.split(':');
    const proxy = await FaultProxy.start({ host: host!, port: Number(port) });
    const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await owner.start();
    const ownerId = owner.sessionId!;
    const introspection = new Introspection(proxy.connectString, { intervalMs: 100 });
    try {
      await owner.mkdirp('/app/lock');
      await owner.create('/app/lock/lock-', null, 'ephemeral-sequential');
      // The first poll asks `dump`, then every fifth.
      await introspection.poll();
      const first = introspection.dump();
      expect(first?.expiries.has(ownerId)).toBe(true);
      for (let i = 0; i < DUMP_EVERY - 1; i += 1) await introspection.poll();
      const cut = proxy.cutNextWord('dump');
      await introspection.poll();
      await cut;
      // The other words answered: the report is whole, the lost dump is named as a failure (not as the whitelist's), and the last one stands.
      expect(introspection.current()).not.toBeNull();
      expect(introspection.status().servers[0]?.refused).toMatch(/^four-letter words failed: /);
      expect(introspection.dump()?.expiries.get(ownerId)).toBe(first?.expiries.get(ownerId));
      expect(introspection.dump()?.ephemerals.get(ownerId)).toEqual((await owner.getChildren('/app/lock')).children.map((name) => `/app/lock/${name}`));
      // The next dump that answers is taken.
      for (let i = 0; i < DUMP_EVERY; i += 1) await introspection.poll();
      expect(introspection.dump()).not.toBe(first);
      expect(introspection.dump()?.expiries.has(ownerId)).toBe(true);
    } finally {
      owner.close();
      await proxy.close();
      await zookeeper.stop();
    }
  });

  it('keeps the last report through one poll no member answered, and drops it at the second', async () => {
    const zookeeper = await startEmbeddedZooKeeper();
    const [host, port] = zookeeper.connectString.split(':');
    const proxy = await FaultProxy.start({ host: host!, port: Number(port) });
    const introspection = new Introspection(proxy.connectString, { intervalMs: 100 });
    const reports: Array<Introspected | null> = [];
    introspection.on('report', (report) => reports.push(report));
    const missed = async (): Promise<void> => {
      const cut = proxy.cutNextWord('wchc');
      await introspection.poll();
      await cut;
    };
    try {
      await introspection.poll();
      const first = introspection.current();
      expect(first).not.toBeNull();
      await missed();
      // The member's failure is said; the report (and every verdict it carries) stands, and nothing was told.
      expect(introspection.status().servers[0]).toMatchObject({ ok: false, error: expect.stringMatching(/wchc|failed/) });
      expect(introspection.status().available).toBe(true);
      expect(introspection.current()).toBe(first);
      expect(reports).toHaveLength(1);
      // Answered again: a poll in between resets the count.
      await introspection.poll();
      expect(introspection.current()).not.toBeNull();
      await missed();
      expect(introspection.current()).not.toBeNull();
      // Two in a row: an outage, said and told.
      await missed();
      expect(introspection.current()).toBeNull();
      expect(introspection.status()).toMatchObject({ available: false, reason: expect.stringMatching(/^no ZooKeeper member said which sessions watch what/) });
      expect(reports.at(-1)).toBeNull();
    } finally {
      await proxy.close();
      await zookeeper.stop();
    }
  });

  it('asks mntr on every fifth poll, at every poll while its counters are read, and a word the whitelist leaves out stays refused between the polls that ask it', async () => {
    const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { '4lw.commands.whitelist': 'wchc,cons,ruok' } });
    // A TCP relay in front of ZooKeeper that counts the four-letter words asked through it (what they are answered through it is not looked at).
    const asked: string[] = [];
    const relay: Server = createServer((socket) => {
      const upstream = createConnection({ host: '127.0.0.1', port: zookeeper.port });
      socket.once('data', (chunk: Buffer) => asked.push(chunk.subarray(0, 4).toString('latin1')));
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as { port: number };
    const counted = new Introspection(`127.0.0.1:${port}`, { intervalMs: 100 });
    const direct = new Introspection(zookeeper.connectString, { intervalMs: 100 });
    const mntrAsked = (): number => asked.filter((word) => word === 'mntr').length;
    try {
      const refusals: Array<string | null> = [];
      for (let poll = 0; poll < 10; poll += 1) {
        await Promise.all([counted.poll(), direct.poll()]);
        refusals.push(direct.status().servers[0]!.refused);
      }
      // Nobody read the counters: polls 1 and 6 asked for them, the other eight did not.
      expect(asked.filter((word) => word === 'cons')).toHaveLength(10);
      expect(mntrAsked()).toBe(2);
      // The words refused when last asked are refused at every poll, not only at those that asked them again.
      expect(refusals).toEqual(Array.from({ length: 10 }, () => 'mntr, dump not in 4lw.commands.whitelist'));
      // Read (the metrics, the classroom's card): asked at every poll from then on.
      counted.monitors();
      for (let poll = 0; poll < 4; poll += 1) await counted.poll();
      expect(mntrAsked()).toBe(6);
    } finally {
      relay.close();
      await zookeeper.stop();
    }
  });
});
