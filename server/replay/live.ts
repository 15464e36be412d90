/**
 * ZooKeeper's files in live mode (ZK_DATA_DIR, or the embedded ZooKeeper's own): the past the
 * explorer did not see itself. A read route asked `?at=` a moment is answered from the files as
 * replay mode answers it; a lock's history is the files' (back to the oldest transaction they
 * keep, whatever the explorer's restarts), read up to what ZooKeeper has just written; and a
 * socket whose handshake names a moment is served that moment, read-only, as in replay mode.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { describeZodError, HistorySinceSchema, type LockActivity, type LockHistory } from '../../lib/protocol';
import { ACTIVITY_CHANGING_MS, ACTIVITY_FRESH_MS, HISTORY_WINDOW_MS } from '../locks/history';
import { HttpError } from '../http-error';
import type { ExplorerSpace } from '../web';
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

  router.get(['/api/changes/*segments', '/api/incidents', '/api/holds'], async (request: Request, response: Response, next: NextFunction) => {
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
export function readOnForMoments(io: ExplorerSpace, files: FollowedFiles | null): void {
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

/** The most locks read from the files for their activity in one second: 10,000 locks found at once are not 10,000 timelines in one push of the list. */
const FILES_ACTIVITY_READS_PER_SECOND = 200;

/**
 * How busy a lock was over the history's window, as ZooKeeper's files tell it: the lock list's
 * figures while the explorer's own history of a lock is younger than that window. Its own counts
 * only the handovers since it found the lock; the lock's page (`/api/history`) reads the files
 * and counts them all, and the two must agree. A lock the files know nothing of, or one not read
 * yet (the reads of a second are spent), is null: the explorer's own figures stand for it.
 */
export class FilesActivity {
  private readonly kept = new Map<string, { activity: LockActivity | null; at: number; changes: number }>();
  private second = 0;
  private reads = 0;

  constructor(
    private readonly files: FollowedFiles,
    private readonly now: () => number = Date.now,
  ) {}

  /** `changes`: how many changes of the lock the explorer has seen. Its figures are kept as long as the explorer's own (`LockHistories.activity`): a change reads the files again, a second after the last read at most. */
  of(path: string, changes: number): LockActivity | null {
    const now = this.now();
    const kept = this.kept.get(path);
    if (kept !== undefined && now - kept.at < (kept.changes === changes ? ACTIVITY_FRESH_MS : ACTIVITY_CHANGING_MS)) return kept.activity;
    const loaded = this.files.current();
    if (loaded === null) return null;
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.reads = 0;
    }
    if (this.reads >= FILES_ACTIVITY_READS_PER_SECOND) return kept?.activity ?? null;
    this.reads += 1;
    // No record is wanted, only the figures: records since now are the holds still under way.
    const activity = loaded.replay.knows(path) ? activityOf(loaded.replay.history(path, { now, window: HISTORY_WINDOW_MS }, now).stats) : null;
    this.kept.delete(path);
    this.kept.set(path, { activity, at: now, changes });
    // Kept for the locks asked lately: the first kept is the one asked least lately.
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return activity;
  }
}

/** The most locks whose activity from the files is kept. */
const MAX_KEPT = 10_000;

function activityOf(stats: LockHistory['stats']): LockActivity {
  return { handoversPerMinute: stats.handoversPerMinute, waitP99: stats.wait?.p99 ?? null };
}
