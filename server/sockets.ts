/**
 * The socket.io side of the explorer: who follows what (a room per lock, the list, the
 * waits-for graph, the simulation), what is pushed to them, and the requests they send.
 * Every request is parsed before use and answered with an ack.
 */
import { serveMomentSocket } from './replay/live';
import type { Socket } from 'socket.io';
import type { ZodType } from 'zod';
import { compactWriter } from './compact';
import { splitListChange } from '../lib/view/lock-list-change';
import { describeZodError, SocketActionSchema, SubscribeRequestSchema, type Ack, type ClientToServerEvents, type ServerToClientEvents } from '../lib/protocol';
import { answerOf, parseInput } from './http-error';
import type { ExplorerContext } from './routes/context';
import { spawnRequest } from './routes/sim';
import type { SimulatorThread } from './sim/thread';
import type { ExplorerSpace } from './web';

type ExplorerSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

const lockRoom = (path: string): string => `lock:${path}`;
/** Those of a lock's room who take its snapshots in columns. */
const columnsRoom = (path: string): string => `columns:${path}`;
const LIST_ROOM = 'locks';
const SIM_ROOM = 'sim';
const GRAPH_ROOM = 'waits-for';
const GRAPH_PUSH_MS = 250;
/**
 * A change of at least this many nodes, and of more than a quarter of the lock, goes to those who
 * take columns as the snapshot it makes (about a quarter of the bytes of its nodes as objects):
 * the first report of a long queue names every waiter's client at once.
 */
const RESEND_FROM = 1000;
/** The most lock summaries in one `locks:changes` (about 500 KB): a page parses and applies each within a frame or two. */
const LIST_CHANGE_PART = 1000;
/** The most locks one connection may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;

/** The acknowledgement a request came with, or one that goes nowhere (a client may send none). */
export function replyOf(ack: unknown): (ack: Ack) => void {
  return typeof ack === 'function' ? (ack as (ack: Ack) => void) : () => undefined;
}

/** A socket request as `schema` reads it; null, once the error is answered (named by its event), when it is none. */
export function parseRequest<T>(schema: ZodType<T>, event: string, request: unknown, reply: (ack: Ack) => void): T | null {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  reply({ ok: false, error: `${event}: ${describeZodError(parsed.error)}` });
  return null;
}

/** The refusal of one more lock to a connection that follows `following` already; null while it may. */
export function beyondFollowLimit(following: { has(path: string): boolean; size: number }, path: string): Ack | null {
  if (following.has(path) || following.size < MAX_SUBSCRIPTIONS_PER_SOCKET) return null;
  return { ok: false, error: `one connection may follow at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} locks: unsubscribe from one first` };
}

/** Whether any connection of `spaces` is in `room`. */
function followed(spaces: readonly ExplorerSpace[], room: string): boolean {
  return spaces.some((space) => (space.adapter.rooms.get(room)?.size ?? 0) > 0);
}

/** Whether any page of `spaces` follows the list of locks. */
export function followsList(spaces: readonly ExplorerSpace[]): boolean {
  return followed(spaces, LIST_ROOM);
}

/** Whether any page of `spaces` follows something ZooKeeper's report serves (a lock, the list, the graph). */
export function followsAnything(spaces: readonly ExplorerSpace[]): boolean {
  for (const space of spaces) {
    for (const [room, members] of space.adapter.rooms) {
      if (members.size > 0 && (room.startsWith('lock:') || room === LIST_ROOM || room === GRAPH_ROOM)) return true;
    }
  }
  return false;
}

/**
 * Pushes what changes of one ensemble to those who follow it and serves every connection's
 * requests, in each of the namespaces `spaces` the ensemble's pages connect to; returns how to stop pushing.
 */
export function attachSockets(spaces: readonly ExplorerSpace[], context: ExplorerContext): { close(): void } {
  const { session, registry, discovery, introspection, simulator, features, controls } = context;

  // socket.io encodes a packet before it looks who is in the room: a change of a lock nobody follows (discovery follows every lock) is not encoded for nobody.
  registry.on('delta', (delta) => {
    for (const io of spaces) {
      const members = io.adapter.rooms.get(lockRoom(delta.path));
      if (members === undefined || members.size === 0) continue;
      const size = delta.added.length + delta.updated.length;
      const snapshot = size >= RESEND_FROM ? registry.published(delta.path) : undefined;
      if (snapshot === undefined || snapshot.version !== delta.version || size * 4 <= snapshot.nodes.length) {
        io.to(lockRoom(delta.path)).emit('lock:delta', delta);
        continue;
      }
      // A change of 100,000 nodes as a delta is megabytes to encode: only for a page that takes nodes, where one follows.
      const columns = io.adapter.rooms.get(columnsRoom(delta.path));
      const takesNodes = [...members].some((id) => !columns?.has(id));
      if (takesNodes) io.to(lockRoom(delta.path)).except(columnsRoom(delta.path)).emit('lock:delta', delta);
      if (columns !== undefined && columns.size > 0) io.to(columnsRoom(delta.path)).emit('lock:columns', compactWriter.snapshot(snapshot));
    }
  });
  discovery.on('changes', (change) => {
    const listening = spaces.filter((space) => followsList([space]));
    if (listening.length === 0) return;
    for (const part of splitListChange(change, LIST_CHANGE_PART)) for (const io of listening) io.to(LIST_ROOM).emit('locks:changes', part);
  });
  // The waits-for graph is pushed at most every GRAPH_PUSH_MS while locks change, and only to those who follow it.
  let graphTimer: NodeJS.Timeout | null = null;
  registry.on('graph', () => {
    if (graphTimer !== null) return;
    graphTimer = setTimeout(() => {
      graphTimer = null;
      const listening = spaces.filter((space) => followed([space], GRAPH_ROOM));
      if (listening.length === 0) return;
      const graph = registry.graph();
      for (const io of listening) io.to(GRAPH_ROOM).emit('waits:graph', graph);
    }, GRAPH_PUSH_MS);
  });
  const onState = (): void => {
    for (const io of spaces) io.emit('zk:status', context.status());
  };
  session.on('state', onState);
  session.on('reason', onState);
  simulator?.on('changed', () => {
    for (const io of spaces) io.to(SIM_ROOM).emit('sim:contenders', simulator.list());
  });

  for (const io of spaces) io.on('connection', serve);

  function serve(socket: ExplorerSocket): void {
    // A page showing a past moment is served it from ZooKeeper's files.
    if (serveMomentSocket(socket, context.files, context.roots)) return;
    // The locks this connection follows (or has asked to): bounded by MAX_SUBSCRIPTIONS_PER_SOCKET.
    const following = new Set<string>();
    socket.emit('zk:status', context.status());
    socket.on('subscribe', async (request: unknown, ack) => {
      const reply = replyOf(ack);
      const asked = parseRequest(SubscribeRequestSchema, 'subscribe', request, reply);
      if (asked === null) return;
      const { path } = asked;
      // Counted as soon as asked for, so that a burst of subscribes cannot pass the limit while the first are read.
      const refused = beyondFollowLimit(following, path);
      if (refused !== null) {
        reply(refused);
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
        if (asked.form === 'columns') void socket.join(columnsRoom(path));
        else void socket.leave(columnsRoom(path));
        introspection.wake();
        const snapshot = fresh.version === watcher.snapshot.version ? fresh : watcher.snapshot;
        if (asked.form === 'columns') socket.emit('lock:columns', compactWriter.snapshot(snapshot));
        else socket.emit('lock:snapshot', snapshot);
        reply({ ok: true } satisfies Ack);
      } catch (error) {
        following.delete(path);
        reply({ ok: false, error: answerOf(error).message });
      }
    });
    socket.on('unsubscribe', (request: unknown, ack) => {
      const reply = replyOf(ack);
      const asked = parseRequest(SubscribeRequestSchema, 'unsubscribe', request, reply);
      if (asked === null) return;
      void socket.leave(lockRoom(asked.path));
      void socket.leave(columnsRoom(asked.path));
      following.delete(asked.path);
      registry.release(asked.path, socket.id);
      reply({ ok: true });
    });
    socket.on('locks:subscribe', async (_request, ack) => {
      void socket.join(LIST_ROOM);
      introspection.wake();
      try {
        // No sync and re-read of every lock here (as GET /api/locks does): at ten thousand locks that is a noticeable wait, and the changes that follow bring the page up to date.
        socket.emit('locks:list', await discovery.settledList());
        replyOf(ack)({ ok: true });
      } catch (error) {
        socket.emit('locks:list', discovery.list());
        replyOf(ack)({ ok: false, error: answerOf(error).message });
      }
    });
    socket.on('waits:subscribe', (_request, ack) => {
      void socket.join(GRAPH_ROOM);
      introspection.wake();
      socket.emit('waits:graph', registry.graph());
      replyOf(ack)({ ok: true });
    });
    socket.on('waits:unsubscribe', (_request, ack) => {
      void socket.leave(GRAPH_ROOM);
      replyOf(ack)({ ok: true });
    });
    socket.on('locks:unsubscribe', (_request, ack) => {
      void socket.leave(LIST_ROOM);
      replyOf(ack)({ ok: true });
    });
    const token = typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : null;
    /** A simulation control over the socket: the same checks as over HTTP, answered with an ack. */
    const simControl = (handler: (sim: SimulatorThread, request: unknown) => Promise<void>) => async (request: unknown, ack?: (ack: Ack) => void) => {
      const reply = replyOf(ack);
      if (!controls.allow(socket.handshake.address)) {
        reply({ ok: false, error: controls.tooMany });
        return;
      }
      try {
        await handler(controls.simulator(token), request);
        reply({ ok: true });
      } catch (error) {
        reply({ ok: false, error: answerOf(error).message });
      }
    };
    socket.on('sim:subscribe', (_request, ack) => {
      if (simulator === null) {
        replyOf(ack)({ ok: false, error: features.simulationReason ?? 'simulation is off' });
        return;
      }
      void socket.join(SIM_ROOM);
      socket.emit('sim:contenders', simulator.list());
      replyOf(ack)({ ok: true });
    });
    socket.on('sim:spawn', simControl(async (sim, request) => void (await sim.spawn(spawnRequest(request, features)))));
    socket.on(
      'sim:action',
      simControl(async (sim, request) => {
        const { id, action, ms } = parseInput(SocketActionSchema, request, 'invalid action');
        await sim.act(id, action, ms);
      }),
    );
    socket.on(
      'sim:stop-all',
      simControl(async (sim, request) => {
        const { path } = parseInput(SubscribeRequestSchema.partial(), request ?? {}, 'invalid stop request');
        await sim.stopAll(path);
      }),
    );
    socket.on('disconnect', () => registry.releaseAll(socket.id));
  }

  return {
    close() {
      session.off('state', onState);
      session.off('reason', onState);
      if (graphTimer !== null) clearTimeout(graphTimer);
    },
  };
}
