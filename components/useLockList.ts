'use client';
import { useEffect, useState } from 'react';
import { LockListChangeSchema, LockListSchema, type LockList } from '../lib/protocol';
import { applyListChange } from '../lib/view/lock-list-change';
import { getSocket } from './socket';

/**
 * The live list of every lock under the explorer's roots: the whole list on subscribing (and
 * after every reconnect), then only what changed, so that a change of one lock among ten
 * thousand costs one summary to send, parse and draw.
 */
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
    const onChanges = (raw: unknown): void => {
      const parsed = LockListChangeSchema.safeParse(raw);
      // Changes before the first whole list are in that list already.
      if (parsed.success) setList((current) => (current === null ? null : applyListChange(current, parsed.data)));
    };
    socket.on('locks:list', onList);
    socket.on('locks:changes', onChanges);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.off('locks:list', onList);
      socket.off('locks:changes', onChanges);
      socket.off('connect', subscribe);
      socket.emit('locks:unsubscribe', {});
    };
  }, []);
  return list;
}
