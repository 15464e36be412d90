'use client';
import { useEffect, useState } from 'react';
import { applyDelta } from '../lib/lock/delta';
import { appendEvents, eventsOf, type LockEvent } from '../lib/view/event-log';
import { wokenBy, type Wake } from '../lib/view/pulses';
import { expandSnapshot } from '../lib/lock/compact';
import { ColumnsLockSnapshotSchema, LockDeltaSchema, type Ack, type LockSnapshot } from '../lib/protocol';
import { getSocket } from './socket';

export interface LockState {
  snapshot: LockSnapshot | null;
  error: string | null;
  /** Nodes just woken by a deletion, for the page to pulse (cleared after a moment). */
  woken: ReadonlySet<string>;
  /** What the last deletions woke, one entry per removed node: a new array for each change. */
  wakes: readonly Wake[];
  /** What happened to the queue since the page opened it, the last 500 events: creates, deletes, holds, notifications. */
  events: readonly LockEvent[];
}

const NO_EVENTS: readonly LockEvent[] = [];

const PULSE_MS = 1200;
const NOBODY: ReadonlySet<string> = new Set();
const NO_WAKES: readonly Wake[] = [];

/**
 * Subscribes to one lock: a full snapshot (in its compact form, which 50,000 waiters need), then deltas applied with the same `applyDelta` the
 * server uses. A missed delta (a version gap) or a reconnect asks for a fresh snapshot. A null
 * path subscribes to nothing.
 */
export function useLock(path: string | null): LockState {
  const [state, setState] = useState<LockState>({ snapshot: null, error: null, woken: NOBODY, wakes: NO_WAKES, events: NO_EVENTS });

  useEffect(() => {
    // No lock yet (the classroom before a run): nothing to subscribe to.
    if (path === null) return;
    const socket = getSocket();
    let current: LockSnapshot | null = null;
    let woken: ReadonlySet<string> = NOBODY;
    let events: readonly LockEvent[] = NO_EVENTS;
    let pulseTimer: ReturnType<typeof setTimeout> | null = null;
    const subscribe = (): void => {
      socket.emit('subscribe', { path, form: 'columns' }, (ack: Ack) => {
        if (!ack.ok) setState({ snapshot: current, error: ack.error, woken, wakes: NO_WAKES, events });
      });
    };
    const onSnapshot = (raw: unknown): void => {
      const parsed = ColumnsLockSnapshotSchema.safeParse(raw);
      if (!parsed.success || parsed.data.path !== path) return;
      try {
        current = expandSnapshot(parsed.data);
      } catch (error) {
        setState({ snapshot: current, error: `the explorer sent a snapshot this page cannot read: ${error instanceof Error ? error.message : String(error)}`, woken, wakes: NO_WAKES, events });
        return;
      }
      setState({ snapshot: current, error: null, woken, wakes: NO_WAKES, events });
    };
    const onDelta = (raw: unknown): void => {
      const parsed = LockDeltaSchema.safeParse(raw);
      if (!parsed.success || parsed.data.path !== path) return;
      if (current === null) return;
      try {
        const wakes = wokenBy(current, parsed.data);
        const woke = wakes.flatMap((wake) => wake.woken);
        events = appendEvents(events, eventsOf(current, parsed.data, wakes, Date.now()));
        current = applyDelta(current, parsed.data);
        if (woke.length > 0) {
          woken = new Set(woke);
          if (pulseTimer) clearTimeout(pulseTimer);
          pulseTimer = setTimeout(() => {
            woken = NOBODY;
            setState((previous) => ({ ...previous, woken }));
          }, PULSE_MS);
        }
        setState({ snapshot: current, error: null, woken, wakes: wakes.length > 0 ? wakes : NO_WAKES, events });
      } catch {
        subscribe();
      }
    };
    socket.on('lock:columns', onSnapshot);
    socket.on('lock:delta', onDelta);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      if (pulseTimer) clearTimeout(pulseTimer);
      socket.off('lock:columns', onSnapshot);
      socket.off('lock:delta', onDelta);
      socket.off('connect', subscribe);
      socket.emit('unsubscribe', { path });
    };
  }, [path]);

  return state;
}
