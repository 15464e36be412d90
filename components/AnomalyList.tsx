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
          {anomalies.map((anomaly, index) => (
            <li key={`${anomaly.kind}-${anomaly.node ?? ''}-${index}`} data-testid="anomaly" data-kind={anomaly.kind} data-node={anomaly.node ?? ''} className={`anomaly-${anomaly.kind}`}>
              <strong>{KIND_LABELS[anomaly.kind]}</strong>{' '}
              {anomaly.node ? (
                <button type="button" className="link" onClick={() => onSelect(anomaly.node!)}>
                  {anomaly.message}
                </button>
              ) : (
                <span>{anomaly.message}</span>
              )}
            </li>
          ))}
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
