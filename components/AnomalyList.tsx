'use client';
import type { Anomaly } from '../lib/protocol';

const KIND_LABELS: Record<string, string> = {
  'persistent-node': 'Persistent node',
  orphan: 'Orphan',
  'no-watch': 'Watches nothing',
  'wrong-watch': 'Wrong watch',
  herd: 'Herd',
  'sequence-wrap': 'Wrapped sequence',
  'stale-holder': 'Stale holder',
};

/** What is wrong with this lock, one line each; a click selects the node concerned. */
export function AnomalyList({ anomalies, onSelect }: { anomalies: readonly Anomaly[]; onSelect: (name: string) => void }) {
  return (
    <section className="panel" aria-label="Anomalies" data-testid="anomaly-list">
      <h2>
        Anomalies <span className={`badge ${anomalies.length > 0 ? 'bad' : 'good'}`}>{anomalies.length}</span>
      </h2>
      {anomalies.length === 0 ? (
        <p className="muted">Nothing wrong that the explorer can see.</p>
      ) : (
        <ul className="anomalies">
          {anomalies.map((anomaly, index) => (
            <li key={`${anomaly.kind}-${anomaly.node ?? ''}-${index}`} data-testid="anomaly" data-kind={anomaly.kind} data-node={anomaly.node ?? ''}>
              <strong>{KIND_LABELS[anomaly.kind] ?? anomaly.kind}</strong>{' '}
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
    </section>
  );
}
