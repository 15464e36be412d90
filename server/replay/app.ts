/**
 * The explorer in replay mode: ZooKeeper's own files served read-only, with no ZooKeeper, on one
 * port with the pages (when Next.js is given).
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import express from 'express';
import { endRoutes } from '../http-error';
import { listenHttp } from '../net';
import type { LoadedReplay } from './files';
import { replayRouter } from './routes';

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
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const httpServer = createServer(app);
  app.use(replayRouter(options.loaded, options.roots));
  endRoutes(app, options.nextHandler);
  return {
    httpServer,
    listen: (port, host) => listenHttp(httpServer, port, host),
    async close() {
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await closed;
    },
  };
}
