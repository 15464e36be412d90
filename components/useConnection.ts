'use client';
import { useEffect, useState } from 'react';
import { ZkStatusSchema, type ZkStatus } from '../lib/protocol';
import { getSocket } from './socket';

export interface ConnectionState {
  /** Whether this page's socket to the explorer is up. */
  socket: 'connecting' | 'connected' | 'disconnected';
  /** When the socket last changed state (browser clock). */
  socketSince: number | null;
  /** The explorer's own ZooKeeper session, as it last reported it. */
  zookeeper: ZkStatus | null;
}

/**
 * The explorer's last word on its ZooKeeper session, kept across pages: the server says it when a
 * socket connects and when it changes, so a page opened by a link (the socket already up) would
 * otherwise wait for a status that does not come.
 */
let lastStatus: ZkStatus | null = null;

export function useConnection(): ConnectionState {
  const [state, setState] = useState<ConnectionState>({ socket: 'connecting', socketSince: null, zookeeper: lastStatus });
  useEffect(() => {
    const socket = getSocket();
    const onConnect = (): void => setState((s) => ({ ...s, socket: 'connected', socketSince: Date.now() }));
    const onDisconnect = (): void => setState((s) => ({ ...s, socket: 'disconnected', socketSince: Date.now() }));
    const onStatus = (raw: unknown): void => {
      const parsed = ZkStatusSchema.safeParse(raw);
      if (!parsed.success) return;
      lastStatus = parsed.data;
      setState((s) => ({ ...s, zookeeper: parsed.data }));
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('zk:status', onStatus);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('zk:status', onStatus);
    };
  }, []);
  return state;
}
