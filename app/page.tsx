import { AppHeader } from '../components/AppHeader';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { LockTable } from '../components/LockTable';
import { OpenLockForm } from '../components/OpenLockForm';

export default function HomePage() {
  return (
    <>
      <AppHeader current="locks" />
      <ConnectionBanner />
      <main className="home">
        {/* The title and the form side by side on a laptop: the locks start within the first screen. */}
        <div className="home-hero">
          <div>
            <h1>See who holds a ZooKeeper lock, and who waits behind whom</h1>
            <p className="lead">
              Open a lock parent to watch its queue live: the holder, every waiter in order, and the node each waiter is
              watching.
            </p>
          </div>
          <OpenLockForm />
        </div>
        <LockTable />
      </main>
    </>
  );
}
