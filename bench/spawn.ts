/**
 * Spawning: how long the simulator takes to bring N contenders (default 1,000) into one queue
 * on the embedded ZooKeeper, each with its own session and loopback proxy; target under 10 s.
 *   node --import tsx bench/spawn.ts [contenders] [strategy]
 */
import { performance } from 'node:perf_hooks';
import type { Strategy } from '../lib/protocol';
import { Simulator } from '../server/sim/simulator';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { row } from './stats';

const count = Number(process.argv[2] ?? 1000);
const strategy = (process.argv[3] ?? 'chained') as Strategy;

const zookeeper = await startEmbeddedZooKeeper();
const admin = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 30_000 });
await admin.start();
const simulator = new Simulator({ connectString: zookeeper.connectString, session: admin, maxContenders: count });
try {
  const started = performance.now();
  await simulator.spawn({ path: '/sim/bench/spawn', count, strategy, holdMs: 600_000, rounds: 1, thinkMs: 0, sessionTimeoutMs: 30_000, maxLeases: 1, protected: true });
  const spawnMs = performance.now() - started;
  const { children } = await admin.getChildren('/sim/bench/spawn');
  console.log(`\nspawn bench: ${count} ${strategy} contenders on an embedded ZooKeeper (${new Date().toISOString()})`);
  console.log(row(`spawn ${count} contenders, each queued`, spawnMs / 1000, 's', 10));
  console.log(`nodes in the queue: ${children.length}; RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
  const stopping = performance.now();
  await simulator.stopAll();
  console.log(row('stop them all and remove their nodes', (performance.now() - stopping) / 1000, 's', null));
} finally {
  await simulator.close();
  admin.close();
  await zookeeper.stop();
}
