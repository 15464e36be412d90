import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockHistorySchema } from '../lib/protocol';
import { ZkSession } from '../server/zk/session';
import { expect, test } from './fixtures';
import { spawnExplorer } from './server';

function portAccepts(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(':') as [string, string];
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.describe('the server process', () => {
  test('on SIGTERM closes its session, stops the embedded ZooKeeper and exits 0', async () => {
    test.setTimeout(90_000);
    const explorer = await spawnExplorer();
    const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as {
      ok: boolean;
      zookeeper: { embedded: boolean; connectString: string };
    };
    expect(health.ok).toBe(true);
    expect(health.zookeeper.embedded).toBe(true);
    expect(await portAccepts(health.zookeeper.connectString)).toBe(true);

    const code = await explorer.stop();
    expect(code).toBe(0);
    expect(explorer.output()).toContain('SIGTERM: shutting down');
    expect(await portAccepts(health.zookeeper.connectString)).toBe(false);
  });

  test("keeps the embedded ZooKeeper's data across restarts, one explorer at a time: a lock's history outlives the explorer", async () => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'zk-kept-'));
    try {
      const first = await spawnExplorer([], { ZK_EMBEDDED_DIR: dir });
      const health = (await (await fetch(`${first.url}/api/health`)).json()) as { zookeeper: { connectString: string } };
      const lock = '/kept/orders/lock';
      const client = new ZkSession({ connectString: health.zookeeper.connectString, sessionTimeoutMs: 6000 });
      await client.start(10_000);
      await client.mkdirp(lock);
      const node = await client.create(`${lock}/lock-`, null, 'ephemeral-sequential');
      await client.remove(node);
      client.close();

      // A second explorer on the same directory is refused, and says what to do.
      const second = await spawnExplorer([], { ZK_EMBEDDED_DIR: dir }).catch((error: unknown) => error as Error);
      expect(second).toBeInstanceOf(Error);
      expect((second as Error).message).toMatch(/is in use by another explorer \(pid \d+\).*ZK_EMBEDDED_DIR/);

      expect(await first.stop()).toBe(0);
      expect(existsSync(join(dir, 'data', 'version-2'))).toBe(true);

      // Started again on it: the hold made before is in the lock's history, read from ZooKeeper's files.
      const again = await spawnExplorer([], { ZK_EMBEDDED_DIR: dir });
      try {
        await expect
          .poll(async () => {
            const response = await fetch(`${again.url}/api/history${lock}`);
            return response.ok ? LockHistorySchema.parse(await response.json()).holds.map((hold) => [hold.node, hold.ended]) : response.status;
          })
          .toEqual([[node.split('/').pop(), 'released']]);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
