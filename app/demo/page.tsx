import { AppHeader } from '../../components/AppHeader';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { DemoView } from '../../components/DemoView';
import { requestLanguage } from '../language';
import { LanguageProvider } from '../../components/language';

export const metadata = { title: 'Classroom · zk-lock-explorer' };

/** The classroom, the one page in English and Chinese: its header, banner and diagrams follow its language. */
export default async function DemoPage() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader current="demo" languages />
      <ConnectionBanner />
      <DemoView />
    </LanguageProvider>
  );
}
