'use client';
import { LockListSchema, type LockList } from '../lib/protocol';
import type { ExplorerSocket } from './socket';
import { useSocketFeed } from './useSocketFeed';

const subscribe = (socket: ExplorerSocket): void => {
  socket.emit('locks:subscribe', {});
};
const unsubscribe = (socket: ExplorerSocket): void => {
  socket.emit('locks:unsubscribe', {});
};

/** The live list of every lock under the explorer's roots. */
export function useLockList(): LockList | null {
  return useSocketFeed('locks:list', LockListSchema, subscribe, unsubscribe);
}
