'use client';
import type { Anomaly, AnomalyKind, LockNode } from '../lib/protocol';
import { describeWatchVerdict, watchVerdict } from '../lib/view/watch-verdict';

const KIND_LABELS: Record<AnomalyKind, string> = {
  deadlock: 'Deadlock',
  'persistent-node': 'Persistent node',
  orphan: 'Orphan',
  'no-watch': 'Watches nothing',
  'wrong-watch': 'Wrong watch',
  herd: 'Herd',
  'sequence-wrap': 'Wrapped sequence',
  'stale-holder': 'Stale holder',
};

/** One anomaly: a click on it selects its node. Every one stays in the page for tests and for find-in-page. */
function AnomalyLine({ anomaly, onSelect }: { anomaly: Anomaly; onSelect: (name: string) => void }) {
  return (
    <span data-testid="anomaly" data-kind={anomaly.kind} data-node={anomaly.node ?? ''}>
      {anomaly.node ? (
        <button type="button" className="link" onClick={() => onSelect(anomaly.node!)}>
          {anomaly.message}
        </button>
      ) : (
        anomaly.message
      )}
    </span>
  );
}

/** Anomalies of one kind together, in the order their kinds first come (the worst first). */
function groupByKind(anomalies: readonly Anomaly[]): Anomaly[][] {
  const groups = new Map<string, Anomaly[]>();
  for (const anomaly of anomalies) groups.set(anomaly.kind, [...(groups.get(anomaly.kind) ?? []), anomaly]);
  return [...groups.values()];
}

/**
 * What is wrong with this lock, one line each, the worst first; a click selects the node
 * concerned. Below, what ZooKeeper could and could not say of the waiters' watches, so that
 * "nothing wrong" is never said of what the explorer cannot see.
 */
export function AnomalyList({ anomalies, nodes, onSelect }: { anomalies: readonly Anomaly[]; nodes: readonly LockNode[]; onSelect: (name: string) => void }) {
  const watches = describeWatchVerdict(watchVerdict(nodes));
  return (
    <section className="panel" aria-label="Anomalies" data-testid="anomaly-list">
      <h2>
        Anomalies <span className={`badge ${anomalies.length > 0 ? 'bad' : 'good'}`}>{anomalies.length}</span>
      </h2>
      {anomalies.length === 0 ? (
        <p className="muted" data-testid="anomaly-none">
          {watches === null ? 'Nothing wrong that the explorer can see.' : 'Nothing wrong that the explorer can see so far.'}
        </p>
      ) : (
        <ul className="anomalies">
          {groupByKind(anomalies).map((group) => {
            const [first, ...more] = group;
            return (
              <li key={`${first!.kind}-${first!.node ?? ''}`} className={`anomaly-${first!.kind}`}>
                <strong>
                  {KIND_LABELS[first!.kind]}
                  {more.length > 0 ? ` · ${group.length}` : ''}
                </strong>{' '}
                <AnomalyLine anomaly={first!} onSelect={onSelect} />
                {more.length > 0 ? (
                  <details className="anomaly-more">
                    <summary>{more.length} more like it</summary>
                    <ul>
                      {more.map((anomaly, index) => (
                        <li key={`${anomaly.node ?? ''}-${index}`}>
                          <AnomalyLine anomaly={anomaly} onSelect={onSelect} />
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {watches !== null ? (
        <p className="watch-verdict" data-testid="watch-verdict">
          <strong>Watches</strong> {watches}
        </p>
      ) : null}
    </section>
  );
}
