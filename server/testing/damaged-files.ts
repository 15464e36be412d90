/**
 * ZooKeeper files with a stretch that cannot be read, for replay: a real ZooKeeper (a snapshot
 * every 20 transactions) where a lock is held by one session while another waits; the holder's
 * client closes its session (the waiter holds); ZooKeeper is restarted with its data (it takes a
 * snapshot of its last transaction as it starts, and begins a new log after it); a third session
 * queues, the holder lets go, and the last one closes. Then one byte of the holder's close is
 * flipped in a copy of the log: its checksum no longer matches, and the hold's end is in a gap
 * that ends at the next snapshot, taken while the waiter holds.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTxnLog } from '../../lib/zk/txn-log';
import { startEmbeddedZooKeeper } from '../zk/embedded';
import { ZkSession } from '../zk/session';

export interface DamagedFiles {
  /** The copy of both directories' files, one entry damaged. */
  damaged: string;
  /** The same files whole. */
  whole: string;
  lock: string;
  /** The session whose close is the damaged entry, and the one that held after it. */
  closed: string;
  next: string;
  /** The damaged log and where the entry begins. */
  log: string;
  offset: number;
}

const LOCK = '/app/jobs/nightly-lock';
/** ZooKeeper's snapCount here: a snapshot every 11 to 20 transactions. */
const SNAP_COUNT = 20;
/** Transactions between the holder's close and the waiter's: more than SNAP_COUNT, so that a snapshot falls between them. */
const AFTER_CLOSE = SNAP_COUNT + 5;

export async function recordDamagedFiles(dir: string): Promise<DamagedFiles> {
  const dataLogDir = join(dir, 'txnlog');
  const config = { dataLogDir, tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: 10_000, snapCount: SNAP_COUNT };
  let zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: config });
  const open = async (): Promise<ZkSession> => {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
    await session.start(15_000);
    return session;
  };
  let closed = '';
  let next = '';
  try {
    const holder = await open();
    const waiter = await open();
    closed = holder.sessionId!;
    next = waiter.sessionId!;
    await holder.mkdirp(LOCK);
    await holder.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
    await waiter.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
    // Other traffic: the log rolls and snapshots are taken.
    for (let round = 0; round < 30; round += 1) await waiter.setData(LOCK.slice(0, LOCK.lastIndexOf('/')), Buffer.from(`round ${round}`));
    holder.close();
    // More transactions than snapCount before the waiter closes: ZooKeeper snapshots after snapCount/2 plus a random part of
    // snapCount/2 of them, so a snapshot always falls while the waiter holds, where the gap ends. With 15 the next snapshot
    // could come at the waiter's close, its whole hold then inside the gap (e2e/damaged.spec.ts failed so once in a fresh run).
    for (let round = 30; round < 30 + AFTER_CLOSE; round += 1) await waiter.setData(LOCK.slice(0, LOCK.lastIndexOf('/')), Buffer.from(`round ${round}`));
    waiter.close();
    await zookeeper.stop();
    zookeeper = await startEmbeddedZooKeeper({ dir, port: zookeeper.port, extraConfig: config });
    const third = await open();
    const own = await third.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await third.remove(own);
    third.close();
  } finally {
    await zookeeper.stop();
  }
  const whole = join(dir, 'whole');
  const damaged = join(dir, 'damaged');
  for (const target of [whole, damaged]) {
    mkdirSync(target);
    for (const source of [join(dir, 'data', 'version-2'), join(dataLogDir, 'version-2')]) for (const name of readdirSync(source)) copyFileSync(join(source, name), join(target, name));
  }
  // The holder's close, found in its log and one byte of its record flipped.
  for (const name of readdirSync(damaged).filter((one) => one.startsWith('log.'))) {
    const path = join(damaged, name);
    const bytes = readFileSync(path);
    const close = readTxnLog(bytes).txns.find((txn) => txn.type === 'closeSession' && txn.session === closed);
    if (close === undefined) continue;
    bytes[close.offset + 20] = bytes[close.offset + 20]! ^ 0xff;
    writeFileSync(path, bytes);
    return { damaged, whole, lock: LOCK, closed, next, log: path, offset: close.offset };
  }
  throw new Error(`no log holds the close of session ${closed}`);
}
