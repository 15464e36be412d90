'use client';
import { useEffect, useState } from 'react';
import { useReplayClock } from './replay';

/**
 * The current time, re-read every `intervalMs`, so that ages on screen tick; in replay mode, the
 * moment shown. Every clock of a page ticks at the same moments (whole multiples of `intervalMs`
 * of the wall clock) and says the same time (that multiple, not the few ms its timer was late
 * by, and not the moment its component mounted): two countdowns to one expiry never differ by a
 * second.
 */
export function useNow(intervalMs = 1000): number {
  const replayed = useReplayClock();
  const live = replayed === null;
  const [now, setNow] = useState(() => quantised(Date.now(), intervalMs));
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = (): void => {
      const at = Date.now();
      setNow(quantised(at, intervalMs));
      timer = setTimeout(tick, intervalMs - (at % intervalMs));
    };
    timer = setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    return () => clearTimeout(timer);
  }, [intervalMs, live]);
  return replayed ?? now;
}

/** The last whole multiple of `intervalMs` at or before `at`. */
function quantised(at: number, intervalMs: number): number {
  return at - (at % intervalMs);
}
