import { AppHeader } from '../components/AppHeader';
import { LanguageProvider } from '../components/language';
import { NotFoundView } from '../components/NotFoundView';
import { requestLanguage } from './language';

export default async function NotFound() {
  return (
    <LanguageProvider initial={await requestLanguage()}>
      <AppHeader />
      <NotFoundView />
    </LanguageProvider>
  );
}
