/**
 * The web side both explorers share, live and replay: an Express app (no ETags: snapshots are
 * live and megabytes long, and hashing each one saves nothing) on one HTTP server with the
 * socket.io server pages connect to, and how to close them both at once.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import express, { type Express } from 'express';
import { Server as SocketServer, type Namespace } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { isSameOrigin } from './security';

export type ExplorerIo = SocketServer<ClientToServerEvents, ServerToClientEvents>;
/** One namespace of the socket server: an ensemble's pages connect to theirs. */
export type ExplorerSpace = Namespace<ClientToServerEvents, ServerToClientEvents>;

export function createWebServer(): { app: Express; httpServer: HttpServer; io: ExplorerIo } {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const httpServer = createServer(app);
  const io: ExplorerIo = new SocketServer<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // Socket connections from another site's page are refused.
    allowRequest: (request, callback) => callback(null, isSameOrigin(request)),
  });
  return { app, httpServer, io };
}

/**
 * Closes the socket server and the HTTP server under it. io.close closes the HTTP server too,
 * which waits for every open connection: a browser's keep-alive or live socket would hold the
 * shutdown for seconds, so they are cut at once.
 */
export async function closeWebServer(io: ExplorerIo, httpServer: HttpServer): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    void io.close(() => resolve());
  });
  httpServer.closeAllConnections();
  await closed;
}
