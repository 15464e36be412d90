/**
 * Requests node-zookeeper-client does not know (multiRead, sync, addWatch, removeWatches),
 * queued on its connection and answered here, and ZooKeeper's error codes as the client's own
 * exceptions (or NewerKeeperError for codes it does not know).
 */
import type { Client } from 'node-zookeeper-client';
import { managerOf, require } from './internals';
import {
  AddWatchMode,
  encodeAddWatch,
  encodeGetAllChildrenNumber,
  encodeMultiRead,
  encodeRemoveWatches,
  encodeSync,
  NEWER_ERROR_NAMES,
  OpCode,
  readGetAllChildrenNumber,
  readMultiReadResults,
  WatcherType,
  type MultiReadResult,
} from './jute';

/** A ZooKeeper error the client does not know (it throws on them), with the name ZooKeeper gives it. */
export class NewerKeeperError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
  ) {
    super(codeName);
    this.name = 'NewerKeeperError';
  }
}

/** A ZooKeeper error code as the client's own exception (so that callers see one kind of error), or a NewerKeeperError. */
export function clientException(code: number): Error {
  const { Exception } = require('node-zookeeper-client') as { Exception: { create(code: number): Error } };
  try {
    return Exception.create(code);
  } catch {
    return new NewerKeeperError(code, NEWER_ERROR_NAMES[code] ?? `ERROR_${code}`);
  }
}

/** A request node-zookeeper-client does not know, queued on its connection and answered by this module. */
export abstract class WireRequest<T> {
  /** The client numbers the request (xid) when it sends it; the type keeps it out of its ping and auth paths. */
  readonly header: { type: number; xid: number };
  protected chroot = '';
  /** The client calls this when the connect string has a chroot. */
  readonly payload = {
    setChrootPath: (chroot: string | undefined): void => {
      this.chroot = chroot ?? '';
    },
  };

  constructor(type: number) {
    this.header = { type, xid: 0 };
  }

  protected serverPath(path: string): string {
    return this.chroot + (this.chroot !== '' && path === '/' ? '' : path);
  }

  /** The request's bytes, with the xid the client gave it when it was sent. */
  abstract toBuffer(): Buffer;
  /** Reads a successful reply. */
  abstract read(packet: Buffer): T;
}

class MultiReadRequest extends WireRequest<MultiReadResult[]> {
  constructor(
    private readonly paths: readonly string[],
    private readonly op: typeof OpCode.getData | typeof OpCode.getChildren,
  ) {
    super(OpCode.multiRead);
  }
  toBuffer(): Buffer {
    return encodeMultiRead(
      this.header.xid,
      this.paths.map((path) => this.serverPath(path)),
      this.op,
    );
  }
  read(packet: Buffer): MultiReadResult[] {
    return readMultiReadResults(packet);
  }
}

class GetAllChildrenNumberRequest extends WireRequest<number> {
  constructor(private readonly path: string) {
    super(OpCode.getAllChildrenNumber);
  }
  toBuffer(): Buffer {
    return encodeGetAllChildrenNumber(this.header.xid, this.serverPath(this.path));
  }
  read(packet: Buffer): number {
    return readGetAllChildrenNumber(packet);
  }
}

class SyncRequest extends WireRequest<void> {
  constructor(private readonly path: string) {
    super(OpCode.sync);
  }
  toBuffer(): Buffer {
    return encodeSync(this.header.xid, this.serverPath(this.path));
  }
  read(): void {}
}

class AddWatchRequest extends WireRequest<void> {
  constructor(
    private readonly path: string,
    private readonly mode: number,
  ) {
    super(OpCode.addWatch);
  }
  toBuffer(): Buffer {
    return encodeAddWatch(this.header.xid, this.serverPath(this.path), this.mode);
  }
  read(): void {}
}

class RemoveWatchesRequest extends WireRequest<void> {
  constructor(private readonly path: string) {
    super(OpCode.removeWatches);
  }
  toBuffer(): Buffer {
    return encodeRemoveWatches(this.header.xid, this.serverPath(this.path), WatcherType.any);
  }
  read(): void {}
}

export function send<T>(client: Client, request: WireRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    managerOf(client).queue(request, (error, response) => (error ? reject(error) : resolve(response as T)));
  });
}

/** Reads the data and stat of many nodes in one multiRead (ZooKeeper 3.6+); paths are within the client's chroot. */
export function multiRead(client: Client, paths: readonly string[]): Promise<MultiReadResult[]> {
  return send(client, new MultiReadRequest(paths, OpCode.getData));
}

/** Lists the children of many nodes in one multiRead (ZooKeeper 3.6+), without watches. */
export function multiReadChildren(client: Client, paths: readonly string[]): Promise<MultiReadResult[]> {
  return send(client, new MultiReadRequest(paths, OpCode.getChildren));
}

/** How many nodes lie below `path` at any depth (ZooKeeper 3.6+): what a scan of it will read. */
export function getAllChildrenNumber(client: Client, path: string): Promise<number> {
  return send(client, new GetAllChildrenNumberRequest(path));
}

/** Asks the connected server to catch up with the leader: a read after it sees every write committed before it. */
export function sync(client: Client, path: string): Promise<void> {
  return send(client, new SyncRequest(path));
}

/**
 * A persistent recursive watch (3.6+) on `path` and everything below it: one notification per
 * change, never re-armed. The server forgets it with the connection: add it again after each
 * reconnect, and read what changed meanwhile.
 */
export function addRecursiveWatch(client: Client, path: string): Promise<void> {
  return send(client, new AddWatchRequest(path, AddWatchMode.persistentRecursive));
}

/** Drops every watch this session has on `path`, persistent ones included. */
export function removeWatches(client: Client, path: string): Promise<void> {
  return send(client, new RemoveWatchesRequest(path));
}

export function errorName(code: number): string {
  const error = clientException(code);
  return error instanceof NewerKeeperError ? error.codeName : ((error as { getName?: () => string }).getName?.() ?? error.message);
}
