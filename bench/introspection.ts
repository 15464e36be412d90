/**
 * What the explorer's questions cost a ZooKeeper with 100,000 watches: one poll's four-letter
 * words (reply time and bytes each, as the explorer asks them), and ZooKeeper's own CPU over a
 * minute of the explorer's default polling (a page open on a lock) against a minute with no
 * explorer at all, measured side by side in one run. Target: at most 1% of one core. Loopback only.
 *   node --import tsx bench/introspection.ts [watches] [seconds]
 */
import { performance } from 'node:perf_hooks';
import { io as connectSocket } from 'socket.io-client';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { fourLetterWord } from '../server/zk/four-letter';
import { ZkSession } from '../server/zk/session';
import { cpuOver, startExplorerProcess } from './harness';

const watches = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 60);
const SESSIONS = 100;
const nodes = Math.ceil(watches / SESSIONS);

const zookeeper = await startEmbeddedZooKeeper();
const sessions: ZkSession[] = [];
try {
  for (let i = 0; i < SESSIONS; i += 1) {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 60_000 });
    await session.start();
    sessions.push(session);
  }
  const [admin] = sessions as [ZkSession];
  await admin.mkdirp('/bench/watched');
  await admin.mkdirp('/bench/page/lock');
  for (let i = 0; i < nodes; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, nodes - i) }, (_, j) => admin.create(`/bench/watched/n-${i + j}`)));
  }
  const started = performance.now();
  // Every session watches every node (exists), as waiters of many locks would: SESSIONS × nodes data watches.
  await Promise.all(
    sessions.map(async (session) => {
      for (let i = 0; i < nodes; i += 500) {
        await Promise.all(Array.from({ length: Math.min(500, nodes - i) }, (_, j) => session.exists(`/bench/watched/n-${i + j}`, () => undefined)));
      }
    }),
  );
  const mntr = await fourLetterWord('127.0.0.1', zookeeper.port, 'mntr');
  const count = Number(/zk_watch_count\s+(\d+)/.exec(mntr)?.[1]);
  console.log(`${count} watches set by ${SESSIONS} sessions on ${nodes} nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // One poll, word by word, as the explorer asks it.
  const rows: string[] = [];
  for (const word of ['wchc', 'cons', 'mntr', 'dump']) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i += 1) {
      const at = performance.now();
      bytes = Buffer.byteLength(await fourLetterWord('127.0.0.1', zookeeper.port, word, 30_000));
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    rows.push(`| ${word} | ${times[2]!.toFixed(1)} ms | ${(bytes / 1024).toFixed(0)} KiB |`);
  }

  const idle = await cpuOver(zookeeper.pid, seconds * 1000);
  const explorer = await startExplorerProcess(zookeeper.connectString);
  const socket = connectSocket(explorer.url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // A page open on a lock: the explorer asks every member every 2 s (its default) for as long as it stays.
  await new Promise<void>((resolve) => socket.emit('subscribe', { path: '/bench/page/lock' }, () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const polling = await cpuOver(zookeeper.pid, seconds * 1000);
  const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as { introspection: { intervalMs: number | null } };
  socket.close();
  // And once the page closes, it asks nothing after its lease (60 s after the last API read; this bench made none).
  await explorer.stop();

  const core = (cpu: number): string => `${((100 * cpu) / seconds).toFixed(2)}% of one core`;
  const added = polling - idle;
  console.log(`\nintrospection cost on a ZooKeeper with ${count} watches (${SESSIONS} sessions), one run:\n`);
  console.log('| word | reply time (median of 5) | reply size |');
  console.log('| --- | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(`\nZooKeeper's CPU over ${seconds} s: no explorer ${core(idle)}; the explorer polling every ${health.introspection.intervalMs ?? '?'} ms ${core(polling)}; added ${core(added)} (target at most 1%: ${(100 * added) / seconds <= 1 ? 'meets' : 'misses'}).`);
} finally {
  for (const session of sessions) session.close();
  await zookeeper.stop();
}
