import { AppHeader } from '../components/AppHeader';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { HomeHero } from '../components/HomeHero';
import { requestLanguage } from './language';
import { LanguageProvider } from '../components/language';
import { LockTable } from '../components/LockTable';

export default async function HomePage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="locks" languages />
      <ConnectionBanner />
      <main id="main" className="home">
        <HomeHero />
        <LockTable />
      </main>
    </LanguageProvider>
  );
}
