'use client';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import type { ServerToClientEvents } from '../lib/protocol';
import { getSocket, type ExplorerSocket } from './socket';

type FeedEvent = 'sim:contenders' | 'waits:graph';

/**
 * The latest value of a list the server pushes after `subscribe` is sent, and again after
 * every reconnect; every value is parsed before use. Off while `enabled` is false.
 */
export function useSocketFeed<T>(event: FeedEvent, schema: ZodType<T>, subscribe: (socket: ExplorerSocket) => void, unsubscribe?: (socket: ExplorerSocket) => void, enabled = true): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    const send = (): void => subscribe(socket);
    const onValue = ((raw: unknown): void => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) setValue(parsed.data);
    }) as ServerToClientEvents[FeedEvent];
    socket.on(event, onValue);
    socket.on('connect', send);
    if (socket.connected) send();
    return () => {
      socket.off(event, onValue);
      socket.off('connect', send);
      if (unsubscribe) unsubscribe(socket);
    };
    // Callers pass module-level functions and schemas, so this runs once per event unless `enabled` changes.
  }, [event, schema, subscribe, unsubscribe, enabled]);
  return value;
}
