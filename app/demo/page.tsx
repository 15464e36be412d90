import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { DemoView } from '../../components/DemoView';

export const metadata = { title: 'Classroom · zk-lock-explorer' };

export default function DemoPage() {
  return (
    <>
      <AppHeader current="demo" />
      <ConnectionBanner />
      <DemoView />
    </>
  );
}
