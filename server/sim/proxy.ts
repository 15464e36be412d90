/**
 * A TCP proxy on loopback between one simulated contender and ZooKeeper, through which real
 * network faults are made: a crash (the connection dies and cannot come back, so the session
 * lives on until it times out), a pause (nothing passes, as in a long GC pause), and a create
 * whose reply is lost (the request reaches ZooKeeper, the answer never reaches the client).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { tlsOptions, type ZkTls } from '../zk/wire/connection';
import { CREATE_OPS, Framer } from '../zk/wire/jute';
import { listenOnLoopback } from '../net';
import { systemClock, type SimClock } from './clock';

interface Pair {
  client: Socket;
  server: Socket;
  /** The client's packets, framed only while a create's reply is to be lost. */
  fromClient: Framer;
  /** The first packet of a connection is the ConnectRequest, which has no request header. */
  connected: boolean;
  /** ZooKeeper's packets: they are passed on a whole packet at a time. */
  fromServer: Framer;
  /** The first packet from ZooKeeper is the ConnectResponse, which has no xid. */
  answered: boolean;
  /** A four-letter word's connection: its reply is text, passed on as it comes, not as packets. */
  word: boolean;
  /** The xid of a create whose reply must be lost, with what to call once it was; null when none. */
  lose: { xid: number; done: () => void } | null;
}

export class FaultProxy {
  private readonly pairs = new Set<Pair>();
  private dead = false;
  private paused = false;
  /** Cancels the pending resume of a pause. */
  private resumeTimer: (() => void) | null = null;
  private loseCreateReply: (() => void) | null = null;
  private cutWord: { word: string; done: () => void } | null = null;

  private constructor(
    private readonly listener: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
    private readonly tls: ZkTls | null,
    private readonly clock: SimClock,
  ) {
    listener.on('connection', (client) => this.accept(client));
  }

  /** A proxy to `target`; with `tls`, the proxy speaks TLS to ZooKeeper and plain TCP on its loopback side. */
  static async start(target: { host: string; port: number }, tls: ZkTls | null = null, clock: SimClock = systemClock): Promise<FaultProxy> {
    // Half-open: a four-letter word's client ends its side once it has asked, and the reply still comes back.
    const listener = createServer({ allowHalfOpen: true });
    const port = await listenOnLoopback(listener);
    return new FaultProxy(listener, port, target, tls, clock);
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
    this.resumeTimer?.();
    this.resumeTimer = this.clock.after(ms, () => this.resume());
  }

  resume(): void {
    this.resumeTimer?.();
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

  /**
   * The next connection that asks the four-letter word `word` (`dump`, `cons`...) is cut before
   * ZooKeeper reads it, as a reply lost on a busy network is. Resolves when that happened.
   */
  cutNextWord(word: string): Promise<void> {
    return new Promise((resolve) => {
      this.cutWord = { word, done: resolve };
    });
  }

  close(): Promise<void> {
    this.kill();
    this.resumeTimer?.();
    return new Promise((resolve) => this.listener.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.dead) {
      client.destroy();
      return;
    }
    const server = this.tls === null ? connect({ ...this.target, allowHalfOpen: true }) : connectTls({ ...this.target, ...tlsOptions(this.target.host, this.tls) });
    const pair: Pair = { client, server, fromClient: new Framer(), connected: false, fromServer: new Framer(), answered: false, word: false, lose: null };
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
    // Each side's end is passed on; the pair goes when a side closes (both ways done, or an error).
    client.on('end', () => pair.server.end());
    server.on('end', () => pair.client.end());
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  }

  private fromClient(pair: Pair, chunk: Buffer): void {
    // A connection's first bytes are a packet's length, or a four-letter word.
    if (!pair.connected) pair.word = /^[a-z]{4}$/.test(chunk.toString('latin1', 0, 4));
    if (pair.word && this.cutWord !== null && chunk.toString('latin1', 0, 4) === this.cutWord.word) {
      const { done } = this.cutWord;
      this.cutWord = null;
      // Reset, as a connection lost on the way is: the asker reads an error, not an empty reply.
      this.pairs.delete(pair);
      pair.client.resetAndDestroy();
      pair.server.destroy();
      done();
      return;
    }
    pair.server.write(chunk);
    if (this.loseCreateReply === null) {
      // Keep the framing only while needed: a fresh connection starts a new frame sequence.
      pair.fromClient.reset();
      pair.connected = true;
      return;
    }
    for (const packet of pair.fromClient.push(chunk)) {
      if (!pair.connected) {
        pair.connected = true;
        continue;
      }
      const op = packet.length >= 12 ? packet.readInt32BE(8) : -1;
      if (CREATE_OPS.has(op) && this.loseCreateReply !== null) {
        // Its reply is held back: once ZooKeeper has answered, the create surely happened, and the connection is cut instead.
        pair.lose = { xid: packet.readInt32BE(4), done: this.loseCreateReply };
        this.loseCreateReply = null;
      }
    }
  }

  /** Passes ZooKeeper's packets on whole; the reply of a create to lose is not passed, and the connection is cut there. */
  private fromServer(pair: Pair, chunk: Buffer): void {
    if (pair.word) {
      pair.client.write(chunk);
      return;
    }
    pair.client.cork();
    for (const packet of pair.fromServer.push(chunk)) {
      // A reply starts with the request's xid (the first packet, the connect response, has none).
      const lost = pair.lose !== null && pair.answered && packet.length >= 8 && packet.readInt32BE(4) === pair.lose.xid;
      pair.answered = true;
      if (lost) {
        const { done } = pair.lose!;
        pair.lose = null;
        pair.client.uncork();
        this.drop(pair);
        done();
        return;
      }
      pair.client.write(packet);
    }
    pair.client.uncork();
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.server.destroy();
  }
}
