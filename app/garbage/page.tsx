import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { GarbageView } from '../../components/GarbageView';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';
import { requestLanguage } from '../language';

export const metadata = { title: 'Lock garbage · zk-lock-explorer' };

export default async function GarbagePage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="garbage" languages />
      <ConnectionBanner />
      <main id="main" className="home garbage-page">
        <PageIntro title="gbTitle" lead="gbLead" />
        <GarbageView />
      </main>
    </LanguageProvider>
  );
}
