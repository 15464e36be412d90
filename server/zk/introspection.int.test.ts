import { describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../../lib/protocol';
import { createExplorer } from '../app';
import { startEmbeddedZooKeeper } from './embedded';
import { parseConnectString } from './introspection';
import { ZkSession } from './session';

describe('asking ZooKeeper itself', () => {
  it('says plainly when the four-letter words are not whitelisted, and keeps working', async () => {
    const zookeeper = await startEmbeddedZooKeeper({ extraConfig: { '4lw.commands.whitelist': 'ruok' } });
    const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
    await session.start();
    const explorer = createExplorer({ session, embedded: false, introspectionIntervalMs: 200, discovery: { roots: ['/none'], maxNodes: 10 } });
    try {
      const url = await explorer.listen(0, '127.0.0.1');
      const health = await (async () => {
        for (;;) {
          const parsed = HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
          if (parsed.introspection.at !== null) return parsed;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      expect(health.ok).toBe(true);
      expect(health.introspection.available).toBe(false);
      expect(health.introspection.reason).toMatch(/whitelist/);
      await session.mkdirp('/lock');
      await session.create('/lock/lock-', null, 'ephemeral-sequential');
      const lock = (await (await fetch(`${url}/api/locks/lock`)).json()) as { holders: string[]; nodes: Array<{ watchers: unknown; client: unknown }> };
      expect(lock.holders).toHaveLength(1);
      expect(lock.nodes[0]).toMatchObject({ watchers: null, client: null });
    } finally {
      await explorer.close();
      session.close();
      await zookeeper.stop();
    }
  });

  it('reads every member and the chroot from the connection string', () => {
    expect(parseConnectString('zk1:2181,[::1]:2182,zk3:2183/apps/prod')).toEqual({
      servers: [
        { host: 'zk1', port: 2181 },
        { host: '::1', port: 2182 },
        { host: 'zk3', port: 2183 },
      ],
      chroot: '/apps/prod',
    });
  });
});
