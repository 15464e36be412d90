import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { SessionTable } from '../../components/SessionTable';

export const metadata = { title: 'Sessions · zk-lock-explorer' };

export default function SessionsPage() {
  return (
    <>
      <AppHeader current="sessions" />
      <ConnectionBanner />
      <main className="home">
        <h1>Sessions</h1>
        <p className="lead">Every ZooKeeper session that owns nodes in the locks found: what it holds, what it waits for, where it connects from and which nodes it watches. This explorer&apos;s own session comes last.</p>
        <SessionTable />
      </main>
    </>
  );
}
