/**
 * The explorer in replay mode: ZooKeeper's own files served read-only, with no ZooKeeper, on one
 * port with the pages (when Next.js is given) and the socket each page follows a moment over.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { endRoutes } from '../http-error';
import { listenHttp } from '../net';
import { closeWebServer, createWebServer } from '../web';
import type { LoadedReplay } from './files';
import { runWhileIdle } from './idle';
import { replayRouter } from './routes';
import { attachReplaySockets } from './sockets';

export interface ReplayExplorerOptions {
  loaded: LoadedReplay;
  /** Where locks are looked for (LOCK_ROOTS). */
  roots: readonly string[];
  nextHandler?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

export interface ReplayExplorer {
  httpServer: HttpServer;
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

export function createReplayExplorer(options: ReplayExplorerOptions): ReplayExplorer {
  const { app, httpServer, io } = createWebServer();
  attachReplaySockets(io, options.loaded, options.roots);
  const stopPreparing = runWhileIdle(options.loaded.replay.preparing(), (error) => console.warn(`replay: preparing the locks failed: ${error instanceof Error ? error.message : String(error)}`));
  app.use(replayRouter(options.loaded, options.roots));
  endRoutes(app, options.nextHandler);
  return {
    httpServer,
    listen: (port, host) => listenHttp(httpServer, port, host),
    close: () => {
      stopPreparing();
      return closeWebServer(io, httpServer);
    },
  };
}
