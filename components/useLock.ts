'use client';
import { useEffect, useState } from 'react';
import { applyDelta } from '../lib/lock/delta';
import { LockDeltaSchema, LockSnapshotSchema, type Ack, type LockSnapshot } from '../lib/protocol';
import { getSocket } from './socket';

export interface LockState {
  snapshot: LockSnapshot | null;
  error: string | null;
}

/**
 * Subscribes to one lock: a full snapshot, then deltas applied with the same `applyDelta` the
 * server uses. A missed delta (a version gap) or a reconnect asks for a fresh snapshot.
 */
export function useLock(path: string): LockState {
  const [state, setState] = useState<LockState>({ snapshot: null, error: null });

  useEffect(() => {
    const socket = getSocket();
    let current: LockSnapshot | null = null;
    const subscribe = (): void => {
      socket.emit('subscribe', { path }, (ack: Ack) => {
        if (!ack.ok) setState({ snapshot: current, error: ack.error });
      });
    };
    const onSnapshot = (raw: unknown): void => {
      const parsed = LockSnapshotSchema.safeParse(raw);
      if (!parsed.success || parsed.data.path !== path) return;
      current = parsed.data;
      setState({ snapshot: current, error: null });
    };
    const onDelta = (raw: unknown): void => {
      const parsed = LockDeltaSchema.safeParse(raw);
      if (!parsed.success || parsed.data.path !== path) return;
      if (current === null) return;
      try {
        current = applyDelta(current, parsed.data);
        setState({ snapshot: current, error: null });
      } catch {
        subscribe();
      }
    };
    socket.on('lock:snapshot', onSnapshot);
    socket.on('lock:delta', onDelta);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.off('lock:snapshot', onSnapshot);
      socket.off('lock:delta', onDelta);
      socket.off('connect', subscribe);
      socket.emit('unsubscribe', { path });
    };
  }, [path]);

  return state;
}
