/**
 * What each four-letter word the explorer asks costs ZooKeeper: one embedded ZooKeeper with
 * `sessions` sessions (each an ephemeral node in one of 100 lock parents and a data watch), its
 * CPU over a window of `seconds` with nothing asked, then with each word asked `rate` times a
 * second, in two rounds (the first warms the JVM; read the second). A word's cost per ask a
 * second is (its window - the window with nothing) / rate. Loopback only.
 *   node --import tsx bench/four-letter-cost.ts [sessions (300)] [rate (10)] [seconds (15)]
 */
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { fourLetterWord } from '../server/zk/four-letter';
import { ZkSession } from '../server/zk/session';
import { cpuOver } from './harness';

const SESSIONS = Number(process.argv[2] ?? 300);
const RATE = Number(process.argv[3] ?? 10);
const SECONDS = Number(process.argv[4] ?? 15);
const WORDS = [null, 'mntr', 'cons', 'wchc', 'dump', 'srvr'] as const;

const zookeeper = await startEmbeddedZooKeeper();
const sessions: ZkSession[] = [];
try {
  for (let i = 0; i < SESSIONS; i += 1) {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
    await session.start();
    sessions.push(session);
  }
  for (const [i, session] of sessions.entries()) {
    const lock = `/locks/l-${i % 100}`;
    await session.mkdirp(lock);
    await session.create(`${lock}/n-${i}`, null, 'ephemeral');
    await session.exists(`${lock}/gone`, () => undefined);
  }
  await new Promise((resolve) => setTimeout(resolve, 5000));
  for (const round of [1, 2]) {
    let idle = 0;
    for (const word of WORDS) {
      let stop = false;
      let asks = 0;
      let bytes = 0;
      const asking = (async () => {
        while (!stop && word !== null) {
          const started = Date.now();
          bytes += (await fourLetterWord('127.0.0.1', zookeeper.port, word, 5000)).length;
          asks += 1;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / RATE - (Date.now() - started))));
        }
      })();
      const percent = ((await cpuOver(zookeeper.pid, SECONDS * 1000)) / SECONDS) * 100;
      stop = true;
      await asking;
      if (word === null) idle = percent;
      const perAsk = word === null ? '' : `, ${((percent - idle) / (asks / SECONDS)).toFixed(2)} % of a core per ask a second, ${Math.round(bytes / asks)} B a reply`;
      console.log(`round ${round}, ${word ?? 'nothing asked'}: ZooKeeper ${percent.toFixed(2)} % of a core${perAsk}`);
    }
  }
} finally {
  for (const session of sessions) session.close();
  await zookeeper.stop();
}
