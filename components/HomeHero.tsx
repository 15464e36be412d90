'use client';
import { useLanguage } from './language';
import { OpenLockForm } from './OpenLockForm';

/** The dashboard's title and the path box beside it, in the page's language. */
export function HomeHero() {
  const { t } = useLanguage();
  return (
    // The title and the form side by side on a laptop: the locks start within the first screen.
    <div className="home-hero">
      <div>
        <h1>{t('homeTitle')}</h1>
        <p className="lead">{t('homeLead')}</p>
      </div>
      <OpenLockForm />
    </div>
  );
}
