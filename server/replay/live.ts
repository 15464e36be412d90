/**
 * ZooKeeper's files in live mode (ZK_DATA_DIR, or the embedded ZooKeeper's own): the past the
 * explorer did not see itself. A read route asked `?at=` a moment is answered from the files as
 * replay mode answers it; a lock's history is the files' (back to the oldest transaction they
 * keep, whatever the explorer's restarts), read up to what ZooKeeper has just written; and a
 * socket whose handshake names a moment is served that moment, read-only, as in replay mode.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { describeZodError, HistorySinceSchema } from '../../lib/protocol';
import { HISTORY_WINDOW_MS } from '../locks/history';
import { HttpError } from '../http-error';
import type { ExplorerIo } from '../web';
import { pathOf } from '../routes/locks';
import type { LoadedReplay } from './files';
import type { FollowedFiles } from './follow';
import { replayRouter } from './routes';
import { askedMoment, serveReplaySocket, type ReplaySocket } from './sockets';

/** What a request that writes is answered at a past moment. */
export const PAST_READ_ONLY = 'the page shows a past moment from ZooKeeper’s files: go back to live to change anything';

/** The read routes that answer a moment (`?at=`) from the files. */
const AT_ROUTES = ['/api/locks', '/api/locks/*segments', '/api/nodes/*segments', '/api/waits-for', '/api/sessions'];

/** Said while the files are being read the first time. */
const STILL_READING = 'ZooKeeper’s files are still being read: ask again in a moment';

export function filesRouter(files: FollowedFiles | null, roots: readonly string[]): Router {
  const router = Router();
  // The replay's own router, made once for the files as read (the first read may be made again while ZooKeeper had written nothing).
  let made: { loaded: LoadedReplay; router: Router } | null = null;
  const routerOf = (loaded: LoadedReplay): Router => {
    if (made?.loaded !== loaded) made = { loaded, router: replayRouter(loaded, roots) };
    return made.router;
  };
  const loadedOrThrow = (): LoadedReplay => {
    if (files === null) throw new HttpError(404, 'the explorer follows no ZooKeeper files: set ZK_DATA_DIR to ZooKeeper’s data directory as this machine sees it (the embedded ZooKeeper’s are followed without it)');
    const loaded = files.current();
    if (loaded === null) throw new HttpError(503, STILL_READING);
    return loaded;
  };
  /** The files read up to what ZooKeeper has just written (a change a page was just sent is in its log already); 503 while they are first read. */
  const readOn = async (): Promise<LoadedReplay> => {
    loadedOrThrow();
    await files!.readOn();
    return loadedOrThrow();
  };

  router.get('/api/replay', (_request, response) => {
    response.json(loadedOrThrow().info);
  });

  router.get('/api/changes/*segments', async (request: Request, response: Response, next: NextFunction) => {
    routerOf(await readOn())(request, response, next);
  });

  router.get('/api/history/*segments', async (request: Request, response: Response, next: NextFunction) => {
    if (files === null) return next();
    const path = pathOf(request, 'lock');
    const since = HistorySinceSchema.optional().safeParse(request.query.since);
    if (!since.success) throw new HttpError(400, `since: ${describeZodError(since.error)}`);
    const loaded = await readOn();
    // A lock the files know nothing of (files of another ensemble) keeps the explorer's own history.
    if (!loaded.replay.knows(path)) return next();
    response.json(loaded.replay.history(path, { now: Date.now(), window: HISTORY_WINDOW_MS }, since.data ?? null));
  });

  router.get(AT_ROUTES, async (request: Request, response: Response, next: NextFunction) => {
    if (request.query.at === undefined) return next();
    routerOf(await readOn())(request, response, next);
  });

  return router;
}

/**
 * Before a connection that names a moment is made (socket.io's middleware: the page can send
 * nothing meanwhile), the files are read up to what ZooKeeper has just written, so that the
 * moment a page asks for as it leaves the present is in them.
 */
export function readOnForMoments(io: ExplorerIo, files: FollowedFiles | null): void {
  if (files === null) return;
  io.use((socket, next) => {
    if (askedMoment(socket) === null || files.current() === null) return next();
    files.readOn().then(
      () => next(),
      () => next(),
    );
  });
}

/**
 * Serves the connections whose handshake names a moment from the files, before the live handlers
 * see them; answers whether it took `socket`. Until the files are read, every connection is live.
 */
export function serveMomentSocket(socket: ReplaySocket, files: FollowedFiles | null, roots: readonly string[]): boolean {
  if (files === null || askedMoment(socket) === null) return false;
  const loaded = files.current();
  if (loaded === null) return false;
  serveReplaySocket(socket, loaded, roots, PAST_READ_ONLY);
  return true;
}
