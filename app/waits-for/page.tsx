import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { WaitsForView } from '../../components/WaitsForView';

export const metadata = { title: 'Waits-for · zk-lock-explorer' };

export default function WaitsForPage() {
  return (
    <>
      <AppHeader current="waits" />
      <ConnectionBanner />
      <main className="home wide">
        <h1>Who waits for whom</h1>
        <p className="lead">Every session that holds a lock, and the sessions waiting for it, across every lock the explorer follows. A cycle is a deadlock: none of its sessions will ever go on by itself.</p>
        <WaitsForView />
      </main>
    </>
  );
}
