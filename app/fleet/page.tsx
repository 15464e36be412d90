import { AppHeader } from '../../components/AppHeader';
import { FleetView } from '../../components/FleetView';
import { requestLanguage } from '../language';
import { LanguageProvider } from '../../components/language';
import { PageIntro } from '../../components/PageIntro';

export const metadata = { title: 'Fleet · zk-lock-explorer' };

export default async function FleetPage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="fleet" languages />
      <main id="main" className="home">
        <PageIntro title="fleetTitle" lead="fleetLead" />
        <FleetView />
      </main>
    </LanguageProvider>
  );
}
