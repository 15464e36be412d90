/** What operators and their tools read: the health, ZooKeeper's watch counters, the API's description (the metrics are the fleet's: routes/fleet.ts). */
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { knowledgeOf } from '../../lib/lock/knowledge';
import type { HealthResponse, Monitor } from '../../lib/protocol';
import { openApiDocument } from '../openapi';
import type { ExplorerContext } from './context';

export function opsRouter(context: ExplorerContext): Router {
  const { session, discovery, introspection, features } = context;
  const router = Router();

  router.get('/api/health', (_request, response) => {
    const refused = session.persistentWatchesRefused;
    const status = introspection.status();
    const found = discovery.discoveryStatus();
    const body: HealthResponse = {
      ok: session.state === 'connected',
      zookeeper: context.status(),
      features,
      introspection: status,
      watches: { mode: refused === null ? 'persistent-recursive' : 'one-shot', reason: refused },
      discovery: { ...found, complete: discovery.complete, locks: discovery.size },
      knowledge: knowledgeOf({ introspection: status, monitor: introspection.monitorAnswered(), expiries: introspection.dump() !== null, discovery: found }),
    };
    response.json(body);
  });

  // Watch counters only: what the classroom compares with its contenders' own counts.
  router.get('/api/zookeeper/monitor', (_request, response) => {
    const servers = introspection.monitors().map(({ server, values }) => ({
      server,
      values: Object.fromEntries([...values].filter((entry): entry is [string, number] => typeof entry[1] === 'number' && /watch|ephemerals|connections|znode_count/.test(entry[0]))),
    }));
    const body: Monitor = { servers, at: introspection.monitorsAt(), now: context.now() };
    response.json(body);
  });

  // The API described, from the same schemas the routes validate with and answer in.
  let described: string | null = null;
  router.get('/api/openapi.json', (_request, response) => {
    described ??= JSON.stringify(openApiDocument(packageVersion()));
    response.type('json').send(described);
  });

  return router;
}

/** The explorer's version, from its package.json. */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
