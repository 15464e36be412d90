/**
 * Records what real clients leave in ZooKeeper, for the unit tests of the lock model: for each
 * recipe, the lock's children as the explorer reads them, and the clients' own account (who
 * holds, and from ZooKeeper's wchc what every session watches). Writes lib/lock/fixtures/*.json.
 *   node --import tsx scripts/record-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshot } from '../lib/lock/queue';
import { disagreements } from '../lib/testing/client-truth';
import { LockWatcher } from '../server/locks/watcher';
import { RealContenders, watchesBySession, type RealRecipe } from '../server/testing/real-clients';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'lock', 'fixtures');
const scenarios: Array<{ recipe: RealRecipe; spec: string; holders: number }> = [
  { recipe: 'curator-mutex', spec: '4', holders: 1 },
  { recipe: 'curator-rw', spec: 'rrwrwr', holders: 2 },
  { recipe: 'curator-semaphore:2', spec: '4', holders: 2 },
  { recipe: 'curator-latch', spec: '3', holders: 1 },
  { recipe: 'zk-writelock', spec: '4', holders: 1 },
  { recipe: 'kazoo-lock', spec: '4', holders: 1 },
  { recipe: 'kazoo-rw', spec: 'wwrr', holders: 1 },
  { recipe: 'kazoo-semaphore:2', spec: '4', holders: 2 },
];

const zookeeper = await startEmbeddedZooKeeper();
const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000 });
await session.start();
mkdirSync(out, { recursive: true });
try {
  for (const { recipe, spec, holders } of scenarios) {
    const name = recipe.replace(/:.*/, '');
    const lockPath = `/fixtures/${name}/lock`;
    const clients = await RealContenders.start(zookeeper.connectString, lockPath, recipe, spec);
    try {
      await clients.until(() => clients.holding.size === holders, 15_000, 'the holders');
      // Give the waiters a moment to set their watches, then read until the two accounts agree.
      for (let attempt = 0; ; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const watcher = new LockWatcher(session, lockPath, () => undefined, { live: false });
        await watcher.ready;
        const input = watcher.input();
        const truth = { holders: clients.holderSessions(), watches: await watchesBySession(zookeeper.connectString) };
        const problems = disagreements(buildSnapshot(input, null, 0), truth);
        if (problems.length === 0 || attempt === 10) {
          const file = join(out, `${name}.json`);
          writeFileSync(file, `${JSON.stringify({ recipe, spec, recordedWith: 'Debian: Curator 5.4.0, ZooKeeper 3.8.0, Kazoo 2.8.0', input, truth }, null, 2)}\n`);
          console.log(`${file}: ${problems.length === 0 ? 'the model agrees' : `DISAGREES: ${problems.join('; ')}`}`);
          break;
        }
      }
    } finally {
      await clients.stop();
    }
  }
} finally {
  session.close();
  await zookeeper.stop();
}
