import Link from 'next/link';
import { AppHeader } from '../components/AppHeader';

export default function NotFound() {
  return (
    <>
      <AppHeader />
      <main className="home">
        <h1>Nothing here</h1>
        <p className="lead">
          Lock pages live under <code>/locks/&lt;znode path&gt;</code>. <Link href="/">Open a lock</Link>.
        </p>
      </main>
    </>
  );
}
