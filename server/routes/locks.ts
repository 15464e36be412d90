/** Reading locks: the list, one lock's snapshot and history, one lock node, the diagnostics, the waits-for graph and the sessions. */
import { Router, type Request } from 'express';
import { describeZodError, HistorySinceSchema, SessionQuerySchema, SnapshotFormSchema, UnreadableQuerySchema, ZnodePath, type SessionQuery, type SnapshotForm, type ZnodeDetail } from '../../lib/protocol';
import { compactWriter } from '../compact';
import { describeData } from '../../lib/lock/data';
import { isWithin, znodePathFromSegments } from '../../lib/zk/path';
import { HttpError } from '../http-error';
import { ZkError } from '../zk/session';
import type { ExplorerContext } from './context';

/** The znode path a `/api/<what>/*segments` route names; 400 when it is not one. */
export function pathOf(request: Request, what: string): string {
  const segments = (request.params as { segments?: string[] }).segments ?? [];
  const parsed = ZnodePath.safeParse(znodePathFromSegments(segments));
  if (!parsed.success) throw new HttpError(400, `invalid ${what} path: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** The node `/api/nodes/*segments` names: lock nodes only (403 elsewhere), for the explorer is no general browser of what else ZooKeeper keeps. */
export function lockNodeOf(request: Request, roots: readonly string[]): string {
  const path = pathOf(request, 'node');
  if (!roots.some((root) => isWithin(path, root))) throw new HttpError(403, `only nodes under ${roots.join(', ')} (LOCK_ROOTS) are shown`);
  return path;
}

/** How `?form=` asks a snapshot to be written; 400 when it is neither way. */
export function snapshotFormOf(request: Request): SnapshotForm | undefined {
  const form = SnapshotFormSchema.optional().safeParse(request.query.form);
  if (!form.success) throw new HttpError(400, `form: ${describeZodError(form.error)} (nodes, the default, or columns)`);
  return form.data;
}

/** `?q=&offset=&limit=` of `/api/sessions`; 400 when out of bounds. */
export function sessionQueryOf(request: Request): SessionQuery {
  const query = SessionQuerySchema.safeParse(request.query);
  if (!query.success) throw new HttpError(400, `sessions: ${describeZodError(query.error)} (q: a filter of at most 200 characters; offset ≥ 0; limit 1 to 500)`);
  return query.data;
}

export function locksRouter(context: ExplorerContext): Router {
  const { session, registry, discovery, introspection, histories, simulator, roots } = context;
  const router = Router();

  router.get('/api/locks', async (_request, response) => {
    response.json(await discovery.freshList());
  });

  router.get('/api/locks/*segments', async (request, response) => {
    const path = pathOf(request, 'lock');
    const form = snapshotFormOf(request);
    const snapshot = await registry.snapshot(path);
    if (form === 'columns') response.type('json').send(compactWriter.json(snapshot));
    else response.json(snapshot);
  });

  router.get('/api/unreadable/*segments', (request, response) => {
    const path = pathOf(request, 'lock');
    const query = UnreadableQuerySchema.safeParse(request.query);
    if (!query.success) throw new HttpError(400, `limit: ${describeZodError(query.error)} (1 to 1000 nodes)`);
    const known = discovery.unreadableLock(path, query.data.limit);
    if (known === null) throw new HttpError(404, `${path} is not a lock the explorer found and may not read: only a lock whose ACL refuses the explorer (NoAuth) is known this way, from ZooKeeper's list of ephemeral nodes`);
    response.json(known);
  });

  router.get('/api/history/*segments', (request, response) => {
    const path = pathOf(request, 'lock');
    const since = HistorySinceSchema.optional().safeParse(request.query.since);
    if (!since.success) throw new HttpError(400, `since: ${describeZodError(since.error)}`);
    const history = histories.view(path, since.data ?? null);
    if (history === undefined) throw new HttpError(404, `the explorer has not followed ${path}: a lock's history begins when it is found under LOCK_ROOTS or opened on a page`);
    response.json(history);
  });

  router.get('/api/nodes/*segments', async (request, response) => {
    const path = lockNodeOf(request, roots);
    try {
      const { data, stat } = await session.getData(path);
      const body: ZnodeDetail = { path, stat, data: describeData(data, true) };
      response.json(body);
    } catch (error) {
      throw error instanceof ZkError && error.code === 'NO_NODE' ? new HttpError(404, `${path} does not exist`) : error;
    }
  });

  router.get('/api/diagnostics', (_request, response) => {
    response.json(discovery.diagnostics());
  });

  router.get('/api/waits-for', (_request, response) => {
    response.json(registry.graph());
  });

  router.get('/api/sessions', (request, response) => {
    const { q, offset, limit } = sessionQueryOf(request);
    const simulated = new Set<string>();
    for (const contender of simulator?.list().contenders ?? []) if (contender.sessionId !== null) simulated.add(contender.sessionId);
    const deadlocked = new Set(registry.deadlocks().flatMap((deadlock) => deadlock.sessions));
    // A session is said to have no connection only where every member listed its connections.
    const connectionsComplete = introspection.connectionsOfAll() !== null;
    response.json(discovery.sessions({ introspected: introspection.current(), dump: introspection.dump(), connectionsComplete, simulated, deadlocked, query: q, offset, limit }));
  });

  return router;
}
