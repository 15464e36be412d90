/**
 * The internals of node-zookeeper-client the wire layer relies on, for the one release it is
 * written against, and the check at start that they are all there.
 */
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Client } from 'node-zookeeper-client';

/** The exact release whose internals this module was written against (package.json pins it). */
export const CLIENT_VERSION = '1.1.3';

/** node-zookeeper-client's ConnectionManager states. */
export const STATE = { disconnected: 0, connecting: 1, connected: 2, connectedReadOnly: 3, closing: -1, closed: -2 } as const;

export interface Packet {
  request: { header: { type: number; xid: number } | null };
  callback: (error: unknown, response?: unknown) => void;
}

export interface Server {
  host: string;
  port: number;
}

/** The parts of node-zookeeper-client's ConnectionManager the wire layer uses. */
export interface ConnectionManager {
  socket: Socket | null;
  pendingBuffer: Buffer | null;
  pendingQueue: Packet[];
  state: number;
  sessionTimeout: number;
  connectTimeout: number;
  connectTimeoutHandler: NodeJS.Timeout | null;
  zxid: Buffer;
  chrootPath: string | undefined;
  /** The client's one-shot watchers, by path within the chroot. */
  watcherManager: WatcherManager;
  connect(): void;
  setState(state: number): void;
  findNextServer(callback: (server: Server) => void): void;
  onSocketConnected(): void;
  onSocketData(buffer: Buffer): void;
  onSocketDrain(): void;
  onSocketClosed(hasError: boolean): void;
  onSocketError(error: Error): void;
  onSocketConnectTimeout(): void;
  onSocketTimeout(): void;
  queue(request: unknown, callback: (error: unknown, response?: unknown) => void): void;
}

/** The parts of node-zookeeper-client's WatcherManager the wire layer uses: its one-shot watchers by path. */
export interface WatcherManager {
  dataWatchers: Record<string, unknown>;
  childWatchers: Record<string, unknown>;
  existenceWatchers: Record<string, unknown>;
}

export const require = createRequire(import.meta.url);

const MANAGER_METHODS = [
  'connect',
  'setState',
  'findNextServer',
  'onSocketConnected',
  'onSocketData',
  'onSocketDrain',
  'onSocketClosed',
  'onSocketError',
  'onSocketConnectTimeout',
  'onSocketTimeout',
  'onPacketQueueReadable',
  'queue',
] as const;

const MANAGER_FIELDS = ['pendingQueue', 'packetQueue', 'state', 'sessionTimeout', 'connectTimeout', 'zxid', 'xid', 'servers'] as const;

let checked = false;

/**
 * Checks that node-zookeeper-client is the release this module extends and has every internal
 * it relies on. Throws one line naming what is missing.
 */
export function checkClientInternals(): void {
  if (checked) return;
  const problem = findMissingInternal();
  if (problem !== null) throw new Error(`node-zookeeper-client: ${problem}; the explorer's wire layer (server/zk/wire) is written for ${CLIENT_VERSION} exactly`);
  checked = true;
}

/** What the installed client lacks of what this module relies on, or null. */
export function findMissingInternal(): string | null {
  const version = (require('node-zookeeper-client/package.json') as { version?: string }).version;
  if (version !== CLIENT_VERSION) return `version ${version ?? 'unknown'} is installed`;
  const zookeeper = require('node-zookeeper-client') as { createClient?: (connect: string, options: object) => unknown; Exception?: { create?: unknown } };
  if (typeof zookeeper.createClient !== 'function') return 'createClient is missing';
  if (typeof zookeeper.Exception?.create !== 'function') return 'Exception.create is missing';
  const client = zookeeper.createClient('127.0.0.1:1', { sessionTimeout: 10_000 }) as { connectionManager?: Record<string, unknown> };
  const manager = client.connectionManager;
  if (manager === undefined) return 'the client has no connectionManager';
  for (const method of MANAGER_METHODS) if (typeof manager[method] !== 'function') return `ConnectionManager.${method} is missing`;
  for (const field of MANAGER_FIELDS) if (!(field in manager)) return `ConnectionManager.${field} is missing`;
  if (!Array.isArray(manager.pendingQueue)) return 'ConnectionManager.pendingQueue is not an array';
  const watchers = manager.watcherManager as Record<string, unknown> | undefined;
  for (const field of ['dataWatchers', 'childWatchers', 'existenceWatchers']) if (typeof watchers?.[field] !== 'object' || watchers[field] === null) return `WatcherManager.${field} is missing`;
  return null;
}

export function managerOf(client: Client): ConnectionManager {
  return (client as unknown as { connectionManager: ConnectionManager }).connectionManager;
}
