/**
 * One simulated contender: a real ZooKeeper client with its own session and its own loopback
 * proxy, running a lock recipe for a number of rounds, counting what it costs, and suffering
 * real faults on request.
 */
import type { ContenderInfo, ContenderState, SpawnRequest } from '../../lib/protocol';
import type { HoldInterval } from '../../lib/sim/ledger';
import { ZkError, ZkSession } from '../zk/session';
import type { ZkTransport } from '../zk/wire/connection';
import { sleep, systemClock, randomGuids, type GuidSource, type SimClock } from './clock';
import { countedLockClient, Inbox, newCounters, Stopped } from './lock-client';
import { FaultProxy } from './proxy';
import { strategyFor, type Held, type LockClient } from './strategies';

export interface ContenderOptions extends SpawnRequest {
  id: string;
  /** ZooKeeper as seen from the proxy: the first host of the connect string. */
  target: { host: string; port: number };
  /** How ZooKeeper is reached: the proxy speaks its TLS, the contender's session its SASL. */
  transport: ZkTransport;
  /** Called whenever something a viewer would see changed. */
  onChange: () => void;
  /** Records every interval in which it believes it holds the lock, when it starts; `end` is set when it ends. */
  onHold: (interval: HoldInterval) => void;
  /** The time it runs on and where its GUID comes from (the system's when absent). */
  clock?: SimClock;
  guids?: GuidSource;
}

export class Contender {
  readonly id: string;
  private state: ContenderState = 'connecting';
  private session: ZkSession | null = null;
  private proxy: FaultProxy | null = null;
  private held: Held | null = null;
  /** The path of the last ephemeral node it made and has not removed: its place in the queue. */
  private queued: string | null = null;
  private hold: HoldInterval | null = null;
  private round = 0;
  private stopped = false;
  private error: string | null = null;
  private readonly counters = newCounters();
  private violations = 0;
  private readonly inbox = new Inbox();
  private releaseNow: (() => void) | null = null;
  private pausedUntil = 0;
  private readonly uuid: string;
  private readonly hex: string;
  private readonly clock: SimClock;

  constructor(private readonly options: ContenderOptions) {
    this.id = options.id;
    this.clock = options.clock ?? systemClock;
    this.uuid = (options.guids ?? randomGuids)();
    this.hex = this.uuid.replace(/-/g, '');
  }

  /** Connects through its proxy; rejects with a clear message when ZooKeeper refuses the connection. */
  async connect(): Promise<void> {
    this.proxy = await FaultProxy.start(this.options.target, this.options.transport.tls, this.clock);
    this.session = new ZkSession({
      connectString: this.proxy.connectString,
      sessionTimeoutMs: this.options.sessionTimeoutMs,
      reopenAfterExpiry: false,
      transport: { tls: null, sasl: this.options.transport.sasl },
    });
    this.session.on('state', (state) => {
      if (state === 'expired' && !this.stopped) {
        this.finishHold();
        this.setState('expired');
        this.abort();
      }
    });
    try {
      await this.session.start(8_000);
    } catch (error) {
      this.fail(
        error instanceof ZkError && error.code === 'CONNECT_TIMEOUT'
          ? 'ZooKeeper did not accept the connection: it may limit connections per client address (maxClientCnxns)'
          : String(error instanceof Error ? error.message : error),
      );
      throw new Error(this.error ?? 'connection failed');
    }
  }

  private markJoined: () => void = () => undefined;

  /**
   * Runs its rounds in the background; resolves once it has made its first create, so that
   * contenders started one after another queue in the order they were spawned.
   */
  start(): Promise<void> {
    const joined = new Promise<void>((resolve) => {
      this.markJoined = resolve;
    });
    void this.run().finally(() => this.markJoined());
    return joined;
  }

  info(): ContenderInfo {
    return {
      id: this.id,
      path: this.options.path,
      strategy: this.options.strategy,
      state: this.state,
      sessionId: this.session?.sessionId ?? null,
      node: this.held?.node ?? (this.queued === null ? null : this.queued.slice(this.queued.lastIndexOf('/') + 1)),
      czxid: this.held?.czxid ?? null,
      believesHolding: this.state === 'paused' && this.held !== null,
      round: this.round,
      ...this.counters,
      violations: this.violations,
      error: this.error,
    };
  }

  get sessionId(): string | null {
    return this.session?.sessionId ?? null;
  }

  get currentState(): ContenderState {
    return this.state;
  }

  /** Whether it waits for a notification now: its watch is set and nothing woke it yet. */
  get awaitingNotification(): boolean {
    return this.inbox.awaiting;
  }

  /** Marks that it took part in a mutual-exclusion violation. */
  countViolation(): void {
    this.violations += 1;
  }

  /** Gives the lock back now instead of at the end of its hold time. */
  release(): boolean {
    if (this.releaseNow === null) return false;
    this.releaseNow();
    return true;
  }

  /** The process dies: the connection goes without closing the session, whose nodes live until it times out. */
  crash(): void {
    this.proxy?.kill();
    this.setState('crashed');
    this.finishHold();
    this.stopped = true;
    this.abort();
    // The connection is already gone for good, so closing cannot reach ZooKeeper to end the session.
    this.session?.close();
  }

  /**
   * ZooKeeper expires the session now, by the classic trick: a second connection joins the
   * session with its id and password and closes it. The proxy holds traffic meanwhile, so that
   * this contender cannot take its session back in between; afterwards it learns of the expiry
   * as an application would.
   */
  async expire(connectString: string): Promise<void> {
    if (this.session === null || this.proxy === null) throw new Error('not connected');
    const { sessionId, password } = this.session.credentials();
    this.proxy.pause(60_000);
    try {
      const twin = new ZkSession({
        connectString,
        sessionTimeoutMs: this.options.sessionTimeoutMs,
        resume: { sessionId, password },
        reopenAfterExpiry: false,
        transport: this.options.transport,
      });
      await twin.start(10_000);
      twin.close();
      await sleep(this.clock, 200);
    } finally {
      this.proxy.resume();
    }
  }

  /** Stops heartbeating for `ms`, as in a GC pause: it believes it still holds, whatever ZooKeeper decides meanwhile. */
  pause(ms: number): void {
    this.proxy?.pause(ms);
    this.pausedUntil = this.clock.now() + ms;
    const before = this.state;
    this.setState('paused');
    this.clock.after(ms, () => {
      if (this.state === 'paused') this.setState(before);
    });
  }

  /** The next create reaches ZooKeeper, but its reply is lost with the connection. */
  loseNextCreateReply(): Promise<void> {
    if (this.proxy === null) throw new Error('not connected');
    return this.proxy.loseNextCreateReply();
  }

  /** Stops it and ends its session, which removes its ephemeral nodes. */
  async close(): Promise<void> {
    this.stopped = true;
    this.finishHold();
    this.abort();
    if (this.state !== 'crashed' && this.state !== 'expired') this.setState('closed');
    this.session?.close();
    // The close request goes out before the proxy closes (real time: it is the socket's).
    await new Promise((resolve) => setTimeout(resolve, 50));
    await this.proxy?.close();
  }

  private async run(): Promise<void> {
    const strategy = strategyFor(this.options.strategy);
    const client = this.lockClient();
    try {
      while (!this.stopped && (this.options.rounds === 0 || this.round < this.options.rounds)) {
        this.round += 1;
        this.setState('waiting');
        const waitStart = this.clock.now();
        const held = await this.interruptible(strategy.acquire(client));
        this.counters.waitMs += this.clock.now() - waitStart;
        this.counters.acquisitions += 1;
        this.held = held;
        this.hold = { contender: this.id, mode: held.mode, start: this.clock.now(), end: null, token: held.czxid };
        this.options.onHold(this.hold);
        this.setState('holding');
        await this.holdFor(this.options.holdMs);
        this.finishHold();
        await this.interruptible(strategy.release(client, held));
        this.held = null;
        this.setState('waiting');
        if (this.options.thinkMs > 0) await this.interruptible(sleep(this.clock, this.options.thinkMs));
      }
      if (!this.stopped) {
        this.setState('done');
        this.session?.close();
      }
    } catch (error) {
      if (error instanceof Stopped || this.stopped) return;
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  /** Holds for `ms` of its own time: a pause stops its clock, as a GC pause stops a process. */
  private holdFor(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let remaining = ms;
      let last = this.clock.now();
      const finish = (): void => {
        stop();
        this.releaseNow = null;
        resolve();
      };
      const stop = this.clock.every(Math.min(50, Math.max(5, ms / 4)), () => {
        const now = this.clock.now();
        if (now >= this.pausedUntil) remaining -= now - last;
        last = now;
        if (remaining <= 0 || this.stopped) finish();
      });
      this.releaseNow = finish;
      if (ms === 0) finish();
    });
  }

  private finishHold(): void {
    if (this.hold === null) return;
    this.hold.end = this.clock.now();
    this.counters.holdMs += this.hold.end - this.hold.start;
    this.hold = null;
  }

  private lockClient(): LockClient {
    return countedLockClient({
      ...this.options,
      uuid: this.uuid,
      hex: this.hex,
      clock: this.clock,
      counters: this.counters,
      inbox: this.inbox,
      session: () => {
        if (this.session === null) throw new ZkError('CONNECTION_LOSS', 'not connected');
        return this.session;
      },
      onNotification: () => this.options.onChange(),
      onCreate: (created, mode) => {
        // Its node in the queue (an ephemeral one: a recipe's parents are persistent), named while it waits as well as while it holds.
        if (created !== null && mode.startsWith('ephemeral')) this.queued = created;
        this.markJoined();
      },
      onRemove: (path) => {
        if (path === this.queued) this.queued = null;
      },
    });
  }

  /** Races a step against being stopped, so that a crashed or expired contender leaves its loop. */
  private aborters = new Set<(error: Error) => void>();

  private interruptible<T>(step: Promise<T>): Promise<T> {
    if (this.stopped) {
      // The step runs on against a closed session; its failure is expected and not reported.
      step.catch(() => undefined);
      return Promise.reject(new Stopped());
    }
    return new Promise<T>((resolve, reject) => {
      const abort = (error: Error): void => reject(error);
      this.aborters.add(abort);
      step.then(
        (value) => {
          this.aborters.delete(abort);
          resolve(value);
        },
        (error: unknown) => {
          this.aborters.delete(abort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private abort(): void {
    this.stopped = true;
    this.releaseNow?.();
    this.inbox.close();
    for (const abort of this.aborters) abort(new Stopped());
    this.aborters.clear();
  }

  private fail(message: string): void {
    this.error = message;
    this.setState('closed');
  }

  private setState(state: ContenderState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onChange();
  }
}
