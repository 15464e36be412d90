/**
 * What the explorer's ZooKeeper session speaks in: its errors with ZooKeeper's code names,
 * watch events, create modes and stats, converted from node-zookeeper-client's own.
 */
import zookeeper from 'node-zookeeper-client';
import type { Stat } from 'node-zookeeper-client';
import type { ZkConnectionState, ZnodeStat } from '../../lib/protocol';
import { longBytesToHex, longBytesToNumber } from '../../lib/zk/ids';
import { NewerKeeperError, type ZkTransport } from './wire/connection';

/** Errors of a connection or session, not of the request: tried again after a reconnect. */
export const TRANSIENT = new Set(['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'CLIENT_ERROR']);

/** One node's read: its data and stat, or the error of that read alone. */
export type ReadResult = { data: Buffer | null; stat: ZnodeStat } | ZkError;

/** A ZooKeeper error with its symbolic code (`NO_NODE`, `CONNECTION_LOSS`, `NO_AUTH`, …). */
export class ZkError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'ZkError';
  }
}

export type WatchEventType = 'NODE_CREATED' | 'NODE_DELETED' | 'NODE_DATA_CHANGED' | 'NODE_CHILDREN_CHANGED';

/** A one-shot watch notification. */
export interface WatchEvent {
  type: WatchEventType;
  path: string;
}

export type Watcher = (event: WatchEvent) => void;

export type CreateMode = 'persistent' | 'persistent-sequential' | 'ephemeral' | 'ephemeral-sequential';

export const CREATE_MODES: Record<CreateMode, number> = {
  persistent: zookeeper.CreateMode.PERSISTENT,
  'persistent-sequential': zookeeper.CreateMode.PERSISTENT_SEQUENTIAL,
  ephemeral: zookeeper.CreateMode.EPHEMERAL,
  'ephemeral-sequential': zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL,
};

/** Converts the client's Stat (64-bit fields as Buffers) to plain JSON-safe data. */
export function toZnodeStat(stat: Stat): ZnodeStat {
  return {
    czxid: longBytesToHex(stat.czxid),
    mzxid: longBytesToHex(stat.mzxid),
    pzxid: longBytesToHex(stat.pzxid),
    ctime: longBytesToNumber(stat.ctime),
    mtime: longBytesToNumber(stat.mtime),
    version: stat.version,
    cversion: stat.cversion,
    aversion: stat.aversion,
    ephemeralOwner: longBytesToHex(stat.ephemeralOwner),
    dataLength: stat.dataLength,
    numChildren: stat.numChildren,
  };
}

export function toZkError(error: unknown, path?: string): ZkError {
  if (error instanceof zookeeper.Exception) {
    return new ZkError(error.getName(), `${error.getName()}${path ? ` on ${path}` : ''}`, path);
  }
  if (error instanceof NewerKeeperError) return new ZkError(error.codeName, `${error.codeName}${path ? ` on ${path}` : ''}`, path);
  const message = error instanceof Error ? error.message : String(error);
  return new ZkError('CLIENT_ERROR', message, path);
}

export const EVENT_TYPES: Record<number, WatchEventType> = {
  [zookeeper.Event.NODE_CREATED]: 'NODE_CREATED',
  [zookeeper.Event.NODE_DELETED]: 'NODE_DELETED',
  [zookeeper.Event.NODE_DATA_CHANGED]: 'NODE_DATA_CHANGED',
  [zookeeper.Event.NODE_CHILDREN_CHANGED]: 'NODE_CHILDREN_CHANGED',
};

export interface ZkAuth {
  scheme: string;
  /** For `digest`: `user:password`. Never logged. */
  credentials: string;
}

export interface ZkSessionOptions {
  connectString: string;
  sessionTimeoutMs: number;
  auth?: ZkAuth | null;
  /** Reuse an existing session (id and password), as the classic expiry trick does. */
  resume?: { sessionId: Buffer; password: Buffer };
  /**
   * Whether a new session is opened after expiry (the explorer's own session). A simulated
   * contender says no: like an application, it must notice that it lost its lock.
   */
  reopenAfterExpiry?: boolean;
  /** TCP or TLS, with or without SASL: the same for every session the explorer opens. */
  transport?: ZkTransport;
}

export interface ZkSessionEvents {
  /** The connection state changed. */
  state: [state: ZkConnectionState];
  /** A new session was established (the first, or one after expiry): re-arm every watch. */
  session: [sessionId: string];
  /** The same session is connected again after a disconnect; its watches were re-sent. */
  reconnected: [];
  /** Why the last attempt to connect failed changed (null once connected). */
  reason: [reason: string | null];
  /** A watch notification arrived for `path` (emitted only while somebody listens: a bench counts what it costs). */
  notification: [path: string];
}
