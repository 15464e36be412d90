'use client';
import { useMemo, useState } from 'react';
import { sideFigures } from '../lib/demo/classroom';
import { spawnRequest, type Scenario } from '../lib/demo/scenarios';
import { anomalyLabel, CONTENDER_STATE_KEYS, STRATEGY_KEYS, type Language, type MessageKey } from '../lib/i18n/messages';
import { anomalyPlaces, disconnectedHolders, readableAnomaly } from '../lib/view/anomaly-words';
import { shortNodeName } from '../lib/view/format';
import { ContenderListSchema, type Anomaly, type ContenderInfo, type LockNode } from '../lib/protocol';
import { ExpiryCountdown } from './AnomalyList';
import { Failure } from './Failure';
import { useLanguage } from './language';
import { Counters } from './Counters';
import { QueueDiagram } from './QueueDiagram';
import { useLock } from './useLock';
import { useNow } from './useNow';
import { useStopWhenLeft, type Simulation } from './useSimulation';
import { apiPath } from './ensemble';

/** An anomaly's kind and sentence in the page's language, the nodes it names told by their place and the contender that made them. */
function AnomalyText({ anomaly, places, label, language }: { anomaly: Anomaly; places: ReadonlyMap<string, string>; label: (name: string) => string; language: Language }) {
  return (
    <>
      <strong>{anomalyLabel(language, anomaly.kind)}</strong> {readableAnomaly(anomaly, places, language, label)}
      {anomaly.kind === 'holder-disconnected' && typeof anomaly.params.expiresAt === 'number' ? <ExpiryCountdown at={anomaly.params.expiresAt} /> : null}
    </>
  );
}

/** What a scenario will do, read from its own definition: the contenders Run starts on each lock, the fault to press, what to watch. */
function ScenarioPlan({ scenario }: { scenario: Scenario }) {
  const { t } = useLanguage();
  const spawned = scenario.locks
    .map((lock) => `${lock.name}: ${lock.spawns.map((spawn) => `${spawn.count} × ${t(STRATEGY_KEYS[spawn.strategy])}`).join(', ')}`)
    .join(' · ');
  return (
    <ol className="scenario-plan" data-testid="scenario-plan">
      <li>{t('planRun', { spawned })}</li>
      {scenario.fault !== null ? <li>{t('planFault', { fault: t(scenario.fault.label) })}</li> : null}
      <li>{t('planWatch')}</li>
    </ol>
  );
}

/**
 * What the diagnostics' silence means while a fault plays out: ZooKeeper has not reported a
 * crashed holder yet, or has expired it already, or sees one holder while another only believes.
 */
function quietWords(contenders: readonly ContenderInfo[], nodes: readonly LockNode[], violations: number): MessageKey {
  const inLock = (contender: ContenderInfo): boolean => contender.node !== null && nodes.some((node) => node.name === contender.node);
  const believing = contenders.filter((contender) => contender.believesHolding && contender.state !== 'holding');
  if (believing.length > 0) return contenders.some((contender) => contender.state === 'holding') ? 'quietBelieves' : believing.some(inLock) ? 'quietPaused' : 'quietBelieves';
  if (violations > 0) return 'quietOverlap';
  const crashed = contenders.filter((contender) => contender.state === 'crashed');
  if (crashed.length === 0) return 'noAnomalies';
  return crashed.some(inLock) ? 'quietCrashed' : 'quietExpired';
}

/** One lock of a scenario: its queue live, what the diagnostics say, and its contenders. */
function ScenarioLock({ path, contenders, violations }: { path: string; contenders: readonly ContenderInfo[]; violations: number }) {
  const { t, language } = useLanguage();
  const { snapshot, woken, wakes } = useLock(path);
  const now = useNow();
  const name = path.slice(path.lastIndexOf('/') + 1);
  const places = useMemo(() => anomalyPlaces(snapshot?.anomalies ?? [], snapshot?.nodes ?? [], language), [snapshot?.anomalies, snapshot?.nodes, language]);
  // A holder the diagnostics name disconnected is drawn so, with ZooKeeper's countdown to its expiry, as on the lock's own page.
  const silent = useMemo(() => disconnectedHolders(snapshot?.anomalies ?? []), [snapshot?.anomalies]);
  // A node the scenario's own contender made is named by that contender, as its table below names it.
  const byNode = new Map(contenders.flatMap((contender) => (contender.node === null ? [] : [[contender.node, contender.id] as const])));
  const label = (node: string): string => byNode.get(node) ?? shortNodeName(node);
  return (
    <section className="demo-side scenario-lock" aria-label={name} data-testid="scenario-lock" data-path={path} data-holders={snapshot?.holders.length ?? 0}>
      <h3 className="mono">{name}</h3>
      {snapshot && snapshot.nodes.length > 0 ? (
        <QueueDiagram nodes={snapshot.nodes} now={now} selected={null} onSelect={() => undefined} woken={woken} wakes={wakes} zoom={1} compact silent={silent} flagged={new Set(snapshot.anomalies.flatMap((anomaly) => (anomaly.node === null ? [] : [anomaly.node])))} />
      ) : null}
      <h4>{t('anomalies')}</h4>
      {snapshot === null || snapshot.anomalies.length === 0 ? (
        <p className="muted" data-testid="scenario-quiet">
          {t(quietWords(contenders, snapshot?.nodes ?? [], violations))}
        </p>
      ) : (
        <ul className="scenario-anomalies">
          {snapshot.anomalies.map((anomaly) => (
            <li key={`${anomaly.kind}-${anomaly.node ?? ''}`} data-testid="scenario-anomaly" data-kind={anomaly.kind}>
              <AnomalyText anomaly={anomaly} places={places} label={label} language={language} />
            </li>
          ))}
        </ul>
      )}
      {violations > 0 ? (
        <p className="form-error" role="alert" data-testid="scenario-violations">
          {t('violations')}: {violations}
        </p>
      ) : null}
      <table className="locks scenario-contenders">
        <thead>
          <tr>
            <th scope="col">{t('contender')}</th>
            <th scope="col">{t('state')}</th>
            <th scope="col">czxid</th>
            <th scope="col" className="num">
              {t('acquisitions')}
            </th>
            <th scope="col" className="num">
              {t('notifications')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contenders.map((contender) => (
            <tr key={contender.id} data-testid="scenario-contender" data-id={contender.id} data-strategy={contender.strategy} data-state={contender.state} data-believes={contender.believesHolding ? 'true' : 'false'}>
              <td>
                <span className="mono">{contender.id}</span> · {t(STRATEGY_KEYS[contender.strategy])}
              </td>
              <td>
                {t(CONTENDER_STATE_KEYS[contender.state])}
                {contender.believesHolding && contender.state !== 'holding' ? ` · ${t('believes')}` : ''}
              </td>
              <td className="mono">{contender.czxid ?? '—'}</td>
              <td className="num">{contender.acquisitions}</td>
              <td className="num">{contender.notifications}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A classroom scenario: run it, trigger its fault, and watch what the locks do. */
export function ScenarioView({ scenario, simulation }: { scenario: Scenario; simulation: Simulation }) {
  const { t } = useLanguage();
  const { features, contenders: feed, control } = simulation;
  const [paths, setPaths] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = (path: string): ContenderInfo[] => feed?.contenders.filter((contender) => contender.path === path) ?? [];
  const all = paths?.flatMap(mine) ?? [];
  const totals = sideFigures(all);

  const reset = async (): Promise<void> => {
    const previous = paths ?? [];
    setPaths(null);
    setError(null);
    for (const path of previous) await control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`);
  };

  // Closing or hiding the tab, or choosing another scenario, ends this one.
  useStopWhenLeft(paths, control, () => setPaths(null));

  const run = async (): Promise<void> => {
    if (features === null || !features.simulation) return;
    await reset();
    setBusy(true);
    const id = Math.random().toString(36).slice(2, 8);
    const made = scenario.locks.map((lock) => `${features.simRoot}/classroom/${id}/${scenario.id}/${lock.name}`);
    setPaths(made);
    for (const [index, lock] of scenario.locks.entries()) {
      for (const spawn of lock.spawns) {
        const failure = await control('POST', '/api/sim/contenders', spawnRequest(made[index]!, spawn));
        if (failure !== null) {
          setError(failure);
          setBusy(false);
          return;
        }
      }
    }
    setBusy(false);
  };

  const fault = async (): Promise<void> => {
    const spec = scenario.fault;
    if (spec === null || paths === null) return;
    // Who suffers it is read from the server at the click: the pushed list may be a moment behind, and a fault must not miss.
    const current = await fetch(apiPath('/api/sim/contenders'))
      .then(async (response) => ContenderListSchema.parse(await response.json()).contenders.filter((contender) => paths.includes(contender.path)))
      .catch(() => all);
    const targets = spec.target === 'all' ? current : current.filter((contender) => contender.path === paths[0] && contender.state === 'holding').slice(0, 1);
    if (targets.length === 0) {
      setError(spec.target === 'all' ? 'no contender is running yet' : 'nobody holds the lock right now');
      return;
    }
    const failures = await Promise.all(targets.map((target) => control('POST', `/api/sim/contenders/${target.id}/${spec.action}`, spec.ms === undefined ? {} : { ms: spec.ms })));
    setError(failures.find((failure) => failure !== null) ?? null);
  };

  return (
    <section className="scenario" aria-label={t(scenario.title)} data-testid="scenario" data-scenario={scenario.id}>
      <p className="demo-caption">{t(scenario.caption)}</p>
      <div className="demo-controls">
        <div className="actions">
          <button type="button" className="primary" data-testid="scenario-run" disabled={busy || features === null || !features.simulation} onClick={() => void run()}>
            {t('run')}
          </button>
          {scenario.fault !== null ? (
            <button type="button" data-testid="scenario-fault" disabled={busy || paths === null} onClick={() => void fault()}>
              {t(scenario.fault.label)}
            </button>
          ) : null}
          <button type="button" data-testid="scenario-reset" disabled={paths === null} onClick={() => void reset()}>
            {t('reset')}
          </button>
        </div>
        {/* Before a run: what it will make and what to do, not three zeros. */}
        {paths === null ? (
          <ScenarioPlan scenario={scenario} />
        ) : (
          <Counters
            className="scenario-totals"
            items={[
              { label: t('acquisitions'), value: totals.releases + totals.holding, testId: 'scenario-acquisitions' },
              { label: t('notifications'), value: totals.notifications, testId: 'scenario-notifications' },
              { label: t('wasted'), value: totals.wasted, testId: 'scenario-wasted' },
            ]}
          />
        )}
        {busy ? (
          <p className="muted demo-status" role="status">
            <span className="spinner" aria-hidden="true" />
          </p>
        ) : null}
        <Failure message={error === null ? null : t('failed', { error })} />
      </div>
      {paths !== null ? (
        <div className="demo-sides">
          {paths.map((path) => (
            <ScenarioLock key={path} path={path} contenders={mine(path)} violations={feed?.violations.filter((violation) => violation.path === path).length ?? 0} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
