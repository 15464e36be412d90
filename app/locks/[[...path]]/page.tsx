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
  return <LockView path={znodePathFromSegments((path ?? []).map(decode))} />;
}
