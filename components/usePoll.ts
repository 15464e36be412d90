'use client';
import { useEffect, useRef } from 'react';

/**
 * Calls `read` now and every `intervalMs` while `enabled`, again from the start when `key` changes;
 * `read` is told whether its answer still matters (false once the page moved on), and a read
 * that fails waits for the next one.
 */
export function usePoll(read: (current: () => boolean) => Promise<void>, intervalMs: number, enabled = true, key = ''): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const current = (): boolean => !cancelled;
    // The page says elsewhere when the explorer is unreachable.
    const run = (): void => void latest.current(current).catch(() => undefined);
    run();
    const timer = setInterval(run, intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [intervalMs, enabled, key]);
}
