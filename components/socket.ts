'use client';
/** The browser's single socket to the explorer, typed by the shared protocol. */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../lib/protocol';

export type ExplorerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ExplorerSocket | null = null;

export function getSocket(): ExplorerSocket {
  socket ??= io({ reconnectionDelayMax: 2000 });
  return socket;
}
