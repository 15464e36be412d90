'use client';
import { Link } from './EnsembleLink';
import type { Anomaly, LockNode } from '../lib/protocol';
import { encodeZnodePath } from '../lib/zk/path';
import { richText, useLanguage } from './language';

/** A session as a link to its row in the sessions view, with where it connects from. */
function SessionLink({ id, client }: { id: string; client: string | null }) {
  return (
    <>
      <Link href={`/sessions#session-${id}`} className="mono">
        {id}
      </Link>
      {client !== null ? <span className="muted"> ({client})</span> : null}
    </>
  );
}

/**
 * The first thing on a lock page whose lock is part of a deadlock: that it will never be
 * released on its own, and the cycle step by step, each session and lock a link.
 */
export function DeadlockAlert({ path, anomalies, nodes, onSelect }: { path: string; anomalies: readonly Anomaly[]; nodes: readonly LockNode[]; onSelect: (name: string) => void }) {
  const deadlocks = anomalies.filter((anomaly) => anomaly.kind === 'deadlock' && anomaly.deadlock !== undefined);
  const { t } = useLanguage();
  if (deadlocks.length === 0) return null;
  return (
    <section className="deadlock-alert" role="alert" aria-label={t('lpDeadlock')} data-testid="deadlock-alert">
      <h2>
        <span className="deadlock-mark" aria-hidden="true">
          ⟲
        </span>{' '}
        {t('lpDeadlockTitle')}
      </h2>
      {deadlocks.map((anomaly, index) => {
        const cycle = anomaly.deadlock!.cycle;
        // The node of this lock that a session of the cycle holds: freeing it (asked or broken) ends the cycle.
        const holding = cycle.find((step) => step.waitsIn === path)?.waitsFor;
        const held = nodes.find((node) => node.role === 'holder' && node.sessionId === holding)?.name ?? null;
        return (
          <div key={index} className="deadlock-cycle">
            <p>{t('lpDeadlockText', { n: cycle.length })}</p>
            <ol data-testid="deadlock-cycle">
              {cycle.map((step) => (
                <li key={`${step.session}-${step.waitsIn}`} data-testid="deadlock-step" data-session={step.session} data-lock={step.waitsIn}>
                  {richText(t('lpDeadlockStep'), {
                    session: <SessionLink id={step.session} client={step.client} />,
                    lock:
                      step.waitsIn === path ? (
                        <strong className="mono">{t('lpThisLock')}</strong>
                      ) : (
                        <Link href={`/locks${encodeZnodePath(step.waitsIn)}`} className="mono" data-testid="deadlock-lock-link">
                          {step.waitsIn}
                        </Link>
                      ),
                    holder: <span className="mono">{step.waitsFor}</span>,
                  })}
                </li>
              ))}
            </ol>
            <p className="deadlock-actions actions">
              {held !== null ? (
                <button type="button" data-testid="deadlock-select-holder" onClick={() => onSelect(held)}>
                  {t('lpSelectThisHolder')}
                </button>
              ) : null}
              {anomaly.node !== null ? (
                <button type="button" data-testid="deadlock-select-waiter" onClick={() => onSelect(anomaly.node!)}>
                  {t('lpSelectWaitingHere')}
                </button>
              ) : null}
              <Link href="/waits-for" className="action-link" data-testid="deadlock-graph-link">
                {t('lpSeeGraph')}
              </Link>
            </p>
          </div>
        );
      })}
    </section>
  );
}
