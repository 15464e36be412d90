/**
 * No false alarm: a healthy chained lock of 10 contenders handing over every 500 ms (each a
 * session of its own that watches the node just before its own with getData, as Curator does,
 * and joins the tail again after each hold) watched by the explorer in its own process with its
 * default introspection, for 5 minutes by default. Every delta is applied as the page applies it,
 * and the lock's REST snapshot and the diagnostics are asked every second: any anomaly at any
 * moment is counted and printed.
 *   node --import tsx bench/verdicts.ts [seconds] [contenders] [hold ms]
 */
import { randomUUID } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import { applyDelta } from '../lib/lock/delta';
import { describeAnomaly } from '../lib/i18n/messages';
import { DiagnosticsSchema, LockSnapshotSchema, type LockDelta, type LockSnapshot } from '../lib/protocol';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { startExplorerProcess } from './harness';

const seconds = Number(process.argv[2] ?? 300);
const contenders = Number(process.argv[3] ?? 10);
const holdMs = Number(process.argv[4] ?? 500);
const lockPath = '/bench/verdicts/lock';

/** One chained contender: joins, waits on the node just before its own, holds `holdMs` once first, releases and joins again, until stopped. */
async function contend(session: ZkSession, stopped: () => boolean, onHold: () => void): Promise<void> {
  const sequence = (name: string): string => name.slice(-10);
  while (!stopped()) {
    const own = (await session.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1);
    for (;;) {
      const { children } = await session.getChildren(lockPath);
      const before = children.filter((child) => sequence(child) < sequence(own)).sort((a, b) => (sequence(a) < sequence(b) ? -1 : 1));
      const predecessor = before.at(-1);
      if (predecessor === undefined) break;
      const gone = new Promise<void>((resolve) => {
        session
          .getData(`${lockPath}/${predecessor}`, () => resolve())
          .catch(() => resolve());
      });
      await gone;
    }
    onHold();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await session.remove(`${lockPath}/${own}`);
  }
}

const zookeeper = await startEmbeddedZooKeeper();
const explorer = await startExplorerProcess(zookeeper.connectString);
const sessions: ZkSession[] = [];
let stop = false;
try {
  const admin = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
  await admin.start();
  await admin.mkdirp(lockPath);
  sessions.push(admin);
  const socket = connectSocket(explorer.url, { transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let snapshot: LockSnapshot | null = null;
  let deltas = 0;
  const alarms: string[] = [];
  const note = (where: string, kinds: string[]): void => {
    if (kinds.length > 0) alarms.push(`${new Date().toISOString()} ${where}: ${kinds.join(', ')}`);
  };
  socket.on('lock:snapshot', (first: LockSnapshot) => {
    snapshot = first;
    note('socket snapshot', first.anomalies.map((anomaly) => `${anomaly.kind} ${anomaly.node ?? ''}`));
  });
  socket.on('lock:delta', (delta: LockDelta) => {
    if (snapshot === null) return;
    snapshot = applyDelta(snapshot, delta);
    deltas += 1;
    note('socket', snapshot.anomalies.map((anomaly) => `${anomaly.kind}: ${describeAnomaly('en', anomaly.kind, anomaly.params).message}`));
  });
  await new Promise<void>((resolve) => socket.emit('subscribe', { path: lockPath }, () => resolve()));

  let handovers = 0;
  const running: Array<Promise<void>> = [];
  for (let i = 0; i < contenders; i += 1) {
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
    await session.start();
    sessions.push(session);
    running.push(contend(session, () => stop, () => (handovers += 1)));
  }
  const started = Date.now();
  let asked = 0;
  // At each read, how many waiters there were and how many of their watches ZooKeeper had confirmed: the verdicts were made, not left unknown.
  const judged: Array<{ waiters: number; confirmed: number }> = [];
  while (Date.now() - started < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [rest, diagnostics] = await Promise.all([
      fetch(`${explorer.url}/api/locks${lockPath}`).then(async (response) => LockSnapshotSchema.parse(await response.json())),
      fetch(`${explorer.url}/api/diagnostics`).then(async (response) => DiagnosticsSchema.parse(await response.json())),
    ]);
    asked += 1;
    const waiting = rest.nodes.filter((node) => node.role === 'waiter');
    judged.push({ waiters: waiting.length, confirmed: waiting.filter((node) => node.watchConfirmed === true).length });
    note('REST', rest.anomalies.map((anomaly) => anomaly.kind));
    note('diagnostics', diagnostics.anomalies.map((anomaly) => anomaly.kind));
    if (asked % 30 === 0) console.log(`${Math.round((Date.now() - started) / 1000)} s: ${handovers} handovers, ${deltas} deltas, ${alarms.length} anomalies seen`);
  }
  stop = true;
  await Promise.allSettled(running);
  const waiters = judged.reduce((sum, read) => sum + read.waiters, 0);
  const confirmed = judged.reduce((sum, read) => sum + read.confirmed, 0);
  console.log(
    `\nverdicts: ${contenders} chained contenders, a handover every ${holdMs} ms for ${seconds} s: ${handovers} handovers, ${deltas} deltas applied, ` +
      `${asked} REST and diagnostics reads; anomalies seen at any moment: ${alarms.length} (target 0); ` +
      `over the REST reads ZooKeeper had confirmed ${confirmed} of ${waiters} waiters' watches (${((100 * confirmed) / Math.max(1, waiters)).toFixed(0)}%; the rest had begun to wait since its last report).`,
  );
  for (const alarm of alarms.slice(0, 20)) console.log(`  ${alarm}`);
  socket.close();
  process.exitCode = alarms.length === 0 ? 0 : 1;
} finally {
  stop = true;
  for (const session of sessions) session.close();
  await explorer.stop();
  await zookeeper.stop();
}
