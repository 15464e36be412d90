import { AppHeader } from '../components/AppHeader';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { HomeHero } from '../components/HomeHero';
import { HomeIncidents } from '../components/HomeIncidents';
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
        <HomeIncidents />
        <LockTable />
      </main>
    </LanguageProvider>
  );
}
