/** What operators and their tools read: the health, Prometheus metrics, ZooKeeper's watch counters. */
import { Router } from 'express';
import type { HealthResponse, Monitor } from '../../lib/protocol';
import { createMetrics } from '../metrics';
import type { ExplorerContext } from './context';

export function opsRouter(context: ExplorerContext): Router {
  const { session, discovery, introspection, features } = context;
  const router = Router();

  router.get('/api/health', (_request, response) => {
    const refused = session.persistentWatchesRefused;
    const body: HealthResponse = {
      ok: session.state === 'connected',
      zookeeper: context.status(),
      features,
      introspection: introspection.status(),
      watches: { mode: refused === null ? 'persistent-recursive' : 'one-shot', reason: refused },
    };
    response.json(body);
  });

  const metrics = createMetrics({
    list: () => discovery.list(),
    diagnostics: () => discovery.diagnostics(),
    monitors: () => introspection.monitors(),
    introspection: () => introspection.status(),
    zookeeperBytes: () => session.bytesReceived,
  });
  router.get('/metrics', async (_request, response) => {
    response.set('Content-Type', metrics.contentType);
    response.send(await metrics.metrics());
  });

  // Watch counters only: what the classroom compares with its contenders' own counts.
  router.get('/api/zookeeper/monitor', (_request, response) => {
    const servers = introspection.monitors().map(({ server, values }) => ({
      server,
      values: Object.fromEntries([...values].filter((entry): entry is [string, number] => typeof entry[1] === 'number' && /watch|ephemerals|connections|znode_count/.test(entry[0]))),
    }));
    const body: Monitor = { servers, at: introspection.status().at };
    response.json(body);
  });

  return router;
}
