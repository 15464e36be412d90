import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';
import { SessionTable } from '../../components/SessionTable';

export const metadata = { title: 'Sessions · zk-lock-explorer' };

export default function SessionsPage() {
  return (
    <LanguageProvider>
      <AppHeader current="sessions" languages />
      <ConnectionBanner />
      <main className="home">
        <PageIntro title="sessionsTitle" lead="sessionsLead" />
        <SessionTable />
      </main>
    </LanguageProvider>
  );
}
