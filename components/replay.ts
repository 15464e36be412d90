'use client';
/**
 * Replay mode in the browser: the moment this tab shows, shared by every page and kept across
 * them (the socket's, the address's `?at=`, the tab's storage), and the requests that move it —
 * one in flight at a time, the latest asked for sent next, so that dragging the slider or playing
 * never queues up moments nobody waits for any more. Outside replay mode it stays empty.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ReplayInfoSchema, ReplayLockSchema, ReplayMomentSchema, type Ack, type ClientToServerEvents, type ReplayInfo, type ReplayLock, type ReplayMoment, type ServerToClientEvents } from '../lib/protocol';
import type { Socket } from 'socket.io-client';
import { addressMoment, latestOfDay } from './momentInput';
import { apiPath } from './ensemble';

export interface ReplayView {
  /** What was read of the files; null outside replay mode. */
  info: ReplayInfo | null;
  moment: ReplayMoment | null;
  /** Each followed lock's changes around the moment. */
  locks: ReadonlyMap<string, ReplayLock>;
  /** Whether a move is under way (the pages show the moment before it until it is done). */
  moving: boolean;
  /** Why the last move was refused (a moment before the files begin). */
  error: string | null;
  /** The address's `?at=` when it named no moment (it is then left for the files' last one, or live for the present). */
  addressBad: string | null;
  /** Live: the address asked for a past moment, and the explorer reads no ZooKeeper files to show it from. */
  addressNoFiles: boolean;
}

const STORAGE_KEY = 'zk-lock-explorer:replay-at';
const EMPTY: ReplayView = { info: null, moment: null, locks: new Map(), moving: false, error: null, addressBad: null, addressNoFiles: false };
/** How many locks' changes around the moment a tab keeps (each page shows one; the socket sends them again on the next move). */
const LOCKS_KEPT = 16;
/** How often at most the address is rewritten while the moment moves (browsers limit how often a page may). */
const ADDRESS_EVERY_MS = 300;

let view: ReplayView = EMPTY;
const listeners = new Set<() => void>();
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
type Move = { event: 'replay:at'; request: { at: string } } | { event: 'replay:step'; request: { path: string; direction: 'previous' | 'next' } };
let inFlight = false;
let queued: Move | null = null;
let addressTimer: ReturnType<typeof setTimeout> | null = null;
/** A time of day the address asked for (`?at=03:51:50`): gone to once the files' span is told. */
let addressOfDay: string | null = null;

function update(change: Partial<ReplayView>): void {
  view = { ...view, ...change };
  for (const listener of listeners) listener();
}

/** The moment as `?at=` writes it: the time asked for, or the transaction's zxid when that was asked for. */
export function momentText(moment: ReplayMoment): string {
  return moment.time === moment.at.time ? moment.at.zxid : String(Math.round(moment.time));
}

/** The moment this tab asked for before: the address's `?at=`, else the one it last showed. Read by the socket when it connects. */
export function wantedMoment(): string | null {
  if (typeof window === 'undefined') return null;
  if (view.moment !== null) return momentText(view.moment);
  const fromAddress = new URLSearchParams(window.location.search).get('at');
  if (fromAddress !== null) {
    // Every form the go-to box takes: a date and time in this browser's zone as ms, a time of day once the files' day is known.
    const asked = addressMoment(fromAddress);
    if (asked.at !== null) return asked.at;
    if (asked.ofDay) {
      addressOfDay = fromAddress;
      ofDayLive(fromAddress);
    } else update({ addressBad: fromAddress });
    return null;
  }
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Live, a time of day in the address (`?at=03:51:50`): the connection is live (its handshake could
 * name no moment), so the files' end is asked for over HTTP and the tab then goes to that time's
 * last moment; said where it cannot (no files, or no such moment). In replay mode `replay:info`
 * comes first and goes there itself.
 */
function ofDayLive(text: string): void {
  fetch(apiPath('/api/replay'))
    .then(async (response) => {
      if (addressOfDay !== text) return;
      // The files still being read the first time: asked again soon.
      if (response.status === 503) {
        setTimeout(() => ofDayLive(text), 2000);
        return;
      }
      if (response.status === 404) {
        addressOfDay = null;
        update({ addressBad: text, addressNoFiles: true });
        return;
      }
      const info = ReplayInfoSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !info.success || !info.data.live || addressOfDay !== text) return;
      addressOfDay = null;
      // Live, the files reach the present (read each second, a little behind it): the time of day is today's, unless it is still to come today.
      const at = info.data.to === null ? null : latestOfDay(text, Math.max(info.data.to, Date.now()));
      if (at === null) update({ addressBad: text });
      else travelTo(at);
    })
    .catch(() => undefined);
}

/** Writes the moment into the address (a link to it, a reload) and the tab's storage (the next page), a while after it moved. */
function writeMomentToAddress(): void {
  if (addressTimer !== null || typeof window === 'undefined') return;
  addressTimer = setTimeout(() => {
    addressTimer = null;
    if (view.moment !== null) keepMoment(momentText(view.moment));
  }, ADDRESS_EVERY_MS);
}

/** The moment as `?at=` writes it into the address and the tab's storage; null: both forget it (the present). */
function keepMoment(text: string | null): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('at') !== text) {
    if (text === null) url.searchParams.delete('at');
    else url.searchParams.set('at', text);
    window.history.replaceState(window.history.state, '', url);
  }
  try {
    if (text === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Storage refused (a private window): the address still has it.
  }
}

/** Listens for the replay's events on the tab's socket, from its creation (they come first thing on connecting). */
export function attachReplay(tabSocket: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  socket = tabSocket;
  socket.on('replay:info', (raw: unknown) => {
    const parsed = ReplayInfoSchema.safeParse(raw);
    if (!parsed.success) return;
    update({ info: parsed.data });
    const ofDay = addressOfDay;
    addressOfDay = null;
    const at = ofDay === null || parsed.data.to === null ? null : latestOfDay(ofDay, parsed.data.to);
    if (at !== null) goTo(at);
  });
  socket.on('replay:moment', (raw: unknown) => {
    const parsed = ReplayMomentSchema.safeParse(raw);
    if (!parsed.success) return;
    update({ moment: parsed.data });
    writeMomentToAddress();
  });
  socket.on('replay:lock', (raw: unknown) => {
    const parsed = ReplayLockSchema.safeParse(raw);
    if (!parsed.success) return;
    const locks = new Map(view.locks);
    // The latest last: a tab that went through a thousand lock pages keeps those it saw lately.
    locks.delete(parsed.data.path);
    locks.set(parsed.data.path, parsed.data);
    if (locks.size > LOCKS_KEPT) locks.delete(locks.keys().next().value!);
    update({ locks });
  });
  // A reconnect finds the moment again through the handshake: nothing is in flight any more.
  socket.on('disconnect', () => {
    inFlight = false;
    queued = null;
    if (view.moving) update({ moving: false });
  });
}

function send(move: Move): void {
  if (socket === null) return;
  if (inFlight) {
    queued = move;
    return;
  }
  inFlight = true;
  if (!view.moving) update({ moving: true });
  const done = (ack: Ack): void => {
    inFlight = false;
    const next = queued;
    queued = null;
    if (next !== null) {
      send(next);
      return;
    }
    update({ moving: false, error: ack.ok ? null : ack.error });
  };
  if (move.event === 'replay:at') socket.emit('replay:at', move.request, done);
  else socket.emit('replay:step', move.request, done);
}

/** Connects the tab's socket again: its handshake names the moment wanted then (none: live). */
function reconnect(): void {
  socket?.disconnect().connect();
}

/** Live mode with ZooKeeper's files: this tab shows a past moment of them (`at`, as `?at=` writes it), every page, until it goes back to live. */
export function travelTo(at: string): void {
  if (socket === null || typeof window === 'undefined') return;
  update(EMPTY);
  keepMoment(at);
  reconnect();
}

/** Leaves the past moment for the present: the address and the tab forget it, and the socket is live again. */
export function backToLive(): void {
  if (socket === null || typeof window === 'undefined') return;
  if (addressTimer !== null) clearTimeout(addressTimer);
  addressTimer = null;
  update(EMPTY);
  keepMoment(null);
  reconnect();
}

/**
 * Whether the explorer, live, has ZooKeeper's files to show the past from (`GET /api/replay`):
 * asked once per page, and again while they are first read.
 */
export function usePastAvailable(live: boolean): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = (): void => {
      fetch(apiPath('/api/replay'))
        .then(async (response) => {
          if (stopped) return;
          // Still being read: asked again soon.
          if (response.status === 503) timer = setTimeout(ask, 2000);
          if (!response.ok) return;
          // The files of a live ZooKeeper (in replay mode they are all the explorer has: no present to leave).
          const info = ReplayInfoSchema.safeParse(await response.json());
          if (!stopped && info.success && info.data.live) setAvailable(true);
        })
        .catch(() => undefined);
    };
    ask();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [live]);
  return available;
}

/** Shows a moment: a zxid (`0x…`) or a time in ms. */
export function goTo(at: string): void {
  send({ event: 'replay:at', request: { at } });
}

/** Shows a followed lock's change before or after the moment. */
export function stepLock(path: string, direction: 'previous' | 'next'): void {
  send({ event: 'replay:step', request: { path, direction } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's replay as it is now. */
export const currentReplay = (): ReplayView => view;
const serverView = (): ReplayView => EMPTY;

/** The tab's replay: empty (`info` null) outside replay mode. */
export function useReplay(): ReplayView {
  return useSyncExternalStore(subscribe, currentReplay, serverView);
}

/** The clock the pages show in replay mode (the moment's), or null when live. */
export function useReplayClock(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => view.moment?.time ?? null,
    () => null,
  );
}

/** The moment shown as `?at=` writes it, for a request to read what was then; null when live. */
export function useMomentText(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (view.moment === null ? null : momentText(view.moment)),
    () => null,
  );
}
