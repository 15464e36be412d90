'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { extendCurve, notificationsAfter, sideFigures, since, NO_FIGURES, type RunPoint, type Side, type SideFigures } from '../lib/demo/classroom';
import { LANGUAGES, type Language } from '../lib/i18n/messages';
import { MonitorSchema, type ContenderInfo, type LockSnapshot, type Monitor } from '../lib/protocol';
import { appendFrame, frameMotion, type Frame } from '../lib/demo/timeline';
import type { Wake } from '../lib/view/pulses';
import { SCENARIOS, type ScenarioId } from '../lib/demo/scenarios';
import { Counters } from './Counters';
import { Failure } from './Failure';
import { DemoChart } from './DemoChart';
import { DrainSweep } from './DrainSweep';
import { ScenarioView } from './ScenarioView';
import { QueueDiagram } from './QueueDiagram';
import { useLanguage } from './language';
import { useLock } from './useLock';
import { useNow } from './useNow';
import { useSimulation } from './useSimulation';

type Phase = 'idle' | 'preparing' | 'ready' | 'running' | 'paused' | 'drained';

interface Run {
  contenders: number;
  paths: Record<Side, string>;
  /** The figures when the queues had formed: what joining cost is left out of the run's. */
  baseline: Record<Side, SideFigures> | null;
  /** ZooKeeper's watch counters when the queues had formed. */
  zkBaseline: ZkCounts | null;
}

interface ZkCounts {
  children: number;
  deleted: number;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };
const NO_CURVE: RunPoint[] = [{ releases: 0, notifications: 0 }];

/** ZooKeeper's counts of watchers fired by child changes and by deletions, summed over the members. */
function zkCounts(monitor: Monitor | null): ZkCounts | null {
  if (monitor === null || monitor.servers.length === 0) return null;
  const sum = (key: string): number => monitor.servers.reduce((total, server) => total + (server.values[key] ?? 0), 0);
  return { children: sum('zk_sum_node_children_watch_count'), deleted: sum('zk_sum_node_deleted_watch_count') };
}

async function readMonitor(): Promise<Monitor | null> {
  try {
    const parsed = MonitorSchema.safeParse(await (await fetch('/api/zookeeper/monitor')).json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One queue of the classroom: its live drawing, and its counters beside the theory. */
interface SideViewProps {
  side: Side;
  path: string | null;
  /** The lock as shown: live, or a recorded frame of the timeline. */
  snapshot: LockSnapshot | null;
  woken: ReadonlySet<string>;
  wakes: readonly Wake[];
  figures: SideFigures;
  contenders: number;
  title: string;
}

function SideView({ side, path, snapshot, woken, wakes, figures, contenders, title }: SideViewProps) {
  const { t } = useLanguage();
  const now = useNow();
  const perRelease = figures.releases === 0 ? 0 : figures.notifications / figures.releases;
  const theoryTotal = notificationsAfter(side, contenders, figures.releases);
  const theoryPerRelease = figures.releases === 0 ? 0 : theoryTotal / figures.releases;
  const shown = path === null ? [] : (snapshot?.nodes ?? []);
  return (
    <section className={`demo-side ${side}`} aria-label={title} data-testid={`demo-side-${side}`} data-path={path ?? ''}>
      <h2>{title}</h2>
      <Counters
        items={[
          { label: t('releases'), value: figures.releases, testId: `${side}-releases` },
          { label: t('notifications'), value: figures.notifications, testId: `${side}-notifications`, note: t('theory', { value: theoryTotal }) },
          { label: t('perRelease'), value: perRelease.toFixed(1), testId: `${side}-per-release`, note: t('theory', { value: theoryPerRelease.toFixed(1) }) },
          { label: t('wasted'), value: figures.wasted, testId: `${side}-wasted` },
          { label: t('getChildren'), value: figures.getChildren, testId: `${side}-getchildren` },
          { label: t('childBytes'), value: figures.childBytes, testId: `${side}-bytes` },
        ]}
      />
      {shown.length > 0 ? (
        <QueueDiagram nodes={shown} now={now} selected={null} onSelect={() => undefined} woken={woken} wakes={wakes} zoom={1} compact flagged={new Set()} />
      ) : null}
    </section>
  );
}

/** A key pressed with a modifier, or in a field or on a button, is not a shortcut of the page. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return event.ctrlKey || event.metaKey || event.altKey || (target !== null && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName));
}

/**
 * The classroom: two queues of simulated contenders, a herd and a chain, released in step, with
 * every count read from the contenders' own counters and ZooKeeper's mntr.
 */
export function DemoView() {
  const { language, setLanguage, t } = useLanguage();
  const simulation = useSimulation();
  const { features, contenders: feed, control } = simulation;
  const [scenarioId, setScenarioId] = useState<ScenarioId>('herd-vs-chain');
  useEffect(() => {
    // A deep link (`?scenario=crash`) opens a scenario; read after mounting, as the server renders the first.
    const wanted = new URLSearchParams(window.location.search).get('scenario');
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (SCENARIOS.some((scenario) => scenario.id === wanted)) setScenarioId(wanted as ScenarioId);
  }, []);
  const choose = (id: ScenarioId): void => {
    setScenarioId(id);
    window.history.replaceState(null, '', id === 'herd-vs-chain' ? '/demo' : `/demo?scenario=${id}`);
  };
  const [phase, setPhase] = useState<Phase>('idle');
  const [size, setSize] = useState(20);
  const [intervalMs, setIntervalMs] = useState(800);
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [monitor, setMonitor] = useState<Monitor | null>(null);
  const [curves, setCurves] = useState<Record<Side, RunPoint[]>>({ herd: NO_CURVE, chained: NO_CURVE });
  const herdLock = useLock(run?.paths.herd ?? null);
  const chainLock = useLock(run?.paths.chained ?? null);
  const [frames, setFrames] = useState<Frame[]>([]);
  // null: live; otherwise the frame shown.
  const [cursor, setCursor] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);

  const bySide = useMemo(() => {
    const of = (side: Side): ContenderInfo[] => (run === null ? [] : (feed?.contenders.filter((contender) => contender.path === run.paths[side]) ?? []));
    return { herd: of('herd'), chained: of('chained') };
  }, [feed, run]);
  const raw = useMemo(() => ({ herd: sideFigures(bySide.herd), chained: sideFigures(bySide.chained) }), [bySide]);
  const figures = useMemo(
    () => (run?.baseline ? { herd: since(raw.herd, run.baseline.herd), chained: since(raw.chained, run.baseline.chained) } : { herd: NO_FIGURES, chained: NO_FIGURES }),
    [raw, run],
  );

  // The queues have formed when each side has one holder and everybody else waits: the run starts counting there.
  useEffect(() => {
    if (phase !== 'preparing' || run === null) return;
    const formed = (['herd', 'chained'] as const).every((side) => {
      const mine = bySide[side];
      return mine.length === run.contenders && mine.filter((contender) => contender.state === 'holding').length === 1 && mine.filter((contender) => contender.state === 'waiting').length === run.contenders - 1;
    });
    if (!formed) return;
    let cancelled = false;
    const formedAt = Date.now();
    void (async () => {
      // A count of ZooKeeper's taken after the queues formed, so that joining is not counted as the run's.
      let sample = await readMonitor();
      while (!cancelled && sample !== null && sample.servers.length > 0 && (sample.at ?? 0) < formedAt) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        sample = await readMonitor();
      }
      if (cancelled) return;
      setRun((current) => (current === null ? current : { ...current, baseline: raw, zkBaseline: zkCounts(sample) }));
      setMonitor(sample);
      setPhase('ready');
    })();
    return () => {
      cancelled = true;
    };
  }, [phase, run, bySide, raw]);

  // Every change of either queue, once they have formed, is a frame of the timeline.
  useEffect(() => {
    if (run?.baseline == null) return;
    const frame: Frame = { at: Date.now(), snapshots: { herd: herdLock.snapshot, chained: chainLock.snapshot }, figures };
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFrames((current) => appendFrame(current, frame));
  }, [run, herdLock.snapshot, chainLock.snapshot, figures]);

  // Replay: one recorded change after another, then live again.
  useEffect(() => {
    if (!replaying) return;
    const timer = setInterval(() => setCursor((current) => ((current ?? -1) + 1 >= frames.length - 1 ? null : (current ?? -1) + 1)), 350);
    return () => clearInterval(timer);
  }, [replaying, frames.length]);
  useEffect(() => {
    // Back at the live end: the replay is over.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (replaying && cursor === null) setReplaying(false);
  }, [replaying, cursor]);

  // The curves grow with every update of the counters.
  useEffect(() => {
    if (run?.baseline == null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCurves((current) => ({ herd: extendCurve(current.herd, figures.herd), chained: extendCurve(current.chained, figures.chained) }));
  }, [figures, run]);

  // ZooKeeper's counters, read while a run is on.
  useEffect(() => {
    if (phase === 'idle' || phase === 'preparing') return;
    let cancelled = false;
    const read = async (): Promise<void> => {
      const sample = await readMonitor();
      if (!cancelled) setMonitor(sample);
    };
    void read();
    const timer = setInterval(() => void read(), 1000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [phase]);

  const releaseOne = useCallback(async (): Promise<void> => {
    if (run === null) return;
    const holders = (['herd', 'chained'] as const).flatMap((side) => bySide[side].filter((contender) => contender.state === 'holding'));
    // Nobody holds between a release and the next take; the end of the run is seen from the figures.
    if (holders.length === 0) return;
    const failures = (await Promise.all(holders.map((holder) => control('POST', `/api/sim/contenders/${holder.id}/release`, {})))).filter((failure) => failure !== null);
    if (failures.length > 0) setError(failures[0] ?? null);
  }, [run, bySide, control]);

  // Running: one release on each side per interval.
  const releaseRef = useRef(releaseOne);
  useEffect(() => {
    releaseRef.current = releaseOne;
  }, [releaseOne]);
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setInterval(() => void releaseRef.current(), intervalMs);
    return () => clearInterval(timer);
  }, [phase, intervalMs]);

  const reset = useCallback(async (): Promise<void> => {
    const paths = run === null ? [] : Object.values(run.paths);
    setRun(null);
    setPhase('idle');
    setCurves({ herd: NO_CURVE, chained: NO_CURVE });
    setFrames([]);
    setCursor(null);
    setReplaying(false);
    setError(null);
    for (const path of paths) await control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`);
  }, [run, control]);

  const start = useCallback(async (): Promise<void> => {
    if (features === null || !features.simulation) return;
    if (phase === 'ready' || phase === 'paused') {
      setPhase('running');
      return;
    }
    if (phase === 'running') {
      setPhase('paused');
      return;
    }
    if (phase !== 'idle' && phase !== 'drained') return;
    if (run !== null) await reset();
    const id = Math.random().toString(36).slice(2, 8);
    const paths = { herd: `${features.simRoot}/classroom/${id}/herd`, chained: `${features.simRoot}/classroom/${id}/chain` };
    setRun({ contenders: size, paths, baseline: null, zkBaseline: null });
    setCurves({ herd: NO_CURVE, chained: NO_CURVE });
    setFrames([]);
    setCursor(null);
    setError(null);
    setPhase('preparing');
    for (const side of ['herd', 'chained'] as const) {
      const failure = await control('POST', '/api/sim/contenders', { path: paths[side], count: size, strategy: side, holdMs: 3_600_000, rounds: 1 });
      if (failure !== null) {
        setError(failure);
        setPhase('idle');
        return;
      }
    }
  }, [features, phase, run, size, control, reset]);

  const drained = run !== null && run.baseline !== null && figures.herd.releases >= run.contenders && figures.chained.releases >= run.contenders;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (drained && phase !== 'drained') setPhase('drained');
  }, [drained, phase]);

  // Presenter view: the page header and the introduction go, so that the queues fit a projector's screen.
  const [presenting, setPresenting] = useState(false);
  useEffect(() => {
    if (presenting) document.documentElement.dataset.present = 'true';
    else delete document.documentElement.dataset.present;
    return () => {
      delete document.documentElement.dataset.present;
    };
  }, [presenting]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (isTyping(event)) return;
      if (event.key === 'p' || event.key === 'P') setPresenting((on) => !on);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Space starts or pauses, → releases one, R resets; not while typing in a field.
  useEffect(() => {
    if (scenarioId !== 'herd-vs-chain') return;
    const onKey = (event: KeyboardEvent): void => {
      if (isTyping(event)) return;
      if (event.key === ' ') {
        event.preventDefault();
        void start();
      } else if (event.key === 'ArrowRight' && (phase === 'ready' || phase === 'paused')) {
        event.preventDefault();
        void releaseOne();
      } else if (event.key === 'r' || event.key === 'R') {
        void reset();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [start, releaseOne, reset, phase, scenarioId]);

  const zkNow = zkCounts(monitor);
  const zk = zkNow !== null && run?.zkBaseline != null ? { children: zkNow.children - run.zkBaseline.children, deleted: zkNow.deleted - run.zkBaseline.deleted } : null;
  const joining = run?.baseline ? run.baseline.herd.notifications : null;
  const status =
    phase === 'preparing'
      ? t('preparing', { n: size })
      : phase === 'ready'
        ? t('ready', { n: run?.contenders ?? size })
        : phase === 'running'
          ? t('running', { ms: intervalMs })
          : phase === 'paused'
            ? t('paused')
            : phase === 'drained'
              ? t('drained')
              : t('idle');
  const contenders = run?.contenders ?? size;
  const shownFrame = cursor === null ? null : (frames[cursor] ?? null);
  const sideState = (side: Side) => {
    if (shownFrame === null) {
      const live = side === 'herd' ? herdLock : chainLock;
      return { snapshot: live.snapshot, woken: live.woken, wakes: live.wakes, figures: figures[side] };
    }
    const motion = frameMotion(cursor === null || cursor === 0 ? undefined : frames[cursor - 1], shownFrame, side);
    return { snapshot: shownFrame.snapshots[side], woken: motion.woken, wakes: motion.wakes, figures: shownFrame.figures[side] };
  };
  const lastOf = (curve: readonly RunPoint[]): RunPoint => curve.at(-1) ?? { releases: 0, notifications: 0 };

  return (
    <main className="demo">
      <div className="demo-head">
        <div>
          <h1>{scenarioId === 'herd-vs-chain' ? t('title') : t('classroom')}</h1>
          {scenarioId === 'herd-vs-chain' ? <p className="lead">{t('lead')}</p> : null}
        </div>
        <button type="button" className="demo-present" aria-pressed={presenting} title={t('presentHint')} data-testid="demo-present" onClick={() => setPresenting((on) => !on)}>
          {t('present')}
        </button>
        {setLanguage === null ? null : (
          <div className="demo-language" role="group" aria-label={t('language')}>
            {LANGUAGES.map((code) => (
              <button key={code} type="button" aria-pressed={language === code} data-testid={`language-${code}`} onClick={() => setLanguage(code)}>
                {LANGUAGE_NAMES[code]}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="scenario-tabs" role="tablist" aria-label={t('scenarios')}>
        {SCENARIOS.map((scenario, index) => (
          <button
            key={scenario.id}
            type="button"
            role="tab"
            id={`tab-${scenario.id}`}
            aria-selected={scenarioId === scenario.id}
            aria-controls="scenario-panel"
            tabIndex={scenarioId === scenario.id ? 0 : -1}
            data-testid={`scenario-tab-${scenario.id}`}
            onClick={() => choose(scenario.id)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              event.preventDefault();
              const next = SCENARIOS[(index + (event.key === 'ArrowRight' ? 1 : SCENARIOS.length - 1)) % SCENARIOS.length]!;
              choose(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
          >
            {t(scenario.title)}
          </button>
        ))}
      </div>

      <div id="scenario-panel" role="tabpanel" aria-labelledby={`tab-${scenarioId}`}>
        {scenarioId !== 'herd-vs-chain' ? (
          <ScenarioView key={scenarioId} scenario={SCENARIOS.find((scenario) => scenario.id === scenarioId)!} simulation={simulation} />
        ) : (
          <>
            <p className="demo-caption">{t('watchFor')}</p>
            {features !== null && !features.simulation ? (
              <p className="error-box" role="alert">
                {t('simulationOff')}
              </p>
            ) : (
              <section className="demo-controls" aria-label={t('start')}>
                <label className="field" htmlFor="demo-size">
                  <span>{t('contenders')}</span>
                  <input
                    id="demo-size"
                    type="number"
                    min={2}
                    max={200}
                    value={size}
                    disabled={phase !== 'idle' && phase !== 'drained'}
                    data-testid="demo-size"
                    onChange={(event) => setSize(Math.max(2, Math.min(200, Number(event.target.value) || 2)))}
                  />
                </label>
                <label className="field" htmlFor="demo-interval">
                  <span>{t('interval')}</span>
                  <input id="demo-interval" type="number" min={200} max={10_000} step={100} value={intervalMs} data-testid="demo-interval" onChange={(event) => setIntervalMs(Math.max(200, Math.min(10_000, Number(event.target.value) || 800)))} />
                </label>
                <div className="actions">
                  <button type="button" className="primary" data-testid="demo-start" disabled={features === null || phase === 'preparing'} onClick={() => void start()}>
                    {phase === 'running' ? t('pause') : phase === 'paused' ? t('resume') : t('start')}
                  </button>
                  <button type="button" data-testid="demo-step" disabled={phase !== 'ready' && phase !== 'paused'} onClick={() => void releaseOne()}>
                    {t('step')}
                  </button>
                  <button type="button" data-testid="demo-reset" disabled={run === null} onClick={() => void reset()}>
                    {t('reset')}
                  </button>
                </div>
                <p className="muted demo-status" role="status" data-testid="demo-status" data-phase={phase}>
                  {phase === 'preparing' ? <span className="spinner" aria-hidden="true" /> : null} {status}
                </p>
                <p className="muted demo-keys">{t('keys')}</p>
                <Failure message={error === null ? null : t('failed', { error })} />
              </section>
            )}

            <div className="demo-sides">
              <SideView side="herd" path={run?.paths.herd ?? null} {...sideState('herd')} contenders={contenders} title={t('herdTitle')} />
              <SideView side="chained" path={run?.paths.chained ?? null} {...sideState('chained')} contenders={contenders} title={t('chainTitle')} />
            </div>

            <section className="demo-timeline" aria-label={t('timeline')} data-testid="demo-timeline">
              <h2>{t('timeline')}</h2>
              {frames.length < 2 ? (
                <p className="muted">{t('timelineEmpty')}</p>
              ) : (
                <>
                  <input
                    type="range"
                    min={0}
                    max={frames.length - 1}
                    value={cursor ?? frames.length - 1}
                    aria-label={t('timeline')}
                    aria-valuetext={t('timelineAt', { i: (cursor ?? frames.length - 1) + 1, n: frames.length, time: new Date((shownFrame ?? frames[frames.length - 1]!).at).toLocaleTimeString() })}
                    data-testid="timeline-slider"
                    onChange={(event) => {
                      const value = Number(event.target.value);
                      setReplaying(false);
                      setCursor(value >= frames.length - 1 ? null : value);
                    }}
                  />
                  <span className="muted" data-testid="timeline-position" data-live={cursor === null ? 'true' : 'false'}>
                    {t('timelineAt', { i: (cursor ?? frames.length - 1) + 1, n: frames.length, time: new Date((shownFrame ?? frames[frames.length - 1]!).at).toLocaleTimeString() })}
                  </span>
                  <div className="actions">
                    <button
                      type="button"
                      data-testid="timeline-replay"
                      onClick={() => {
                        setCursor(0);
                        setReplaying(true);
                      }}
                    >
                      {t('timelineReplay')}
                    </button>
                    <button
                      type="button"
                      data-testid="timeline-live"
                      disabled={cursor === null}
                      onClick={() => {
                        setReplaying(false);
                        setCursor(null);
                      }}
                    >
                      {t('timelineLive')}
                    </button>
                  </div>
                </>
              )}
            </section>

            <div className="demo-bottom">
              <DemoChart
                testId="demo-chart"
                xMax={contenders}
                herd={curves.herd.map((point) => ({ x: point.releases, y: point.notifications }))}
                chain={curves.chained.map((point) => ({ x: point.releases, y: point.notifications }))}
                theory={{
                  herd: Array.from({ length: contenders + 1 }, (_, releases) => ({ x: releases, y: notificationsAfter('herd', contenders, releases) })),
                  chain: Array.from({ length: contenders + 1 }, (_, releases) => ({ x: releases, y: notificationsAfter('chained', contenders, releases) })),
                }}
                labels={{
                  title: t('chartTitle'),
                  x: t('chartAxisX'),
                  y: t('chartAxisY'),
                  herd: t('chartHerd'),
                  chain: t('chartChain'),
                  theory: t('chartTheory'),
                  summary: t('chartLabel', {
                    herdReleases: lastOf(curves.herd).releases,
                    herd: lastOf(curves.herd).notifications,
                    herdTheory: notificationsAfter('herd', contenders, lastOf(curves.herd).releases),
                    chainReleases: lastOf(curves.chained).releases,
                    chain: lastOf(curves.chained).notifications,
                    chainTheory: notificationsAfter('chained', contenders, lastOf(curves.chained).releases),
                  }),
                }}
              />
              <section className="panel demo-zk" aria-label={t('zkTitle')} data-testid="demo-zk">
                <h2>{t('zkTitle')}</h2>
                {zk === null ? (
                  <p className="muted">{t('zkUnavailable')}</p>
                ) : (
                  <Counters
                    items={[
                      { label: t('zkChildren'), value: zk.children, testId: 'zk-children' },
                      { label: t('zkDeleted'), value: zk.deleted, testId: 'zk-deleted' },
                    ]}
                  />
                )}
                <p className="muted">{t('zkNote')}</p>
                {joining !== null ? (
                  <p className="muted" data-testid="demo-joining" data-count={joining}>
                    {t('joining', { n: joining })}
                  </p>
                ) : null}
              </section>
            </div>

            <DrainSweep simulation={simulation} />
          </>
        )}
      </div>
    </main>
  );
}
