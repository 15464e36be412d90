import { AppHeader } from '../components/AppHeader';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { HomeHero } from '../components/HomeHero';
import { LanguageProvider } from '../components/language';
import { LockTable } from '../components/LockTable';

export default function HomePage() {
  return (
    <LanguageProvider>
      <AppHeader current="locks" languages />
      <ConnectionBanner />
      <main className="home">
        <HomeHero />
        <LockTable />
      </main>
    </LanguageProvider>
  );
}
