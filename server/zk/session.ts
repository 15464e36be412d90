/**
 * The explorer's ZooKeeper session over node-zookeeper-client: promises instead of callbacks,
 * a connect time-out (the client reports nothing when the first connect fails), and a new
 * session after expiry (the expired client is closed for good) announced with a `session`
 * event so that every watcher can re-arm.
 */
import { EventEmitter } from 'node:events';
import zookeeper from 'node-zookeeper-client';
import type { Client, Event as ZkClientEvent, Stat } from 'node-zookeeper-client';
import type { ZkConnectionState, ZnodeStat } from '../../lib/protocol';
import { longBytesToHex, longBytesToNumber } from '../../lib/zk/ids';
import { addRecursiveWatch, attachWire, clientException, multiRead, NewerKeeperError, PLAIN_TCP, removeWatches, sync, type ConnectProblem, type Notification, type ZkTransport } from './wire/connection';
import type { MultiReadResult } from './wire/jute';

/** Errors of a connection or session, not of the request: tried again after a reconnect. */
const TRANSIENT = new Set(['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'CLIENT_ERROR']);

// Nodes per multiRead: replies of about 100 kB for typical lock nodes.
const MULTI_READ_BATCH = 500;

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

const CREATE_MODES: Record<CreateMode, number> = {
  persistent: zookeeper.CreateMode.PERSISTENT,
  'persistent-sequential': zookeeper.CreateMode.PERSISTENT_SEQUENTIAL,
  ephemeral: zookeeper.CreateMode.EPHEMERAL,
  'ephemeral-sequential': zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL,
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

interface ZkSessionEvents {
  /** The connection state changed. */
  state: [state: ZkConnectionState];
  /** A new session was established (the first, or one after expiry): re-arm every watch. */
  session: [sessionId: string];
  /** The same session is connected again after a disconnect; its watches were re-sent. */
  reconnected: [];
  /** Why the last attempt to connect failed changed (null once connected). */
  reason: [reason: string | null];
}

// node-zookeeper-client accepts these options, but its type declarations omit them.
type ClientOptions = { sessionTimeout: number; spinDelay: number; retries: number; sessionId?: Buffer; sessionPassword?: Buffer };
const createClient = zookeeper.createClient as unknown as (connectString: string, options: ClientOptions) => Client;

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

function toZkError(error: unknown, path?: string): ZkError {
  if (error instanceof zookeeper.Exception) {
    return new ZkError(error.getName(), `${error.getName()}${path ? ` on ${path}` : ''}`, path);
  }
  if (error instanceof NewerKeeperError) return new ZkError(error.codeName, `${error.codeName}${path ? ` on ${path}` : ''}`, path);
  const message = error instanceof Error ? error.message : String(error);
  return new ZkError('CLIENT_ERROR', message, path);
}

const EVENT_TYPES: Record<number, WatchEventType> = {
  [zookeeper.Event.NODE_CREATED]: 'NODE_CREATED',
  [zookeeper.Event.NODE_DELETED]: 'NODE_DELETED',
  [zookeeper.Event.NODE_DATA_CHANGED]: 'NODE_DATA_CHANGED',
  [zookeeper.Event.NODE_CHILDREN_CHANGED]: 'NODE_CHILDREN_CHANGED',
};

export class ZkSession extends EventEmitter<ZkSessionEvents> {
  private client: Client | null = null;
  private generation = 0;
  private closed = false;
  private currentState: ZkConnectionState = 'connecting';
  private stateSince = Date.now();
  private sessionHex: string | null = null;
  private lastReason: string | null = null;
  // Whether the server answers multiRead; learnt from its first refusal.
  private multiRead = true;
  private notifications = 0;
  private received = 0;
  private treesRefused: string | null = null;
  // Persistent recursive watches by their root: the listeners, and the addWatch that arms it.
  private readonly trees = new Map<string, { listeners: Set<Watcher>; armed: Promise<void> }>();
  // node-zookeeper-client de-duplicates watchers by function identity, so each watcher keeps one wrapper.
  private readonly wrappers = new WeakMap<Watcher, (event: ZkClientEvent) => void>();

  constructor(private readonly options: ZkSessionOptions) {
    super();
  }

  get state(): ZkConnectionState {
    return this.currentState;
  }

  /** When the state last changed (ms since the epoch). */
  get since(): number {
    return this.stateSince;
  }

  /** Why the last attempt to connect failed, in one line without secrets; null while connected. */
  get reason(): string | null {
    return this.lastReason;
  }

  /** The current session id as hex, or null before the first connection. */
  get sessionId(): string | null {
    return this.sessionHex;
  }

  get connectString(): string {
    return this.options.connectString;
  }

  /**
   * What opens another session like this one (the same servers, transport and authentication)
   * elsewhere, such as in the simulator's thread; never logged or shown, as it holds the credentials.
   */
  twinOptions(): ZkSessionOptions {
    const { resume: _resume, ...options } = this.options;
    return options;
  }

  /** How this session reaches ZooKeeper: every helper that opens another connection uses the same. */
  get transport(): ZkTransport {
    return this.options.transport ?? PLAIN_TCP;
  }

  /** The raw session id and password, for tests that expire this session on purpose. */
  credentials(): { sessionId: Buffer; password: Buffer } {
    const client = this.requireClient();
    return { sessionId: client.getSessionId(), password: client.getSessionPassword() };
  }

  /**
   * Opens the session and resolves once connected. On time-out it rejects, but the client
   * keeps trying, so a caller may carry on and wait for the `session` event.
   */
  start(timeoutMs = 15_000): Promise<void> {
    this.open();
    return this.waitForConnection(timeoutMs);
  }

  /** Resolves when connected now or within `timeoutMs`. */
  waitForConnection(timeoutMs: number): Promise<void> {
    if (this.currentState === 'connected' || this.currentState === 'read-only') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onState = (state: ZkConnectionState): void => {
        if (state === 'connected' || state === 'read-only') {
          cleanup();
          resolve();
        } else if (state === 'auth-failed' || state === 'tls-failed' || state === 'closed') {
          cleanup();
          const code = state === 'closed' ? 'CLOSED' : state === 'tls-failed' ? 'TLS_FAILED' : 'AUTH_FAILED';
          reject(new ZkError(code, `ZooKeeper session ${state}${this.lastReason ? `: ${this.lastReason}` : ''}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new ZkError('CONNECT_TIMEOUT', `could not connect to ZooKeeper at ${this.options.connectString} within ${timeoutMs} ms`),
        );
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.off('state', onState);
      };
      this.on('state', onState);
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation += 1;
    this.client?.close();
    this.client = null;
    this.setState('closed');
  }

  /**
   * The children and stat of `path`. `seq` is the number of notifications received before the
   * reply: ZooKeeper sends a change's notification before any reply that includes the change,
   * so the changes of notifications numbered up to `seq` are in this listing, later ones not.
   */
  getChildren(path: string, watcher?: Watcher): Promise<{ children: string[]; stat: ZnodeStat; seq: number }> {
    return this.call(path, (client, done) => {
      const callback = (error: unknown, children: string[], stat: Stat): void => {
        const seq = this.notifications;
        done(error, () => ({ children, stat: toZnodeStat(stat), seq }));
      };
      if (watcher) client.getChildren(path, this.wrap(watcher), callback);
      else client.getChildren(path, callback);
    });
  }

  getData(path: string, watcher?: Watcher): Promise<{ data: Buffer | null; stat: ZnodeStat }> {
    return this.call(path, (client, done) => {
      const callback = (error: unknown, data: Buffer, stat: Stat): void =>
        done(error, () => ({ data: data ?? null, stat: toZnodeStat(stat) }));
      if (watcher) client.getData(path, this.wrap(watcher), callback);
      else client.getData(path, callback);
    });
  }

  /** Whether many reads still go out as multiReads (false once the server refused one). */
  get batchesReads(): boolean {
    return this.multiRead;
  }

  /**
   * Reads the data and stat of many nodes without watches, in requests of a few hundred
   * (multiRead, ZooKeeper 3.6 and later; one getData each against an older server). Each
   * result is the node's data and stat, or the error of its own read (NO_NODE when it went).
   */
  async getDataMany(paths: readonly string[]): Promise<ReadResult[]> {
    const batches: Array<Promise<ReadResult[]>> = [];
    for (let start = 0; start < paths.length; start += MULTI_READ_BATCH) batches.push(this.readBatch(paths.slice(start, start + MULTI_READ_BATCH)));
    return (await Promise.all(batches)).flat();
  }

  private async readBatch(paths: readonly string[]): Promise<ReadResult[]> {
    const oneByOne = (): Promise<ReadResult[]> =>
      Promise.all(paths.map((path) => this.getData(path).catch((error: unknown) => (error instanceof ZkError ? error : toZkError(error, path)))));
    if (!this.multiRead) return oneByOne();
    let results: MultiReadResult[];
    try {
      results = await this.callWire(paths[0] ?? '/', (client) => multiRead(client, paths));
    } catch (error) {
      if (error instanceof ZkError && !['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'NO_AUTH'].includes(error.code)) {
        console.warn(`ZooKeeper refused a multiRead (${error.code}): reading nodes one at a time`);
        this.multiRead = false;
        return oneByOne();
      }
      throw error;
    }
    if (results.length !== paths.length) throw new ZkError('CLIENT_ERROR', `a multiRead of ${paths.length} nodes answered ${results.length}`);
    return results.map((result, index) => ('err' in result ? toZkError(clientException(result.err), paths[index]) : result));
  }

  /**
   * Makes the connected server catch up with the leader: reads sent after it (on this session,
   * which ZooKeeper serves in order) see every write committed before it, even on a follower.
   */
  sync(path: string): Promise<void> {
    return this.callWire(path, (client) => sync(client, path));
  }

  /**
   * Follows `path` and everything below it with one persistent recursive watch (ZooKeeper 3.6+):
   * each creation, deletion and data change below it arrives as one event with the node's path,
   * and the watch is never re-armed. It is added again after every reconnect and new session;
   * what changed in between is not replayed, so a caller reads again on `reconnected` and
   * `session`. Resolves with the function that stops following (the last one removes the watch
   * from ZooKeeper). Rejects when the server refuses persistent watches (UNIMPLEMENTED before
   * 3.6, an error with the optimized watch manager): follow with one-shot watches instead.
   */
  async watchTree(path: string, watcher: Watcher): Promise<() => Promise<void>> {
    let tree = this.trees.get(path);
    if (tree === undefined) {
      const created: { listeners: Set<Watcher>; armed: Promise<void> } = { listeners: new Set(), armed: this.arm(path) };
      tree = created;
      this.trees.set(path, created);
      created.armed.catch(() => {
        if (this.trees.get(path) === created) this.trees.delete(path);
      });
    }
    tree.listeners.add(watcher);
    await tree.armed;
    return async () => {
      const current = this.trees.get(path);
      if (current === undefined || !current.listeners.delete(watcher) || current.listeners.size > 0) return;
      this.trees.delete(path);
      await this.callWire(path, (client) => removeWatches(client, path)).catch(
        (error: unknown) => {
          // Gone with the connection or the session: nothing is left to remove.
          if (!(error instanceof ZkError && ['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'NO_WATCHER'].includes(error.code))) throw error;
        },
      );
    };
  }

  private arm(path: string): Promise<void> {
    const armed = this.callWire(path, (client) => addRecursiveWatch(client, path));
    armed.catch((error: unknown) => {
      // Refused by the server itself (before 3.6: UNIMPLEMENTED; the optimized watch manager: MARSHALLING_ERROR), not lost with a connection.
      if (error instanceof ZkError && !TRANSIENT.has(error.code) && error.code !== 'NO_AUTH' && this.treesRefused === null) {
        this.treesRefused = `ZooKeeper refused a persistent recursive watch (${error.code}): locks are followed with one-shot watches`;
        console.warn(this.treesRefused);
      }
    });
    return armed;
  }

  /** The bytes ZooKeeper has sent this client, over all its connections. */
  get bytesReceived(): number {
    return this.received;
  }

  /** How many notifications this session has received: a listener reads its event's number here. */
  get notificationSeq(): number {
    return this.notifications;
  }

  /** Why persistent watches are not used (the server refused one), or null while they are. */
  get persistentWatchesRefused(): string | null {
    return this.treesRefused;
  }

  private onNotification(notification: Notification): void {
    this.notifications += 1;
    const type = EVENT_TYPES[notification.type];
    // Recursive watches never fire for children; a child watch of the same session on the same path may (ZOOKEEPER-4475).
    if (type === undefined || type === 'NODE_CHILDREN_CHANGED' || this.trees.size === 0) return;
    // Each listener once, however many of its trees hold the path (ZooKeeper itself notifies a connection once).
    const listeners = new Set<Watcher>();
    for (const [root, tree] of this.trees) {
      if (notification.path !== root && root !== '/' && !notification.path.startsWith(`${root}/`)) continue;
      for (const listener of tree.listeners) listeners.add(listener);
    }
    for (const listener of listeners) listener({ type, path: notification.path });
  }

  /** Adds every persistent watch again on a new connection: the server forgot them with the old one. */
  private rearmTrees(): void {
    for (const [path, tree] of this.trees) {
      tree.armed = this.arm(path);
      tree.armed.catch((error: unknown) => console.warn(`could not watch ${path} again: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** The node's stat, or null when it does not exist (a watch then waits for its creation). */
  exists(path: string, watcher?: Watcher): Promise<ZnodeStat | null> {
    return this.call(path, (client, done) => {
      // The type declarations say the stat is never null; it is null when the node is absent.
      const callback = (error: unknown, stat: Stat | null): void => done(error, () => (stat ? toZnodeStat(stat) : null));
      if (watcher) client.exists(path, this.wrap(watcher), callback);
      else client.exists(path, callback);
    });
  }

  /** Creates a node and returns its actual path (with the sequence suffix for sequential modes). */
  create(path: string, data: Buffer | null = null, mode: CreateMode = 'persistent'): Promise<string> {
    return this.call(path, (client, done) => {
      const callback = (error: unknown, created: string): void => done(error, () => created);
      if (data) client.create(path, data, CREATE_MODES[mode], callback);
      else client.create(path, CREATE_MODES[mode], callback);
    });
  }

  /** Creates a persistent node and any missing parents; succeeds when it already exists. */
  mkdirp(path: string): Promise<string> {
    return this.call(path, (client, done) => client.mkdirp(path, (error, created) => done(error, () => created)));
  }

  setData(path: string, data: Buffer, version = -1): Promise<ZnodeStat> {
    return this.call(path, (client, done) => client.setData(path, data, version, (error, stat) => done(error, () => toZnodeStat(stat))));
  }

  remove(path: string, version = -1): Promise<void> {
    return this.call(path, (client, done) => client.remove(path, version, (error) => done(error, () => undefined)));
  }

  private call<T>(path: string, run: (client: Client, done: (error: unknown, value: () => T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let client: Client;
      try {
        client = this.requireClient();
      } catch (error) {
        reject(error);
        return;
      }
      try {
        run(client, (error, value) => (error ? reject(toZkError(error, path)) : resolve(value())));
      } catch (error) {
        // The client throws synchronously on an invalid path or argument.
        reject(toZkError(error, path));
      }
    });
  }

  /** A request of the wire layer (which answers with a promise) on the current client, its errors as ZkErrors. */
  private async callWire<T>(path: string, run: (client: Client) => Promise<T>): Promise<T> {
    const client = this.requireClient();
    try {
      return await run(client);
    } catch (error) {
      throw toZkError(error, path);
    }
  }

  private requireClient(): Client {
    if (this.client === null) throw new ZkError(this.closed ? 'CLOSED' : 'CONNECTION_LOSS', 'no ZooKeeper client');
    return this.client;
  }

  private wrap(watcher: Watcher): (event: ZkClientEvent) => void {
    let wrapped = this.wrappers.get(watcher);
    if (wrapped === undefined) {
      wrapped = (event: ZkClientEvent): void => {
        const type = EVENT_TYPES[event.getType()];
        if (type !== undefined) watcher({ type, path: event.getPath() });
      };
      this.wrappers.set(watcher, wrapped);
    }
    return wrapped;
  }

  private open(): void {
    if (this.closed) return;
    const generation = ++this.generation;
    const resume = generation === 1 ? this.options.resume : undefined;
    const client = createClient(this.options.connectString, {
      sessionTimeout: this.options.sessionTimeoutMs,
      spinDelay: 500,
      // Retrying a sequential create after CONNECTION_LOSS can duplicate it, so the client never retries.
      retries: 0,
      ...(resume ? { sessionId: resume.sessionId, sessionPassword: resume.password } : {}),
    });
    this.client = client;
    attachWire(client, {
      transport: this.options.transport ?? PLAIN_TCP,
      onProblem: (problem) => this.onProblem(problem),
      onNotification: (notification) => this.onNotification(notification),
      onBytes: (count) => (this.received += count),
    });
    const auth = this.options.auth;
    if (auth) client.addAuthInfo(auth.scheme, Buffer.from(auth.credentials));
    let connectedBefore = false;
    client.on('state', (state) => {
      if (generation !== this.generation) return;
      switch (state.name) {
        case 'SYNC_CONNECTED':
          this.rearmTrees();
          this.setState('connected');
          if (connectedBefore) {
            this.emit('reconnected');
          } else {
            connectedBefore = true;
            this.sessionHex = longBytesToHex(client.getSessionId());
            this.emit('session', this.sessionHex);
          }
          break;
        case 'CONNECTED_READ_ONLY':
          this.setState('read-only');
          break;
        case 'DISCONNECTED':
          // A refused login or certificate stays the state (with its reason) while the client tries again.
          if (this.currentState !== 'auth-failed' && this.currentState !== 'tls-failed') this.setState('disconnected');
          this.expireAfterSilence(client, generation);
          break;
        case 'AUTH_FAILED':
          this.setState('auth-failed');
          break;
        case 'EXPIRED':
          this.setState('expired');
          this.sessionHex = null;
          client.close();
          // The expired client never reconnects: a new one gets a new session.
          if (this.options.reopenAfterExpiry !== false) setTimeout(() => this.open(), 0);
          break;
        default:
          break;
      }
    });
    client.connect();
  }

  /**
   * A session no server has answered for longer than its timeout has expired, even when no
   * server can say so: a ZooKeeper restarted empty refuses a client that has seen a later zxid,
   * and the client would try it for ever. As Curator does, the session is then given up and a
   * new one opened (the explorer's own session owns no nodes to lose).
   */
  private expireAfterSilence(client: Client, generation: number): void {
    if (this.options.reopenAfterExpiry === false) return;
    const timeoutMs = this.options.sessionTimeoutMs;
    setTimeout(() => {
      // Another, shorter disconnection may have started since: only a silence as long as the timeout counts.
      if (generation !== this.generation || this.closed || this.currentState !== 'disconnected' || Date.now() - this.stateSince < timeoutMs - 50) return;
      console.warn(`no ZooKeeper server answered for ${timeoutMs} ms, the session timeout: taking the session as expired and opening a new one`);
      this.setState('expired');
      this.sessionHex = null;
      client.close();
      this.open();
    }, timeoutMs).unref();
  }

  private onProblem(problem: ConnectProblem | null): void {
    const reason = problem?.reason ?? null;
    if (reason !== this.lastReason) {
      this.lastReason = reason;
      this.emit('reason', reason);
    }
    if (problem?.kind === 'tls') this.setState('tls-failed');
    else if (problem?.kind === 'auth') this.setState('auth-failed');
  }

  private setState(state: ZkConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.stateSince = Date.now();
    this.emit('state', state);
  }
}
