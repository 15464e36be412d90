'use client';
import { OpenLockForm } from './OpenLockForm';
import { PageIntro } from './PageIntro';

/** The dashboard's title and the path box beside it, in the page's language. */
export function HomeHero() {
  return (
    // The title and the form side by side on a laptop: the locks start within the first screen.
    <div className="home-hero">
      <div>
        <PageIntro title="homeTitle" lead="homeLead" />
      </div>
      <OpenLockForm />
    </div>
  );
}
