import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';
import { WaitsForView } from '../../components/WaitsForView';

export const metadata = { title: 'Waits-for · zk-lock-explorer' };

export default function WaitsForPage() {
  return (
    <LanguageProvider>
      <AppHeader current="waits" languages />
      <ConnectionBanner />
      <main className="home wide">
        <PageIntro title="waitsTitle" lead="waitsLead" />
        <WaitsForView />
      </main>
    </LanguageProvider>
  );
}
