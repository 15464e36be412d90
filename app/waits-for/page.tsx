import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { requestLanguage } from '../language';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';
import { WaitsForView } from '../../components/WaitsForView';

export const metadata = { title: 'Waits-for · zk-lock-explorer' };

export default async function WaitsForPage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="waits" languages />
      <ConnectionBanner />
      <main id="main" className="home wide">
        <PageIntro title="waitsTitle" lead="waitsLead" />
        <WaitsForView />
      </main>
    </LanguageProvider>
  );
}
