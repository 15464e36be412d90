'use client';
import { useState } from 'react';
import type { RecipeId } from '../lib/lock/recipes';
import { StrategySchema, type ContenderInfo, type ContenderState, type Strategy } from '../lib/protocol';
import { defaultStrategy } from '../lib/sim/default-strategy';
import { encodeZnodePath, isWithin } from '../lib/zk/path';
import { CONTENDER_STATE_KEYS, STRATEGY_KEYS } from '../lib/i18n/messages';
import { richText, useLanguage, type Translate } from './language';
import { TokenField } from './TokenField';
import type { Simulation } from './useSimulation';
import { usePagePath } from './ensemble';

/** What runs in this lock, by recipe, with how many are in each state: "5 × Chained …  1 holding, 4 waiting". */
function runningHere(mine: readonly ContenderInfo[], t: Translate): Array<{ strategy: Strategy; count: number; states: string }> {
  const byStrategy = new Map<Strategy, Map<ContenderState, number>>();
  for (const contender of mine) {
    const states = byStrategy.get(contender.strategy) ?? new Map<ContenderState, number>();
    states.set(contender.state, (states.get(contender.state) ?? 0) + 1);
    byStrategy.set(contender.strategy, states);
  }
  return [...byStrategy].map(([strategy, states]) => ({
    strategy,
    count: [...states.values()].reduce((sum, n) => sum + n, 0),
    states: [...states].map(([state, n]) => t('lpStateCount', { n, state: t(CONTENDER_STATE_KEYS[state]) })).join(t('listSeparator')),
  }));
}

/** Spawns simulated contenders into this lock and stops them; shown only where simulation is allowed. */
export function SimControls({ path, simulation, recipe }: { path: string; simulation: Simulation; recipe: RecipeId | null }) {
  const { features, contenders, control } = simulation;
  // The lock's own clients' strategy until one is chosen (the lock may be read after the panel is drawn).
  const [chosen, setStrategy] = useState<Strategy | null>(null);
  const strategy = chosen ?? defaultStrategy(recipe);
  const [count, setCount] = useState(5);
  const [holdMs, setHoldMs] = useState(2000);
  const [rounds, setRounds] = useState(1);
  const [thinkMs, setThinkMs] = useState(0);
  const [sessionTimeoutMs, setSessionTimeoutMs] = useState(10_000);
  const [maxLeases, setMaxLeases] = useState(2);
  const [protectedNames, setProtectedNames] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const { t } = useLanguage();
  const page = usePagePath();

  if (features === null) return null;
  // Where no contender can be spawned here, an operator's page keeps the panel to one closed line: why, and where, on opening it.
  if (!features.simulation) {
    return (
      <details className="panel sim-closed" aria-label={t('lpSimulation')} data-testid="sim-off">
        <summary>
          <h2>{t('lpSimulation')}</h2> <span className="muted">{t('lpSimOffShort')}</span>
        </summary>
        <p className="muted">{features.simulationReason}</p>
      </details>
    );
  }
  if (!isWithin(path, features.simRoot) || path === features.simRoot) {
    // This lock's twin in the sandbox: its name, below the sandbox root.
    const sandboxTwin = path === '/' || path === features.simRoot ? `${features.simRoot}/demo/lock` : `${features.simRoot}${path}`;
    return (
      <details className="panel sim-closed" aria-label={t('lpSimulation')} data-testid="sim-elsewhere">
        <summary>
          <h2>{t('lpSimulation')}</h2> <span className="muted">{t('lpSimElsewhereShort')}</span>
        </summary>
        <p className="muted" data-testid="sim-elsewhere-text">
          {richText(t('lpSimElsewhere'), {
            root: <code>{features.simRoot}</code>,
            twin: (
              <a href={page(`/locks${encodeZnodePath(sandboxTwin)}`)} data-testid="sim-sandbox-link">
                {sandboxTwin}
              </a>
            ),
            classroom: <a href={page('/demo')}>{t('navClassroom')}</a>,
          })}
        </p>
      </details>
    );
  }

  const mine = contenders?.contenders.filter((contender) => contender.path === path) ?? [];
  const totals = mine.reduce(
    (sum, contender) => ({
      notifications: sum.notifications + contender.notifications,
      wakeups: sum.wakeups + contender.wakeups,
      acquisitions: sum.acquisitions + contender.acquisitions,
    }),
    { notifications: 0, wakeups: 0, acquisitions: 0 },
  );
  const violations = contenders?.violations.filter((violation) => violation.path === path) ?? [];

  const run = async (label: string, action: () => Promise<string | null>, done: string): Promise<void> => {
    setBusy(label);
    setMessage(null);
    const error = await action();
    setBusy(null);
    setMessage(error === null ? { tone: 'ok', text: done } : { tone: 'error', text: error });
  };

  const number = (label: string, value: number, set: (value: number) => void, min: number, max: number, id: string) => (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <input id={id} type="number" min={min} max={max} value={value} onChange={(event) => set(Number(event.target.value))} />
    </label>
  );

  return (
    <section className="panel" aria-label={t('lpSimulation')} data-testid="sim-controls">
      <h2>{t('lpSimulated')}</h2>
      <form
        className="sim-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            'spawn',
            () =>
              control('POST', '/api/sim/contenders', {
                path,
                count,
                strategy,
                holdMs,
                rounds,
                thinkMs,
                sessionTimeoutMs,
                maxLeases,
                protected: protectedNames,
              }),
            t('lpSpawned', { n: count }),
          );
        }}
      >
        <label className="field wide" htmlFor="sim-strategy">
          <span>{t('lpRecipe')}</span>
          <select id="sim-strategy" data-testid="sim-strategy" value={strategy} onChange={(event) => setStrategy(StrategySchema.parse(event.target.value))}>
            {StrategySchema.options.map((option) => (
              <option key={option} value={option}>
                {t(STRATEGY_KEYS[option])}
              </option>
            ))}
          </select>
        </label>
        {number(t('lpContenders'), count, setCount, 1, 1000, 'sim-count')}
        {number(t('lpHoldMs'), holdMs, setHoldMs, 0, 3_600_000, 'sim-hold')}
        {number(t('lpRounds'), rounds, setRounds, 0, 100_000, 'sim-rounds')}
        {number(t('lpThinkMs'), thinkMs, setThinkMs, 0, 3_600_000, 'sim-think')}
        {number(t('lpSessionTimeout'), sessionTimeoutMs, setSessionTimeoutMs, 1000, 600_000, 'sim-timeout')}
        {strategy === 'semaphore' ? number(t('lpMaxLeases'), maxLeases, setMaxLeases, 1, 1000, 'sim-leases') : null}
        {/* Offered only where it changes the names: a single node has no sequence, a semaphore's names are Kazoo's always. */}
        {strategy !== 'single-node' && strategy !== 'semaphore' ? (
          <label className="check wide" htmlFor="sim-protected">
            <input id="sim-protected" type="checkbox" checked={protectedNames} onChange={(event) => setProtectedNames(event.target.checked)} />
            <span>{t('lpProtected')}</span>
          </label>
        ) : null}
        <TokenField id="sim-token" controls={simulation} />
        <div className="actions wide">
          <button type="submit" className="primary" data-testid="sim-spawn" disabled={busy !== null}>
            {busy === 'spawn' ? t('lpSpawning') : t('lpSpawn', { n: count })}
          </button>
          <button
            type="button"
            data-testid="sim-stop-all"
            disabled={busy !== null || mine.length === 0}
            onClick={() => void run('stop', () => control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`), t('lpStopped'))}
          >
            {busy === 'stop' ? t('lpStopping') : t('lpStopThese')}
          </button>
        </div>
      </form>
      {mine.length > 0 ? (
        <ul className="sim-running" aria-label={t('lpRunningHere')} data-testid="sim-running">
          {runningHere(mine, t).map(({ strategy: running, count: many, states }) => (
            <li key={running} data-strategy={running} data-count={many}>
              <strong>
                {many} × {t(STRATEGY_KEYS[running])}
              </strong>{' '}
              <span className="muted">{states}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {message ? (
        <p className={message.tone === 'error' ? 'form-error' : 'hint'} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="sim-message">
          {message.text}
        </p>
      ) : null}
      <dl className="counters" data-testid="sim-counters">
        <div>
          <dt>{t('lpContenders')}</dt>
          <dd data-testid="sim-count-value">{mine.length}</dd>
        </div>
        <div>
          <dt>{t('lpAcquisitions')}</dt>
          <dd>{totals.acquisitions}</dd>
        </div>
        <div>
          <dt>{t('lpNotifications')}</dt>
          <dd data-testid="sim-notifications">{totals.notifications}</dd>
        </div>
        <div>
          <dt>{t('lpWasted')}</dt>
          <dd>{totals.wakeups}</dd>
        </div>
        <div>
          <dt>{t('lpViolations')}</dt>
          <dd data-testid="sim-violations" className={violations.length > 0 ? 'bad' : undefined}>
            {violations.length}
          </dd>
        </div>
      </dl>
      {violations.map((violation) => (
        <p key={`${violation.at}-${violation.contenders.join()}`} className="form-error" role="alert">
          {violation.message}
        </p>
      ))}
    </section>
  );
}
