'use client';
import { GarbageCount } from './GarbageCount';
import { OpenLockForm } from './OpenLockForm';
import { PageIntro } from './PageIntro';
import { useReplay } from './replay';

/** The dashboard's title and the path box beside it, in the page's language; replayed, it speaks of the moment shown, not of live. */
export function HomeHero() {
  const replaying = useReplay().info !== null;
  return (
    // The title and the form side by side on a laptop: the locks start within the first screen.
    <div className="home-hero">
      <div>
        <PageIntro title="homeTitle" lead={replaying ? 'homeLeadReplay' : 'homeLead'} />
        <GarbageCount />
      </div>
      <OpenLockForm />
    </div>
  );
}
