import LockPage, { generateMetadata as lockMetadata } from '../../../../locks/[[...path]]/page';
import { EnsemblePage } from '../../../ensemble-page';

type Params = Promise<{ ensemble: string; path?: string[] }>;

export async function generateMetadata({ params }: { params: Params }) {
  return lockMetadata({ params });
}

export default function EnsembleLockPage({ params }: { params: Params }) {
  return (
    <EnsemblePage params={params}>
      <LockPage params={params} />
    </EnsemblePage>
  );
}
