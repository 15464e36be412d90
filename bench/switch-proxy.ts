/**
 * A TCP proxy on loopback in front of a ZooKeeper, switched by the fleet bench between what an
 * ensemble does to its clients: it passes, it is down (nothing listens on its port: connections
 * refused), it is slow (every chunk held back a while, each way), or it leads to another server
 * (a member whose login changed). Each switch drops the connections it had.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { listenOnLoopback } from '../server/net';

export type ProxyMode = { kind: 'pass' } | { kind: 'down' } | { kind: 'slow'; ms: number };

export class SwitchProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private mode: ProxyMode = { kind: 'pass' };
  private listener: Server | null = null;

  private constructor(
    private targetPort: number,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<SwitchProxy> {
    const first = createServer({ allowHalfOpen: true });
    const port = await listenOnLoopback(first);
    const proxy = new SwitchProxy(targetPort, port);
    proxy.listen(first);
    return proxy;
  }

  get connectString(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Passes, refuses or slows from now on; `targetPort` leads to another server. Every connection open is dropped. */
  async set(mode: ProxyMode, targetPort = this.targetPort): Promise<void> {
    this.mode = mode;
    this.targetPort = targetPort;
    this.dropAll();
    if (mode.kind === 'down') await this.closeListener();
    else if (this.listener === null) {
      const listener = createServer({ allowHalfOpen: true });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(this.port, '127.0.0.1', () => resolve());
      });
      this.listen(listener);
    }
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.closeListener();
  }

  private listen(listener: Server): void {
    this.listener = listener;
    listener.on('connection', (client) => this.accept(client));
  }

  private closeListener(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    return listener === null ? Promise.resolve() : new Promise((resolve) => listener.close(() => resolve()));
  }

  private dropAll(): void {
    for (const [client, server] of this.pairs) {
      client.destroy();
      server.destroy();
    }
    this.pairs.clear();
  }

  private accept(client: Socket): void {
    const server = connect({ host: '127.0.0.1', port: this.targetPort, allowHalfOpen: true });
    const pair: [Socket, Socket] = [client, server];
    this.pairs.add(pair);
    client.setNoDelay(true);
    server.setNoDelay(true);
    // Held back alike, a side's end follows its last chunk (a four-letter word's reply ends its connection).
    const later = (act: () => void): void => {
      const mode = this.mode;
      if (mode.kind === 'slow') setTimeout(act, mode.ms);
      else act();
    };
    const forward = (to: Socket) => (chunk: Buffer) => later(() => to.destroyed || to.write(chunk));
    client.on('data', forward(server));
    server.on('data', forward(client));
    const drop = (): void => {
      this.pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('end', () => later(() => server.end()));
    server.on('end', () => later(() => client.end()));
    for (const socket of pair) {
      socket.on('close', drop);
      socket.on('error', drop);
    }
  }
}
