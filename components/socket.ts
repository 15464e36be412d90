'use client';
/** The browser's single socket to the explorer, typed by the shared protocol. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { namespaceOfEnsemble } from '../lib/view/ensemble-path';
import { addressEnsemble } from './ensemble';
import { attachReplay, wantedMoment } from './replay';

export type ExplorerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ExplorerSocket | null = null;
let namespace: string | null = null;

export function getSocket(): ExplorerSocket {
  // A WebSocket from the start (no long-polling round trips before the first list or lock arrives, and no multi-megabyte polling replies); where a proxy refuses it, long-polling instead.
  // In replay mode the handshake names the moment this tab shows (its address's `?at=`, or the one it showed before a reconnect).
  // A page of an ensemble (`/e/<name>/…`) connects to its namespace, any other to the first ensemble's; a tab gone on to another ensemble's pages connects anew.
  const wanted = namespaceOfEnsemble(addressEnsemble());
  if (socket !== null && namespace !== wanted) {
    socket.disconnect();
    socket = null;
  }
  if (socket === null) {
    namespace = wanted;
    socket = io(wanted, { reconnectionDelayMax: 2000, transports: ['websocket', 'polling'], tryAllTransports: true, auth: (give) => give({ at: wantedMoment() }) });
    attachReplay(socket);
  }
  return socket;
}
