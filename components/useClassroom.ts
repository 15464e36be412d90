'use client';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sideFigures, type Side } from '../lib/demo/classroom';
import { canStep, classroom, IDLE, queuesFormed, runFigures, settledOutside, zkSinceFormed, type ClassroomState, type ZkCounts, type ZkReading } from '../lib/demo/run';
import { DEMO_RUN } from '../lib/demo/scenarios';
import { MonitorSchema, type ContenderInfo, type Monitor } from '../lib/protocol';
import { useLock, type LockState } from './useLock';
import { useStopWhenLeft, type Simulation } from './useSimulation';
import { useTimeline, type Timeline } from './useTimeline';
import { apiPath } from './ensemble';

const SIDES = ['herd', 'chained'] as const;

/** A run nobody ends (a tab left open, a browser that crashed) is stopped by the server after this long. */

/** ZooKeeper's counts of watchers fired by child changes and by deletions, summed over the members. */
function zkCounts(monitor: Monitor | null): ZkCounts | null {
  if (monitor === null || monitor.servers.length === 0) return null;
  const sum = (key: string): number => monitor.servers.reduce((total, server) => total + (server.values[key] ?? 0), 0);
  return { children: sum('zk_sum_node_children_watch_count'), deleted: sum('zk_sum_node_deleted_watch_count') };
}

/** How late the contenders' counts may reach the page after ZooKeeper fired their watches (ms). */
const FEED_LAG_MS = 300;

async function readMonitor(): Promise<Monitor | null> {
  try {
    const parsed = MonitorSchema.safeParse(await (await fetch(apiPath('/api/zookeeper/monitor'))).json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface Classroom extends Timeline {
  state: ClassroomState;
  locks: Record<Side, LockState>;
  figures: ReturnType<typeof runFigures>;
  /** ZooKeeper's own counts since the queues formed; null while unknown. */
  zk: ZkCounts | null;
  /** The watchers ZooKeeper fired for others than the run's contenders since the queues formed, from a reading taken while the contenders' count stood still; null before one. */
  outside: number | null;
  /** Spawns a new run that runs as soon as its queues form, or pauses or resumes the one there is. */
  start(size: number): Promise<void>;
  /** Releases the holder of each side; with no run yet, spawns one that waits for releases one at a time. */
  step(size: number): Promise<void>;
  /** Ends the run and removes its contenders. */
  reset(): Promise<void>;
}

/**
 * The classroom's run: the reducer of `lib/demo/run.ts`, fed by the contenders' counters, the
 * two locks' snapshots, ZooKeeper's mntr and the timers of a running or replaying run.
 */
export function useClassroom(simulation: Simulation, intervalMs: number): Classroom {
  const { features, contenders: feed, control } = simulation;
  const [state, dispatch] = useReducer(classroom, IDLE);
  const { phase, run } = state;
  const [monitor, setMonitor] = useState<Monitor | null>(null);
  const herd = useLock(run?.paths.herd ?? null);
  const chained = useLock(run?.paths.chained ?? null);

  const bySide = useMemo(() => {
    const of = (side: Side): ContenderInfo[] => (run === null ? [] : (feed?.contenders.filter((contender) => contender.path === run.paths[side]) ?? []));
    return { herd: of('herd'), chained: of('chained') };
  }, [feed, run]);
  const raw = useMemo(() => ({ herd: sideFigures(bySide.herd), chained: sideFigures(bySide.chained) }), [bySide]);
  const figures = useMemo(() => runFigures(run, raw), [raw, run]);

  // The queues have formed: the run counts from a reading of ZooKeeper taken after that moment, so that joining is not counted as the run's.
  const formed = phase === 'preparing' && run !== null && queuesFormed(run, bySide);
  useEffect(() => {
    if (!formed) return;
    let cancelled = false;
    const formedAt = Date.now();
    const baseline = raw;
    void (async () => {
      let sample = await readMonitor();
      while (!cancelled && sample !== null && sample.servers.length > 0 && (sample.at ?? 0) < formedAt) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        sample = await readMonitor();
      }
      if (cancelled) return;
      setMonitor(sample);
      dispatch({ type: 'formed', baseline, zk: zkCounts(sample) });
    })();
    return () => {
      cancelled = true;
    };
  }, [formed, raw]);

  // Every change of the counters or of either queue is an observation (a frame, a point of the curves).
  useEffect(() => {
    dispatch({ type: 'observed', at: Date.now(), figures, snapshots: { herd: herd.snapshot, chained: chained.snapshot } });
  }, [figures, herd.snapshot, chained.snapshot]);

  // When the contenders' own count of notifications changed (the page's clock), for pairing it with ZooKeeper's.
  const notified = figures.herd.notifications + figures.chained.notifications;
  const counted = useRef({ notified, changes: [] as number[] });
  useEffect(() => {
    const now = Date.now();
    counted.current = { notified, changes: [...counted.current.changes.filter((at) => at > now - 30_000), now] };
  }, [notified]);
  const zkBaseline = run?.zkBaseline ?? null;
  const [outside, setOutside] = useState<{ baseline: ZkCounts; value: number | null } | null>(null);

  // ZooKeeper's counters, read while a run is on; each reading is paired with the contenders' count once it is known whether that count moved meanwhile.
  const counting = phase !== 'idle' && phase !== 'preparing';
  useEffect(() => {
    if (!counting || zkBaseline === null) return;
    let cancelled = false;
    let pending: ZkReading[] = [];
    const read = async (): Promise<void> => {
      const now = Date.now();
      const due = pending.filter((reading) => reading.to < now);
      pending = pending.filter((reading) => reading.to >= now);
      if (due.length > 0) {
        setOutside((before) => ({ baseline: zkBaseline, value: due.reduce<number | null>((value, reading) => settledOutside(value, reading, counted.current.changes), before?.baseline === zkBaseline ? before.value : null) }));
      }
      const sentAt = Date.now();
      const sample = await readMonitor();
      if (cancelled) return;
      setMonitor(sample);
      const since = zkSinceFormed(zkBaseline, zkCounts(sample));
      if (sample?.at != null && since !== null) {
        pending.push({ zk: since, notified: counted.current.notified, from: sentAt - Math.max(0, sample.now - sample.at) - FEED_LAG_MS, to: Date.now() + FEED_LAG_MS });
      }
    };
    void read();
    const timer = setInterval(() => void read(), 1000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [counting, zkBaseline]);

  // The holds asked to end (a contender and its count of acquisitions): each shows as holding until the next list of contenders, and is asked once (asked again, it answers 409: it holds no more).
  const asked = useRef(new Set<string>());
  const release = useCallback(async (): Promise<boolean> => {
    const holdOf = (contender: ContenderInfo): string => `${contender.id}#${contender.acquisitions}`;
    const holding = new Map(SIDES.flatMap((side) => bySide[side].filter((contender) => contender.state === 'holding')).map((contender) => [holdOf(contender), contender]));
    for (const hold of asked.current) if (!holding.has(hold)) asked.current.delete(hold);
    const holders = [...holding].filter(([hold]) => !asked.current.has(hold)).map(([, contender]) => contender);
    // Nobody holds between a release and the next take; the end of the run is seen from the figures.
    if (holders.length === 0) return false;
    for (const holder of holders) asked.current.add(holdOf(holder));
    const answers = await Promise.all(holders.map((holder) => control('POST', `/api/sim/contenders/${holder.id}/release`, {})));
    // A release that failed may be asked again.
    answers.forEach((failure, index) => {
      if (failure !== null) asked.current.delete(holdOf(holders[index]!));
    });
    const failures = answers.filter((failure) => failure !== null);
    if (failures[0] != null) dispatch({ type: 'failed', error: failures[0] });
    return true;
  }, [bySide, control]);

  // "Release one" pressed before any run: the run it prepares releases once as soon as its queues formed (and its holders are known), as pressed.
  const releaseWhenFormed = useRef(false);
  useEffect(() => {
    if (phase !== 'ready' || !releaseWhenFormed.current) return;
    void release().then((asked) => {
      if (asked) releaseWhenFormed.current = false;
    });
  }, [phase, release]);

  // Running: one release on each side per interval.
  const stepRef = useRef(release);
  useEffect(() => {
    stepRef.current = release;
  }, [release]);
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setInterval(() => void stepRef.current(), intervalMs);
    return () => clearInterval(timer);
  }, [phase, intervalMs]);

  // Replaying: one recorded change after another, then live again.
  const timeline = useTimeline(state.replaying, dispatch);

  const reset = useCallback(async (): Promise<void> => {
    releaseWhenFormed.current = false;
    const paths = run === null ? [] : Object.values(run.paths);
    dispatch({ type: 'reset' });
    for (const path of paths) await control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`);
  }, [run, control]);

  const begin = useCallback(
    async (size: number, autoRun: boolean): Promise<void> => {
      if (features === null || !features.simulation) return;
      if (run !== null) await reset();
      const id = Math.random().toString(36).slice(2, 8);
      const paths = { herd: `${features.simRoot}/classroom/${id}/herd`, chained: `${features.simRoot}/classroom/${id}/chain` };
      dispatch({ type: 'prepare', contenders: size, paths, autoRun });
      for (const side of SIDES) {
        // The server stops a forgotten run (DEMO_RUN) and removes its two locks and their parent.
        const failure = await control('POST', '/api/sim/contenders', { path: paths[side], count: size, strategy: side, holdMs: 3_600_000, rounds: 1, ...DEMO_RUN });
        if (failure !== null) {
          dispatch({ type: 'failed', error: failure });
          return;
        }
      }
    },
    [features, run, control, reset],
  );

  const start = useCallback(
    async (size: number): Promise<void> => {
      if (canStep(phase) || phase === 'running' || phase === 'preparing') dispatch({ type: 'toggle' });
      else {
        releaseWhenFormed.current = false;
        await begin(size, true);
      }
    },
    [phase, begin],
  );

  const step = useCallback(
    async (size: number): Promise<void> => {
      if (phase === 'idle' || phase === 'drained') {
        releaseWhenFormed.current = true;
        await begin(size, false);
      } else if (canStep(phase)) await release();
    },
    [phase, begin, release],
  );

  // Closing or hiding the tab, or choosing a scenario (the run ends when its tab is left), ends the run: its contenders are stopped and its locks removed.
  const runPaths = useMemo(() => (run === null ? null : Object.values(run.paths)), [run]);
  useStopWhenLeft(runPaths, control, () => dispatch({ type: 'reset' }));

  return {
    state,
    locks: { herd, chained },
    figures,
    zk: zkSinceFormed(zkBaseline, zkCounts(monitor)),
    outside: outside !== null && outside.baseline === zkBaseline ? outside.value : null,
    start,
    step,
    reset,
    ...timeline,
  };
}
