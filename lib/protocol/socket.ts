/** The socket.io events both ways, with their payloads and acknowledgements. */
import { z } from 'zod';
import { type ColumnsLockSnapshot, type LockDelta, type LockList, type LockListChange, type LockSnapshot, SnapshotFormSchema } from './lock';
import { type WaitsForGraph, type ZkStatus } from './ops';
import type { ReplayAtRequest, ReplayInfo, ReplayLock, ReplayMoment, ReplayStepRequest } from './replay';
import { type ContenderList, SocketActionSchema, type SpawnRequest } from './sim';
import { ZnodePath } from './znode';

/** `subscribe` / `unsubscribe` over the socket. */
export const SubscribeRequestSchema = z.strictObject({
  path: ZnodePath,
  /** `columns` sends the first snapshot as `lock:columns`, in its compact form; deltas are the same either way. */
  form: SnapshotFormSchema.optional(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** The answer to every socket request. */
export type Ack = { ok: true } | { ok: false; error: string };

/** Events the server sends. */
export interface ServerToClientEvents {
  'lock:snapshot': (snapshot: LockSnapshot) => void;
  /** On subscribe in columns; again, in place of a delta, when a change touches most of a long lock (the next delta follows its version). */
  'lock:columns': (snapshot: ColumnsLockSnapshot) => void;
  'lock:delta': (delta: LockDelta) => void;
  'zk:status': (status: ZkStatus) => void;
  /** The whole list, on `locks:subscribe`; `locks:changes` follow it. */
  'locks:list': (list: LockList) => void;
  'locks:changes': (change: LockListChange) => void;
  'sim:contenders': (list: ContenderList) => void;
  'waits:graph': (graph: WaitsForGraph) => void;
  /** Replay mode only: what was read of ZooKeeper's files, on connecting. */
  'replay:info': (info: ReplayInfo) => void;
  /** Replay mode only: the moment shown, on connecting and whenever it moves; what is followed is sent again at it. */
  'replay:moment': (moment: ReplayMoment) => void;
  /** Replay mode only: a followed lock's changes around the moment. */
  'replay:lock': (lock: ReplayLock) => void;
}

/** Events a client sends; every payload is parsed with the schemas above before use. */
/** A request that carries nothing but asks (`locks:subscribe`, `waits:subscribe`, …). */
export type EmptyRequest = Record<string, never>;

/** A sim action over the socket. */
export type SocketAction = z.infer<typeof SocketActionSchema>;

/**
 * Events the browser sends, with the payloads it means to send. The server still parses each
 * one (its handlers take `unknown`): a type says what a client should send, not what arrives.
 */
export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack?: (ack: Ack) => void) => void;
  unsubscribe: (request: Pick<SubscribeRequest, 'path'>, ack?: (ack: Ack) => void) => void;
  /** Asks for `locks:list` now and on every change; `locks:unsubscribe` stops it. */
  'locks:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  'locks:unsubscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  /** Asks for `waits:graph` now and whenever who waits for whom changes; `waits:unsubscribe` stops it. */
  'waits:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  'waits:unsubscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  /** Simulation controls; each needs the token when one is configured (`auth` in the handshake). */
  'sim:spawn': (request: SpawnRequest, ack?: (ack: Ack) => void) => void;
  'sim:action': (request: SocketAction, ack?: (ack: Ack) => void) => void;
  /** Stops every simulated contender, or those of one lock. */
  'sim:stop-all': (request: Partial<Pick<SubscribeRequest, 'path'>>, ack?: (ack: Ack) => void) => void;
  'sim:subscribe': (request: EmptyRequest, ack?: (ack: Ack) => void) => void;
  /** Replay mode only: show a moment (a zxid or a time); the ack comes once everything followed was sent at it. */
  'replay:at': (request: ReplayAtRequest, ack?: (ack: Ack) => void) => void;
  /** Replay mode only: show a followed lock's change before or after the moment. */
  'replay:step': (request: ReplayStepRequest, ack?: (ack: Ack) => void) => void;
}
