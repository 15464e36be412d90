/**
 * ZooKeeper's own files, written by a real server under a lock's life (contenders created, a
 * holder gone with its session, a multi, a multi that failed, data set; a snapshot every few
 * transactions): its transaction log read by `lib/zk/txn-log.ts` and by `TxnLogToolkit`, its
 * snapshots by `lib/zk/snapshot.ts` and by `SnapshotFormatter`, every entry the same; on 3.8 and
 * on 3.9, each read by its own tools.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zxidHex, zxidOf } from '../../lib/zk/ids';
import { readSnapshot } from '../../lib/zk/snapshot';
import { readTxnLog, type Txn } from '../../lib/zk/txn-log';
import { ChildIndex } from '../../lib/zk/child-index';
import { clientStat, ZnodeTree } from '../../lib/zk/znode-tree';
import { ZOOKEEPER_VERSIONS } from '../testing/harness';
import { expectReadAsToolkit, zookeeperTool } from '../testing/zookeeper-tools';
import { startEmbeddedZooKeeper, type ZooKeeperVersion } from './embedded';
import { ZkSession } from './session';

/** The lock as a live client read it after a step: its pzxid and cversion, each child's czxid and owner. */
interface Sample {
  pzxid: string;
  cversion: number;
  children: Array<[string, string, string]>;
}
const LOCK = '/app/orders/lock';

/** The files of the data directory `logDir` named `<prefix>.<zxid>`, oldest first. */
function filesOf(logDir: string, prefix: 'log' | 'snapshot'): string[] {
  return readdirSync(logDir)
    .filter((name) => name.startsWith(`${prefix}.`))
    .sort((a, b) => Number.parseInt(a.slice(prefix.length + 1), 16) - Number.parseInt(b.slice(prefix.length + 1), 16))
    .map((name) => join(logDir, name));
}

/**
 * The snapshots ZooKeeper finished writing, as `Util.isValidSnapshot` tells them (at least 10
 * bytes, ending with the int 1 and a '/'): ZooKeeper stopped while it wrote one (killed after 5 s
 * on a busy machine) leaves it cut short, and skips it itself. Only the newest may be so.
 */
function validSnapshots(logDir: string): string[] {
  const all = filesOf(logDir, 'snapshot');
  const valid = all.filter((file) => {
    const bytes = readFileSync(file);
    return bytes.length >= 10 && bytes.readInt32BE(bytes.length - 5) === 1 && bytes[bytes.length - 1] === 0x2f;
  });
  expect(all.slice(0, -1).every((file) => valid.includes(file)), 'only the newest snapshot may be cut short').toBe(true);
  return valid;
}

/** A lock's life on a ZooKeeper of `version` in `dir`, its sessions and what a live client read of it after each step noted down. */
async function writeLockStory(version: ZooKeeperVersion, dir: string, sessions: Record<string, string>, samples: Sample[]): Promise<void> {
  // A snapshot every few transactions: the log rolls into several files, and snapshots hold the lock.
  const zookeeper = await startEmbeddedZooKeeper({ version, dir, extraConfig: { snapCount: 10 } });
  const open = async (): Promise<ZkSession> => {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await session.start(15_000);
    return session;
  };
  const [holder, waiter, admin] = [await open(), await open(), await open()];
  const sample = async (): Promise<void> => {
    const { children, stat } = await admin.getChildren(LOCK);
    const read = await Promise.all(children.sort().map(async (name) => [name, (await admin.getData(`${LOCK}/${name}`)).stat] as const));
    samples.push({ pzxid: stat.pzxid, cversion: stat.cversion, children: read.map(([name, child]) => [name, child.czxid, child.ephemeralOwner]) });
  };
  /** Until the node at `path` is gone (a closed session's ephemeral: its close is then applied, and logged). */
  const gone = async (path: string): Promise<void> => {
    for (const started = Date.now(); (await admin.exists(path)) !== null; ) {
      if (Date.now() - started > 10_000) throw new Error(`${path} still there 10 s after its session was closed`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  sessions.holder = holder.sessionId!;
  sessions.waiter = waiter.sessionId!;
  await admin.mkdirp('/app/orders/lock');
  await sample();
  await holder.create('/app/orders/lock/lock-', Buffer.from('10.0.0.1'), 'ephemeral-sequential');
  await sample();
  await waiter.create('/app/orders/lock/lock-', null, 'ephemeral-sequential');
  await sample();
  await admin.setData('/app/orders', Buffer.from('owner: billing'));
  // A multi, then one that fails (its ops logged as errors).
  await admin.createMany(['/app/jobs', '/app/jobs/lock']);
  await admin.createMany(['/app/more', '/app/jobs']).catch(() => undefined);
  await admin.remove('/app/jobs/lock');
  for (let round = 0; round < 20; round += 1) await admin.setData('/app/jobs', Buffer.from(`round ${round}`));
  // The holder goes: its session closes, and its ephemeral node with it.
  holder.close();
  await gone('/app/orders/lock/lock-0000000000');
  await sample();
  await admin.create('/app/orders/lock/lock-', null, 'persistent-sequential');
  await sample();
  await admin.remove('/app/orders/lock/lock-0000000002');
  await sample();
  // The waiter's close is in the log before ZooKeeper stops (close() does not wait for it): its node goes with it.
  waiter.close();
  await gone('/app/orders/lock/lock-0000000001');
  admin.close();
  await zookeeper.stop();
}

describe.each(ZOOKEEPER_VERSIONS)("ZooKeeper %s: ZooKeeper's transaction log, read", (version) => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-txn-log-'));
  const logDir = join(dir, 'data', 'version-2');
  const sessions: Record<string, string> = {};
  const samples: Sample[] = [];
  const logFiles = (): string[] => filesOf(logDir, 'log');
  const snapshotFiles = (): string[] => validSnapshots(logDir);
  let txns: Txn[];

  beforeAll(() => writeLockStory(version, dir, sessions, samples), 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every transaction as TxnLogToolkit prints it: session, cxid, zxid, type, path', async () => {
    txns = [];
    for (const file of logFiles()) txns.push(...(await expectReadAsToolkit(file, version)));
    expect(txns.length).toBeGreaterThan(10);
  });

  it('tells what each did to the lock: the contenders created ephemeral by their sessions, the holder gone with its session, the multis', () => {
    const creates = txns.flatMap((txn) => txn.ops.map((op) => ({ txn, op }))).filter(({ op }) => op.type === 'create' || op.type === 'create2');
    const contenders = creates.filter(({ op }) => 'path' in op && op.path.startsWith('/app/orders/lock/lock-'));
    expect(contenders.map(({ op }) => ('path' in op ? op.path : ''))).toEqual(['/app/orders/lock/lock-0000000000', '/app/orders/lock/lock-0000000001', '/app/orders/lock/lock-0000000002']);
    expect(contenders.map(({ txn }) => txn.session).slice(0, 2)).toEqual([sessions.holder, sessions.waiter]);
    expect(contenders.map(({ op }) => ('ephemeral' in op ? op.ephemeral : null))).toEqual([true, true, false]);
    const holderCreate = contenders[0]!.op;
    expect(holderCreate.type === 'create' || holderCreate.type === 'create2' ? Buffer.from(holderCreate.data ?? []).toString() : '').toBe('10.0.0.1');
    const closed = txns.find((txn) => txn.type === 'closeSession' && txn.session === sessions.holder)!;
    expect(closed).toBeDefined();
    const closing = closed.ops[0]!;
    // ZooKeeper 3.6+ names the ephemerals it deleted with the session.
    if (closing.type === 'closeSession' && closing.paths !== null) expect(closing.paths).toEqual(['/app/orders/lock/lock-0000000000']);
    const multis = txns.filter((txn) => txn.type === 'multi');
    expect(multis[0]!.ops.map((op) => op.type)).toEqual(['create', 'create']);
    // The failed one: its first create as prepared, then the error; ZooKeeper applies neither.
    expect(multis.map((txn) => [txn.ops.map((op) => op.type).join('+'), txn.failed])).toEqual([
      ['create+create', false],
      ['create+error', true],
    ]);
    // Times are the leader's clock, in order.
    for (let index = 1; index < txns.length; index += 1) expect(txns[index]!.time).toBeGreaterThanOrEqual(txns[index - 1]!.time);
  });

  it('reads every snapshot as SnapshotFormatter prints it: each znode with its czxid, mzxid, pzxid and owner, the sessions with their timeouts', async () => {
    const snapshots = snapshotFiles();
    expect(snapshots.length).toBeGreaterThan(1);
    for (const file of snapshots) {
      const read = readSnapshot(readFileSync(file));
      expect(read.stopped, file).toBeNull();
      const printed = await zookeeperTool('org.apache.zookeeper.server.SnapshotFormatter', file, version);
      // "----", the path, then its stat one field a line: "  cZxid = 0x0000000000000a".
      const nodes = new Map<string, Record<string, string>>();
      let current: Record<string, string> | null = null;
      for (const line of printed.split('\n')) {
        const field = /^ {2}(\w+) = (.*)$/.exec(line);
        if (field && current !== null) current[field[1]!] = field[2]!;
        else if (line.startsWith('/')) nodes.set(line, (current = {}));
        else if (!line.startsWith('  ')) current = null;
      }
      const hex = (value: string | undefined): string => `0x${BigInt(value ?? '-1').toString(16)}`;
      expect(read.nodes.map((node) => node.path).sort(), file).toEqual([...nodes.keys()].sort());
      for (const node of read.nodes) {
        const stat = nodes.get(node.path)!;
        expect([zxidHex(node.czxid), zxidHex(node.mzxid), zxidHex(node.pzxid), node.ephemeralOwner, node.version, node.cversion], `${file} ${node.path}`).toEqual([
          hex(stat.cZxid),
          hex(stat.mZxid),
          hex(stat.pZxid),
          hex(stat.ephemeralOwner),
          Number(stat.dataVersion),
          Number(stat.cversion),
        ]);
      }
      const sessionLines = [...printed.matchAll(/^(0x[0-9a-f]+), (\d+), \d+$/gm)].map((match) => [`0x${BigInt(match[1]!).toString(16)}`, Number(match[2])]);
      expect([...read.sessions].sort(), file).toEqual(sessionLines.sort());
    }
    // The last snapshot has the lock parent and the waiter's ephemeral node, owned by its session.
    const last = readSnapshot(readFileSync(snapshots.at(-1)!));
    const waiting = last.nodes.find((node) => node.path === '/app/orders/lock/lock-0000000001');
    if (waiting !== undefined) expect(waiting.ephemeralOwner).toBe(sessions.waiter);
    expect(last.nodes.some((node) => node.path === '/app/orders/lock')).toBe(true);
  });

  it('rebuilds the lock at each moment a live client read it: the same children, each with its czxid and owner, the same pzxid and cversion', () => {
    const replayed = (upTo: string): ZnodeTree => {
      const tree = new ZnodeTree();
      for (const txn of txns) if (txn.zxid <= zxidOf(upTo)) tree.apply(txn);
      return tree;
    };
    expect(samples.length).toBe(6);
    for (const sample of samples) {
      const tree = replayed(sample.pzxid);
      // The cversion a client reads counts deletes too (ZooKeeper stores creates only).
      const parent = clientStat(tree.get(LOCK)!);
      expect([parent.pzxid, parent.cversion], sample.pzxid).toEqual([sample.pzxid, sample.cversion]);
      expect(
        tree.children(LOCK).map(({ name, node }) => [name, zxidHex(node.czxid), node.ephemeralOwner]),
        sample.pzxid,
      ).toEqual(sample.children);
    }
    // One pass over the whole log answers the same at every moment, from the lock's own changes.
    const whole = new ZnodeTree();
    const index = new ChildIndex(whole);
    for (const txn of txns) whole.apply(txn);
    expect(index.changesOf(LOCK).map((change) => `${change.kind} ${change.child.name}`)).toEqual([
      'create lock-0000000000',
      'create lock-0000000001',
      'delete lock-0000000000',
      'create lock-0000000002',
      'delete lock-0000000002',
      'delete lock-0000000001',
    ]);
    for (const sample of samples) expect(index.childrenAt(LOCK, sample.pzxid).map(({ name, stat }) => [name, stat.czxid, stat.ephemeralOwner]), sample.pzxid).toEqual(sample.children);
    // The holder's node went with its session's close, at that transaction.
    const close = txns.find((txn) => txn.type === 'closeSession' && txn.session === sessions.holder)!;
    expect(replayed(zxidHex(close.zxid)).get(`${LOCK}/lock-0000000000`)).toBeUndefined();
  });

  it('replays the log over each (fuzzy) snapshot to the same tree as the whole log from the start', () => {
    const whole = new ZnodeTree();
    for (const txn of txns) whole.apply(txn);
    const described = (tree: ZnodeTree): string[] =>
      [...tree.paths()].sort().map((path) => {
        const { czxid, mzxid, pzxid, version, cversion, ephemeralOwner } = tree.get(path)!;
        return `${path} ${czxid} ${mzxid} ${pzxid} ${version} ${cversion} ${ephemeralOwner}`;
      });
    const snapshots = snapshotFiles();
    for (const file of snapshots) {
      const zxid = `0x${file.slice(file.lastIndexOf('.') + 1)}`;
      const tree = ZnodeTree.fromSnapshot(readSnapshot(readFileSync(file)), zxid);
      for (const txn of txns) if (txn.zxid > zxidOf(zxid)) tree.apply(txn);
      expect(described(tree), file).toEqual(described(whole));
    }
  });

  it('stops at the first damaged entry and says where, keeping every transaction before it', () => {
    const file = logFiles()[0]!;
    const bytes = new Uint8Array(readFileSync(file));
    const whole = readTxnLog(bytes);
    const victim = whole.txns[5]!;
    // A flipped byte inside the sixth entry.
    const flipped = bytes.slice();
    flipped[victim.offset + 20] = flipped[victim.offset + 20]! ^ 0xff;
    const read = readTxnLog(flipped);
    expect(read.txns.length).toBe(5);
    expect(read.stopped).toEqual({ offset: victim.offset, reason: expect.stringMatching(/checksum/) });
    // Cut in the middle of it: a partial write.
    const cut = readTxnLog(bytes.slice(0, victim.offset + 30));
    expect(cut.txns.length).toBe(5);
    expect(cut.stopped?.reason).toMatch(/cut short/);
    // Cut inside its checksum and length.
    const early = readTxnLog(bytes.slice(0, victim.offset + 10));
    expect([early.txns.length, early.stopped?.offset]).toEqual([5, victim.offset]);
    // Not a log at all.
    const other = join(dir, 'not-a-log');
    writeFileSync(other, 'ZKSN and then some bytes');
    expect(() => readTxnLog(readFileSync(other))).toThrow(/not a transaction log/);
  });
});
