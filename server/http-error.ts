/**
 * How the explorer answers a failed request, over HTTP and the socket alike: one mapping from
 * what went wrong to a status and one readable sentence.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { ZodType } from 'zod';
import { describeZodError } from '../lib/protocol';
import { ZkError } from './zk/session';

/** An error a request is answered with: its HTTP status (4xx) and one readable sentence. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The status and sentence for any error met while serving a request; 500 hides what it was. */
export function answerOf(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof ZkError) {
    if (error.code === 'NO_AUTH') return { status: 403, message: `ZooKeeper refused access (NoAuth) to ${error.path ?? 'this path'}` };
    if (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED' || error.code === 'CLOSED') {
      return { status: 503, message: 'ZooKeeper is not connected; try again shortly' };
    }
    if (error.code === 'BAD_VERSION' || error.code === 'NO_NODE') return { status: 409, message: `${error.path ?? 'the node'} changed meanwhile (${error.code}): look again` };
    return { status: 502, message: `ZooKeeper error ${error.code}` };
  }
  // Malformed URLs and bodies (express's own errors carry a 4xx status) are the client's fault.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: String((error as Error).message ?? 'bad request') };
  return { status: 500, message: 'internal error' };
}

/** The value as `schema` reads it, or a 400 naming `what` and the first problem. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, `${what}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Express's last handler: every route is async and throws what went wrong (express 5 passes a rejected handler here), one answer for all. */
export function answerError(error: unknown, request: Request, response: Response, _next: NextFunction): void {
  const { status, message } = answerOf(error);
  if (status >= 500) console.error(`${request.method} ${request.path}:`, error instanceof Error ? error.message : error);
  response.status(status).json({ error: message });
}

/** After every API route: an unknown API path is a 404 in JSON, anything else is a page (Next.js, when given), and every error is answered by `answerError`. */
export function endRoutes(app: Express, nextHandler?: (request: IncomingMessage, response: ServerResponse) => Promise<void>): void {
  app.all('/api/*rest', (request, response) => {
    response.status(404).json({ error: `no API route ${request.method} ${request.path}` });
  });
  if (nextHandler) {
    app.all('*all', (request, response, next) => {
      nextHandler(request, response).catch(next);
    });
  }
  app.use(answerError);
}
