'use client';
import { useState, type Ref } from 'react';
import type { CleanupRun } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { cleanupProgress, cleanupReport, skipWords } from '../lib/view/garbage-words';
import { useLanguage } from './language';
import type { Controls } from './useSimulation';
import { WrappingPath } from './WrappingPath';

/** A clean-up under way: a bar of the parents handled of those planned, its rate, and the way to stop it. */
function Running({ run, controls }: { run: CleanupRun; controls: Controls }) {
  const { t } = useLanguage();
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handled, planned } = cleanupProgress(run);
  const stop = async (): Promise<void> => {
    setStopping(true);
    const failed = await controls.control('DELETE', '/api/garbage/cleanup');
    setError(failed);
    if (failed !== null) setStopping(false);
  };
  return (
    <>
      <div className="gb-run-head">
        <span className="spinner" aria-hidden="true" />
        <strong data-testid="cleanup-handled">{t('gbCleanRunning', { done: formatCount(handled), planned: formatCount(planned) })}</strong>
        <span className="muted">{t('gbCleanRate', { rate: formatCount(run.rate) })}</span>
        <button type="button" className="gb-button" data-testid="cleanup-stop" disabled={stopping} onClick={() => void stop()}>
          {stopping ? t('gbCleanStopping') : t('gbCleanStop')}
        </button>
      </div>
      <progress className="gb-progress" max={Math.max(1, planned)} value={handled} aria-label={t('gbCleanProgress')} data-testid="cleanup-progress" />
      {error !== null ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** An ended clean-up: deleted, skipped and why (with the first parents left), left, and what its plan left out. */
function Report({ run, at }: { run: CleanupRun; at: number }) {
  const { t } = useLanguage();
  const report = cleanupReport(t, run, at);
  return (
    <div data-testid="cleanup-report">
      <p className="gb-run-headline" role="status">
        <strong data-testid="cleanup-headline">{report.headline}</strong>
      </p>
      <p className="muted gb-run-scope">{report.scope}</p>
      {report.skipped.length > 0 ? <p data-testid="cleanup-skipped">{report.skipped.join(' · ')}</p> : null}
      {run.skippedPaths.length > 0 ? (
        <details className="gb-skipped">
          <summary>{t('gbCleanSkippedFirst')}</summary>
          <ul>
            {run.skippedPaths.map((skipped) => (
              <li key={skipped.path} data-testid="cleanup-skipped-path">
                <span className="mono">
                  <WrappingPath path={skipped.path} />
                </span>{' '}
                <span className="muted">{skipWords(t, skipped.why)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.recent !== null ? <p className="muted">{report.recent}</p> : null}
    </div>
  );
}

/** The clean-up under way or last run, above the groups; focused when this page starts one, so that the keyboard lands on its progress. */
export function CleanupRunPanel({ run, at, controls, ref }: { run: CleanupRun | null; at: number; controls: Controls; ref?: Ref<HTMLElement> }) {
  const { t } = useLanguage();
  if (run === null) return null;
  return (
    <section ref={ref} tabIndex={-1} className={`gb-run is-${run.state}`} aria-label={t('gbCleanProgress')} data-testid="cleanup-run" data-state={run.state}>
      {run.state === 'running' ? <Running run={run} controls={controls} /> : <Report run={run} at={at} />}
    </section>
  );
}
