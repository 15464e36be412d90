/** Helpers for integration tests: the explorer on a free port and independent contender sessions. */
import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { expect, inject } from 'vitest';
import { HealthResponseSchema, LockListChangeSchema, LockSnapshotSchema, type Ack, type ClientToServerEvents, type HealthResponse, type LockDelta, type LockList, type LockSnapshot, type ServerToClientEvents } from '../../lib/protocol';
import { applyListChange } from '../../lib/view/lock-list-change';
import { createExplorer, type Explorer, type SimulationOptions } from '../app';
import { CONFIG_DEFAULTS } from '../config';
import type { FollowedFiles } from '../replay/follow';
import type { ZooKeeperVersion } from '../zk/embedded';
import type { AdminServerOptions } from '../zk/introspection';
import type { ZkTransport } from '../zk/wire/connection';
import { ZkSession } from '../zk/session';
import { fourLetterWord } from '../zk/four-letter';
import { parseWchc } from '../../lib/zk/four-letter';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The ZooKeeper lines the version-parametrised integration tests run against, each started by the global set-up. */
export const ZOOKEEPER_VERSIONS: readonly ZooKeeperVersion[] = ['3.8', '3.9'];

/** The connection string of the ZooKeeper of `version` the global set-up started; throws why, where 3.9 could not start. */
export function zkConnect(version: ZooKeeperVersion = '3.8'): string {
  if (version === '3.8') {
    const connect = inject('zkConnect');
    if (connect === '') throw new Error('no shared ZooKeeper in this run (INTEGRATION_SHARED_ZOOKEEPER=0: its files start ZooKeepers of their own)');
    return connect;
  }
  const connect = inject('zkConnect39');
  if (connect === '') throw new Error(`no ZooKeeper 3.9 to test against: ${inject('zk39Error')}`);
  return connect;
}

/** A fresh root for one test, so that tests never see each other's nodes. */
export function uniqueRoot(label: string): string {
  return `/it-${label}-${randomUUID().slice(0, 8)}`;
}

/** A new, connected ZooKeeper session of its own, like an independent client process. */
export async function openSession(sessionTimeoutMs = 4000): Promise<ZkSession> {
  const session = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs });
  await session.start(10_000);
  return session;
}

export interface RunningExplorer {
  explorer: Explorer;
  session: ZkSession;
  url: string;
  close(): Promise<void>;
}

/**
 * The explorer's API and socket.io (without the Next.js page) on a free loopback port. Its lock
 * discovery scans `roots`: by default a root of its own, so that it does not scan other tests' locks.
 */
export async function startExplorer(
  discovery?: { roots: string[]; maxNodes?: number; readsPerSecond?: number; activityRefreshMs?: number; rescanMs?: number; rescanAfterGrowthMs?: number },
  /** The simulation's options, and the admin token every control then needs. */
  simulation?: Partial<SimulationOptions> & { adminToken?: string | null },
  tuning: {
    staleHolderMs?: number;
    introspectionIntervalMs?: number;
    breakLocks?: boolean;
    /** Lock garbage deleted from the garbage routes (ALLOW_CLEANUP), and how fast. */
    cleanup?: { allowed: boolean; rate: number };
    connectString?: string;
    zkAdmin?: AdminServerOptions;
    introspectionLeaseMs?: number;
    /** TLS and SASL, for a secured ZooKeeper. */
    transport?: ZkTransport;
    /** False: serve at once, connected or not (to see how a refused connection is reported). */
    waitForSession?: boolean;
    historyCapacity?: number;
    metricsLockLimit?: number;
    /** ZooKeeper's files, followed for the past; closed with the explorer. */
    files?: FollowedFiles;
  } = {},
): Promise<RunningExplorer> {
  // Through `connectString` (a fault proxy, say) its own session may be slowed; introspection still asks ZooKeeper itself.
  const session = new ZkSession({ connectString: tuning.connectString ?? zkConnect(), sessionTimeoutMs: 4000, transport: tuning.transport });
  if (tuning.waitForSession === false) session.start(10_000).catch(() => undefined);
  else await session.start(10_000);
  const { adminToken = null, ...simulated } = simulation ?? {};
  const explorer = createExplorer({
    session,
    embedded: false,
    staleHolderMs: tuning.staleHolderMs,
    introspectionIntervalMs: tuning.introspectionIntervalMs ?? 300,
    zkAdmin: tuning.zkAdmin,
    introspectionLeaseMs: tuning.introspectionLeaseMs,
    breakLocks: tuning.breakLocks,
    cleanup: tuning.cleanup,
    historyCapacity: tuning.historyCapacity,
    metricsLockLimit: tuning.metricsLockLimit,
    files: tuning.files,
    discovery: { roots: discovery?.roots ?? [uniqueRoot('discovery')], maxNodes: discovery?.maxNodes ?? CONFIG_DEFAULTS.discoveryMaxNodes, readsPerSecond: discovery?.readsPerSecond, activityRefreshMs: discovery?.activityRefreshMs, rescanMs: discovery?.rescanMs, rescanAfterGrowthMs: discovery?.rescanAfterGrowthMs },
    adminToken,
    // Simulated contenders on the shared ZooKeeper (unslowed by a fault proxy the explorer goes through); in a run without one, on the explorer's.
    simulation: { allowed: true, simRoot: CONFIG_DEFAULTS.simRoot, connectString: inject('zkConnect') === '' && tuning.connectString !== undefined ? tuning.connectString : zkConnect(), maxContenders: 2000, ...simulated },
  });
  const url = await explorer.listen(0, '127.0.0.1');
  return {
    explorer,
    session,
    url,
    async close() {
      tuning.files?.close();
      await explorer.close();
      session.close();
    },
  };
}

/** A socket.io client of the explorer, connected. */
export async function connectClient(url: string, extraHeaders?: Record<string, string>, auth?: Record<string, string>): Promise<TestSocket> {
  const socket: TestSocket = connectSocket(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders, auth });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Sends a request and resolves with its ack. */
export function request(socket: TestSocket, event: keyof ClientToServerEvents, payload: unknown): Promise<Ack> {
  // Tests send what any client might, well-formed or not: the server's parsing is what they check.
  const emit = socket.emit.bind(socket) as (event: string, payload: unknown, ack: (ack: Ack) => void) => void;
  return new Promise((resolve) => emit(event, payload, resolve));
}

/** Collects a lock's snapshot and deltas as they arrive, and waits for the ones a test expects. */
/** Follows the lock list over `socket` as the dashboard does: the whole list once, then each change applied to it; every list so far, the last one current. */
export async function followLockList(socket: TestSocket): Promise<LockList[]> {
  const lists: LockList[] = [];
  socket.on('locks:list', (value) => lists.push(value));
  socket.on('locks:changes', (change) => {
    const last = lists.at(-1);
    if (last !== undefined) lists.push(applyListChange(last, LockListChangeSchema.parse(change)));
  });
  expect(await request(socket, 'locks:subscribe', {})).toEqual({ ok: true });
  return lists;
}

export class LockFeed {
  readonly snapshots: LockSnapshot[] = [];
  readonly deltas: LockDelta[] = [];
  private readonly waiters: Array<() => void> = [];

  constructor(socket: TestSocket) {
    socket.on('lock:snapshot', (snapshot) => {
      this.snapshots.push(snapshot);
      this.wake();
    });
    socket.on('lock:delta', (delta) => {
      this.deltas.push(delta);
      this.wake();
    });
  }

  /** Resolves with the first delta (from the start) that satisfies `match`, within `timeoutMs`. */
  delta(match: (delta: LockDelta) => boolean, timeoutMs = 10_000): Promise<LockDelta> {
    return this.until(() => this.deltas.find(match), timeoutMs, 'a matching delta');
  }

  snapshot(timeoutMs = 10_000): Promise<LockSnapshot> {
    return this.until(() => this.snapshots[0], timeoutMs, 'a snapshot');
  }

  private until<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      const check = (): void => {
        const found = find();
        if (found === undefined) {
          this.waiters.push(check);
          return;
        }
        clearTimeout(timer);
        resolve(found);
      };
      check();
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** Polls `probe` until it returns a value other than undefined. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Expires `session` now, the classic way: a second client joins the same session with its id
 * and password and closes it; the first client then learns that its session has expired. Under
 * load the first client can reconnect in between and keep the session, so the trick is repeated
 * until the expiry is seen.
 */
export async function expireSession(session: ZkSession, proxy?: { pause(ms: number): void; resume(): void }): Promise<void> {
  const before = session.sessionId;
  const expired = (): boolean => session.state === 'expired' || session.sessionId !== before;
  for (let attempt = 0; attempt < 5 && !expired(); attempt += 1) {
    const { sessionId, password } = session.credentials();
    // The session's own client is held back meanwhile (by its proxy, or by not connecting), so that it cannot take the session back before the twin ends it.
    proxy?.pause(10_000);
    if (proxy === undefined) session.holdConnections(10_000);
    const twin = new ZkSession({ connectString: zkConnect(), sessionTimeoutMs: 4000, resume: { sessionId, password } });
    try {
      await twin.start(10_000);
      twin.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      proxy?.resume();
      session.holdConnections(0);
    }
    const deadline = Date.now() + 4000;
    while (!expired() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!expired()) throw new Error(`session ${before} did not expire`);
}

/** The paths a session holds data watches on, as ZooKeeper's `wchc` reports them (the harness's ZooKeeper unless another is named). */
export async function watchesOf(sessionId: string, connectString = zkConnect()): Promise<string[]> {
  const [host, port] = connectString.split(':') as [string, string];
  return parseWchc(await fourLetterWord(host, Number(port), 'wchc')).get(sessionId) ?? [];
}

export async function health(running: RunningExplorer): Promise<HealthResponse> {
  return HealthResponseSchema.parse(await (await fetch(`${running.url}/api/health`)).json());
}

/** Starts an explorer that is expected not to connect to `connectString` with `transport`, and waits for the state it settles in and its reason. */
export async function refusedExplorer(connectString: string, transport: ZkTransport, state: 'tls-failed' | 'auth-failed'): Promise<{ running: RunningExplorer; status: HealthResponse }> {
  const running = await startExplorer({ roots: ['/nothing'] }, undefined, { connectString, transport, waitForSession: false, introspectionIntervalMs: 0 });
  const status = await eventually(async () => {
    const read = await health(running);
    return read.zookeeper.state === state && read.zookeeper.reason !== null ? read : undefined;
  }, 15_000);
  return { running, status };
}

export async function lockOf(running: RunningExplorer, path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${path}`)).json());
}

/** Waits until the explorer shows the lock with `count` nodes, `holders` holders and every waiter's watch confirmed by ZooKeeper. */
export function settledQueue(running: RunningExplorer, path: string, count: number, holders = 1): Promise<LockSnapshot> {
  return eventually(async () => {
    const snapshot = await lockOf(running, path);
    const waiters = snapshot.nodes.filter((node) => node.role === 'waiter');
    const holding = snapshot.nodes.filter((node) => node.role === 'holder');
    return snapshot.nodes.length === count && holding.length === holders && waiters.every((node) => node.watchConfirmed === true) ? snapshot : undefined;
  }, 20_000);
}

/** Three simulated contenders through the explorer's own API, run to the end: they must reach ZooKeeper the same way it does. */
export async function simulate(running: RunningExplorer, path: string): Promise<void> {
  const response = await fetch(`${running.url}/api/sim/contenders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, count: 3, strategy: 'chained', holdMs: 100, rounds: 2 }),
  });
  expect(response.status).toBe(201);
  await eventually(async () => {
    const list = (await (await fetch(`${running.url}/api/sim/contenders`)).json()) as { contenders: Array<{ state: string }> };
    return list.contenders.filter((contender) => contender.state === 'done').length === 3 ? true : undefined;
  }, 20_000);
}
