/**
 * The explorer in replay mode: ZooKeeper's own files served read-only, with no ZooKeeper, on one
 * port with the pages (when Next.js is given) and the socket each page follows a moment over.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import express from 'express';
import { Server as SocketServer } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../lib/protocol';
import { endRoutes } from '../http-error';
import { listenHttp } from '../net';
import type { LoadedReplay } from './files';
import { isSameOrigin } from '../security';
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
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const httpServer = createServer(app);
  const io = new SocketServer<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // Socket connections from another site's page are refused.
    allowRequest: (request, callback) => callback(null, isSameOrigin(request)),
  });
  attachReplaySockets(io, options.loaded, options.roots);
  app.use(replayRouter(options.loaded, options.roots));
  endRoutes(app, options.nextHandler);
  return {
    httpServer,
    listen: (port, host) => listenHttp(httpServer, port, host),
    async close() {
      // io.close closes the HTTP server too.
      const closed = new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      httpServer.closeAllConnections();
      await closed;
    },
  };
}
