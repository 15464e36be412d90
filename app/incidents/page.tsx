import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { IncidentList } from '../../components/IncidentList';
import { requestLanguage } from '../language';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';

export const metadata = { title: 'Incidents · zk-lock-explorer' };

export default async function IncidentsPage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="incidents" languages />
      <ConnectionBanner />
      <main id="main" className="home">
        <PageIntro title="incTitle" lead="incLead" />
        <IncidentList />
      </main>
    </LanguageProvider>
  );
}
