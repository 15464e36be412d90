'use client';
import { Link } from './EnsembleLink';
import { useEffect, useState, type ReactNode } from 'react';
import { EnsembleListSchema } from '../lib/protocol';
import { useEnsemble } from './ensemble';
import { useLanguage } from './language';

export type View = 'locks' | 'sessions' | 'waits' | 'incidents' | 'demo' | 'fleet';

/** How many ensembles the explorer follows, asked once a tab; null until it answers, and where it cannot (replay). */
let fleetSize: Promise<number | null> | null = null;

function useFleetSize(): number | null {
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fleetSize ??= fetch('/api/ensembles')
      .then(async (response) => (response.ok ? EnsembleListSchema.parse(await response.json()).ensembles.length : null))
      .catch(() => null);
    void fleetSize.then((answer) => {
      if (live) setSize(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return size;
}

/** The links between the views, in the page's language. */
export function ViewNav({ current }: { current?: View }) {
  const { t } = useLanguage();
  const ensemble = useEnsemble();
  const size = useFleetSize();
  const link = (view: View, href: string, label: string, testId?: string) => (
    <Link href={href} aria-current={current === view ? 'page' : undefined} data-testid={testId}>
      {label}
    </Link>
  );
  return (
    <nav className="app-nav" aria-label={t('navViews')}>
      {ensemble === null ? null : (
        <span className="badge app-ensemble mono" title={t('fleetEnsemble')} data-testid="nav-ensemble">
          {ensemble}
        </span>
      )}
      {link('locks', '/', t('navLocks'), 'nav-locks')}
      {link('sessions', '/sessions', t('navSessions'), 'nav-sessions')}
      {link('waits', '/waits-for', t('navWaitsFor'), 'nav-waits-for')}
      {link('incidents', '/incidents', t('navIncidents'), 'nav-incidents')}
      {link('demo', '/demo', t('navClassroom'), 'nav-demo')}
      {/* Out of the ensemble, a whole page load: each ensemble's pages have their socket of their own. */}
      {current === 'fleet' || (size !== null && size > 1) ? (
        <a href="/fleet" aria-current={current === 'fleet' ? 'page' : undefined} data-testid="nav-fleet">
          {t('navFleet')}
        </a>
      ) : null}
    </nav>
  );
}

/** Where the page is, below the views: its landmark named in the page's language. */
export function Crumbs({ children }: { children?: ReactNode }) {
  const { t } = useLanguage();
  return (
    <nav className="crumbs" aria-label={t('breadcrumb')}>
      {children}
    </nav>
  );
}
