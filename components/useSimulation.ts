'use client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ContenderListSchema, HealthResponseSchema, type ContenderList, type Features } from '../lib/protocol';
import { useLanguage } from './language';
import { useReplay } from './replay';
import type { ExplorerSocket } from './socket';
import { useSocketFeed } from './useSocketFeed';

const TOKEN_KEY = 'zk-lock-explorer-token';

const subscribeToContenders = (socket: ExplorerSocket): void => {
  socket.emit('sim:subscribe', {});
};

export interface Simulation {
  features: Features | null;
  contenders: ContenderList | null;
  token: string;
  setToken(token: string): void;
  /** Sends a control request; resolves with the error sentence, or null when it worked. `keepalive`: it outlives the page (sent as the tab closes). */
  control(method: 'POST' | 'DELETE', path: string, body?: unknown, keepalive?: boolean): Promise<string | null>;
}

/** The simulation controls' state: what the server allows, the live contenders, and the admin token. */
export function useSimulation(): Simulation {
  const [features, setFeatures] = useState<Features | null>(null);
  // The token field renders only after the features arrive, so reading storage here cannot mismatch the server render.
  const [token, setTokenState] = useState(() => (typeof window === 'undefined' ? '' : (sessionStorage.getItem(TOKEN_KEY) ?? '')));

  useEffect(() => {
    let cancelled = false;
    void fetch('/api/health')
      .then((response) => response.json())
      .then((raw: unknown) => {
        // Only the features are read: replay mode's health has them, and none of a live ZooKeeper's state.
        const parsed = HealthResponseSchema.pick({ features: true }).safeParse(raw);
        if (!cancelled && parsed.success) setFeatures(parsed.data.features);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  // A past moment of a live ZooKeeper's files: nothing can be done to it, whatever the present allows.
  const past = useReplay().info?.live === true;
  const pastReason = useLanguage().t('lpSimPast');
  const shown = useMemo(() => (features === null || !past ? features : { ...features, simulation: false, simulationReason: pastReason, breakLocks: false }), [features, past, pastReason]);

  const contenders = useSocketFeed('sim:contenders', ContenderListSchema, subscribeToContenders, undefined, shown?.simulation === true);

  const setToken = useCallback((value: string) => {
    setTokenState(value);
    sessionStorage.setItem(TOKEN_KEY, value);
  }, []);

  const control = useCallback(
    async (method: 'POST' | 'DELETE', path: string, body?: unknown, keepalive = false): Promise<string | null> => {
      try {
        const response = await fetch(path, {
          method,
          keepalive,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (response.ok) return null;
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        return answer.error ?? `the server answered ${response.status}`;
      } catch {
        return 'the explorer could not be reached';
      }
    },
    [token],
  );

  return { features: shown, contenders, token, setToken, control };
}

/**
 * Closing the tab ends what the page started: the contenders of each of `paths` are stopped and
 * their locks removed (the request outlives the page). A page that says nothing is stopped by
 * the server's time limit (`ttlMs` of the spawn).
 */
export function useStopOnPageHide(paths: readonly string[] | null, control: Simulation['control']): void {
  useEffect(() => {
    if (paths === null || paths.length === 0) return;
    const end = (): void => {
      for (const path of paths) void control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`, undefined, true);
    };
    window.addEventListener('pagehide', end);
    return () => window.removeEventListener('pagehide', end);
  }, [paths, control]);
}
