'use client';
import { useEffect, useState } from 'react';
import { LockListSchema, type LockList } from '../lib/protocol';
import { getSocket } from './socket';

/** The live list of every lock under the explorer's roots. */
export function useLockList(): LockList | null {
  const [list, setList] = useState<LockList | null>(null);
  useEffect(() => {
    const socket = getSocket();
    const subscribe = (): void => {
      socket.emit('locks:subscribe', {});
    };
    const onList = (raw: unknown): void => {
      const parsed = LockListSchema.safeParse(raw);
      if (parsed.success) setList(parsed.data);
    };
    socket.on('locks:list', onList);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.off('locks:list', onList);
      socket.off('connect', subscribe);
      socket.emit('locks:unsubscribe', {});
    };
  }, []);
  return list;
}
