/**
 * A TCP proxy on loopback between one simulated contender and ZooKeeper, through which real
 * network faults are made: a crash (the connection dies and cannot come back, so the session
 * lives on until it times out), a pause (nothing passes, as in a long GC pause), and a create
 * whose reply is lost (the request reaches ZooKeeper, the answer never reaches the client).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

// ZooKeeper's create operations (create, create2, createContainer, createTTL).
const CREATE_OPS = new Set([1, 15, 19, 21]);

interface Pair {
  client: Socket;
  server: Socket;
  /** Bytes from the client not yet framed into whole packets. */
  pending: Buffer;
  /** The first packet of a connection is the ConnectRequest, which has no request header. */
  connected: boolean;
  /** Bytes from ZooKeeper not yet framed into whole packets: they are passed on a whole packet at a time. */
  fromServer: Buffer;
  /** The xid of a create whose reply must be lost, with what to call once it was; null when none. */
  lose: { xid: number; done: () => void } | null;
}

export class FaultProxy {
  private readonly pairs = new Set<Pair>();
  private dead = false;
  private paused = false;
  private resumeTimer: NodeJS.Timeout | null = null;
  private loseCreateReply: (() => void) | null = null;

  private constructor(
    private readonly listener: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {
    listener.on('connection', (client) => this.accept(client));
  }

  static start(target: { host: string; port: number }): Promise<FaultProxy> {
    return new Promise((resolve, reject) => {
      const listener = createServer();
      listener.once('error', reject);
      listener.listen(0, '127.0.0.1', () => {
        const address = listener.address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        resolve(new FaultProxy(listener, port, target));
      });
    });
  }

  get connectString(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** The connection dies now and can never be made again: a crashed process. */
  kill(): void {
    this.dead = true;
    for (const pair of this.pairs) this.drop(pair);
  }

  /** Nothing passes for `ms`, in either direction; then everything held back flows again. */
  pause(ms: number): void {
    this.paused = true;
    for (const pair of this.pairs) {
      pair.client.pause();
      pair.server.pause();
    }
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => this.resume(), ms);
  }

  resume(): void {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
    this.paused = false;
    for (const pair of this.pairs) {
      pair.client.resume();
      pair.server.resume();
    }
  }

  /** The next create reaches ZooKeeper but its reply is lost with the connection. Resolves when that happened. */
  loseNextCreateReply(): Promise<void> {
    return new Promise((resolve) => {
      this.loseCreateReply = resolve;
    });
  }

  close(): Promise<void> {
    this.kill();
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    return new Promise((resolve) => this.listener.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.dead) {
      client.destroy();
      return;
    }
    const server = connect({ host: this.target.host, port: this.target.port });
    const pair: Pair = { client, server, pending: Buffer.alloc(0), connected: false, fromServer: Buffer.alloc(0), lose: null };
    this.pairs.add(pair);
    client.setNoDelay(true);
    server.setNoDelay(true);
    if (this.paused) {
      client.pause();
      server.pause();
    }
    client.on('data', (chunk: Buffer) => this.fromClient(pair, chunk));
    server.on('data', (chunk: Buffer) => this.fromServer(pair, chunk));
    const end = (): void => this.drop(pair);
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  }

  private fromClient(pair: Pair, chunk: Buffer): void {
    pair.server.write(chunk);
    if (this.loseCreateReply === null) {
      // Keep the framing only while needed: a fresh connection starts a new frame sequence.
      pair.pending = Buffer.alloc(0);
      pair.connected = true;
      return;
    }
    pair.pending = pair.pending.length === 0 ? chunk : Buffer.concat([pair.pending, chunk]);
    while (pair.pending.length >= 4) {
      const length = pair.pending.readInt32BE(0);
      if (pair.pending.length < 4 + length) break;
      const packet = pair.pending.subarray(4, 4 + length);
      pair.pending = pair.pending.subarray(4 + length);
      if (!pair.connected) {
        pair.connected = true;
        continue;
      }
      const op = packet.length >= 8 ? packet.readInt32BE(4) : -1;
      if (CREATE_OPS.has(op) && this.loseCreateReply !== null) {
        // Its reply is held back: once ZooKeeper has answered, the create surely happened, and the connection is cut instead.
        pair.lose = { xid: packet.readInt32BE(0), done: this.loseCreateReply };
        this.loseCreateReply = null;
      }
    }
  }

  /** Passes ZooKeeper's packets on whole; the reply of a create to lose is not passed, and the connection is cut there. */
  private fromServer(pair: Pair, chunk: Buffer): void {
    pair.fromServer = pair.fromServer.length === 0 ? chunk : Buffer.concat([pair.fromServer, chunk]);
    let passed = 0;
    while (pair.fromServer.length - passed >= 4) {
      const length = pair.fromServer.readInt32BE(passed);
      if (pair.fromServer.length - passed < 4 + length) break;
      // A reply starts with the request's xid (the first packet, the connect response, has none: its xid is never a create's).
      const lost = pair.lose !== null && length >= 4 && pair.connected && pair.fromServer.readInt32BE(passed + 4) === pair.lose.xid;
      if (lost) {
        pair.client.write(pair.fromServer.subarray(0, passed));
        const { done } = pair.lose!;
        pair.lose = null;
        this.drop(pair);
        done();
        return;
      }
      passed += 4 + length;
    }
    if (passed > 0) pair.client.write(pair.fromServer.subarray(0, passed));
    pair.fromServer = pair.fromServer.subarray(passed);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.server.destroy();
  }
}
