'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useLanguage } from './language';

export type View = 'locks' | 'sessions' | 'waits' | 'incidents' | 'demo';

/** The links between the views, in the page's language. */
export function ViewNav({ current }: { current?: View }) {
  const { t } = useLanguage();
  const link = (view: View, href: string, label: string, testId?: string) => (
    <Link href={href} aria-current={current === view ? 'page' : undefined} data-testid={testId}>
      {label}
    </Link>
  );
  return (
    <nav className="app-nav" aria-label={t('navViews')}>
      {link('locks', '/', t('navLocks'), 'nav-locks')}
      {link('sessions', '/sessions', t('navSessions'), 'nav-sessions')}
      {link('waits', '/waits-for', t('navWaitsFor'), 'nav-waits-for')}
      {link('incidents', '/incidents', t('navIncidents'), 'nav-incidents')}
      {link('demo', '/demo', t('navClassroom'), 'nav-demo')}
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
