'use client';
import { useEffect, useState } from 'react';
import { useReplayClock } from './replay';

/** The current time, re-read every `intervalMs`, so that ages on screen tick; in replay mode, the moment shown. */
export function useNow(intervalMs = 1000): number {
  const replayed = useReplayClock();
  const live = replayed === null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, live]);
  return replayed ?? now;
}
