/**
 * The socket.io side of replay mode: each connection is shown one moment of ZooKeeper's files
 * (the last one at first, or the one its handshake names), and everything it follows — locks,
 * the list, the waits-for graph — is sent again at each moment it moves to. A lock moving
 * forward is sent as the delta from what the page shows, so that its events and wake-ups play as
 * they did live; moving back, or by much, it is sent whole. Every request is parsed before use
 * and answered with an ack.
 */
import type { Socket } from 'socket.io';
import { compactWriter } from '../compact';
import { diffSnapshots } from '../../lib/lock/delta';
import { CHANGE_BINS, ReplayAtRequestSchema, ReplayStepRequestSchema, SubscribeRequestSchema, type Ack, type ClientToServerEvents, type LockSnapshot, type ReplayMoment, type ServerToClientEvents, type SnapshotForm } from '../../lib/protocol';
import { parseMoment, type MomentQuery } from '../../lib/replay/moments';
import { compareZxid } from '../../lib/zk/znode-tree';
import { beyondFollowLimit, parseRequest, replyOf } from '../sockets';
import type { ExplorerIo } from '../web';
import type { LoadedReplay } from './files';
import { beforeTheFiles, lockListAt, NO_TRANSACTION, READ_ONLY } from './routes';

export type ReplaySocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** A change of at least this many nodes is sent as the lock's whole snapshot rather than a delta. */
const WHOLE_FROM = 1000;

/** What one connection follows, and the lock as its page shows it (its versions counted for this connection). */
interface Followed {
  form: SnapshotForm | undefined;
  shown: LockSnapshot | null;
  /** The transaction it was shown after. */
  shownAt: string | null;
  density: number[];
}


/** The state after the moment's transaction at the clock the pages show (a stale holder is stale by that clock, as its age on the page is). */
const clockOf = (view: ReplayMoment): { zxid: string; time: number } => ({ zxid: view.at.zxid, time: view.time });

export function attachReplaySockets(io: ExplorerIo, loaded: LoadedReplay, roots: readonly string[]): void {
  io.on('connection', (socket: ReplaySocket) => serveReplaySocket(socket, loaded, roots, READ_ONLY));
}

/** The moment a connection's handshake asks for (`auth.at`, as `?at=` writes it); null when none. */
export function askedMoment(socket: ReplaySocket): MomentQuery | null {
  return parseMoment((socket.handshake.auth as { at?: unknown } | undefined)?.at);
}

/** Serves one connection the files at a moment; `readOnly` is what a request that writes is answered. */
export function serveReplaySocket(socket: ReplaySocket, loaded: LoadedReplay, roots: readonly string[], readOnly: string): void {
  const { replay, info } = loaded;
  const asked = askedMoment(socket);
  let view: ReplayMoment | null = (asked === null ? null : replay.view(asked)) ?? replay.view(null);
  const following = new Map<string, Followed>();
  let list = false;
  let graph = false;

  /** Sends one followed lock at the moment: a delta forward from what the page shows, else the whole snapshot. */
  const sendLock = (path: string, followed: Followed, moment: ReplayMoment): void => {
    const next = replay.lockAt(path, clockOf(moment));
    const shown = followed.shown;
    const forward = followed.shownAt !== null && compareZxid(moment.at.zxid, followed.shownAt) >= 0;
    const delta = shown === null ? null : diffSnapshots(shown, next);
    if (shown !== null && delta === null) {
      followed.shownAt = moment.at.zxid;
      return;
    }
    const version = (shown?.version ?? 0) + 1;
    if (forward && delta !== null && delta.added.length + delta.removed.length + delta.updated.length < WHOLE_FROM) {
      socket.emit('lock:delta', delta);
    } else if (followed.form === 'columns') socket.emit('lock:columns', compactWriter.snapshot({ ...next, version }));
    else socket.emit('lock:snapshot', { ...next, version });
    followed.shown = { ...next, version };
    followed.shownAt = moment.at.zxid;
  };
  const sendSteps = (path: string, followed: Followed, moment: ReplayMoment): void => {
    socket.emit('replay:lock', {
      path,
      previous: replay.step(path, moment.at, 'previous'),
      next: replay.step(path, moment.at, 'next'),
      changes: replay.changeCount(path),
      density: followed.density,
    });
  };
  /** Moves this connection to a moment and sends everything it follows at it. */
  const show = (moment: ReplayMoment): void => {
    view = moment;
    socket.emit('replay:moment', moment);
    for (const [path, followed] of following) {
      sendLock(path, followed, moment);
      sendSteps(path, followed, moment);
    }
    if (list) socket.emit('locks:list', lockListAt(loaded, roots, clockOf(moment)));
    if (graph) socket.emit('waits:graph', replay.graph(clockOf(moment)));
  };
  const noFiles: Ack = { ok: false, error: `${NO_TRANSACTION}: there is no moment to show` };

  socket.emit('replay:info', info);
  if (view !== null) socket.emit('replay:moment', view);

  socket.on('replay:at', (request: unknown, ack) => {
    const reply = replyOf(ack);
    const asked = parseRequest(ReplayAtRequestSchema, 'replay:at', request, reply);
    if (asked === null) return;
    const moment = replay.view(parseMoment(asked.at));
    if (moment === null) {
      const from = replay.span().from;
      reply(from === null ? noFiles : { ok: false, error: beforeTheFiles(asked.at, from) });
      return;
    }
    show(moment);
    reply({ ok: true });
  });
  socket.on('replay:step', (request: unknown, ack) => {
    const reply = replyOf(ack);
    const asked = parseRequest(ReplayStepRequestSchema, 'replay:step', request, reply);
    if (asked === null) return;
    if (view === null) {
      reply(noFiles);
      return;
    }
    const change = replay.step(asked.path, view.at, asked.direction);
    if (change === null) {
      reply({ ok: false, error: `${asked.path} has no ${asked.direction} change in the files` });
      return;
    }
    show(replay.view({ zxid: change.zxid })!);
    reply({ ok: true });
  });
  socket.on('subscribe', (request: unknown, ack) => {
    const reply = replyOf(ack);
    const asked = parseRequest(SubscribeRequestSchema, 'subscribe', request, reply);
    if (asked === null) return;
    const { path, form } = asked;
    const refused = beyondFollowLimit(following, path);
    if (refused !== null) {
      reply(refused);
      return;
    }
    if (view === null) {
      reply(noFiles);
      return;
    }
    // A new subscription (or one again, after a gap the page saw) starts from a whole snapshot.
    const followed: Followed = { form, shown: null, shownAt: null, density: replay.density(path, CHANGE_BINS) };
    following.set(path, followed);
    sendLock(path, followed, view);
    sendSteps(path, followed, view);
    reply({ ok: true });
  });
  socket.on('unsubscribe', (request: unknown, ack) => {
    const reply = replyOf(ack);
    const asked = parseRequest(SubscribeRequestSchema, 'unsubscribe', request, reply);
    if (asked === null) return;
    following.delete(asked.path);
    reply({ ok: true });
  });
  socket.on('locks:subscribe', (_request, ack) => {
    list = true;
    if (view !== null) socket.emit('locks:list', lockListAt(loaded, roots, clockOf(view)));
    replyOf(ack)(view === null ? noFiles : { ok: true });
  });
  socket.on('locks:unsubscribe', (_request, ack) => {
    list = false;
    replyOf(ack)({ ok: true });
  });
  socket.on('waits:subscribe', (_request, ack) => {
    graph = true;
    if (view !== null) socket.emit('waits:graph', replay.graph(clockOf(view)));
    replyOf(ack)(view === null ? noFiles : { ok: true });
  });
  socket.on('waits:unsubscribe', (_request, ack) => {
    graph = false;
    replyOf(ack)({ ok: true });
  });
  // Nothing that writes: the moment is the files'.
  const refused: Ack = { ok: false, error: readOnly };
  for (const event of ['sim:subscribe', 'sim:spawn', 'sim:action', 'sim:stop-all'] as const) {
    socket.on(event, (_request: unknown, ack?: (ack: Ack) => void) => replyOf(ack)(refused));
  }
}
