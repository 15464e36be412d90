/**
 * The explorer's HTTP server: the REST API, socket.io and (when given) Next.js on one port.
 * This module only wires the parts together: the routes are in `routes/` (locks, sim, break, ops, behind the controls' guard),
 * the socket handlers in `sockets.ts`, the answer to a failed request in `http-error.ts`.
 */
import type { FollowedFiles } from './replay/follow';
import { FilesActivity, filesRouter, readOnForMoments } from './replay/live';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { ENSEMBLE_WORST, type EnsembleSummary, type Features, type ZkStatus } from '../lib/protocol';
import { ensembleStanding } from '../lib/view/ensemble-standing';
import { needingLook } from '../lib/view/lock-table';
import { CONFIG_DEFAULTS } from './config';
import { Router } from 'express';
import { endRoutes } from './http-error';
import { LockDiscovery } from './locks/discovery';
import { HISTORY_WINDOW_MS, LockHistories } from './locks/history';
import { LockRegistry } from './locks/registry';
import { controlRate, createControls, type ExplorerContext } from './routes/context';
import type { RateLimiter } from './security';
import { breakRouter } from './routes/break';
import { garbageRouter } from './routes/garbage';
import { LockGarbage } from './locks/garbage';
import { controlsGuard } from './routes/controls';
import { fleetRouter, type RoutedEnsemble } from './routes/fleet';
import { fleetMetrics, type EnsembleMetricsSources } from './metrics';
import { locksRouter } from './routes/locks';
import { opsRouter } from './routes/ops';
import { simRouter } from './routes/sim';
import { listenHttp } from './net';
import { closeWebServer, createWebServer, type ExplorerIo, type ExplorerSpace } from './web';
import { ContenderBudget, SimulatorThread } from './sim/thread';
import { attachSockets, followsAnything, followsList } from './sockets';
import { Introspection, type AdminServerOptions } from './zk/introspection';
import type { ZkSession } from './zk/session';

export { CONTROL_REQUESTS_PER_MINUTE } from './routes/context';

/** Each contender holds a session and a loopback proxy: a bound on what one explorer may open, every ensemble's together. */
export const MAX_CONTENDERS = 2000;
export { MAX_SUBSCRIPTIONS_PER_SOCKET } from './sockets';

/** How the explorer is built; whatever is left out is the configuration's default (CONFIG_DEFAULTS). */
export interface ExplorerOptions {
  session: ZkSession;
  /** The ensemble's one clock (ms since the epoch), read by its introspection, its locks' machines and timers, the lock list and the histories: `Date.now` unless a test gives its own. */
  now?: () => number;
  /** Whether the explorer started this ZooKeeper itself. */
  embedded: boolean;
  /** Where locks are discovered (LOCK_ROOTS), an explicit cap on the scan (null: none) and its rate. */
  discovery?: { roots: string[]; maxNodes?: number | null; readsPerSecond?: number; activityRefreshMs?: number; pollMs?: number; rescanMs?: number; rescanAfterGrowthMs?: number };
  /** A holder that holds longer than this (ms) is named a stale holder. */
  staleHolderMs?: number;
  /** How many holds and waits each lock's history keeps (HISTORY_CAPACITY). */
  historyCapacity?: number;
  /** How many locks get their own hold, wait and handover series (METRICS_LOCK_LIMIT). */
  metricsLockLimit?: number;
  /** How often every ZooKeeper server is asked for watches and connections (ms); 0 turns it off. */
  introspectionIntervalMs?: number;
  /** Where each member's AdminServer is, asked where its four-letter words are refused. */
  zkAdmin?: AdminServerOptions;
  /** How long after an API read ZooKeeper is still asked with no page open (ms; a minute by default). */
  introspectionLeaseMs?: number;
  /** When set, every control (simulation, breaking a lock) needs `Authorization: Bearer <token>` (or the socket's `auth.token`). */
  adminToken?: string | null;
  /** Simulated contenders: the sandbox, and whether they are allowed at all. */
  simulation?: SimulationOptions;
  /** Whether a lock node may be deleted to break a stuck lock (ALLOW_BREAK_LOCKS). */
  breakLocks?: boolean;
  /** Whether lock garbage may be deleted from the garbage page (ALLOW_CLEANUP), and how fast (CLEANUP_DELETES_PER_SECOND). */
  cleanup?: { allowed: boolean; rate: number };
  /** ZooKeeper's own files, followed for each lock's past (ZK_DATA_DIR, or the embedded ZooKeeper's); none by default. */
  files?: FollowedFiles | null;
  /** Next.js's request handler; without it only the API and socket.io are served (tests). */
  nextHandler?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

export interface SimulationOptions {
  /** On when the ZooKeeper is embedded or ALLOW_SIMULATION is set. */
  allowed: boolean;
  simRoot: string;
  /** The connection string the contenders use. */
  connectString: string;
  maxContenders: number;
}

/** One ensemble of an explorer that follows several: its name (`?ensemble=`, `/e/<name>/…`) and how it is followed. */
export interface EnsembleOptions extends Omit<ExplorerOptions, 'nextHandler' | 'adminToken'> {
  name: string;
}

/** An explorer of several ensembles on one port: each followed on its own, the token and the pages shared. */
export interface FleetOptions {
  /** The first is the one a route without `?ensemble=` reads, and the one the socket's default namespace serves. */
  ensembles: EnsembleOptions[];
  adminToken?: string | null;
  /** The most simulated contenders alive at once in all the ensembles together (MAX_CONTENDERS by default); each ensemble's simulation has its own bound besides. */
  maxContenders?: number;
  nextHandler?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

/** One ensemble the explorer follows, and its parts. */
export interface FollowedEnsemble {
  name: string;
  session: ZkSession;
  registry: LockRegistry;
  discovery: LockDiscovery;
  histories: LockHistories;
  simulator: SimulatorThread | null;
  /** How it stands, for `GET /api/ensembles`. */
  summary(): EnsembleSummary;
}

export interface Explorer {
  httpServer: HttpServer;
  io: ExplorerIo;
  /** The first ensemble's parts. */
  registry: LockRegistry;
  discovery: LockDiscovery;
  histories: LockHistories;
  simulator: SimulatorThread | null;
  /** Every ensemble followed, the first first. */
  ensembles: FollowedEnsemble[];
  /** Listens and resolves with the URL it serves. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

/** The paths whose answers rest on ZooKeeper's report: reading one keeps the report coming for a while. */
const REPORTED_PATHS = ['/api/locks', '/api/sessions', '/api/diagnostics', '/api/waits-for', '/api/zookeeper', '/api/garbage'];

/** An explorer of one ensemble (named `default`). */
export function createExplorer(options: ExplorerOptions): Explorer {
  const { nextHandler, adminToken, ...ensemble } = options;
  return createFleet({ ensembles: [{ name: 'default', ...ensemble }], adminToken, nextHandler });
}

/**
 * An explorer of every ensemble of `options` on one port: each followed by parts of its own
 * (session, discovery, registry, histories, introspection, simulator), read by `?ensemble=<name>`
 * on every route (the first without it) and by the socket namespace `/e/<name>` (the first's also `/`).
 */
export function createFleet(options: FleetOptions): Explorer {
  if (options.ensembles.length === 0) throw new Error('an explorer follows at least one ensemble');
  const { app, httpServer, io } = createWebServer();
  const adminToken = options.adminToken ?? null;
  // One limit of control requests from an address across every ensemble: a fleet of N is not N times the limit.
  const rate = controlRate();
  // And one bound of the contenders alive: each is a session and a proxy of this one process.
  const budget = new ContenderBudget(options.maxContenders ?? MAX_CONTENDERS);
  const followed = options.ensembles.map((ensemble, i) => followEnsemble(ensemble, [io.of(`/e/${ensemble.name}`), ...(i === 0 ? [io.of('/')] : [])], adminToken, { rate, budget }));
  app.use(fleetRouter(followed, fleetMetrics(followed.map((ensemble) => ensemble.metrics))));
  endRoutes(app, options.nextHandler);

  const first = followed[0]!;
  return {
    httpServer,
    io,
    registry: first.registry,
    discovery: first.discovery,
    histories: first.histories,
    simulator: first.simulator,
    ensembles: followed,
    listen: (port, host) => listenHttp(httpServer, port, host),
    async close() {
      await Promise.all(followed.map((ensemble) => ensemble.close()));
      await closeWebServer(io, httpServer);
    },
  };
}

/** One ensemble followed, its pages connected to `spaces`: its parts, the routes that read it, and how to stop. */
function followEnsemble(options: EnsembleOptions, spaces: ExplorerSpace[], adminToken: string | null, shared: { rate: RateLimiter; budget: ContenderBudget }): FollowedEnsemble & RoutedEnsemble & { metrics: EnsembleMetricsSources; close(): Promise<void> } {
  const { session, embedded } = options;
  const roots = options.discovery?.roots ?? CONFIG_DEFAULTS.lockRoots;
  const introspectionIntervalMs = options.introspectionIntervalMs ?? CONFIG_DEFAULTS.introspectIntervalMs;
  const router = Router();
  // The ensemble's one clock: its introspection, its locks' machines and timers, its discovery and its histories read it.
  const now = options.now ?? Date.now;

  const introspection: Introspection = new Introspection(session.connectString, {
    now,
    intervalMs: introspectionIntervalMs,
    admin: options.zkAdmin,
    leaseMs: options.introspectionLeaseMs,
    tls: session.transport.tls,
    touchOwnSession: () => session.touch(),
    // Declared before it is made: the reports keep the strings of the registry's nodes once it is there.
    knownPath: (path: string): string | undefined => registry.placedPath(path),
    // A crashed holder's expiry is what an immediate `dump` is for: the connections of other clients' sessions come and go unread.
    ownsLockNodes: (sessionId: string): boolean => registry.ownsNodes(sessionId),
  });
  // The explorer's own session, and each new one after an expiry, is left out of what ZooKeeper reports: it watches every lock it follows.
  const ownSession = (id: string): void => introspection.ownSession(id);
  if (session.sessionId !== null) ownSession(session.sessionId);
  session.on('session', ownSession);
  const registry: LockRegistry = new LockRegistry(session, { introspection: () => introspection.current(), dump: () => (introspection.connectionsOfAll() === null ? null : introspection.dump()), askDump: () => introspection.askDump(), staleHolderMs: options.staleHolderMs ?? CONFIG_DEFAULTS.staleHolderMs, now });
  introspection.on('report', (report, changed, change) => registry.observeReport(report, changed, change));
  const histories = new LockHistories(registry, { capacity: options.historyCapacity ?? CONFIG_DEFAULTS.historyCapacity, introspection: () => introspection.current(), now });
  introspection.on('report', (report) => histories.observeReport(report));
  const garbage = new LockGarbage(session, registry, {
    roots,
    now,
    connections: () => introspection.connectionsOfAll(),
    dump: () => introspection.dump(),
    cleanupRate: options.cleanup?.rate ?? CONFIG_DEFAULTS.cleanupRate,
  });
  introspection.on('report', () => garbage.observeReport());
  const filesActivity = options.files ? new FilesActivity(options.files) : null;
  const discovery = new LockDiscovery(session, registry, {
    leavesRead: garbage.leavesRead,
    scanEnded: garbage.scanEnded,
    roots,
    maxNodes: options.discovery?.maxNodes ?? CONFIG_DEFAULTS.discoveryMaxNodes,
    readsPerSecond: options.discovery?.readsPerSecond ?? CONFIG_DEFAULTS.discoveryReadsPerSecond,
    maxDepth: 64,
    pushIntervalMs: 250,
    activity: (path) => {
      // Until the explorer's own history of a lock covers the window, the files' figures (those its page shows) stand.
      const followed = histories.followed(path);
      const young = filesActivity !== null && (followed === null || now() - followed.since < HISTORY_WINDOW_MS);
      return (young ? filesActivity.of(path, followed?.changes ?? 0) : null) ?? histories.activity(path);
    },
    activityRefreshMs: options.discovery?.activityRefreshMs,
    // The ephemeral nodes at start, then every second to find new locks (not while INTROSPECT_INTERVAL_MS=0 says never to ask the members).
    ephemerals: introspectionIntervalMs > 0 ? () => introspection.ephemeralNodes() : undefined,
    pollMs: options.discovery?.pollMs,
    rescanMs: options.discovery?.rescanMs ?? CONFIG_DEFAULTS.discoveryRescanMs,
    rescanAfterGrowthMs: options.discovery?.rescanAfterGrowthMs,
    notifications: () => session.notificationSeq,
    now,
    clientOf: (sessionId) => introspection.current()?.clients.get(sessionId) ?? null,
  });

  const simulation = options.simulation;
  const simulator =
    simulation?.allowed === true
      ? new SimulatorThread({
          connectString: simulation.connectString,
          session: session.twinOptions(),
          maxContenders: simulation.maxContenders,
          simRoot: simulation.simRoot,
          declare: (path, recipe) => registry.declare(path, recipe),
          budget: shared.budget,
        })
      : null;
  const features: Features = {
    simulation: simulator !== null,
    simulationReason: simulator !== null ? null : 'simulation is off against a ZooKeeper the explorer did not start; set ALLOW_SIMULATION=1 to allow it',
    simRoot: simulation?.simRoot ?? CONFIG_DEFAULTS.simRoot,
    tokenRequired: adminToken !== null,
    breakLocks: options.breakLocks === true,
  };
  const status = (): ZkStatus => ({
    state: session.state,
    embedded,
    connectString: session.connectString,
    sessionId: session.sessionId,
    since: session.since,
    reason: session.reason,
    why: session.why,
  });
  const context: ExplorerContext = {
    session,
    registry,
    discovery,
    introspection,
    histories,
    simulator,
    features,
    status,
    roots,
    controls: createControls(adminToken, simulator, features, shared.rate),
    files: options.files ?? null,
    now,
  };

  for (const space of spaces) readOnForMoments(space, context.files);
  const sockets = attachSockets(spaces, context);
  // ZooKeeper is asked only while a page needs its report (see Introspection.start); API reads touch it.
  if (introspectionIntervalMs > 0) introspection.start(() => followsAnything(spaces));
  router.use(REPORTED_PATHS, (_request, _response, next) => {
    introspection.touch();
    next();
  });
  discovery.start(() => followsList(spaces));

  router.use(opsRouter(context));
  router.use(controlsGuard(context));
  router.use(simRouter(context));
  router.use(breakRouter(context));
  router.use(garbageRouter({ ...context, garbage, cleanupAllowed: options.cleanup?.allowed === true }));
  router.use(filesRouter(context.files, roots));
  router.use(locksRouter(context));

  return {
    name: options.name,
    session,
    registry,
    discovery,
    histories,
    simulator,
    router,
    touch: () => introspection.touch(),
    metrics: {
      name: options.name,
      list: () => discovery.list(),
      diagnostics: () => discovery.diagnostics(),
      monitors: () => introspection.monitors(),
      introspection: () => introspection.status(),
      zookeeperBytes: () => session.bytesReceived,
      connected: () => session.state === 'connected' || session.state === 'read-only',
      histories,
      garbage: () => garbage.counts(),
      lockLimit: options.metricsLockLimit ?? CONFIG_DEFAULTS.metricsLockLimit,
      now,
    },
    summary: () => {
      // What the fleet says of its locks rests on ZooKeeper's report, as the lock list's does: asking keeps it coming.
      introspection.touch();
      const worst = needingLook(discovery.list().locks, ENSEMBLE_WORST);
      return { ...ensembleStanding(options.name, session.state, session.why, discovery.standing()), attention: worst.total, worst: worst.locks };
    },
    async close() {
      sockets.close();
      session.off('session', ownSession);
      introspection.stop();
      discovery.stop();
      garbage.stop();
      histories.stop();
      await simulator?.close();
      registry.close();
    },
  };
}
