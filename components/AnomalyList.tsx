'use client';
import { memo, useMemo, useState } from 'react';
import type { Anomaly, Knowledge } from '../lib/protocol';
import { anomalyLabel, describeAnomaly } from '../lib/i18n/messages';
import { formatCount, formatDuration, shortNodeName } from '../lib/view/format';
import { readableAnomaly } from '../lib/view/anomaly-words';
import { KnowledgeNote } from './KnowledgeNote';
import { useLanguage } from './language';
import { useNow } from './useNow';

const NO_PLACES: ReadonlyMap<string, string> = new Map();

/** The most anomalies of one kind drawn before "show all": a queue of 10,000 waiters that watch nothing would otherwise be 10,000 lines on every change. */
const SHOWN_PER_KIND = 100;


/** One anomaly: a click on it selects its node. Up to SHOWN_PER_KIND of a kind stay in the page for find-in-page, all of them on request. */
function AnomalyLine({ anomaly, places, onSelect }: { anomaly: Anomaly; places: ReadonlyMap<string, string>; onSelect: (name: string) => void }) {
  // The nodes it names are told by their place in the queue ("waiter #3"); the sentence with their whole names is the title.
  const { language, t } = useLanguage();
  const whole = describeAnomaly(language, anomaly.kind, anomaly.params).message;
  // A deadlock's cycle is told whole in its own box over the queue: said once there (a phone showed the same sessions twice, one screen apart).
  const words = anomaly.kind === 'deadlock' && anomaly.deadlock !== undefined ? t('lpDeadlockInAlert', { n: anomaly.deadlock.cycle.length }) : readableAnomaly(anomaly, places, language);
  return (
    <span data-testid="anomaly" data-kind={anomaly.kind} data-node={anomaly.node ?? ''} data-count={anomaly.count ?? 1} title={words === whole ? undefined : whole}>
      {anomaly.node ? (
        <button type="button" className="link" onClick={() => onSelect(anomaly.node!)}>
          {words}
        </button>
      ) : (
        words
      )}
      {anomaly.kind === 'holder-disconnected' && typeof anomaly.params.expiresAt === 'number' ? <ExpiryCountdown at={anomaly.params.expiresAt} /> : null}
      {anomaly.nodes !== undefined && anomaly.nodes.length > 1 ? <VerdictNodes anomaly={anomaly} places={places} onSelect={onSelect} /> : null}
    </span>
  );
}

/** The nodes a verdict over many names, folded: each a link that selects it, by its place; the count says how many more are marked on their cards. */
function VerdictNodes({ anomaly, places, onSelect }: { anomaly: Anomaly; places: ReadonlyMap<string, string>; onSelect: (name: string) => void }) {
  const { t } = useLanguage();
  const named = anomaly.nodes ?? [];
  const count = anomaly.count ?? named.length;
  return (
    <details className="anomaly-more" data-testid="anomaly-nodes">
      <summary>
        {t('lpVerdictNodes', { n: formatCount(count) })}
        {count > named.length ? ` (${t('lpVerdictNamed', { shown: formatCount(named.length) })})` : ''}
      </summary>
      <ul>
        {named.map((name) => (
          <li key={name}>
            <button type="button" className="link" onClick={() => onSelect(name)}>
              {places.has(name) ? capitalised(`${places.get(name)!} (${shortNodeName(name)})`) : shortNodeName(name)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** How long until ZooKeeper expires a session kept without a connection, ticking. */
export function ExpiryCountdown({ at }: { at: number }) {
  const left = at - useNow();
  const { t } = useLanguage();
  return (
    <strong className="expiry-silent" data-testid="anomaly-expiry">
      {' '}
      {left > 0 ? t('lpExpiresIn', { duration: formatDuration(left, t) }) : t('lpExpiringNow')}
    </strong>
  );
}

/** A line of a list begins with a capital: "Waiter #3 (…)". */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How many nodes (or owners) the anomalies of one kind concern together. */
function concerned(group: readonly Anomaly[]): number {
  return group.reduce((sum, anomaly) => sum + (anomaly.count ?? 1), 0);
}

/** Anomalies of one kind together, in the order their kinds first come (the worst first). */
export function groupByKind(anomalies: readonly Anomaly[]): Anomaly[][] {
  const groups = new Map<string, Anomaly[]>();
  for (const anomaly of anomalies) {
    const group = groups.get(anomaly.kind);
    if (group === undefined) groups.set(anomaly.kind, [anomaly]);
    else group.push(anomaly);
  }
  return [...groups.values()];
}

/** The other anomalies of a kind, folded: the first SHOWN_PER_KIND, then all of them once asked. */
function MoreLikeIt({ more, places, onSelect }: { more: readonly Anomaly[]; places: ReadonlyMap<string, string>; onSelect: (name: string) => void }) {
  const [all, setAll] = useState(false);
  const { t } = useLanguage();
  const shown = all ? more : more.slice(0, SHOWN_PER_KIND);
  return (
    <details className="anomaly-more">
      <summary>{t('lpMoreLikeIt', { n: formatCount(more.length) })}</summary>
      <ul>
        {shown.map((anomaly, index) => (
          <li key={`${anomaly.node ?? ''}-${index}`}>
            <AnomalyLine anomaly={anomaly} places={places} onSelect={onSelect} />
          </li>
        ))}
      </ul>
      {shown.length < more.length ? (
        <button type="button" className="link" data-testid="anomaly-show-all" onClick={() => setAll(true)}>
          {t('lpShowAll', { n: formatCount(more.length) })}
        </button>
      ) : null}
    </details>
  );
}

/**
 * What is wrong with this lock, one line each, the worst first; a click selects the node
 * concerned. Below, what ZooKeeper could and could not say of the waiters' watches, so that
 * "nothing wrong" is never said of what the explorer cannot see, and where ZooKeeper reports
 * less than the explorer asks, what can and cannot be known there.
 */
export const AnomalyList = memo(function AnomalyList({
  anomalies,
  watches,
  knowledge = null,
  places = NO_PLACES,
  onSelect,
}: {
  anomalies: readonly Anomaly[];
  watches: string | null;
  /** What can and cannot be known here (`/api/health`'s); null where ZooKeeper tells everything. */
  knowledge?: Knowledge | null;
  /** How the page names the nodes the anomalies speak of ("waiter #3"), by name (`anomalyPlaces`). */
  places?: ReadonlyMap<string, string>;
  onSelect: (name: string) => void;
}) {
  const groups = useMemo(() => groupByKind(anomalies), [anomalies]);
  const { language, t } = useLanguage();
  return (
    <section className="panel" aria-label={t('lpAnomalies')} data-testid="anomaly-list">
      <h2>
        {t('lpAnomalies')} <span className={`badge ${anomalies.length > 0 ? 'bad' : 'good'}`}>{formatCount(concerned(anomalies))}</span>
      </h2>
      {anomalies.length === 0 ? (
        <p className="muted" data-testid="anomaly-none">
          {watches === null ? t('lpNothingWrong') : t('lpNothingWrongSoFar')}
        </p>
      ) : (
        <ul className="anomalies">
          {groups.map((group) => {
            const [first, ...more] = group;
            return (
              <li key={`${first!.kind}-${first!.node ?? ''}`} className={`anomaly-${first!.kind}`}>
                <strong>
                  {anomalyLabel(language, first!.kind)}
                  {concerned(group) > 1 ? ` · ${formatCount(concerned(group))}` : ''}
                </strong>{' '}
                <AnomalyLine anomaly={first!} places={places} onSelect={onSelect} />
                {more.length > 0 ? <MoreLikeIt more={more} places={places} onSelect={onSelect} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {watches !== null ? (
        <p className="watch-verdict" data-testid="watch-verdict">
          <strong>{t('lpWatches')}</strong> {watches}
        </p>
      ) : null}
      <KnowledgeNote knowledge={knowledge} />
    </section>
  );
});
