'use client';
/** Which ensemble a page shows: its links stay within it, its reads and its socket ask for it. */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { apiOfEnsemble, ensembleOfPath, pageOfEnsemble } from '../lib/view/ensemble-path';

const Context = createContext<string | null>(null);

/** The parts of a page of the ensemble `name` (its address `/e/<name>/…`); outside one, the explorer's first ensemble. */
export function EnsembleProvider({ name, children }: { name: string | null; children: ReactNode }) {
  return <Context.Provider value={name}>{children}</Context.Provider>;
}

/** The ensemble the page shows, as its address names it; null: the explorer's first. */
export function useEnsemble(): string | null {
  return useContext(Context);
}

/** A page's address (from `/`) within the ensemble the page shows. */
export function usePagePath(): (path: string) => string {
  const name = useEnsemble();
  return useCallback((path: string) => pageOfEnsemble(path, name), [name]);
}

/** The ensemble the browser's address names; null outside `/e/<name>/…` (and on the server). */
export function addressEnsemble(): string | null {
  return typeof window === 'undefined' ? null : ensembleOfPath(window.location.pathname);
}

/** An API address (`/api/…`) asked of the ensemble the browser's address names. */
export function apiPath(path: string): string {
  return apiOfEnsemble(path, addressEnsemble());
}
