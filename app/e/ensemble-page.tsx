import type { ReactNode } from 'react';
import { EnsembleProvider } from '../../components/ensemble';
import { ensembleOfPath } from '../../lib/view/ensemble-path';

/** The ensemble `/e/<segment>/…` names, its segment decoded. */
export async function ensembleParam(params: Promise<{ ensemble: string }>): Promise<string> {
  return ensembleOfPath(`/e/${(await params).ensemble}`)!;
}

/** A page of the ensemble `/e/<name>/…` names: the same page as at `/…`, its links, reads and socket that ensemble's. */
export async function EnsemblePage({ params, children }: { params: Promise<{ ensemble: string }>; children: ReactNode }) {
  return <EnsembleProvider name={await ensembleParam(params)}>{children}</EnsembleProvider>;
}

/** The page of the ensemble `/e/<name>/…` names for a view page of no params (`View`, the page at `/…`). */
export function inEnsemble(View: () => Promise<ReactNode>): (props: { params: Promise<{ ensemble: string }> }) => Promise<ReactNode> {
  return async function EnsembleView({ params }) {
    return <EnsemblePage params={params}>{await View()}</EnsemblePage>;
  };
}
