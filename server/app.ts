/**
 * The explorer's HTTP server: the REST API, socket.io and (when given) Next.js on one port.
 * It turns ZooKeeper into `lib` inputs through the lock registry and broadcasts `lib` outputs.
 */
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Server as SocketServer, type Socket } from 'socket.io';
import type { ZodType } from 'zod';
import {
  ActionRequestSchema,
  BreakRequestSchema,
  ContenderActionSchema,
  describeZodError,
  SocketActionSchema,
  SpawnRequestSchema,
  SnapshotFormSchema,
  SubscribeRequestSchema,
  ZnodePath,
  type Ack,
  type ClientToServerEvents,
  type ContenderAction,
  type Features,
  type HealthResponse,
  type Monitor,
  type ZnodeDetail,
  type ServerToClientEvents,
  type SpawnRequest,
  type ZkStatus,
} from '../lib/protocol';
import { compactSnapshot, compactSnapshotJson } from '../lib/lock/compact';
import { describeData } from '../lib/lock/data';
import { isWithin, znodePathFromSegments } from '../lib/zk/path';
import { LockDiscovery } from './locks/discovery';
import { LockRegistry } from './locks/registry';
import { Introspection, type AdminServerOptions } from './zk/introspection';
import { createMetrics } from './metrics';
import { bearerToken, isSameOrigin, RateLimiter, tokenMatches } from './security';
import { HttpError } from './http-error';
import { insideSandbox } from './sim/simulator';
import { SimulatorThread } from './sim/thread';
import { ZkError, type ZkSession } from './zk/session';

export interface ExplorerOptions {
  session: ZkSession;
  /** Whether the explorer started this ZooKeeper itself. */
  embedded: boolean;
  /** Where locks are discovered (LOCK_ROOTS) and how far the scan may go. */
  discovery?: { roots: string[]; maxNodes: number };
  /** A holder that holds longer than this (ms) is named a stale holder. */
  staleHolderMs?: number;
  /** How often every ZooKeeper server is asked for watches and connections (ms); 0 turns it off. */
  introspectionIntervalMs?: number;
  /** Where each member's AdminServer is, asked where its four-letter words are refused. */
  zkAdmin?: AdminServerOptions;
  /** How long after an API read ZooKeeper is still asked with no page open (ms; a minute by default). */
  introspectionLeaseMs?: number;
  /** Simulated contenders: the sandbox, the token, and whether they are allowed at all. */
  simulation?: SimulationOptions;
  /** Whether a lock node may be deleted to break a stuck lock (ALLOW_BREAK_LOCKS); it needs the admin token when one is set. */
  breakLocks?: boolean;
  /** Next.js's request handler; without it only the API and socket.io are served (tests). */
  nextHandler?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

export interface SimulationOptions {
  /** On when the ZooKeeper is embedded or ALLOW_SIMULATION is set. */
  allowed: boolean;
  simRoot: string;
  /** When set, every control needs `Authorization: Bearer <token>` (or the socket's `auth.token`). */
  adminToken: string | null;
  /** The connection string the contenders use. */
  connectString: string;
  maxContenders: number;
}

export interface Explorer {
  httpServer: HttpServer;
  io: SocketServer<ClientToServerEvents, ServerToClientEvents>;
  registry: LockRegistry;
  discovery: LockDiscovery;
  simulator: SimulatorThread | null;
  /** Listens and resolves with the URL it serves. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

type ExplorerSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

const lockRoom = (path: string): string => `lock:${path}`;
/** Those of a lock's room who take its snapshots in columns. */
const columnsRoom = (path: string): string => `columns:${path}`;
/**
 * A change of at least this many nodes, and of more than a quarter of the lock, goes to those who
 * take columns as the snapshot it makes (about a quarter of the bytes of its nodes as objects):
 * the first report of a long queue names every waiter's client at once.
 */
const RESEND_FROM = 1000;
const LIST_ROOM = 'locks';
const SIM_ROOM = 'sim';
const GRAPH_ROOM = 'waits-for';
const GRAPH_PUSH_MS = 250;
/** The most locks one connection may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/** The most control requests (spawn, fault, stop, break) one client address may send a minute. */
export const CONTROL_REQUESTS_PER_MINUTE = 1200;

/** HTTP status and message for an error met while serving a request. */
function httpError(error: unknown): { status: number; message: string } {
  if (error instanceof ZkError) {
    if (error.code === 'NO_AUTH') return { status: 403, message: `ZooKeeper refused access (NoAuth) to ${error.path ?? 'this path'}` };
    if (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED' || error.code === 'CLOSED') {
      return { status: 503, message: 'ZooKeeper is not connected; try again shortly' };
    }
    if (error.code === 'BAD_VERSION' || error.code === 'NO_NODE') return { status: 409, message: `${error.path ?? 'the node'} changed meanwhile (${error.code}): look again` };
    return { status: 502, message: `ZooKeeper error ${error.code}` };
  }
  return { status: 500, message: 'internal error' };
}

export function createExplorer(options: ExplorerOptions): Explorer {
  const { session, embedded } = options;
  const app = express();
  app.disable('x-powered-by');
  // Snapshots are live and megabytes long: hashing each one for an ETag costs time and saves nothing.
  app.disable('etag');
  const httpServer = createServer(app);

  const io = new SocketServer<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // Socket connections from another site's page are refused.
    allowRequest: (request, callback) => callback(null, isSameOrigin(request)),
  });

  const introspection = new Introspection(
    session.connectString,
    options.introspectionIntervalMs ?? 2000,
    options.zkAdmin,
    options.introspectionLeaseMs,
    session.transport.tls,
  );
  const staleHolderMs = options.staleHolderMs ?? 60_000;
  const registry = new LockRegistry(session, { introspection: () => introspection.current(), staleHolderMs });
  introspection.on('report', (report, changed, change) => registry.observeReport(report, changed, change));
  // ZooKeeper is asked only while a page needs its report (see Introspection.start); API reads touch it.
  const followed = (): boolean => {
    for (const [room, members] of io.sockets.adapter.rooms) {
      if (members.size > 0 && (room.startsWith('lock:') || room === LIST_ROOM || room === GRAPH_ROOM)) return true;
    }
    return false;
  };
  if ((options.introspectionIntervalMs ?? 2000) > 0) introspection.start(followed);
  app.use(['/api/locks', '/api/sessions', '/api/diagnostics', '/api/waits-for', '/api/zookeeper', '/metrics'], (_request, _response, next) => {
    introspection.touch();
    next();
  });
  registry.on('delta', (delta) => {
    const size = delta.added.length + delta.updated.length;
    const snapshot = size >= RESEND_FROM ? registry.published(delta.path) : undefined;
    if (snapshot === undefined || snapshot.version !== delta.version || size * 4 <= snapshot.nodes.length) {
      io.to(lockRoom(delta.path)).emit('lock:delta', delta);
      return;
    }
    io.to(lockRoom(delta.path)).except(columnsRoom(delta.path)).emit('lock:delta', delta);
    io.to(columnsRoom(delta.path)).emit('lock:columns', compactSnapshot(snapshot));
  });
  const discovery = new LockDiscovery(session, registry, {
    roots: options.discovery?.roots ?? ['/'],
    maxNodes: options.discovery?.maxNodes ?? 20_000,
    maxDepth: 32,
    pushIntervalMs: 250,
  });
  discovery.on('list', (list) => io.to(LIST_ROOM).emit('locks:list', list));
  // The waits-for graph is pushed at most every GRAPH_PUSH_MS while locks change, and only to those who follow it.
  let graphTimer: NodeJS.Timeout | null = null;
  const pushGraph = (): void => {
    if (graphTimer !== null) return;
    graphTimer = setTimeout(() => {
      graphTimer = null;
      if ((io.sockets.adapter.rooms.get(GRAPH_ROOM)?.size ?? 0) > 0) io.to(GRAPH_ROOM).emit('waits:graph', registry.graph());
    }, GRAPH_PUSH_MS);
  };
  registry.on('graph', pushGraph);
  discovery.start();

  const status = (): ZkStatus => ({
    state: session.state,
    embedded,
    connectString: session.connectString,
    sessionId: session.sessionId,
    since: session.since,
    reason: session.reason,
  });
  const onState = (): void => {
    io.emit('zk:status', status());
  };
  session.on('state', onState);
  session.on('reason', onState);

  const simulation = options.simulation;
  const simulator =
    simulation?.allowed === true
      ? new SimulatorThread({
          connectString: simulation.connectString,
          session: session.twinOptions(),
          maxContenders: simulation.maxContenders,
          declare: (path, recipe) => registry.declare(path, recipe),
        })
      : null;
  simulator?.on('changed', () => io.to(SIM_ROOM).emit('sim:contenders', simulator.list()));
  const features: Features = {
    simulation: simulator !== null,
    simulationReason:
      simulator !== null
        ? null
        : 'simulation is off against a ZooKeeper the explorer did not start; set ALLOW_SIMULATION=1 to allow it',
    simRoot: simulation?.simRoot ?? '/sim',
    tokenRequired: Boolean(simulation?.adminToken),
    breakLocks: options.breakLocks === true,
  };

  /** Checks a control: simulation allowed, and the token when one is configured. Returns the simulator. */
  const authorise = (token: string | null): SimulatorThread => {
    if (simulator === null) throw new HttpError(403, features.simulationReason ?? 'simulation is off');
    if (simulation?.adminToken && !tokenMatches(token, simulation.adminToken)) {
      throw new HttpError(401, 'this control needs the admin token (Authorization: Bearer <token>)');
    }
    return simulator;
  };

  const parse = <T>(schema: ZodType<T>, value: unknown, what: string): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new HttpError(400, `${what}: ${describeZodError(parsed.error)}`);
    return parsed.data;
  };

  const spawnRequest = (body: unknown): SpawnRequest => {
    const request = parse(SpawnRequestSchema, body, 'invalid contenders request');
    if (!insideSandbox(request.path, features.simRoot)) {
      throw new HttpError(400, `simulated contenders may only use paths below ${features.simRoot} (SIM_ROOT)`);
    }
    return request;
  };

  const refusal = (error: unknown): { status: number; message: string } => {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    return httpError(error);
  };

  app.get('/api/health', (_request, response) => {
    const refused = session.persistentWatchesRefused;
    const body: HealthResponse = {
      ok: session.state === 'connected',
      zookeeper: status(),
      features,
      introspection: introspection.status(),
      watches: { mode: refused === null ? 'persistent-recursive' : 'one-shot', reason: refused },
    };
    response.json(body);
  });

  // Controls change ZooKeeper: refused from another site's page, and they read small JSON bodies only.
  app.use(['/api/sim', '/api/break'], (request, response, next) => {
    if (request.method !== 'GET' && !isSameOrigin(request)) {
      response.status(403).json({ error: 'cross-site requests may not use the controls' });
      return;
    }
    next();
  });
  const controlRate = new RateLimiter(CONTROL_REQUESTS_PER_MINUTE);
  const tooMany = `too many control requests: at most ${CONTROL_REQUESTS_PER_MINUTE} a minute from one address`;
  app.use(['/api/sim', '/api/break'], (request, response, next) => {
    if (request.method !== 'GET' && !controlRate.allow(request.socket.remoteAddress ?? 'unknown')) {
      response.status(429).json({ error: tooMany });
      return;
    }
    next();
  });
  app.use(['/api/sim', '/api/break'], express.json({ limit: '16kb', strict: true, type: () => true }));

  // Breaking a stuck lock: delete the node the operator saw (same czxid), only when allowed, and log it.
  app.post('/api/break', async (request: Request, response: Response) => {
    try {
      if (!features.breakLocks) throw new HttpError(403, 'breaking locks is off: start the explorer with ALLOW_BREAK_LOCKS=1 to allow it');
      if (simulation?.adminToken && !tokenMatches(bearerToken(request.headers.authorization), simulation.adminToken)) {
        throw new HttpError(401, 'this control needs the admin token (Authorization: Bearer <token>)');
      }
      const wanted = parse(BreakRequestSchema, request.body, 'invalid break request');
      const roots = options.discovery?.roots ?? ['/'];
      if (!roots.some((root) => isWithin(wanted.path, root))) throw new HttpError(400, `only locks under ${roots.join(', ')} (LOCK_ROOTS) may be broken`);
      const snapshot = await registry.snapshot(wanted.path);
      const node = snapshot.nodes.find((candidate) => candidate.name === wanted.node);
      if (node === undefined) throw new HttpError(404, `${wanted.node} is not a node of the lock ${wanted.path}`);
      const stat = await session.exists(node.path);
      if (stat === null) throw new HttpError(409, `${node.path} is already gone`);
      if (stat.czxid !== wanted.czxid) {
        throw new HttpError(409, `${node.path} was created again since it was shown (czxid ${stat.czxid}, not ${wanted.czxid}): look again before breaking it`);
      }
      await session.remove(node.path, stat.version);
      console.log(`broke lock ${wanted.path}: deleted ${node.path} (${node.role}, owner session ${node.sessionId}, czxid ${stat.czxid}) at the request of ${request.ip ?? 'an unknown address'}`);
      response.json({ deleted: node.path, role: node.role, sessionId: node.sessionId });
    } catch (error) {
      const { status: code, message } = refusal(error);
      if (code >= 500) console.error(`POST /api/break: ${error instanceof Error ? error.message : String(error)}`);
      response.status(code).json({ error: message });
    }
  });

  const control =
    (handler: (simulator: SimulatorThread, request: Request) => Promise<{ status: number; body: unknown }>) =>
    async (request: Request, response: Response): Promise<void> => {
      try {
        const simulator = authorise(bearerToken(request.headers.authorization));
        const { status: code, body } = await handler(simulator, request);
        response.status(code).json(body);
      } catch (error) {
        const { status: code, message } = refusal(error);
        if (code >= 500) console.error(`${request.method} ${request.path}: ${error instanceof Error ? error.message : String(error)}`);
        response.status(code).json({ error: message });
      }
    };

  app.get('/api/sim/contenders', async (_request, response) => {
    if (simulator === null) {
      response.status(403).json({ error: features.simulationReason });
      return;
    }
    try {
      response.json(await simulator.listNow());
    } catch (error) {
      const { status: code, message } = refusal(error);
      response.status(code).json({ error: message });
    }
  });
  app.post(
    '/api/sim/contenders',
    control(async (sim, request) => {
      return { status: 201, body: { contenders: await sim.spawn(spawnRequest(request.body)) } };
    }),
  );
  app.delete(
    '/api/sim/contenders',
    control(async (sim, request) => {
      const only = typeof request.query.path === 'string' ? parse(ZnodePath, request.query.path, 'invalid path') : undefined;
      return { status: 200, body: { stopped: await sim.stopAll(only) } };
    }),
  );
  app.post(
    '/api/sim/contenders/:id/:action',
    control(async (sim, request) => {
      const action: ContenderAction = parse(ContenderActionSchema, request.params.action, 'unknown action');
      const body = parse(ActionRequestSchema, request.body ?? {}, 'invalid action body');
      return { status: 200, body: { contender: await sim.act(String(request.params.id), action, body.ms) } };
    }),
  );

  app.get('/api/locks', async (_request, response) => {
    try {
      response.json(await discovery.freshList());
    } catch (error) {
      const { status: code, message } = httpError(error);
      response.status(code).json({ error: message });
    }
  });

  const metrics = createMetrics({
    list: () => discovery.list(),
    diagnostics: () => discovery.diagnostics(),
    monitors: () => introspection.monitors(),
    introspection: () => introspection.status(),
    zookeeperBytes: () => session.bytesReceived,
  });
  app.get('/metrics', async (_request, response) => {
    response.set('Content-Type', metrics.contentType);
    response.send(await metrics.metrics());
  });

  // Watch counters only: what the classroom compares with its contenders' own counts.
  app.get('/api/zookeeper/monitor', (_request, response) => {
    const servers = introspection.monitors().map(({ server, values }) => ({
      server,
      values: Object.fromEntries([...values].filter((entry): entry is [string, number] => typeof entry[1] === 'number' && /watch|ephemerals|connections|znode_count/.test(entry[0]))),
    }));
    const body: Monitor = { servers, at: introspection.status().at };
    response.json(body);
  });

  app.get('/api/diagnostics', (_request, response) => {
    response.json(discovery.diagnostics());
  });

  app.get('/api/waits-for', (_request, response) => {
    response.json(registry.graph());
  });

  app.get('/api/sessions', (_request, response) => {
    const origins = new Map<string, 'explorer' | 'simulated'>();
    for (const contender of simulator?.list().contenders ?? []) if (contender.sessionId !== null) origins.set(contender.sessionId, 'simulated');
    if (session.sessionId !== null) origins.set(session.sessionId, 'explorer');
    response.json(discovery.sessions({ introspected: introspection.current(), dump: introspection.dump(), origins }));
  });

  /** The znode path a `/api/<what>/*segments` route names, or null once a 400 has been sent. */
  const pathOf = (request: Request, response: Response, what: string): string | null => {
    const segments = (request.params as { segments?: string[] }).segments ?? [];
    const parsed = ZnodePath.safeParse(znodePathFromSegments(segments));
    if (parsed.success) return parsed.data;
    response.status(400).json({ error: `invalid ${what} path: ${describeZodError(parsed.error)}` });
    return null;
  };

  app.get('/api/locks/*segments', async (request: Request, response: Response) => {
    const path = pathOf(request, response, 'lock');
    if (path === null) return;
    const form = SnapshotFormSchema.optional().safeParse(request.query.form);
    if (!form.success) {
      response.status(400).json({ error: `form: ${describeZodError(form.error)} (nodes, the default, or columns)` });
      return;
    }
    try {
      const snapshot = await registry.snapshot(path);
      if (form.data === 'columns') response.type('json').send(compactSnapshotJson(snapshot));
      else response.json(snapshot);
    } catch (error) {
      const { status: code, message } = httpError(error);
      if (code >= 500) console.error(`GET /api/locks${path}: ${error instanceof Error ? error.message : String(error)}`);
      response.status(code).json({ error: message });
    }
  });

  app.get('/api/nodes/*segments', async (request: Request, response: Response) => {
    const path = pathOf(request, response, 'node');
    if (path === null) return;
    // Lock nodes only: the explorer is no general browser of what else ZooKeeper keeps.
    const roots = options.discovery?.roots ?? ['/'];
    if (!roots.some((root) => isWithin(path, root))) {
      response.status(403).json({ error: `only nodes under ${roots.join(', ')} (LOCK_ROOTS) are shown` });
      return;
    }
    try {
      const { data, stat } = await session.getData(path);
      const body: ZnodeDetail = { path: path, stat, data: describeData(data, true) };
      response.json(body);
    } catch (error) {
      const { status: code, message } = error instanceof ZkError && error.code === 'NO_NODE' ? { status: 404, message: `${path} does not exist` } : httpError(error);
      response.status(code).json({ error: message });
    }
  });

  app.all('/api/*rest', (request, response) => {
    response.status(404).json({ error: `no API route ${request.method} ${request.path}` });
  });

  if (options.nextHandler) {
    const nextHandler = options.nextHandler;
    app.all('*all', (request, response, next) => {
      nextHandler(request, response).catch(next);
    });
  }

  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    // Malformed URLs and bodies are the client's fault; everything else is logged as ours.
    const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    if (status >= 500) console.error(`${request.method} ${request.path}:`, error);
    response.status(status).json({ error: status >= 500 ? 'internal error' : String((error as Error).message ?? 'bad request') });
  });

  io.on('connection', (socket: ExplorerSocket) => {
    // The locks this connection follows (or has asked to): bounded by MAX_SUBSCRIPTIONS_PER_SOCKET.
    const following = new Set<string>();
    socket.emit('zk:status', status());
    socket.on('subscribe', async (request: unknown, ack) => {
      const reply = typeof ack === 'function' ? ack : (): void => undefined;
      const parsed = SubscribeRequestSchema.safeParse(request);
      if (!parsed.success) {
        reply({ ok: false, error: `subscribe: ${describeZodError(parsed.error)}` });
        return;
      }
      const { path } = parsed.data;
      // Counted as soon as asked for, so that a burst of subscribes cannot pass the limit while the first are read.
      if (!following.has(path) && following.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        reply({ ok: false, error: `one connection may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} locks: unsubscribe from one first` });
        return;
      }
      following.add(path);
      try {
        const watcher = await registry.acquire(path, socket.id);
        // Every change made before the subscription arrived is in the first snapshot.
        const fresh = await watcher.fresh();
        if (socket.disconnected) {
          registry.release(path, socket.id);
          return;
        }
        // Join and send the snapshot in one turn, so that the next delta follows this version.
        void socket.join(lockRoom(path));
        if (parsed.data.form === 'columns') void socket.join(columnsRoom(path));
        else void socket.leave(columnsRoom(path));
        introspection.wake();
        const snapshot = fresh.version === watcher.snapshot.version ? fresh : watcher.snapshot;
        if (parsed.data.form === 'columns') socket.emit('lock:columns', compactSnapshot(snapshot));
        else socket.emit('lock:snapshot', snapshot);
        reply({ ok: true } satisfies Ack);
      } catch (error) {
        following.delete(path);
        reply({ ok: false, error: httpError(error).message });
      }
    });
    socket.on('unsubscribe', (request: unknown, ack) => {
      const reply = typeof ack === 'function' ? ack : (): void => undefined;
      const parsed = SubscribeRequestSchema.safeParse(request);
      if (!parsed.success) {
        reply({ ok: false, error: `unsubscribe: ${describeZodError(parsed.error)}` });
        return;
      }
      void socket.leave(lockRoom(parsed.data.path));
      void socket.leave(columnsRoom(parsed.data.path));
      following.delete(parsed.data.path);
      registry.release(parsed.data.path, socket.id);
      reply({ ok: true });
    });
    socket.on('locks:subscribe', async (_request, ack) => {
      void socket.join(LIST_ROOM);
      introspection.wake();
      try {
        socket.emit('locks:list', await discovery.freshList());
        if (typeof ack === 'function') ack({ ok: true });
      } catch (error) {
        socket.emit('locks:list', discovery.list());
        if (typeof ack === 'function') ack({ ok: false, error: httpError(error).message });
      }
    });
    socket.on('waits:subscribe', (_request, ack) => {
      void socket.join(GRAPH_ROOM);
      introspection.wake();
      socket.emit('waits:graph', registry.graph());
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('waits:unsubscribe', (_request, ack) => {
      void socket.leave(GRAPH_ROOM);
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('locks:unsubscribe', (_request, ack) => {
      void socket.leave(LIST_ROOM);
      if (typeof ack === 'function') ack({ ok: true });
    });
    const token = typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : null;
    const simControl = (handler: (sim: SimulatorThread, request: unknown) => Promise<void>) => async (request: unknown, ack?: (ack: Ack) => void) => {
      const reply = typeof ack === 'function' ? ack : (): void => undefined;
      if (!controlRate.allow(socket.handshake.address)) {
        reply({ ok: false, error: tooMany });
        return;
      }
      try {
        await handler(authorise(token), request);
        reply({ ok: true });
      } catch (error) {
        reply({ ok: false, error: refusal(error).message });
      }
    };
    socket.on('sim:subscribe', (_request, ack) => {
      if (simulator === null) {
        if (typeof ack === 'function') ack({ ok: false, error: features.simulationReason ?? 'simulation is off' });
        return;
      }
      void socket.join(SIM_ROOM);
      socket.emit('sim:contenders', simulator.list());
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('sim:spawn', simControl(async (sim, request) => void (await sim.spawn(spawnRequest(request)))));
    socket.on(
      'sim:action',
      simControl(async (sim, request) => {
        const { id, action, ms } = parse(SocketActionSchema, request, 'invalid action');
        await sim.act(id, action, ms);
      }),
    );
    socket.on(
      'sim:stop-all',
      simControl(async (sim, request) => {
        const { path } = parse(SubscribeRequestSchema.partial(), request ?? {}, 'invalid stop request');
        await sim.stopAll(path);
      }),
    );
    socket.on('disconnect', () => registry.releaseAll(socket.id));
  });

  return {
    httpServer,
    io,
    registry,
    discovery,
    simulator,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          const address = httpServer.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shownHost}:${address.port}`);
        });
      });
    },
    async close() {
      session.off('state', onState);
      session.off('reason', onState);
      if (graphTimer !== null) clearTimeout(graphTimer);
      introspection.stop();
      discovery.stop();
      await simulator?.close();
      registry.close();
      // io.close closes the HTTP server too, which waits for every open connection: a browser's
      // keep-alive or live socket would hold the shutdown for seconds, so they are cut at once.
      const closed = new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      httpServer.closeAllConnections();
      await closed;
    },
  };
}

