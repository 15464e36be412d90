/**
 * Records a stuck-lock incident into ZooKeeper's own files, for replay: a real ZooKeeper (a
 * 500 ms tick, sessions cut to `sessionMs`) with its transaction log in a directory of its own,
 * real Kazoo contenders on a lock, the holder's process killed with SIGKILL, its waiters stuck
 * behind its node until ZooKeeper expires its session, then the queue draining as it should:
 * a hold released, the rest closing their sessions. A quiet lock beside it has one holder throughout.
 */
import { join } from 'node:path';
import { startEmbeddedZooKeeper } from '../zk/embedded';
import { ZkSession } from '../zk/session';
import { RealContenders } from './real-clients';

export interface RecordedIncident {
  /** The directories to replay: the snapshots' and the transaction log's. */
  dirs: [string, string];
  /** The lock that was stuck. */
  lock: string;
  /** The lock held quietly beside it. */
  quiet: string;
  /** The crashed holder's session. */
  crashed: string;
  /** Its waiters' sessions. */
  waiters: string[];
  /** When the holder's process was killed (ms), and when ZooKeeper's next holder was seen. */
  crashedAt: number;
  handedOverAt: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function recordIncident(dir: string, options: { sessionMs?: number; waiters?: number } = {}): Promise<RecordedIncident> {
  const sessionMs = options.sessionMs ?? 5000;
  const dataLogDir = join(dir, 'txnlog');
  const lock = '/services/billing/invoice-lock';
  const quiet = '/services/search/reindex-lock';
  const zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { dataLogDir, tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: sessionMs, snapCount: 50 } });
  const observer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: sessionMs });
  const started: RealContenders[] = [];
  try {
    await observer.start(15_000);
    await observer.mkdirp(lock);
    await observer.mkdirp(quiet);
    const keeper = await RealContenders.start(zookeeper.connectString, quiet, 'kazoo-lock', '1');
    started.push(keeper);
    await keeper.until(() => keeper.holding.size === 1, 20_000, 'the quiet lock to be held');
    const holder = await RealContenders.start(zookeeper.connectString, lock, 'kazoo-lock', '1');
    started.push(holder);
    await holder.until(() => holder.holding.size === 1, 20_000, 'the first contender to hold');
    const crashed = holder.sessions.get(0)!;
    await sleep(800);
    const others = await RealContenders.start(zookeeper.connectString, lock, 'kazoo-lock', String(options.waiters ?? 3));
    started.push(others);
    // The queue as it stood before the crash, for a moment.
    await sleep(1500);
    const crashedAt = Date.now();
    await holder.crash();
    await others.until(() => others.holding.size === 1, sessionMs * 3 + 10_000, 'a waiter to hold once the crashed holder’s session expired');
    const handedOverAt = Date.now();
    const waiters = [...others.sessions.values()];
    // The next holder does its work and lets go; the rest are stopped, closing their sessions.
    await sleep(1000);
    const [next] = [...others.holding];
    others.release(next!);
    await others.until(() => others.holding.size === 1 && !others.holding.has(next!), 20_000, 'the next waiter to hold');
    await sleep(1000);
    for (const contenders of started.splice(0)) await contenders.stop();
    // The contenders' own sessions outlive their process until ZooKeeper expires them: the files end with the lock empty.
    for (let tries = 0; tries < 100 && (await observer.getChildren(lock)).children.length > 0; tries += 1) await sleep(200);
    return { dirs: [join(dir, 'data'), dataLogDir], lock, quiet, crashed, waiters, crashedAt, handedOverAt };
  } finally {
    for (const contenders of started) await contenders.crash();
    observer.close();
    await zookeeper.stop();
  }
}
