'use client';
import { useEffect, useState } from 'react';
import { useReplayClock } from './replay';

/**
 * The current time, re-read every `intervalMs`, so that ages on screen tick; in replay mode, the
 * moment shown. Every clock of a page ticks at the same moments (whole multiples of `intervalMs`
 * of the wall clock): two countdowns to one expiry never differ by a second.
 */
export function useNow(intervalMs = 1000): number {
  const replayed = useReplayClock();
  const live = replayed === null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = (): void => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, intervalMs - (at % intervalMs));
    };
    timer = setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    return () => clearTimeout(timer);
  }, [intervalMs, live]);
  return replayed ?? now;
}
