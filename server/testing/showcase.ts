/**
 * The showcase: a realistic mix of locks on a real ZooKeeper, to try the explorer with, to test
 * its pages against and to take its screenshots from. Real Curator and Kazoo processes where the
 * project drives them, long real names, crashed holders, a waiter that watches nothing, a
 * deadlock across two processes, the layouts of Kafka and Hadoop, a lock ZooKeeper will not let
 * an unauthenticated client read, and a simulated herd. Everything it makes is under `root` and
 * `<simRoot>/showcase`, and `stop()` removes all of it.
 */
import { randomUUID } from 'node:crypto';
import zookeeper from 'node-zookeeper-client';
import { SYSTEM_FIXTURES } from '../../lib/lock/systems/fixtures';
import { SpawnRequestSchema } from '../../lib/protocol';
import { Simulator } from '../sim/simulator';
import { ZkError, ZkSession } from '../zk/session';
import { createAsDigestUser, createDigestProtected, digestUserClient } from './acl';
import { LoopingContenders, RealContenders, TwoLockClient } from './real-clients';
import { makeSystemFixture } from './system-fixtures';

export interface ShowcaseOptions {
  connectString: string;
  /** Where the showcase's own locks go (`/showcase`). */
  root: string;
  /** The simulator's sandbox: the herd goes under `<simRoot>/showcase`. */
  simRoot: string;
  /** The crashed Kazoo holders' session timeout (ms): how long each stays on the page after its kill. */
  crashedSessionMs: number;
  /** How often a crash lock's holder is killed again (ms), so that a crashed holder is always to be seen. */
  crashEveryMs: number;
  log: (line: string) => void;
}

export const SHOWCASE_DEFAULTS: Omit<ShowcaseOptions, 'connectString'> = {
  root: '/showcase',
  simRoot: '/sim',
  crashedSessionMs: 40_000,
  crashEveryMs: 60_000,
  log: () => undefined,
};

/** How long the chain's Curator contenders hold (ms, a random time between the two): a lock that hands over as a real one does. */
const CHAIN_HOLD_MS = [3_000, 9_000] as const;
/** How long the herd's holder holds (ms): each handover wakes every waiter, which is what tells another process's herd. */
const HERD_HOLD_MS = 20_000;

/** The digest user that alone may read the showcase's protected lock: the explorer sees it only with ZK_AUTH=digest:<this>. */
export const SHOWCASE_DIGEST = 'showcase-vault:unseal-2026';

/** One thing the showcase made: the lock's path, what it is, and what the explorer should say of it. */
export interface ShowcaseLock {
  path: string;
  what: string;
  expect: string;
}

export interface Showcase {
  locks: ShowcaseLock[];
  stop(): Promise<void>;
}

/** A lock whose holder crashes again and again: one Kazoo process a contender, the holder's killed with SIGKILL. */
class CrashLoop {
  private readonly alive: RealContenders[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly options: ShowcaseOptions,
    readonly path: string,
  ) {}

  private join(): Promise<RealContenders> {
    return RealContenders.start(this.options.connectString, this.path, 'kazoo-lock', '1', { KAZOO_SESSION_TIMEOUT_MS: String(this.options.crashedSessionMs) });
  }

  async start(waiters: number): Promise<void> {
    const holder = await this.join();
    this.alive.push(holder);
    await holder.until(() => holder.holding.size === 1, 20_000, `the holder of ${this.path}`);
    for (let i = 0; i < waiters; i += 1) this.alive.push(await this.join());
    await this.crash();
    this.timer = setInterval(() => void this.crash().catch((error: unknown) => this.options.log(`showcase: ${this.path}: ${String(error)}`)), this.options.crashEveryMs);
  }

  /** Kills the process that holds (or the first in the queue, when the last crashed holder has not yet expired) and queues a new waiter. */
  private async crash(): Promise<void> {
    const holder = this.alive.find((contenders) => contenders.holding.size > 0) ?? this.alive[0];
    if (holder === undefined || this.stopped) return;
    this.alive.splice(this.alive.indexOf(holder), 1);
    await holder.crash();
    this.options.log(`showcase: killed (SIGKILL) the holder of ${this.path}, session ${holder.sessions.get(0)}; ZooKeeper expires it ${this.options.crashedSessionMs / 1000} s after`);
    if (!this.stopped) this.alive.push(await this.join());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    await Promise.all(this.alive.splice(0).map((contenders) => contenders.stop()));
  }
}

function call<T>(run: (done: (error: Error | zookeeper.Exception | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((error, value) => (error ? reject(error instanceof Error ? error : Object.assign(new Error(error.toString()), { zkCode: error.getCode() })) : resolve(value as T))));
}

/** Removes `path` and everything under it, as the digest user (who may also delete under the protected lock); a node gone meanwhile is no error. */
async function removeTree(client: zookeeper.Client, path: string): Promise<void> {
  let children: string[];
  try {
    children = await call<string[]>((done) => client.getChildren(path, done));
  } catch (error) {
    if ((error as { zkCode?: number }).zkCode === zookeeper.Exception.NO_NODE) return;
    throw error;
  }
  for (const child of children) await removeTree(client, `${path}/${child}`);
  try {
    await call((done) => client.remove(path, -1, done));
  } catch (error) {
    if ((error as { zkCode?: number }).zkCode !== zookeeper.Exception.NO_NODE) throw error;
  }
}

/**
 * Makes the mix and keeps it going (the crash locks' holders are killed every `crashEveryMs`);
 * `stop()` ends every process and session it started and removes every node it made.
 */
export async function startShowcase(given: Partial<ShowcaseOptions> & { connectString: string }): Promise<Showcase> {
  const options: ShowcaseOptions = { ...SHOWCASE_DEFAULTS, ...given };
  const { connectString, root, log } = options;
  const herdRoot = `${options.simRoot}/showcase`;
  const locks: ShowcaseLock[] = [];
  const stops: Array<() => Promise<void> | void> = [];
  const admin = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  const digest = await digestUserClient(connectString, SHOWCASE_DIGEST);
  const made = (path: string, what: string, expect: string): void => {
    locks.push({ path, what, expect });
    log(`showcase: ${path}: ${what}`);
  };
  const stop = async (): Promise<void> => {
    for (const run of stops.splice(0).reverse()) await run();
    await removeTree(digest, root);
    await removeTree(digest, herdRoot);
    digest.close();
    admin.close();
  };
  try {
    await admin.start();
    const existing = await admin.exists(root);
    if (existing !== null) throw new Error(`${root} exists already: another showcase is running there, or one was stopped before it could clean up (remove it, or choose another root)`);

    // A Curator InterProcessMutex with a chain of 11 that hands over as a real one does: each holds a few seconds, then queues again.
    const curator = await LoopingContenders.start('curator', connectString, `${root}/payments/ledger-reconciliation-service/settlement-batch-writer`, { locks: 1, perLock: [11, 11], holdMs: CHAIN_HOLD_MS, sessionTimeoutMs: 30_000 });
    stops.push(() => curator.stop());
    const chain = curator.lockPath(0);
    made(chain, `Curator InterProcessMutex, 11 contenders (one JVM, a session each), each holding ${CHAIN_HOLD_MS[0] / 1000}–${CHAIN_HOLD_MS[1] / 1000} s and queueing again`, 'one holder, ten waiters, each watching the node before it; a handover every few seconds');

    // A Kazoo read-write lock: a writer holds, readers and a writer wait.
    const readWrite = `${root}/inventory/warehouse-eu-central-1/stock-level-read-write-lock`;
    const kazooRw = await RealContenders.start(connectString, readWrite, 'kazoo-rw', 'wrrw');
    stops.push(() => kazooRw.stop());
    made(readWrite, 'Kazoo WriteLock and ReadLock: w, r, r, w', 'a writer holds; two readers and a writer wait');

    // A Kazoo semaphore of two leases, four contenders.
    const semaphore = `${root}/reporting/nightly-export-worker-slots`;
    const kazooSemaphore = await RealContenders.start(connectString, semaphore, 'kazoo-semaphore:2', '4');
    stops.push(() => kazooSemaphore.stop());
    made(semaphore, 'Kazoo Semaphore of 2 leases, 4 contenders', 'two hold, two wait');

    // Two Kazoo locks whose holder is killed with SIGKILL, again every crashEveryMs.
    for (const path of [`${root}/billing/invoice-number-allocator/lock`, `${root}/search/catalog-reindex-coordinator/lock`]) {
      const loop = new CrashLoop(options, path);
      stops.push(() => loop.stop());
      await loop.start(2);
      made(path, `Kazoo Lock whose holder is killed (SIGKILL) every ${options.crashEveryMs / 1000} s, session ${options.crashedSessionMs / 1000} s`, 'holder disconnected, with when ZooKeeper expires it');
    }

    // A Kazoo holder, and behind it a node whose session watches nothing: it will never be told.
    const unwatched = `${root}/search/index-compaction-scheduler/lock`;
    const kazooHolder = await RealContenders.start(connectString, unwatched, 'kazoo-lock', '1');
    stops.push(() => kazooHolder.stop());
    await kazooHolder.until(() => kazooHolder.holding.size === 1, 20_000, `the holder of ${unwatched}`);
    const silent = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
    stops.push(() => silent.close());
    await silent.start();
    await silent.create(`${unwatched}/${randomUUID().replace(/-/g, '')}__lock__`, Buffer.from('batch-scheduler-7f9c4d-xk2lp'), 'ephemeral-sequential');
    made(unwatched, 'Kazoo Lock held, and a waiter node whose session set no watch', 'watches nothing: the waiter is never told');

    // A Curator deadlock across two processes: each holds one lock and asks for the other's.
    const allocation = `${root}/orders/order-allocation/lock`;
    const credit = `${root}/orders/customer-credit-limit/lock`;
    const first = await TwoLockClient.start(connectString, allocation, credit);
    stops.push(() => first.stop());
    const second = await TwoLockClient.start(connectString, credit, allocation);
    stops.push(() => second.stop());
    await first.go();
    await second.go();
    made(allocation, `Curator deadlock: session ${first.session} holds it and waits for ${credit}`, 'deadlock');
    made(credit, `Curator deadlock: session ${second.session} holds it and waits for ${allocation}`, 'deadlock');

    // The layouts of real systems: Kafka's controller (under a chroot) and Hadoop HA's elector lock.
    for (const [lock, prefix] of [
      ['/controller', `${root}/kafka-prod`],
      ['/hadoop-ha/mycluster/ActiveStandbyElectorLock', root],
    ] as const) {
      const fixture = SYSTEM_FIXTURES.find((candidate) => candidate.lock === lock)!;
      const owners: ZkSession[] = [];
      const count = Math.max(0, ...fixture.nodes.map((node) => (node.contender ?? -1) + 1));
      for (let i = 0; i < count; i += 1) {
        const owner = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
        stops.push(() => owner.close());
        await owner.start();
        owners.push(owner);
      }
      await makeSystemFixture(fixture, prefix, owners, admin);
      made(`${prefix}${lock}`, `${fixture.expect.system}: ${fixture.expect.role}`, `named as ${fixture.expect.system}`);
    }

    // A lock only a digest user may read: the explorer without ZK_AUTH sees it, and no more.
    const vault = `${root}/vault/unseal-key-rotation`;
    await admin.mkdirp(`${root}/vault`);
    const user = SHOWCASE_DIGEST.slice(0, SHOWCASE_DIGEST.indexOf(':'));
    await createDigestProtected(connectString, vault, SHOWCASE_DIGEST);
    for (let i = 0; i < 2; i += 1) {
      const owner = await digestUserClient(connectString, SHOWCASE_DIGEST);
      stops.push(() => owner.close());
      await createAsDigestUser(owner, `${vault}/lock-`, SHOWCASE_DIGEST, Buffer.from(`vault-${i}.secrets.internal`));
    }
    made(vault, `two contenders under a digest ACL (${user} only)`, 'not readable: ZooKeeper answers NoAuth');

    // A simulated herd of 40: every waiter watches the lock's children. Another process's herd is told only by what its
    // waiters do when a child goes (ZooKeeper reports no children watch by node), so its holder hands over every HERD_HOLD_MS.
    const herd = `${herdRoot}/thundering-herd-demo/lock`;
    const simulator = new Simulator({ connectString, session: admin, maxContenders: 100, simRoot: options.simRoot });
    stops.push(() => simulator.close());
    await simulator.spawn(SpawnRequestSchema.parse({ path: herd, count: 40, strategy: 'herd', holdMs: HERD_HOLD_MS, rounds: 0, sessionTimeoutMs: 30_000, protected: false }));
    made(
      herd,
      `simulated herd of 40: each waiter watches the lock’s children; its holder hands over every ${HERD_HOLD_MS / 1000} s and queues again`,
      `one holder, 39 waiters; named a herd from the first handover on (every waiter wakes), said to watch nothing before it`,
    );

    return { locks, stop };
  } catch (error) {
    await stop().catch((cleanup: unknown) => log(`showcase: cleaning up after a failed start: ${String(cleanup)}`));
    throw error instanceof ZkError ? new Error(`the showcase could not be made: ${error.message}`) : error;
  }
}
