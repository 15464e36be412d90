import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { requestLanguage } from '../language';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';
import { SessionTable } from '../../components/SessionTable';

export const metadata = { title: 'Sessions · zk-lock-explorer' };

export default async function SessionsPage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="sessions" languages />
      <ConnectionBanner />
      <main id="main" className="home">
        <PageIntro title="sessionsTitle" lead="sessionsLead" />
        <SessionTable />
      </main>
    </LanguageProvider>
  );
}
