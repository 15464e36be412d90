/**
 * The explorer's ZooKeeper session over node-zookeeper-client: promises instead of callbacks,
 * a connect time-out (the client reports nothing when the first connect fails), and a new
 * session after expiry (the expired client is closed for good) announced with a `session`
 * event so that every watcher can re-arm.
 */
import { EventEmitter } from 'node:events';
import type { Client, Event as ZkClientEvent, Stat } from 'node-zookeeper-client';
import type { Reason, ZkConnectionState, ZnodeStat } from '../../lib/protocol';
import type { TouchedSession } from '../../lib/zk/admin-server';
import { longBytesToHex } from '../../lib/zk/ids';
import { attachWire, getAllChildrenNumber, PLAIN_TCP, sync, type ConnectProblem, type Notification, type ZkTransport } from './wire/connection';
import { BatchReads, type ChildrenResult } from './batch-read';
import { PersistentWatches } from './trees';
import { CREATE_MODES, EVENT_TYPES, toZkError, toZnodeStat, ZkError, type CreateMode, type ReadResult, type Watcher, type ZkSessionEvents, type ZkSessionOptions } from './zk-types';
import { newClient, untilConnected } from './connecting';

export { toZnodeStat, ZkError, type CreateMode, type ReadResult, type WatchEvent, type WatchEventType, type Watcher, type ZkAuth, type ZkSessionOptions } from './zk-types';

export class ZkSession extends EventEmitter<ZkSessionEvents> {
  private client: Client | null = null;
  private generation = 0;
  private closed = false;
  private currentState: ZkConnectionState = 'connecting';
  private stateSince = Date.now();
  private sessionHex: string | null = null;
  private lastProblem: ConnectProblem | null = null;
  private notifications = 0;
  private received = 0;
  private readonly trees = new PersistentWatches((path, run) => this.callWire(path, run));
  private readonly reads = new BatchReads(
    (path) => this.getData(path),
    (path) => this.getChildren(path),
    (path, run) => this.callWire(path, run),
  );
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
    return this.lastProblem?.reason ?? null;
  }

  /** The same as a kind and its parameters, for a page to word in its language. */
  get why(): Reason | null {
    return this.lastProblem?.why ?? null;
  }

  /** The current session id as hex, or null before the first connection. */
  get sessionId(): string | null {
    return this.sessionHex;
  }

  /** The session's timeout as ZooKeeper negotiated it (ms); null while not connected. */
  get timeoutMs(): number | null {
    return this.currentState === 'connected' && this.client !== null ? this.client.getSessionTimeout() : null;
  }

  /**
   * Touches the session with a request and says when it was sent and answered (the AdminServer's
   * expiry times are placed on the wall clock through it); null without a session, or when a new
   * one came in between.
   */
  async touch(): Promise<TouchedSession | null> {
    const { sessionId, timeoutMs } = this;
    if (sessionId === null || timeoutMs === null) return null;
    const sentAt = Date.now();
    await this.exists('/');
    const answeredAt = Date.now();
    return this.sessionId === sessionId ? { session: sessionId, timeoutMs, sentAt, answeredAt } : null;
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
   * For tests that expire this session on purpose: opens no connection for `ms` (0: lets go), so
   * that the client cannot take its session back from the twin that closes it.
   */
  holdConnections(ms: number): void {
    this.heldUntil = ms > 0 ? Date.now() + ms : 0;
  }

  private heldUntil = 0;

  /**
   * Opens the session and resolves once connected. On time-out it rejects, but the client
   * keeps trying, so a caller may carry on and wait for the `session` event.
   */
  start(timeoutMs = 15_000): Promise<void> {
    this.open();
    return this.waitForConnection(timeoutMs);
  }

  /** Resolves when connected now or within `timeoutMs` (see `untilConnected`). */
  waitForConnection(timeoutMs: number): Promise<void> {
    return untilConnected(this, timeoutMs);
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
    return this.reads.batching;
  }

  /**
   * Reads the data and stat of many nodes without watches (see `BatchReads.read`): each result
   * is the node's data and stat, or the error of its own read (NO_NODE when it went).
   */
  getDataMany(paths: readonly string[]): Promise<ReadResult[]> {
    return this.reads.read(paths);
  }

  /** Lists the children of many nodes without watches (see `BatchReads.children`): each result is the names, or the error of its own listing. */
  getChildrenMany(paths: readonly string[]): Promise<ChildrenResult[]> {
    return this.reads.children(paths);
  }

  /** How many nodes lie below `path`, at any depth (ZooKeeper 3.6+; UNIMPLEMENTED before). */
  countDescendants(path: string): Promise<number> {
    return this.callWire(path, (client) => getAllChildrenNumber(client, path));
  }

  /**
   * Makes the connected server catch up with the leader: reads sent after it (on this session,
   * which ZooKeeper serves in order) see every write committed before it, even on a follower.
   */
  sync(path: string): Promise<void> {
    return this.callWire(path, (client) => sync(client, path));
  }

  /**
   * Follows `path` and everything below it with one persistent recursive watch (see
   * `PersistentWatches.watch`). Rejects when the server refuses persistent watches.
   */
  watchTree(path: string, watcher: Watcher): Promise<() => Promise<void>> {
    return this.trees.watch(path, watcher);
  }

  private onNotification(notification: Notification): void {
    this.notifications += 1;
    this.trees.notify(notification);
    if (this.listenerCount('notification') > 0) this.emit('notification', notification.path);
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
    return this.trees.refused;
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

  /**
   * Creates many nodes in one transaction (a multi: all or none), parents before children, with
   * the same mode and data. Builds a large tree in a few hundred requests.
   */
  createMany(paths: readonly string[], mode: CreateMode = 'persistent', data: Buffer | null = null): Promise<void> {
    return this.call(paths[0] ?? '/', (client, done) => {
      const transaction = client.transaction();
      for (const path of paths) {
        if (data) transaction.create(path, data, CREATE_MODES[mode]);
        else transaction.create(path, CREATE_MODES[mode]);
      }
      transaction.commit((error) => done(error, () => undefined));
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

  /**
   * Deletes a node only while its data version is `version`: one `multi` of a check and the
   * delete, so that the delete fails as a whole (BAD_VERSION, NOT_EMPTY, NO_NODE) when the node
   * changed or a child came.
   */
  removeIfVersion(path: string, version: number): Promise<void> {
    return this.call(path, (client, done) => {
      client
        .transaction()
        .check(path, version)
        .remove(path, version)
        .commit((error) => done(error, () => undefined));
    });
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
  private callWire<T>(path: string, run: (client: Client) => Promise<T>): Promise<T> {
    let answer: Promise<T>;
    try {
      answer = run(this.requireClient());
    } catch (error) {
      return Promise.reject(toZkError(error, path));
    }
    return answer.catch((error: unknown) => {
      throw toZkError(error, path);
    });
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
    const client = newClient(this.options, resume);
    this.client = client;
    attachWire(client, {
      transport: this.options.transport ?? PLAIN_TCP,
      onProblem: (problem) => this.onProblem(problem),
      onNotification: (notification) => this.onNotification(notification),
      onBytes: (count) => (this.received += count),
      heldUntil: () => this.heldUntil,
    });
    const auth = this.options.auth;
    if (auth) client.addAuthInfo(auth.scheme, Buffer.from(auth.credentials));
    let connectedBefore = false;
    client.on('state', (state) => {
      if (generation !== this.generation) return;
      switch (state.name) {
        case 'SYNC_CONNECTED':
          this.trees.rearm();
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
    const before = this.reason;
    this.lastProblem = problem;
    if (reason !== before) this.emit('reason', reason);
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
