import { Link } from './EnsembleLink';
import type { ReactNode } from 'react';
import { CommandPalette, type Command } from './CommandPalette';
import { LanguageSwitch } from './LanguageSwitch';
import { SkipLink } from './SkipLink';
import { ThemeToggle } from './ThemeToggle';
import { Crumbs, ViewNav, type View } from './ViewNav';

/** The bar at the top of every page: the product name, the views, where you are, the theme switch, and on a page in two languages the language switch. */
export function AppHeader({ children, current, commands, languages = false }: { children?: ReactNode; current?: View; commands?: readonly Command[]; languages?: boolean }) {
  return (
    <header className="app-header">
      <SkipLink />
      <Link href="/" className="brand">
        <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="0" y="0" width="24" height="24" rx="6" className="brand-bg" />
          <path d="M8 11V8.5a4 4 0 0 1 8 0V11" className="brand-shackle" />
          <rect x="6" y="11" width="12" height="8.5" rx="2" className="brand-body" />
        </svg>
        <span className="brand-name">zk-lock-explorer</span>
      </Link>
      <ViewNav current={current} />
      <Crumbs>{children}</Crumbs>
      <CommandPalette commands={commands} />
      {languages ? <LanguageSwitch /> : null}
      <ThemeToggle />
    </header>
  );
}
