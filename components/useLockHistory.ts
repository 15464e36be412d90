'use client';
import { useEffect, useRef, useState } from 'react';
import { LockHistorySchema, type LockHistory } from '../lib/protocol';
import { mergeHistory, nextHistorySince } from '../lib/view/history-merge';
import { encodeZnodePath } from '../lib/zk/path';
import { apiPath } from './ensemble';

/** How often the history is read again while nothing changes (a hold grows; the window slides). */
const REFRESH_MS = 5000;
/** The least time between two reads while the lock changes fast. */
const MIN_GAP_MS = 500;

/** A lock's history as read, and what takes the explorer's clock to this page's (ms to add). */
export interface HistoryRead {
  history: LockHistory;
  offset: number;
}

/**
 * A followed lock's history, read again after each change of the lock (`version`) and every few
 * seconds. The first read has every record kept; later reads only what may have changed since
 * the one before (`mergeHistory`), so that a history of thousands is not sent twice a second.
 * In replay mode (`fixed`) the history is the files' and read once: it is on the page's clock already.
 * Null until the first answer; false when the explorer has none for this lock.
 */
export function useLockHistory(path: string, version: number | null, fixed = false): HistoryRead | null | false {
  // false: the explorer answered that it has no history of this lock.
  const [history, setHistory] = useState<HistoryRead | null | false>(null);
  const last = useRef(0);
  // Where the next read's records begin (the explorer's clock), for this path.
  const since = useRef<{ path: string; at: number } | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (version === null || (fixed && since.current?.path === path)) return;
    const controller = new AbortController();
    const wait = Math.max(0, last.current + MIN_GAP_MS - Date.now());
    const timer = setTimeout(() => {
      const sent = Date.now();
      last.current = sent;
      const query = since.current?.path === path ? `?since=${since.current.at}` : '';
      fetch(apiPath(`/api/history${encodeZnodePath(path)}${query}`), { signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) {
            setHistory((kept) => (kept === null ? false : kept));
            return;
          }
          const parsed = LockHistorySchema.safeParse(await response.json());
          if (!parsed.success) return;
          since.current = { path, at: nextHistorySince(parsed.data) };
          // The explorer read its clock (`stats.at`) about halfway through the request.
          const offset = fixed ? 0 : Math.round((sent + Date.now()) / 2 - parsed.data.stats.at);
          setHistory((kept) => ({ history: mergeHistory(kept === null || kept === false ? null : kept.history, parsed.data), offset }));
        })
        .catch(() => undefined);
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, version, tick, fixed]);

  return history;
}
