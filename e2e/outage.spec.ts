import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/net';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawnExplorer } from './server';

test.describe('a ZooKeeper outage', () => {
  test('the page says since when its data may be stale, and is live and right again when ZooKeeper returns', async ({ page }) => {
    test.setTimeout(120_000);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'zk-outage-'));
    let zookeeper = await startEmbeddedZooKeeper({ port, dir });
    const connectString = zookeeper.connectString;
    const explorer = await spawnExplorer([], { ZK_CONNECT: connectString, SESSION_TIMEOUT_MS: '20000' });
    const owner = new ZkSession({ connectString, sessionTimeoutMs: 20_000 });
    try {
      await owner.start();
      const lockPath = '/outage/lock';
      await owner.mkdirp(lockPath);
      const first = (await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1);
      const second = (await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1);
      const lock = new LockPage(page, explorer.url);
      await lock.goto(lockPath);
      await expect(lock.banner).toHaveAttribute('data-state', 'live');
      await expect(lock.nodes).toHaveCount(2);

      await zookeeper.stop();
      await expect(lock.banner).toHaveAttribute('data-state', 'down', { timeout: 15_000 });
      await expect(lock.banner).toContainText(/ZooKeeper disconnected since .*data may be stale/);
      // What was known stays on screen meanwhile.
      await expect(lock.nodes).toHaveCount(2);

      zookeeper = await startEmbeddedZooKeeper({ port, dir });
      await expect(lock.banner).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
      await owner.waitForConnection(20_000);
      await owner.remove(`${lockPath}/${first}`);
      await expect(lock.node(first)).toHaveCount(0, { timeout: 5000 });
      await expect(lock.node(second)).toHaveAttribute('data-role', 'holder');
    } finally {
      owner.close();
      await explorer.stop();
      await zookeeper.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
