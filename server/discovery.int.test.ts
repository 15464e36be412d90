import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LockListChangeSchema, LockListSchema, SessionListSchema, WaitsForGraphSchema, type LockList } from '../lib/protocol';
import { connectClient, eventually, followLockList, openSession, request, startExplorer, uniqueRoot, watchesOf, type RunningExplorer } from './testing/harness';
import { startEmbeddedZooKeeper } from './zk/embedded';
import { ZkSession } from './zk/session';

const sessions: ZkSession[] = [];
let admin: ZkSession;
const root = uniqueRoot('tree');

async function contender(lockPath: string, name: string, data: string | null = null): Promise<ZkSession> {
  const session = await openSession();
  sessions.push(session);
  await session.create(`${lockPath}/${name}`, data === null ? null : Buffer.from(data), name.endsWith('-') || name.endsWith('__') ? 'ephemeral-sequential' : 'ephemeral');
  return session;
}

async function list(url: string): Promise<LockList> {
  return LockListSchema.parse(await (await fetch(`${url}/api/locks`)).json());
}

/** The lock's only contender leaves, its parent goes (as a container reaper deletes it), and both come back; each step seen in the list. */
async function goesAndComesBack(url: string, lockPath: string, holder: ZkSession): Promise<void> {
  holder.close();
  await eventually(async () => ((await list(url)).locks.find((lock) => lock.path === lockPath)?.holders.length === 0 ? true : undefined));
  await admin.remove(lockPath);
  await eventually(async () => ((await list(url)).locks.some((lock) => lock.path === lockPath) ? undefined : true));
  await admin.mkdirp(lockPath);
  await contender(lockPath, `_c_${randomUUID()}-lock-`);
  await eventually(async () => (await list(url)).locks.find((lock) => lock.path === lockPath && lock.holders.length === 1));
}

beforeAll(async () => {
  admin = await openSession();
  // A tree with locks of several recipes, and things that are not locks.
  for (const path of ['/app/orders/lock', '/app/payments/lock', '/config/feature', '/res', '/sem/locks', '/sem/leases', '/ks-__lock__', '/empty', '/team/locks/billing']) {
    await admin.mkdirp(`${root}${path}`);
  }
  await admin.create(`${root}/config/feature/flag`, Buffer.from('on'));
  await contender(`${root}/app/orders/lock`, `_c_${randomUUID()}-lock-`);
  await contender(`${root}/app/orders/lock`, `_c_${randomUUID()}-lock-`);
  await contender(`${root}/app/payments/lock`, `${randomBytes(16).toString('hex')}__lock__`);
  await contender(`${root}/res`, 'printer-1', 'client-42');
  await contender(`${root}/sem/leases`, `_c_${randomUUID()}-lease-`);
  // A directory of named locks: `/team` holds only `locks/`, and is no Curator semaphore.
  await contender(`${root}/team/locks/billing`, `_c_${randomUUID()}-lock-`);
  // Kazoo keeps a semaphore's max_leases as the data of its path.
  await admin.create(`${root}/ks`, Buffer.from('2'));
  await contender(`${root}/ks`, randomBytes(16).toString('hex'));
  await contender(`${root}/ks-__lock__`, `${randomBytes(16).toString('hex')}__lock__`);
});

afterAll(() => {
  for (const session of sessions) session.close();
  admin.close();
});

describe('discovering every lock under the roots', () => {
  let running: RunningExplorer;
  beforeAll(async () => {
    running = await startExplorer({ roots: [root] });
    await running.explorer.discovery.idle();
  });
  afterAll(async () => {
    await running.close();
  });

  it('lists each lock once with its recipe, and nothing that is not a lock', async () => {
    const found = await list(running.url);
    expect(found).toMatchObject({ roots: [root], partial: false, complete: true });
    expect(found.locks.map((lock) => [lock.path.slice(root.length), lock.recipe.id])).toEqual([
      ['/app/orders/lock', 'curator-mutex'],
      ['/app/payments/lock', 'kazoo-lock'],
      ['/ks', 'kazoo-semaphore'],
      ['/res', 'single-node'],
      ['/sem', 'curator-semaphore'],
      ['/team/locks/billing', 'curator-mutex'],
    ]);
    const orders = found.locks[0]!;
    expect(orders.holders).toHaveLength(1);
    expect(orders.queueLength).toBe(1);
    expect(orders.holderSince).toBeGreaterThan(0);
    expect(orders.oldestWaiterSince).toBeGreaterThanOrEqual(orders.holderSince!);
  });

  it('lists the sessions that own lock nodes, with their nodes', async () => {
    const { sessions } = SessionListSchema.parse(await (await fetch(`${running.url}/api/sessions`)).json());
    const ordersLock = `${root}/app/orders/lock`;
    const inOrders = sessions.filter((session) => session.nodes.some((node) => node.lock === ordersLock));
    expect(inOrders).toHaveLength(2);
    expect(inOrders.map((session) => session.holds).sort()).toEqual([0, 1]);
    expect(sessions.find((session) => session.nodes.some((node) => node.lock === `${root}/res`))?.nodes[0]).toMatchObject({ name: 'printer-1', role: 'holder' });
    // A Kazoo semaphore's queue belongs to the semaphore: its nodes are listed once, under it.
    const semaphoreNodes = sessions.flatMap((session) => session.nodes).filter((node) => node.lock.startsWith(`${root}/ks`));
    expect(semaphoreNodes.map((node) => node.lock)).toEqual([`${root}/ks`, `${root}/ks`]);
    // And the waits-for graph has it once: the queue's waiter waits in the semaphore, not in a second lock `ks-__lock__`.
    const graph = WaitsForGraphSchema.parse(await (await fetch(`${running.url}/api/waits-for`)).json());
    const locks = new Set([...graph.sessions.flatMap((session) => [...session.holds, ...session.waitsIn]), ...graph.edges.map((edge) => edge.lock), ...graph.groups.map((group) => group.lock)]);
    expect(locks).toContain(`${root}/ks`);
    expect(locks).not.toContain(`${root}/ks-__lock__`);
  });

  it('adds what ZooKeeper reports of each session (address, data watches), and leaves the explorer itself out', async () => {
    // The second contender of the orders lock watches the first, as Curator's waiter does.
    const ordersLock = `${root}/app/orders/lock`;
    const { children } = await admin.getChildren(ordersLock);
    const [first, second] = children.sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1));
    const owners = SessionListSchema.parse(await (await fetch(`${running.url}/api/sessions`)).json()).sessions.filter((session) =>
      session.nodes.some((node) => node.lock === ordersLock && node.name === second),
    );
    const watching = sessions.find((session) => session.sessionId === owners[0]?.sessionId)!;
    await watching.exists(`${ordersLock}/${first}`, () => undefined);

    const explorerSession = running.session.sessionId!;
    const listed = await eventually(async () => {
      const { sessions: listed } = SessionListSchema.parse(await (await fetch(`${running.url}/api/sessions`)).json());
      return listed.find((session) => session.sessionId === watching.sessionId)?.watches?.length ? listed : undefined;
    });
    expect(listed.find((session) => session.sessionId === watching.sessionId)).toMatchObject({ watches: [`${ordersLock}/${first}`], watchCount: 1, origin: null });
    // ZooKeeper lists the explorer's persistent watches on the lock parents (wchc), yet it is no session of any lock.
    const lockPaths = (await list(running.url)).locks.map((lock) => lock.path);
    expect(await watchesOf(explorerSession)).toEqual(expect.arrayContaining(lockPaths));
    expect(listed.map((session) => session.sessionId)).not.toContain(explorerSession);
    expect(listed.every((session) => session.nodes.length > 0)).toBe(true);
    for (const session of listed.filter((entry) => entry.sessionId !== '0x0')) expect(session.client).toMatch(/^127\.0\.0\.1:\d+$/);
    // From dump: each owner's ephemeral nodes anywhere, and when ZooKeeper would expire it.
    for (const owner of listed.filter((entry) => entry.nodes.length > 0 && entry.sessionId !== '0x0')) {
      expect(owner.ephemeralCount).toBeGreaterThanOrEqual(owner.nodes.length);
      expect(owner.expiresAt).toBeGreaterThan(Date.now() - 5000);
    }
  });

  it('watches each lock parent once with a persistent watch, never the root (new locks come from the ephemeral nodes listed again) nor a contender node', async () => {
    const watched = await watchesOf(running.session.sessionId!);
    const lockPaths = (await list(running.url)).locks.map((lock) => lock.path);
    expect(watched).toEqual(expect.arrayContaining(lockPaths));
    expect(watched).not.toContain(root);
    expect(new Set(watched).size).toBe(watched.length);
    // Every watched node is a persistent parent (a lock, or a semaphore's leases/locks), none an ephemeral contender.
    for (const path of watched) expect((await admin.exists(path))?.ephemeralOwner, path).toBe('0x0');
    expect(watched.every((path) => lockPaths.some((lock) => path === lock || path.startsWith(`${lock}/`) || path.startsWith(`${lock}-`)))).toBe(true);
    expect((await list(running.url)).discovery).toMatchObject({ live: 'ephemerals-poll', pollMs: 1000, treeNotificationsPerSecond: null });
  });

  it('pushes a lock that appears anywhere below the roots, and drops it when it goes, to a subscribed page', async () => {
    const socket = await connectClient(running.url);
    try {
      // The whole list once, then only what changes, applied as the page applies it.
      const lists = await followLockList(socket);
      const lockPath = `${root}/later/deep/lock`;
      await admin.mkdirp(lockPath);
      const holder = await contender(lockPath, `_c_${randomUUID()}-lock-`);
      await eventually(() => lists.at(-1)?.locks.find((lock) => lock.path === lockPath && lock.holders.length === 1));

      holder.close();
      // The session closes asynchronously; its ephemeral node must be gone before the parent can be.
      await eventually(async () => ((await admin.getChildren(lockPath)).children.length === 0 ? true : undefined));
      await admin.remove(lockPath);
      await eventually(() => (lists.at(-1)?.locks.some((lock) => lock.path === lockPath) === false ? true : undefined));
    } finally {
      socket.close();
    }
  });

  it('follows a system’s lock node that goes and comes back at the same path between two listings (a Kafka re-election)', async () => {
    const controller = `${root}/kafka/controller`;
    await admin.mkdirp(`${root}/kafka`);
    const data = (broker: number): string => JSON.stringify({ version: 2, brokerid: broker, timestamp: String(Date.now()) });
    const first = await contender(`${root}/kafka`, 'controller', data(1));
    await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === controller && lock.holderSessions[0] === first.sessionId));
    // The controller's session ends and another broker wins at once: within one listing of the ephemeral nodes, the path is there before and after.
    const second = await openSession();
    sessions.push(second);
    first.close();
    await eventually(async () => ((await admin.exists(controller)) === null ? true : undefined), 5_000);
    await eventually(async () => ((await list(running.url)).locks.some((lock) => lock.path === controller) ? undefined : true), 5_000);
    await second.create(controller, Buffer.from(data(2)), 'ephemeral');
    await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === controller && lock.holderSessions[0] === second.sessionId), 3_000);
  });

  it('follows a lock whose parent a container reaper deletes and which comes back', async () => {
    const lockPath = `${root}/reaped/lock`;
    await admin.mkdirp(lockPath);
    const first = await contender(lockPath, `_c_${randomUUID()}-lock-`);
    await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === lockPath && lock.holders.length === 1));
    await goesAndComesBack(running.url, lockPath, first);
  });
});

describe('the activity figures of the locks that changed lately', () => {
  it('pushes a lock again when its figures move, not each time they are recomputed', async () => {
    const activityRoot = uniqueRoot('activity');
    const lockPath = `${activityRoot}/jobs/lock`;
    await admin.mkdirp(lockPath);
    // A holder alone (a waiter that set no watch would soon be an anomaly: a change).
    const first = await contender(lockPath, `_c_${randomUUID()}-lock-`);
    // Recomputed every 100 ms (10 s by default): ten thousand locks made at once were pushed whole at each turn, for five minutes.
    const running = await startExplorer({ roots: [activityRoot], activityRefreshMs: 100 });
    const socket = await connectClient(running.url);
    try {
      const pushes: Array<{ at: number; lock: LockList['locks'][number] }> = [];
      socket.on('locks:changes', (change) => {
        for (const lock of LockListChangeSchema.parse(change).upserted) if (lock.path === lockPath) pushes.push({ at: Date.now(), lock });
      });
      expect(await request(socket, 'locks:subscribe', {})).toEqual({ ok: true });
      const subscribed = Date.now();
      // Settled: the holder listed with its client (ZooKeeper's report), nothing pushed for a second.
      await eventually(async () => ((await list(running.url)).locks.find((lock) => lock.path === lockPath)?.holderClients[0] ? true : undefined));
      await eventually(() => (Date.now() - (pushes.at(-1)?.at ?? subscribed) > 1000 ? true : undefined), 15_000);
      const settled = pushes.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(pushes.length).toBe(settled);

      // A handover moves them: pushed, with one more hold begun.
      const before = (await list(running.url)).locks.find((lock) => lock.path === lockPath)!.activity?.handoversPerMinute ?? 0;
      await contender(lockPath, `_c_${randomUUID()}-lock-`);
      first.close();
      await eventually(() => (pushes.some((push) => (push.lock.activity?.handoversPerMinute ?? 0) > before && push.lock.holders.length === 1 && push.lock.queueLength === 0) ? true : undefined));
    } finally {
      socket.close();
      await running.close();
    }
  });
});

describe('a bounded scan', () => {
  it('stops at DISCOVERY_MAX_NODES and says the list is partial', async () => {
    const running = await startExplorer({ roots: [root], maxNodes: 5 });
    try {
      await running.explorer.discovery.idle();
      const found = await list(running.url);
      expect(found.partial).toBe(true);
      expect(found.partialReason).toContain('5 znodes');
    } finally {
      await running.close();
    }
  });

  it('a capped scan still lists every lock that has a contender (from dump), and a lock created later anywhere', async () => {
    const running = await startExplorer({ roots: [root], maxNodes: 5 });
    try {
      await running.explorer.discovery.idle();
      const found = await list(running.url);
      expect(found).toMatchObject({ partial: true, complete: true, discovery: { method: 'ephemerals', live: 'ephemerals-poll', scan: { state: 'capped' } } });
      // Every lock of the tree has a contender (an earlier test's included), so all are found from dump.
      expect(found.locks.map((lock) => lock.path.slice(root.length))).toEqual(expect.arrayContaining(['/app/orders/lock', '/app/payments/lock', '/ks', '/res', '/sem', '/team/locks/billing']));
      expect(found.locks.every((lock) => lock.holders.length > 0)).toBe(true);
      const later = `${root}/capped/later/lock`;
      await admin.mkdirp(later);
      await contender(later, `_c_${randomUUID()}-lock-`);
      await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === later));
    } finally {
      await running.close();
    }
  });

  it('finds a root that is created after the explorer started', async () => {
    const later = uniqueRoot('late-root');
    const running = await startExplorer({ roots: [later] });
    try {
      await running.explorer.discovery.idle();
      expect((await list(running.url)).locks).toEqual([]);
      await admin.mkdirp(`${later}/lock`);
      await contender(`${later}/lock`, `_c_${randomUUID()}-lock-`);
      await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === `${later}/lock`));
    } finally {
      await running.close();
    }
  });
});

describe('a lock of persistent nodes alone, made after the explorer started', () => {
  it('has no node a listing of the ephemeral nodes shows: the next scan of the tree finds it (DISCOVERY_RESCAN_MS)', async () => {
    const later = uniqueRoot('rescan');
    await admin.mkdirp(later);
    const running = await startExplorer({ roots: [later], rescanMs: 1_000 });
    try {
      await running.explorer.discovery.idle();
      const lock = `${later}/jobs/lock`;
      await admin.mkdirp(lock);
      await admin.create(`${lock}/lock-`, null, 'persistent-sequential');
      const found = await eventually(async () => (await list(running.url)).locks.find((listed) => listed.path === lock), 10_000);
      expect(found.holderSessions).toEqual(['0x0']);
      expect(found.anomalyKinds).toContain('persistent-node');
    } finally {
      await running.close();
    }
  });
});

describe('a lock of persistent nodes alone, made beside locks the listing finds', () => {
  it('is found by a scan asked soon after the listing found a lock the last scan had not, long before the next scan was due', async () => {
    const later = uniqueRoot('grown');
    await admin.mkdirp(later);
    const running = await startExplorer({ roots: [later], rescanMs: 600_000, rescanAfterGrowthMs: 500 });
    try {
      await running.explorer.discovery.idle();
      // A crashed buggy client's lock (no ephemeral node), then a healthy lock the next listing of the ephemeral nodes finds.
      const orphan = `${later}/batch/lock`;
      await admin.mkdirp(orphan);
      await admin.create(`${orphan}/lock-`, null, 'persistent-sequential');
      await admin.mkdirp(`${later}/jobs/lock`);
      await contender(`${later}/jobs/lock`, `_c_${randomUUID()}-lock-`);
      await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === `${later}/jobs/lock`));
      const found = await eventually(async () => (await list(running.url)).locks.find((listed) => listed.path === orphan), 10_000);
      expect(found.anomalyKinds).toContain('persistent-node');
    } finally {
      await running.close();
    }
  });
});

describe('a system’s nodes that make no lock, found by the listing (Curator’s service discovery)', () => {
  it('ask no scan of the tree: they are found again after every scan, and would keep the explorer scanning; nor does a lock that comes back', async () => {
    const later = uniqueRoot('services');
    await admin.mkdirp(`${later}/jobs/lock`);
    await contender(`${later}/jobs/lock`, `_c_${randomUUID()}-lock-`);
    const running = await startExplorer({ roots: [later], rescanMs: 600_000, rescanAfterGrowthMs: 300 });
    try {
      await running.explorer.discovery.idle();
      const scanned = (await list(running.url)).discovery?.scan?.startedAt;
      expect(scanned).toEqual(expect.any(Number));
      // A service registers after the scan: its instances are ephemeral leaves with names no recipe makes, and read, a service's.
      await admin.mkdirp(`${later}/services/billing`);
      for (let instance = 0; instance < 3; instance += 1) {
        const id = randomUUID();
        const data = JSON.stringify({ name: 'billing', id, address: '10.0.0.7', port: 8080, sslPort: null, payload: null, registrationTimeUTC: Date.now(), serviceType: 'DYNAMIC', uriSpec: null });
        await contender(`${later}/services/billing`, id, data);
      }
      await eventually(async () => ((await list(running.url)).discovery?.notLocks?.first ?? []).find((known) => known.path === `${later}/services/billing`));
      // Past the soonest rescan (300 ms after the last), several listings later: the scan is the first one still.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await list(running.url)).discovery?.scan?.startedAt).toBe(scanned);
      // A lock that stays one still asks it.
      const reports = `${later}/reports/lock`;
      await admin.mkdirp(reports);
      const reporter = await contender(reports, `_c_${randomUUID()}-lock-`);
      const rescanned = await eventually(async () => {
        const scan = (await list(running.url)).discovery?.scan;
        return scan?.startedAt !== scanned && scan?.state === 'done' ? scan.startedAt : undefined;
      }, 10_000);
      // It goes (as a container parent is reaped) and comes back: no growth of the tree, and no scan asked.
      await goesAndComesBack(running.url, reports, reporter);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await list(running.url)).discovery?.scan?.startedAt).toBe(rescanned);
    } finally {
      await running.close();
    }
  });
});

describe('where no member lists its ephemeral nodes', () => {
  it('follows the roots with a recursive watch, and says what it costs: every write below them is a notification', async () => {
    const quietRoot = uniqueRoot('tree-watch');
    await admin.mkdirp(`${quietRoot}/config`);
    await admin.create(`${quietRoot}/config/flag`, Buffer.from('0'));
    const running = await startExplorer({ roots: [quietRoot] }, undefined, { introspectionIntervalMs: 0 });
    try {
      await running.explorer.discovery.idle();
      expect((await list(running.url)).discovery).toMatchObject({ method: 'scan', live: 'recursive-watch', pollMs: null });
      const before = running.session.notificationSeq;
      const writes = 200;
      const started = Date.now();
      for (let i = 0; i < writes; i += 1) await admin.setData(`${quietRoot}/config/flag`, Buffer.from(String(i)));
      await eventually(() => (running.session.notificationSeq - before >= writes ? true : undefined));
      // The rate is of the notifications between two reads of the status at least a second apart.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_100 - (Date.now() - started))));
      const rate = (await list(running.url)).discovery.treeNotificationsPerSecond;
      expect(rate).not.toBeNull();
      expect(rate!).toBeGreaterThan(0);
      // A new lock is still found live.
      await admin.mkdirp(`${quietRoot}/jobs/lock`);
      await contender(`${quietRoot}/jobs/lock`, `_c_${randomUUID()}-lock-`);
      await eventually(async () => (await list(running.url)).locks.find((lock) => lock.path === `${quietRoot}/jobs/lock`));
    } finally {
      await running.close();
    }
  });
});

describe('a ZooKeeper that refuses persistent watches (the optimized watch manager)', () => {
  it('keeps the list live with a child watch on every node scanned, and says so', async () => {
    const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { watchManagerName: 'org.apache.zookeeper.server.watch.WatchManagerOptimized', tickTime: 500, minSessionTimeout: 1000 } });
    const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
    await owner.start(10_000);
    // No member asked for its ephemeral nodes (INTROSPECT_INTERVAL_MS=0): new locks come from watches alone.
    const running = await startExplorer({ roots: ['/'] }, undefined, { connectString: zookeeper.connectString, introspectionIntervalMs: 0 });
    try {
      await owner.mkdirp('/apps/a/lock');
      await owner.create(`/apps/a/lock/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
      await running.explorer.discovery.idle();
      const found = await eventually(async () => {
        const listed = await list(running.url);
        return listed.locks.some((lock) => lock.path === '/apps/a/lock') ? listed : undefined;
      });
      expect(found.discovery.live).toBe('child-watches');
      // Below a node the scan read, and below a node created since.
      for (const later of ['/apps/a/b/c/lock', '/fresh/x/lock']) {
        await owner.mkdirp(later);
        await owner.create(`${later}/${randomBytes(16).toString('hex')}__lock__`, null, 'ephemeral-sequential');
        await eventually(async () => ((await list(running.url)).locks.some((lock) => lock.path === later) ? true : undefined));
      }
      await owner.remove((await owner.getChildren('/fresh/x/lock')).children.map((name) => `/fresh/x/lock/${name}`)[0]!);
      await owner.remove('/fresh/x/lock');
      await eventually(async () => ((await list(running.url)).locks.some((lock) => lock.path === '/fresh/x/lock') ? undefined : true));
      const health = HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
      expect(health.discovery).toMatchObject({ live: 'child-watches', complete: true });
    } finally {
      await running.close();
      owner.close();
      await zookeeper.stop();
    }
  });
});
