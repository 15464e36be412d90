'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ContenderListSchema, errorSaid, HealthResponseSchema, type ContenderList, type Features } from '../lib/protocol';
import { DEMO_LEASE_MS } from '../lib/demo/scenarios';
import { useLanguage } from './language';
import { useReplay } from './replay';
import type { ExplorerSocket } from './socket';
import { useSocketFeed } from './useSocketFeed';
import { apiPath } from './ensemble';

const TOKEN_KEY = 'zk-lock-explorer-token';

const subscribeToContenders = (socket: ExplorerSocket): void => {
  socket.emit('sim:subscribe', {});
};

/** What the server allows, the admin token, and the way to send a control: every page's controls (simulation, breaking a lock, cleaning up). */
export interface Controls {
  features: Features | null;
  token: string;
  setToken(token: string): void;
  /** Sends a control request; resolves with the error sentence, or null when it worked. `keepalive`: it outlives the page (sent as the tab closes). */
  control(method: 'POST' | 'DELETE', path: string, body?: unknown, keepalive?: boolean): Promise<string | null>;
}

export interface Simulation extends Controls {
  contenders: ContenderList | null;
}

/** The controls' state: what the server allows (read once), and the admin token kept for the tab. */
export function useControls(): Controls {
  const [features, setFeatures] = useState<Features | null>(null);
  // The token field renders only after the features arrive, so reading storage here cannot mismatch the server render.
  const [token, setTokenState] = useState(() => (typeof window === 'undefined' ? '' : (sessionStorage.getItem(TOKEN_KEY) ?? '')));

  useEffect(() => {
    let cancelled = false;
    void fetch(apiPath('/api/health'))
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
  const { t } = useLanguage();
  const pastReason = t('lpSimPast');
  const shown = useMemo(() => (features === null || !past ? features : { ...features, simulation: false, simulationReason: pastReason, breakLocks: false }), [features, past, pastReason]);

  const setToken = useCallback((value: string) => {
    setTokenState(value);
    sessionStorage.setItem(TOKEN_KEY, value);
  }, []);

  const control = useCallback(
    async (method: 'POST' | 'DELETE', path: string, body?: unknown, keepalive = false): Promise<string | null> => {
      try {
        const response = await fetch(apiPath(path), {
          method,
          keepalive,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (response.ok) return null;
        return errorSaid(await response.json().catch(() => null)) ?? t('lpServerAnswered', { status: response.status });
      } catch {
        return t('answerUnreachable');
      }
    },
    [token, t],
  );

  return useMemo(() => ({ features: shown, token, setToken, control }), [shown, token, setToken, control]);
}

/** The simulation controls' state: the controls, and the live contenders where simulation is on. */
export function useSimulation(): Simulation {
  const controls = useControls();
  const contenders = useSocketFeed('sim:contenders', ContenderListSchema, subscribeToContenders, undefined, controls.features?.simulation === true);
  return { ...controls, contenders };
}

/**
 * Leaving ends what the page started: closing the tab, hiding it, or leaving the scenario (the
 * component unmounts when another one is chosen) stops the contenders of each of `paths` and
 * removes their locks (the request outlives the page); hidden, `onHidden` clears what the page
 * shows of them. A page that says nothing is stopped by the server's time limit (`ttlMs` of the spawn).
 */
export function useStopWhenLeft(paths: readonly string[] | null, control: Simulation['control'], onHidden: () => void): void {
  // The paths by value, the control and the callback by reference: a run's state changing, or a token typed, is no leaving.
  const key = paths === null ? '' : paths.join('\n');
  const controlRef = useRef(control);
  const hiddenRef = useRef(onHidden);
  useEffect(() => {
    controlRef.current = control;
    hiddenRef.current = onHidden;
  }, [control, onHidden]);
  useEffect(() => {
    if (key === '') return;
    const paths = key.split('\n');
    let stopped = false;
    const end = (): void => {
      if (stopped) return;
      stopped = true;
      for (const path of paths) void controlRef.current('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`, undefined, true);
    };
    // Hidden, the page shows the run as ended (`onHidden`): coming back, the lesson starts again from its button.
    const hidden = (): void => {
      if (document.visibilityState !== 'hidden') return;
      end();
      hiddenRef.current();
    };
    window.addEventListener('pagehide', end);
    document.addEventListener('visibilitychange', hidden);
    // While the page shows them, their lease is renewed: a page gone without a word (a browser closed, a laptop shut) leaves them DEMO_LEASE_MS at most.
    const renewing = setInterval(() => {
      if (stopped || document.visibilityState === 'hidden') return;
      for (const path of paths) void controlRef.current('POST', `/api/sim/contenders/renew?path=${encodeURIComponent(path)}`);
    }, DEMO_LEASE_MS / 3);
    return () => {
      clearInterval(renewing);
      window.removeEventListener('pagehide', end);
      document.removeEventListener('visibilitychange', hidden);
      // Another run's paths, or the component gone: these contenders are no one's any more.
      end();
    };
  }, [key]);
}
