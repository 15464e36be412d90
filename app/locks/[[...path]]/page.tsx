import { requestLanguage } from '../../language';
import { LockView } from '../../../components/LockView';
import { znodePathFromSegments } from '../../../lib/zk/path';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ path?: string[] }> }) {
  const { path } = await params;
  return { title: `${znodePathFromSegments((path ?? []).map(decode))} · zk-lock-explorer` };
}

export default async function LockPage({ params }: { params: Promise<{ path?: string[] }> }) {
  const { path } = await params;
  const znodePath = znodePathFromSegments((path ?? []).map(decode));
  // A page of its own for each lock: going from one to another (the command palette) starts afresh, its selection and event strip included.
  return <LockView key={znodePath} path={znodePath} language={await requestLanguage()} />;
}
