'use client';
import { WaitsForGraphSchema, type WaitsForGraph } from '../lib/protocol';
import type { ExplorerSocket } from './socket';
import { useSocketFeed } from './useSocketFeed';

const subscribe = (socket: ExplorerSocket): void => {
  socket.emit('waits:subscribe', {});
};
const unsubscribe = (socket: ExplorerSocket): void => {
  socket.emit('waits:unsubscribe', {});
};

/** The live waits-for graph across every lock the explorer follows. */
export function useWaitsFor(): WaitsForGraph | null {
  return useSocketFeed('waits:graph', WaitsForGraphSchema, subscribe, unsubscribe);
}
