'use client';
/** The browser's single socket to the explorer, typed by the shared protocol. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';
import { attachReplay, wantedMoment } from './replay';

export type ExplorerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ExplorerSocket | null = null;

export function getSocket(): ExplorerSocket {
  // A WebSocket from the start (no long-polling round trips before the first list or lock arrives, and no multi-megabyte polling replies); where a proxy refuses it, long-polling instead.
  // In replay mode the handshake names the moment this tab shows (its address's `?at=`, or the one it showed before a reconnect).
  if (socket === null) {
    socket = io({ reconnectionDelayMax: 2000, transports: ['websocket', 'polling'], tryAllTransports: true, auth: (give) => give({ at: wantedMoment() }) });
    attachReplay(socket);
  }
  return socket;
}
