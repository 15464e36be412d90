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
        <p className="lead">Every ZooKeeper session that owns nodes in the locks found, with what it holds and what it waits for.</p>
        <SessionTable />
      </main>
    </>
  );
}
