'use client';
import { useCallback, useSyncExternalStore } from 'react';
import { errorSaid, IncidentListSchema, type IncidentList } from '../lib/protocol';
import { apiPath } from './ensemble';

/** What a read of `GET /api/incidents` gave: the list, no files (404), or another answer's error; null until the first answer (a 503, the files still being read, is none). */
export type IncidentsRead = { kind: 'list'; list: IncidentList } | { kind: 'no-files' } | { kind: 'failed'; error: string } | null;

/** One lock's incidents (or every lock's, under ''), read once for every part of the page that shows them, as often as the most eager of them asks. */
interface Feed {
  read: IncidentsRead;
  listeners: Set<() => void>;
  /** Each subscriber's period (ms). */
  periods: Map<symbol, number>;
  timer: ReturnType<typeof setInterval> | null;
  period: number;
  /** Counts reads begun, so that an answer overtaken by a later read is dropped. */
  asked: number;
  /** The read again asked while the files are still being read (one at a time), and how long it waits (doubling, up to the period). */
  retry: ReturnType<typeof setTimeout> | null;
  retryMs: number;
  /** The feed let go once nobody has asked for it for a moment (a part of the page that asks again at once keeps it, and its read). */
  ending: ReturnType<typeof setTimeout> | null;
}

const feeds = new Map<string, Feed>();

/** Replayed files do not change: their incidents are read again no sooner than this. */
export const FILES_FIXED_MS = 24 * 3_600_000;

async function refresh(key: string, feed: Feed): Promise<void> {
  const number = (feed.asked += 1);
  try {
    const response = await fetch(apiPath(`/api/incidents${key === '' ? '' : `?path=${encodeURIComponent(key)}`}`));
    // Still reading the files the first time: asked again soon, whatever the period (one retry at a time, less often as it lasts).
    if (response.status === 503) {
      if (feed.retry === null && feeds.get(key) === feed) {
        feed.retry = setTimeout(() => {
          feed.retry = null;
          if (feeds.get(key) === feed) void refresh(key, feed);
        }, feed.retryMs);
        feed.retryMs = Math.min(feed.retryMs * 2, Math.max(1_000, feed.period));
      }
      return;
    }
    feed.retryMs = 1_000;
    const raw: unknown = await response.json().catch(() => null);
    if (number !== feed.asked || feeds.get(key) !== feed) return;
    const parsed = IncidentListSchema.safeParse(raw);
    feed.read = response.status === 404 ? { kind: 'no-files' } : response.ok && parsed.success ? { kind: 'list', list: parsed.data } : { kind: 'failed', error: errorSaid(raw) ?? `HTTP ${response.status}` };
    for (const listener of feed.listeners) listener();
  } catch {
    // The page says elsewhere when the explorer is unreachable; the next read tries again.
  }
}

/** How long a feed nobody asks for is kept, for a part of the page that asks again (its period changed, it was drawn again). */
const KEPT_MS = 1_000;

/** Re-times the feed's reads to its most eager subscriber's period; lets it go a moment after it has none. */
function schedule(key: string, feed: Feed): void {
  const period = feed.periods.size === 0 ? 0 : Math.min(...feed.periods.values());
  if (feed.ending !== null && period > 0) {
    clearTimeout(feed.ending);
    feed.ending = null;
  }
  if (period === feed.period) return;
  if (feed.timer !== null) clearInterval(feed.timer);
  feed.timer = null;
  feed.period = period;
  if (period === 0) {
    feed.ending = setTimeout(() => {
      if (feed.periods.size > 0) return;
      if (feed.retry !== null) clearTimeout(feed.retry);
      feeds.delete(key);
    }, KEPT_MS);
    return;
  }
  feed.timer = setInterval(() => void refresh(key, feed), period);
}

/**
 * The incidents of the files, of the lock at `path` or of every lock, read now and every
 * `periodMs` while any part of the page asks for them: the incident list and the slider's marks
 * of one lock's page share one read.
 */
export function useIncidents(path: string | undefined, periodMs: number): IncidentsRead {
  const key = path ?? '';
  const subscribe = useCallback(
    (listener: () => void): (() => void) => {
      let feed = feeds.get(key);
      const fresh = feed === undefined;
      if (feed === undefined) {
        feed = { read: null, listeners: new Set(), periods: new Map(), timer: null, period: 0, asked: 0, retry: null, retryMs: 1_000, ending: null };
        feeds.set(key, feed);
      }
      const joined = feed;
      const id = Symbol(key);
      joined.listeners.add(listener);
      joined.periods.set(id, periodMs);
      schedule(key, joined);
      if (fresh) void refresh(key, joined);
      return () => {
        joined.listeners.delete(listener);
        joined.periods.delete(id);
        schedule(key, joined);
      };
    },
    [key, periodMs],
  );
  return useSyncExternalStore(subscribe, () => feeds.get(key)?.read ?? null, () => null);
}
