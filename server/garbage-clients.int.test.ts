/**
 * Lock garbage left by real clients (issue 54): Kazoo leaves 10,000 empty lock parents beside a
 * lock in use and a node its client gave up on; Curator's lock parents are container nodes that
 * ZooKeeper reaps. The view lists exactly Kazoo's pile and the leak; the clean-up deletes exactly
 * the parents still empty while a contender races it into the pile, and touches nothing else.
 *
 * ZooKeeper is this file's own: its container reaper runs every CHECK_INTERVAL_MS
 * (`znode.container.checkIntervalMs`, a JVM property the shared set-up leaves at 60 s).
 * A container's stat shows no sign of it (ZooKeeper gives clients 0 as its ephemeralOwner), so an
 * emptied Curator parent is told from Kazoo's only once the reaper has taken it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { looksEmptyParent } from '../lib/lock/garbage';
import { CleanupRunSchema, EmptyParentsPageSchema, GarbageViewSchema, LockListSchema, type CleanupRun, type GarbageView } from '../lib/protocol';
import { eventually, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
import { compileJavaClients, PYTHON, RealContenders } from './testing/real-clients';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from './zk/embedded';
import { ZkError, ZkSession } from './zk/session';

const PILE_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-clients', 'python', 'garbage_pile.py');
const PILE = 10_000;
const CHECK_INTERVAL_MS = 10_000;
const TOKEN = 'garbage-clients-token';
const CLEANUP_RATE = 2_000;

const root = uniqueRoot('garbage-clients');
const group = `${root}/kazoo/jobs`;
const liveLock = `${group}/job-live`;
const curator = `${root}/curator`;
const pileParents = Array.from({ length: PILE }, (_, index) => `${group}/job-${index}`);

/** What the Kazoo pile's process said: its sessions, the live lock's holder, the leak, and when the pile is made. */
interface PileEvents {
  sessions: Map<string, string>;
  held: string | null;
  leak: { node: string; again: string } | null;
  pileSeconds: number | null;
  errors: string[];
}

/** The Kazoo process of test-clients/python/garbage_pile.py: it keeps its sessions (the live lock, the leak) until stopped. */
class KazooPile {
  readonly said: PileEvents = { sessions: new Map(), held: null, leak: null, pileSeconds: null, errors: [] };
  private readonly listeners = new Set<() => void>();
  private stderr = '';

  constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const event = JSON.parse(line) as { event: string; role?: string; session?: string; node?: string; again?: string; seconds?: number; message?: string };
      if (event.event === 'session') this.said.sessions.set(event.role!, `0x${BigInt(event.session!).toString(16)}`);
      if (event.event === 'held') this.said.held = event.node!;
      if (event.event === 'leak') this.said.leak = { node: event.node!, again: event.again! };
      if (event.event === 'pile') this.said.pileSeconds = event.seconds!;
      if (event.event === 'error') this.said.errors.push(event.message!);
      for (const listener of this.listeners) listener();
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-2000)));
    child.once('exit', (code) => {
      this.said.errors.push(`exited with ${code}: ${this.stderr.trim()}`);
      for (const listener of this.listeners) listener();
    });
  }

  static start(connect: string): KazooPile {
    return new KazooPile(spawn(PYTHON, [PILE_SCRIPT, connect, group, String(PILE)], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Resolves once the pile is made (the live lock and the leak before it), rejects on the process's error. */
  made(timeoutMs: number): Promise<PileEvents> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (this.said.errors.length > 0) done(() => reject(new Error(`the Kazoo pile: ${this.said.errors.join('; ')}`)));
        else if (this.said.pileSeconds !== null) done(() => resolve(this.said));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`the Kazoo pile was not made within ${timeoutMs} ms`))), timeoutMs);
      const done = (settle: () => void): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
        settle();
      };
      this.listeners.add(check);
      check();
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin!.end('quit\n');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

let zookeeper: EmbeddedZooKeeper;
let admin: ZkSession;
let pile: KazooPile;
let orders: RealContenders;
let invoices: RealContenders;
let main: RunningExplorer | null = null;
const stoppable: Array<{ stop(): Promise<void> | void }> = [];

const garbageView = async (running: RunningExplorer) => GarbageViewSchema.parse(await (await fetch(`${running.url}/api/garbage`)).json());
const emptyParents = async (running: RunningExplorer, query: string) => EmptyParentsPageSchema.parse(await (await fetch(`${running.url}/api/garbage/empty?${query}`)).json());

/** Resolves once `path` is gone: ZooKeeper's reaper takes an empty container at its next round. */
const reaped = (path: string): Promise<true> => eventually(async () => ((await admin.exists(path)) === null ? true : undefined), CHECK_INTERVAL_MS + 10_000);

/** Every node under `root` but Kazoo's pile parents (and what the racer puts in them), with what a change to it would change. */
async function nodesBesidesPile(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (path: string): Promise<void> => {
    const { children, stat } = await admin.getChildren(path);
    found.set(path, `${stat.czxid} ${stat.mzxid} ${stat.ephemeralOwner}`);
    const below = children.filter((name) => path !== group || !/^job-\d+$/.test(name)).map((name) => `${path}/${name}`);
    await Promise.all(below.map(walk));
  };
  await walk(root);
  return found;
}

beforeAll(async () => {
  compileJavaClients();
  zookeeper = await startEmbeddedZooKeeper({ extraConfig: { tickTime: 500, minSessionTimeout: 1000 }, jvmOptions: [`-Dznode.container.checkIntervalMs=${CHECK_INTERVAL_MS}`] });
  admin = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
  await admin.start(10_000);
  // Kazoo's pile takes a quarter of a minute or more: it is made while Curator's locks start.
  pile = KazooPile.start(zookeeper.connectString);
  stoppable.push(pile);
  // Curator's lock parents below a persistent node of the application's.
  await admin.mkdirp(curator);
  // Nodes that are no lock garbage: configuration with data, a node that never had children, one with data whose children went, one with a child.
  await admin.mkdirp(`${root}/config`);
  await admin.create(`${root}/config/flags`, Buffer.from('on'));
  await admin.create(`${root}/config/never-had-children`);
  await admin.create(`${root}/queue`, Buffer.from('orders queue'));
  await admin.remove(await admin.create(`${root}/queue/item-`, null, 'persistent-sequential'));
  await admin.mkdirp(`${root}/services/api/instance-1`);
  [orders, invoices] = await Promise.all([
    RealContenders.start(zookeeper.connectString, `${curator}/orders`, 'curator-mutex', '2'),
    RealContenders.start(zookeeper.connectString, `${curator}/invoices`, 'curator-mutex', '1'),
  ]);
  stoppable.push(orders, invoices);
  await Promise.all([orders.until(() => orders.holding.size === 1, 15_000, 'a holder of orders'), invoices.until(() => invoices.holding.size === 1, 15_000, 'the holder of invoices')]);
}, 90_000);

afterAll(async () => {
  await main?.close();
  await Promise.all(stoppable.map((one) => one.stop()));
  admin?.close();
  await zookeeper?.stop();
}, 60_000);

describe('lock garbage left by real Kazoo and Curator clients', () => {
  it("Curator's lock parents are containers ZooKeeper reaps once empty, and read as persistent nodes", async () => {
    const reports = await RealContenders.start(zookeeper.connectString, `${curator}/reports`, 'curator-mutex', '1');
    stoppable.push(reports);
    await reports.until(() => reports.holding.size === 1, 15_000, 'the holder of reports');
    reports.release(0);
    await reports.until(() => reports.holding.size === 0, 10_000, 'reports released');
    await reaped(`${curator}/reports`);
    // A container's stat says nothing of it: ZooKeeper gives clients 0 as its owner (DataNode.getClientEphemeralOwner),
    // so the stat rule takes an empty one for a persistent parent until the reaper takes it.
    const container = (await admin.getChildren(`${curator}/orders`)).stat;
    expect(container).toMatchObject({ ephemeralOwner: '0x0', numChildren: 2, dataLength: 0 });
    expect(looksEmptyParent({ ...container, numChildren: 0 })).toBe(true);
  }, 60_000);

  it('lists exactly the 10,000 parents Kazoo left and its leaked node, not the live locks', async () => {
    const said = await pile.made(90_000);
    console.info(`Kazoo made ${PILE} locks in ${said.pileSeconds} s`);
    main = await startExplorer({ roots: [root] }, { adminToken: TOKEN }, { connectString: zookeeper.connectString, cleanup: { allowed: true, rate: CLEANUP_RATE } });
    const running = main;
    let last: GarbageView | null = null;
    const view = await eventually(async () => {
      last = await garbageView(running);
      return last.scanned && last.counts.emptyParents === PILE && last.counts.leaked === 1 ? last : undefined;
    }, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: the last view counted ${JSON.stringify(last?.counts)}, scanned ${last?.scanned}`);
    });
    expect(view.groups).toEqual([{ parent: group, count: PILE, oldest: expect.any(Number), newest: expect.any(Number), recipe: 'kazoo-lock', sure: { seen: 0, files: 0, stat: PILE }, advice: 'kazoo' }]);
    expect(view.groupCount).toBe(1);
    expect(view.leaked).toEqual([
      expect.objectContaining({ lock: liveLock, node: said.leak!.node, path: `${liveLock}/${said.leak!.node}`, sessionId: said.sessions.get('leaker'), why: 'queued-again', leads: false }),
    ]);
    expect(view).toMatchObject({ counts: { emptyParents: PILE, leaked: 1, ghosts: 0, persistentInLocks: 0 }, ghosts: [], persistentInLocks: [] });
    // The live locks are followed, not garbage: Kazoo's with its holder, the leaked node and the one queued after it; Curator's two.
    const locks = LockListSchema.parse(await (await fetch(`${running.url}/api/locks`)).json()).locks;
    expect(locks.map((lock) => [lock.path, lock.recipe.id, lock.holders.length + lock.queueLength]).sort()).toEqual([
      [`${curator}/invoices`, 'curator-mutex', 1],
      [`${curator}/orders`, 'curator-mutex', 2],
      [liveLock, 'kazoo-lock', 3],
    ]);
    const byGroup = await emptyParents(running, `group=${group}&limit=100000`);
    expect(byGroup.total).toBe(PILE);
    expect(new Set(byGroup.items.map((item) => item.path))).toEqual(new Set(pileParents));
    expect(byGroup.items.every((item) => item.version === 0 && item.cversion === 2 && item.sure === 'stat')).toBe(true);
    expect((await emptyParents(running, 'limit=100000')).items).toEqual(byGroup.items);
  }, 120_000);

  it('drops a followed Curator lock that empties once ZooKeeper reaps its parent', async () => {
    invoices.release(0);
    await invoices.until(() => invoices.holding.size === 0, 10_000, 'invoices released');
    await reaped(`${curator}/invoices`);
    await eventually(async () => {
      const view = await garbageView(main!);
      return view.counts.emptyParents === PILE && view.groups.length === 1 ? true : undefined;
    }, 10_000);
    expect((await admin.getChildren(curator)).children).toEqual(['orders']);
  }, 60_000);

  it('deletes exactly the parents still empty, none a racing contender entered during the run, and touches nothing else', async () => {
    const running = main!;
    const before = await nodesBesidesPile();
    const dry = await emptyParents(running, 'minIdleMs=0&limit=100000');
    expect(dry.total).toBe(PILE);
    const racer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await racer.start(10_000);
    stoppable.push({ stop: () => racer.close() });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const started = await fetch(`${running.url}/api/garbage/cleanup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ groups: [group], expected: dry.total, minIdleMs: 0 }),
      });
      expect(started.status).toBe(202);
      const { entered, lost, run } = await race(running, racer, dry.items.map((item) => item.path));
      console.info(`clean-up: ${run.deleted} deleted, skipped ${JSON.stringify(run.skipped)} in ${run.endedAt! - run.startedAt} ms; the racer entered ${entered.size} parents and found ${lost} gone`);
      expect(entered.size).toBeGreaterThan(0);
      expect(run).toMatchObject({ state: 'done', planned: PILE, left: 0, recent: 0, error: null });
      const skipped = Object.values(run.skipped).reduce((sum, count) => sum + count, 0);
      expect(run.deleted + skipped).toBe(run.planned);
      expect(Object.keys(run.skipped).every((why) => why === 'not-empty' || why === 'changed')).toBe(true);
      // Exactly the entered parents were left, each with the racer's node in it.
      expect(run.deleted).toBe(PILE - entered.size);
      expect(skipped).toBe(entered.size);
      expect(run.skippedPaths.every(({ path }) => entered.has(path))).toBe(true);
      const left = (await admin.getChildren(group)).children.filter((name) => name !== 'job-live');
      expect(new Set(left.map((name) => `${group}/${name}`))).toEqual(new Set(entered.keys()));
      const children = await Promise.all([...entered.keys()].map(async (parent) => (await admin.getChildren(parent)).children));
      expect(children).toEqual([...entered.values()].map((node) => [node]));
      // Every action logged: each deletion and each parent left.
      const lines = log.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => / deleted \S+\/job-\d+ \(version/.test(line))).toHaveLength(run.deleted);
      expect(lines.filter((line) => / left \S+\/job-\d+: /.test(line))).toHaveLength(skipped);
    } finally {
      log.mockRestore();
    }
    // Nothing else touched: the Curator lock, Kazoo's live lock with its leaked node, the application's nodes, as they were.
    const after = await nodesBesidesPile();
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));
    expect([...before.keys()].filter((path) => path.startsWith(`${liveLock}/`))).toHaveLength(3);
    expect([...before.keys()].filter((path) => path.startsWith(`${curator}/orders/`))).toHaveLength(2);
  }, 60_000);
});

/**
 * While the clean-up runs, a contender enters parents of the pile (an ephemeral sequential node
 * that stays): half at random, half just ahead of where the clean-up is (between its read of a
 * parent and its delete). Resolves with the parents entered (and the node made in each), how many
 * were already gone, and the finished run.
 */
async function race(running: RunningExplorer, racer: ZkSession, plan: readonly string[]): Promise<{ entered: Map<string, string>; lost: number; run: CleanupRun }> {
  const entered = new Map<string, string>();
  const tried = new Set<string>();
  let lost = 0;
  let run: CleanupRun | null = null;
  let attempt = 0;
  while (run === null || run.state === 'running') {
    run = CleanupRunSchema.parse(await (await fetch(`${running.url}/api/garbage/cleanup`)).json());
    const at = plan.length - run.left;
    const targets: string[] = [];
    for (let one = 0; one < 2; one += 1) {
      attempt += 1;
      const parent = attempt % 2 === 0 ? plan[Math.floor(Math.random() * plan.length)]! : plan[Math.min(plan.length - 1, at + Math.floor(Math.random() * 150))]!;
      if (!tried.has(parent)) targets.push(parent);
      tried.add(parent);
    }
    await Promise.all(
      targets.map(async (parent) => {
        try {
          const node = await racer.create(`${parent}/${randomBytes(16).toString('hex')}__lock__`, null, 'ephemeral-sequential');
          entered.set(parent, node.slice(parent.length + 1));
        } catch (error) {
          if (!(error instanceof ZkError) || error.code !== 'NO_NODE') throw error;
          lost += 1;
        }
      }),
    );
  }
  return { entered, lost, run };
}
