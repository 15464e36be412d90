'use client';
import { useState, useSyncExternalStore } from 'react';
import { SCENARIOS, type ScenarioId } from '../lib/demo/scenarios';
import type { Side } from '../lib/demo/classroom';
import { canStep } from '../lib/demo/run';
import { frameMotion } from '../lib/demo/timeline';
import { ClassroomResults } from './ClassroomResults';
import { ClassroomSide } from './ClassroomSide';
import { ClassroomTimeline } from './ClassroomTimeline';
import { RaceCounter } from './RaceCounter';
import { DrainSweep } from './DrainSweep';
import { Failure } from './Failure';
import { useLanguage } from './language';
import { ScenarioView } from './ScenarioView';
import { useClassroom } from './useClassroom';
import { usePresenter } from './usePresenter';
import { useShortcuts } from './useShortcuts';
import { useSimulation } from './useSimulation';
import { addressEnsemble } from './ensemble';
import { pageOfEnsemble } from '../lib/view/ensemble-path';

const DEFAULT_SCENARIO: ScenarioId = 'herd-vs-chain';

// A deep link (`?scenario=crash`) opens a scenario; the server renders the default.
const scenarioInUrl = (): ScenarioId | null => {
  const wanted = new URLSearchParams(window.location.search).get('scenario');
  return SCENARIOS.find((scenario) => scenario.id === wanted)?.id ?? null;
};
const noSubscription = (): (() => void) => () => undefined;


/**
 * The classroom: two queues of simulated contenders, a herd and a chain, released in step, with
 * every count read from the contenders' own counters and ZooKeeper's mntr. The run is the reducer
 * of `lib/demo/run.ts` (through `useClassroom`); this component lays it out.
 */
export function DemoView() {
  const { t } = useLanguage();
  const simulation = useSimulation();
  const { features } = simulation;
  const linked = useSyncExternalStore(noSubscription, scenarioInUrl, () => null);
  const [chosen, setChosen] = useState<ScenarioId | null>(null);
  const scenarioId = chosen ?? linked ?? DEFAULT_SCENARIO;
  // Twelve: the herd's square already towers over the chain (66 against 11), and both queues fit a projector's frame whole.
  const [size, setSize] = useState(12);
  const [intervalMs, setIntervalMs] = useState(800);
  const room = useClassroom(simulation, intervalMs);
  const choose = (id: ScenarioId): void => {
    // One lesson at a time: leaving the herd and the chain ends their run (a scenario ends its own as it unmounts).
    if (id !== scenarioId && scenarioId === DEFAULT_SCENARIO && room.state.run !== null) void room.reset();
    setChosen(id);
    window.history.replaceState(null, '', pageOfEnsemble(id === DEFAULT_SCENARIO ? '/demo' : `/demo?scenario=${id}`, addressEnsemble()));
  };
  const { state } = room;
  const { phase, run, curves, frames, cursor } = state;
  const [presenting, setPresenting] = usePresenter();
  // The class's prediction of the herd's notifications, asked before the run and shown beside the count.
  const [guess, setGuess] = useState<number | null>(null);

  useShortcuts({ p: () => setPresenting((on) => !on) });
  // Space starts or pauses, → releases one, R resets.
  useShortcuts(
    {
      ' ': () => void room.start(size),
      ArrowRight: () => (canStep(phase) || phase === 'idle' || phase === 'drained' ? void room.step(size) : false),
      r: () => void room.reset(),
    },
    scenarioId === DEFAULT_SCENARIO,
  );

  // Once a release was made one at a time, the status says how far the run has gone, not that it is ready.
  const released = Math.max(room.figures.herd.releases, room.figures.chained.releases);
  const status =
    phase === 'ready' && released > 0
      ? t('stepping', { released, n: run?.contenders ?? size })
      : t(phase, phase === 'preparing' ? { n: size } : phase === 'ready' ? { n: run?.contenders ?? size } : phase === 'running' ? { ms: intervalMs } : {});
  const contenders = run?.contenders ?? size;
  const shownFrame = cursor === null ? null : (frames[cursor] ?? null);
  const sideState = (side: Side) => {
    if (shownFrame === null) {
      const live = room.locks[side];
      return { snapshot: live.snapshot, woken: live.woken, wakes: live.wakes, figures: room.figures[side] };
    }
    const motion = frameMotion(cursor === null || cursor === 0 ? undefined : frames[cursor - 1], shownFrame, side);
    return { snapshot: shownFrame.snapshots[side], woken: motion.woken, wakes: motion.wakes, figures: shownFrame.figures[side] };
  };

  const sides = { herd: sideState('herd'), chained: sideState('chained') };

  return (
    // A button clicked with the mouse lets go of the focus, so that Space and R act on the lesson, not on that button again.
    <main id="main" className="demo" onClick={(event) => (event.detail > 0 ? (event.target as HTMLElement).closest('button')?.blur() : undefined)}>
      <div className="demo-head">
        <div>
          <h1>
            {scenarioId === 'herd-vs-chain' ? t('title') : t('classroom')}
            {/* On the projector the tabs are hidden: the title names the scenario. */}
            {presenting && scenarioId !== 'herd-vs-chain' ? <span data-testid="present-scenario"> · {t(SCENARIOS.find((scenario) => scenario.id === scenarioId)!.title)}</span> : null}
          </h1>
          {scenarioId === 'herd-vs-chain' ? <p className="lead">{t('lead')}</p> : null}
        </div>
        {/* Its words say what a click does (no pressed state besides: a label that changes is the state). */}
        <button type="button" className="demo-present" title={t('presentHint')} data-testid="demo-present" data-presenting={presenting} onClick={() => setPresenting((on) => !on)}>
          {presenting ? t('presentLeave') : t('present')}
        </button>
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
            data-label={t(scenario.title)}
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
                  <button type="button" className="primary" data-testid="demo-start" disabled={features === null} aria-busy={phase === 'preparing'} onClick={() => void room.start(size)}>
                    {phase === 'running' ? t('pause') : phase === 'paused' ? t('resume') : phase === 'preparing' && run?.autoRun === true ? t('starting') : t('start')}
                  </button>
                  <button type="button" data-testid="demo-step" disabled={features === null || phase === 'preparing' || phase === 'running'} onClick={() => void room.step(size)}>
                    {t('step')}
                  </button>
                  <button type="button" data-testid="demo-reset" disabled={run === null} onClick={() => void room.reset()}>
                    {t('reset')}
                  </button>
                </div>
                <p className="muted demo-status" role="status" data-testid="demo-status" data-phase={phase}>
                  {phase === 'preparing' ? <span className="spinner" aria-hidden="true" /> : null} {status}
                </p>
                <p className="muted demo-keys">{t('keys')}</p>
                <Failure message={state.error === null ? null : t('failed', { error: state.error })} />
              </section>
            )}

            <RaceCounter herd={sides.herd.figures} chained={sides.chained.figures} contenders={contenders} guess={guess} onGuess={setGuess} drained={phase === 'drained'} />

            <div className="demo-stage">
              <div className="demo-sides">
                <ClassroomSide side="herd" path={run?.paths.herd ?? null} {...sides.herd} contenders={contenders} title={t('herdTitle')} />
                <ClassroomSide side="chained" path={run?.paths.chained ?? null} {...sides.chained} contenders={contenders} title={t('chainTitle')} />
              </div>
              <ClassroomResults
                contenders={contenders}
                curves={curves}
                zk={room.zk}
                outside={room.outside}
                zkBeforeRun={run?.baseline == null}
                joining={run?.baseline ? run.baseline.herd.notifications : null}
                others={run === null ? 0 : (simulation.contenders?.contenders.filter((contender) => contender.path !== run.paths.herd && contender.path !== run.paths.chained).length ?? 0)}
              />
            </div>

            <ClassroomTimeline frames={frames} cursor={cursor} onSeek={room.seek} onReplay={room.replay} onLive={room.live} />

            <DrainSweep simulation={simulation} />
          </>
        )}
      </div>
    </main>
  );
}
