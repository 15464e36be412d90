'use client';
import { useCallback, useEffect, type Dispatch } from 'react';
import type { ClassroomEvent } from '../lib/demo/run';

/** How often a replay shows the next recorded change (ms). */
const REPLAY_STEP_MS = 350;

export interface Timeline {
  seek(index: number | null): void;
  replay(): void;
  live(): void;
}

/** The classroom's timeline: scrubbing, a replay that steps through the recorded changes on a timer, and back to live. */
export function useTimeline(replaying: boolean, dispatch: Dispatch<ClassroomEvent>): Timeline {
  useEffect(() => {
    if (!replaying) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), REPLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [replaying, dispatch]);
  return {
    seek: useCallback((index: number | null) => dispatch({ type: 'seek', index }), [dispatch]),
    replay: useCallback(() => dispatch({ type: 'replay' }), [dispatch]),
    live: useCallback(() => dispatch({ type: 'live' }), [dispatch]),
  };
}
