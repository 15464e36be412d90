'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GarbageView as View } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { CleanupRunPanel } from './CleanupRunPanel';
import { GarbageGroups } from './GarbageGroups';
import { Ghosts, LeakedNodes, PersistentInLocks } from './GarbageNodes';
import { useLanguage } from './language';
import { useReplay } from './replay';
import { useCleanupRun, useGarbageView } from './useGarbage';
import { useControls } from './useSimulation';

/** The four counts at the top, each a link to its list; ghosts that cannot be told are said so, not counted as none. */
function Counts({ view }: { view: View }) {
  const { t } = useLanguage();
  const counts: Array<{ id: string; label: string; value: string; n: number | null }> = [
    { id: 'empty-parents', label: t('gbCountEmpty'), value: formatCount(view.counts.emptyParents), n: view.counts.emptyParents },
    { id: 'leaked', label: t('gbCountLeaked'), value: formatCount(view.counts.leaked), n: view.counts.leaked },
    { id: 'ghosts', label: t('gbCountGhosts'), value: view.ghostsKnown ? formatCount(view.counts.ghosts) : '—', n: view.ghostsKnown ? view.counts.ghosts : null },
    { id: 'persistent', label: t('gbCountPersistent'), value: formatCount(view.counts.persistentInLocks), n: view.counts.persistentInLocks },
  ];
  return (
    <nav className="gb-counts" aria-label={t('gbCountsLabel')} data-testid="garbage-counts">
      {counts.map(({ id, label, value, n }) => (
        <a key={id} href={`#${id}`} className={`gb-count-box${n !== null && n > 0 ? ' has-some' : ''}`} data-testid={`garbage-count-${id}`} data-count={n ?? undefined}>
          <span className="gb-count-value">{value}</span>
          <span className="gb-count-label">{label}</span>
          {n === null ? <span className="gb-count-note">{t('gbCountGhostsUnknown')}</span> : null}
        </a>
      ))}
    </nav>
  );
}

/** The view once read: its counts, whether the scan is still growing it, the clean-up, and each kind of garbage. */
function Garbage({ view, error, reload }: { view: View; error: string | null; reload: () => void }) {
  const { t } = useLanguage();
  const controls = useControls();
  const { run, watch } = useCleanupRun(view.cleanup.last, reload);
  const runPanel = useRef<HTMLElement>(null);
  // A clean-up started here: its progress is read at once, and the keyboard is taken to it once it shows (the button that started it goes with its group).
  const [focusRun, setFocusRun] = useState(false);
  const started = useCallback(() => {
    watch();
    setFocusRun(true);
  }, [watch]);
  const shown = run?.state === 'running';
  useEffect(() => {
    if (!focusRun || !shown || runPanel.current === null) return;
    runPanel.current.focus();
    setFocusRun(false);
  }, [focusRun, shown]);
  return (
    <>
      {error !== null ? (
        <p className="notice is-danger" role="alert">
          {t('gbFailed', { error })}
        </p>
      ) : null}
      <Counts view={view} />
      {!view.scanned ? (
        <p className="notice" role="status" data-testid="garbage-partial">
          <span className="spinner gb-inline-spinner" aria-hidden="true" /> {t('gbPartial')}
        </p>
      ) : null}
      <CleanupRunPanel ref={runPanel} run={run} at={view.at} controls={controls} />
      <GarbageGroups view={view} controls={controls} onStarted={started} />
      <LeakedNodes view={view} controls={controls} onDeleted={reload} />
      <Ghosts view={view} />
      <PersistentInLocks view={view} />
    </>
  );
}

/** The lock-garbage page's content: read now and every few seconds from the live explorer (a replay has none). */
export function GarbageView() {
  const { t } = useLanguage();
  const { info } = useReplay();
  const replaying = info !== null && !info.live;
  const { view, error, reload } = useGarbageView(!replaying);
  if (replaying) {
    return (
      <p className="empty" data-testid="garbage-replay">
        {t('gbReplay')}
      </p>
    );
  }
  if (view === null) {
    return error !== null ? (
      <p className="error-box" role="alert" data-testid="garbage-error">
        {t('gbFailed', { error })}
      </p>
    ) : (
      <p className="loading" aria-busy="true" data-testid="garbage-loading">
        <span className="spinner" aria-hidden="true" /> {t('gbLoading')}
      </p>
    );
  }
  return <Garbage view={view} error={error} reload={reload} />;
}
