'use client';
import { Link } from './EnsembleLink';
import type { ReactNode } from 'react';
import { useEnsemble } from './ensemble';
import { useFleetNames } from './useFleet';
import { useLanguage } from './language';

export type View = 'locks' | 'sessions' | 'waits' | 'incidents' | 'garbage' | 'demo' | 'fleet';

/** The links between the views, in the page's language. */
export function ViewNav({ current }: { current?: View }) {
  const { t } = useLanguage();
  const ensemble = useEnsemble();
  const size = useFleetNames()?.length ?? null;
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
      {link('garbage', '/garbage', t('navGarbage'), 'nav-garbage')}
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
