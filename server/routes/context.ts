/** What the routes and socket handlers share: the explorer's parts, its features, and the checks every control passes. */
import type { FollowedFiles } from '../replay/follow';
import type { Features, ZkStatus } from '../../lib/protocol';
import type { LockDiscovery } from '../locks/discovery';
import type { LockHistories } from '../locks/history';
import type { LockRegistry } from '../locks/registry';
import type { SimulatorThread } from '../sim/thread';
import type { Introspection } from '../zk/introspection';
import type { ZkSession } from '../zk/session';
import { HttpError } from '../http-error';
import { RateLimiter, tokenMatches } from '../security';

/** The most control requests (spawn, fault, stop, break) one client address may send a minute. */
export const CONTROL_REQUESTS_PER_MINUTE = 1200;

export interface ExplorerContext {
  session: ZkSession;
  registry: LockRegistry;
  discovery: LockDiscovery;
  introspection: Introspection;
  /** What happened to each followed lock. */
  histories: LockHistories;
  simulator: SimulatorThread | null;
  features: Features;
  /** The explorer's own ZooKeeper session, as the page shows it. */
  status(): ZkStatus;
  /** Where locks are discovered (LOCK_ROOTS): the only nodes shown and broken. */
  roots: readonly string[];
  controls: Controls;
  /** ZooKeeper's own files, followed for the past (ZK_DATA_DIR, or the embedded ZooKeeper's); null when there are none. */
  files: FollowedFiles | null;
  /** The ensemble's clock (ms since the epoch). */
  now(): number;
}

/** The checks of every control, over HTTP and the socket. */
export interface Controls {
  /** Throws 401 unless `token` is the admin token, when one is configured. */
  requireToken(token: string | null): void;
  /** The simulator, once simulation is allowed and the token is right; throws 403 or 401. */
  simulator(token: string | null): SimulatorThread;
  /** Whether one more control request from `address` is within CONTROL_REQUESTS_PER_MINUTE. */
  allow(address: string): boolean;
  /** What a refused control is told. */
  readonly tooMany: string;
}

export function createControls(adminToken: string | null, simulator: SimulatorThread | null, features: Features, rate: RateLimiter): Controls {
  const requireToken = (token: string | null): void => {
    if (adminToken !== null && !tokenMatches(token, adminToken)) throw new HttpError(401, 'this control needs the admin token (Authorization: Bearer <token>)');
  };
  return {
    requireToken,
    simulator(token) {
      if (simulator === null) throw new HttpError(403, features.simulationReason ?? 'simulation is off');
      requireToken(token);
      return simulator;
    },
    allow: (address) => rate.allow(address),
    tooMany: `too many control requests: at most ${CONTROL_REQUESTS_PER_MINUTE} a minute from one address`,
  };
}

/** The limit of control requests from one address: one for the whole explorer, whichever ensembles they go to. */
export function controlRate(): RateLimiter {
  return new RateLimiter(CONTROL_REQUESTS_PER_MINUTE);
}
