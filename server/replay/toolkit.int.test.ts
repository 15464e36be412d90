/**
 * The explorer's reader of ZooKeeper's transaction log against ZooKeeper's own TxnLogToolkit, on
 * logs written by real lock clients and by the simulator's faults: Curator's mutex, read-write
 * lock and semaphore, Kazoo's lock and semaphore, ZooKeeper's WriteLock recipe, and the
 * simulator's contenders crashed (ZooKeeper expires the session), expired by the classic trick
 * and losing a create's reply. A ZooKeeper configured unlike the default: its log in a dataLogDir of its
 * own, rolled every few dozen transactions, sessions of at most 4 s. Every entry of every log must read
 * as the toolkit prints it, and the explorer's replay must read the logs and snapshots whole; on 3.8
 * and on 3.9, each with its own toolkit.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zxidHex } from '../../lib/zk/ids';
import type { Txn } from '../../lib/zk/txn-log';
import { eventually, startExplorer, ZOOKEEPER_VERSIONS } from '../testing/harness';
import { RealContenders, type RealRecipe } from '../testing/real-clients';
import { expectReadAsToolkit } from '../testing/zookeeper-tools';
import { startEmbeddedZooKeeper, type ZooKeeperVersion } from '../zk/embedded';
import { ZkSession } from '../zk/session';
import { loadReplay } from './files';

interface Contender {
  id: string;
  state: string;
  sessionId: string | null;
  node: string | null;
  acquisitions: number;
}

/** Real clients against the ZooKeeper at `connect`: each recipe's queue made, its holder released once, then every session closed. */
async function realClients(connect: string): Promise<void> {
  const recipes: Array<[RealRecipe, string]> = [
    ['curator-mutex', '3'],
    ['curator-rw', 'wrwr'],
    ['curator-semaphore:2', '3'],
    ['kazoo-lock', '3'],
    ['kazoo-semaphore:2', '3'],
    ['zk-writelock', '3'],
  ];
  for (const [recipe, spec] of recipes) {
    const clients = await RealContenders.start(connect, `/real/${recipe.replace(':', '-')}/lock`, recipe, spec);
    await clients.until(() => clients.holding.size > 0, 15_000, `${recipe} to hold`);
    const [first] = [...clients.holding];
    clients.release(first!);
    await clients.until(() => !clients.holding.has(first!) && clients.holding.size > 0, 15_000, `${recipe} to hand over`);
    await clients.stop();
  }
}

/** The simulator's faults against the ZooKeeper at `connect`; answers the sessions its contenders had, by what was done to them. */
async function simulatorFaults(connect: string): Promise<Record<string, string>> {
  const faults: Record<string, string> = {};
  const running = await startExplorer({ roots: ['/sim'] }, { allowed: true, simRoot: '/sim', connectString: connect }, { connectString: connect });
  try {
    const lock = '/sim/sandbox/lock';
    const contenders = async (): Promise<Contender[]> => ((await (await fetch(`${running.url}/api/sim/contenders`)).json()) as { contenders: Contender[] }).contenders;
    const spawned = await fetch(`${running.url}/api/sim/contenders`, {
      method: 'POST',
      body: JSON.stringify({ path: lock, count: 3, strategy: 'chained', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 2000, protected: true }),
    });
    expect(spawned.status).toBe(201);
    const [holder, expiring] = await eventually(async () => {
      const now = await contenders();
      const held = now.find((one) => one.state === 'holding');
      return held !== undefined && now.every((one) => one.sessionId !== null) ? [held, now.find((one) => one !== held)!] : undefined;
    }, 15_000);
    faults.crashed = holder.sessionId!;
    faults.expired = expiring.sessionId!;
    await fetch(`${running.url}/api/sim/contenders/${holder.id}/crash`, { method: 'POST' });
    await fetch(`${running.url}/api/sim/contenders/${expiring.id}/expire`, { method: 'POST' });
    // A create whose reply is lost: a contender of rounds, between two of them.
    const lost = await (
      await fetch(`${running.url}/api/sim/contenders`, { method: 'POST', body: JSON.stringify({ path: '/sim/sandbox/orphan', count: 1, strategy: 'chained', holdMs: 50, rounds: 2, thinkMs: 1500, protected: true }) })
    ).json() as { contenders: Contender[] };
    const id = lost.contenders[0]!.id;
    await eventually(async () => ((await contenders()).find((one) => one.id === id)?.acquisitions ?? 0) >= 1 || undefined, 15_000);
    await fetch(`${running.url}/api/sim/contenders/${id}/disconnect-during-create`, { method: 'POST' });
    // ZooKeeper expires the crashed session (its own close, cxid 0): its node goes with it.
    const observer = new ZkSession({ connectString: connect, sessionTimeoutMs: 4000 });
    await observer.start(10_000);
    try {
      await eventually(async () => ((await observer.getChildren(lock)).children.includes(holder.node!) ? undefined : true), 30_000);
    } finally {
      observer.close();
    }
    await fetch(`${running.url}/api/sim/contenders`, { method: 'DELETE' });
  } finally {
    await running.close();
  }
  return faults;
}

describe.each(ZOOKEEPER_VERSIONS)('ZooKeeper %s: the transaction log of real lock clients and of faults, read as TxnLogToolkit reads it', (version: ZooKeeperVersion) => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-toolkit-'));
  const logDir = join(dir, 'txnlog');
  /** The sessions the simulator's contenders had, by what was done to them. */
  let faults: Record<string, string> = {};

  beforeAll(async () => {
    const zookeeper = await startEmbeddedZooKeeper({ version, dir, extraConfig: { dataLogDir: logDir, snapCount: 40, maxSessionTimeout: 4000 } });
    try {
      await realClients(zookeeper.connectString);
      faults = await simulatorFaults(zookeeper.connectString);
    } finally {
      await zookeeper.stop();
    }
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Every transaction of every log, as read and checked against the toolkit. */
  const txns: Txn[] = [];

  it('reads every entry of every log as the toolkit prints it', async () => {
    const logs = readdirSync(join(logDir, 'version-2'))
      .filter((name) => name.startsWith('log.'))
      .sort((a, b) => (BigInt(`0x${a.slice(4)}`) < BigInt(`0x${b.slice(4)}`) ? -1 : 1))
      .map((name) => join(logDir, 'version-2', name));
    expect(logs.length, 'a log rolled more than once').toBeGreaterThan(2);
    for (const log of logs) txns.push(...(await expectReadAsToolkit(log, version)));

    // Each client's contenders are there, as each names them.
    const created = txns.flatMap((txn) => txn.ops.flatMap((op) => ('path' in op && op.type.startsWith('create') ? [op.path] : [])));
    expect(created.some((path) => /^\/real\/curator-mutex\/lock\/_c_[0-9a-f-]{36}-lock-\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/real\/curator-rw\/lock\/_c_[0-9a-f-]{36}-__WRIT__\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/real\/kazoo-lock\/lock\/[0-9a-f]{32}__lock__\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/real\/zk-writelock\/lock\/x-\d+-\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/real\/curator-semaphore-2\/lock\/leases\/_c_[0-9a-f-]{36}-lease-\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/real\/kazoo-semaphore-2\/lock-__lock__\/[0-9a-f]{32}__lock__\d{10}$/.test(path))).toBe(true);
    expect(created.some((path) => /^\/sim\/sandbox\/lock\/x-\d+-\d{10}$/.test(path))).toBe(true);
    // The crashed session closed by ZooKeeper itself when it expired (cxid 0); the one expired by the classic trick closed by
    // the second connection that joined it, whose close was its first request (xid 0 too).
    const closeOf = (session: string | undefined): Txn | undefined => txns.find((txn) => txn.type === 'closeSession' && txn.session === session);
    expect(closeOf(faults.crashed)?.cxid, 'the crashed session').toBe(0);
    expect(closeOf(faults.expired)?.cxid, 'the expired session').toBe(0);
    // And sessions their clients closed, after requests of theirs (cxid > 0).
    expect(txns.filter((txn) => txn.type === 'closeSession' && txn.cxid > 0).length).toBeGreaterThan(0);
    // Every kind of transaction a lock's life writes.
    const types = new Set(txns.map((txn) => txn.type));
    for (const type of ['createSession', 'closeSession', 'delete']) expect(types, type).toContain(type);
    expect(types.has('create') || types.has('create2')).toBe(true);
  });

  it("replays the files whole to the toolkit's last transaction, from the first log or from a snapshot taken mid-way: each lock's holds and how they ended", async () => {
    const dirs = [join(dir, 'data'), logDir];
    const options = { roots: ['/'], staleHolderMs: 60_000 };
    const { info, replay } = await loadReplay(dirs, options);
    expect([info.reason, info.stoppedAt, info.lastZxid]).toEqual([null, null, zxidHex(txns.at(-1)!.zxid)]);
    expect(replay.locks()).toEqual(expect.arrayContaining(['/real/curator-mutex/lock', '/real/kazoo-lock/lock', '/real/zk-writelock/lock', '/sim/sandbox/lock']));
    // Each real client's first holder let go; the simulator's crashed holder's session expired.
    for (const lock of ['/real/curator-mutex/lock', '/real/kazoo-lock/lock', '/real/zk-writelock/lock']) expect(replay.history(lock).holds[0]?.ended, lock).toBe('released');
    expect(replay.history('/sim/sandbox/lock').holds.find((hold) => hold.sessionId === faults.crashed)?.ended).toBe('session-expired');

    // As a purge leaves the files: a (fuzzy) snapshot from the middle of the story, and the logs from it on.
    const snapshots = readdirSync(join(dir, 'data', 'version-2')).filter((name) => name.startsWith('snapshot.')).map((name) => `0x${name.slice('snapshot.'.length)}`);
    const middle = snapshots.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))[Math.floor(snapshots.length / 2)];
    expect(BigInt(middle ?? 0), `snapshots ${snapshots}`).toBeGreaterThan(0n);
    const purged = await loadReplay(dirs, options, false, middle!);
    expect(purged.info.files.find((file) => file.kind === 'snapshot' && file.used)?.zxid).toBe(middle);
    expect([purged.info.reason, purged.info.lastZxid]).toEqual([null, info.lastZxid]);
    expect([...purged.replay.tree.paths()].sort()).toEqual([...replay.tree.paths()].sort());
  });
});
