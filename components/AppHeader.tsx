import Link from 'next/link';
import type { ReactNode } from 'react';
import { ThemeToggle } from './ThemeToggle';

/** The bar at the top of every page: the product name, where you are, and the theme switch. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        <span className="brand-mark" aria-hidden="true">⛓</span>
        zk-lock-explorer
      </Link>
      <nav className="crumbs" aria-label="Breadcrumb">
        {children}
      </nav>
      <ThemeToggle />
    </header>
  );
}
