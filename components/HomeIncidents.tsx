'use client';
import { IncidentList } from './IncidentList';
import { useLanguage } from './language';
import { useReplay } from './replay';

/** How many of the newest incidents the replay's first screen shows. */
const LATEST = 3;

/**
 * The replay's first screen opens on what a post-mortem asks first: the newest incidents of the
 * files, each with a link to its moment, above the lock list (which, at the end of the files, often
 * shows every lock free). Not on a live page, whose files only tell its past.
 */
export function HomeIncidents() {
  const { info } = useReplay();
  const { t } = useLanguage();
  if (info === null || info.live) return null;
  return (
    <section className="home-incidents" aria-labelledby="home-incidents-title" data-testid="home-incidents">
      <h2 id="home-incidents-title">{t('incHomeTitle')}</h2>
      <IncidentList latest={LATEST} />
    </section>
  );
}
