import { createConnection } from 'node:net';
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
});
