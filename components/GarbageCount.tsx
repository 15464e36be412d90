'use client';
import { useState } from 'react';
import { GarbageViewSchema, type GarbageCounts } from '../lib/protocol';
import { garbageLine } from '../lib/view/garbage-words';
import { Link } from './EnsembleLink';
import { useLanguage } from './language';
import { useReplay } from './replay';
import { readApi } from './useGarbage';
import { usePoll } from './usePoll';

/** How often the dashboard reads the garbage's counts: they change with a scan, a lock emptied, a clean-up. */
const COUNTS_EVERY_MS = 15_000;

/**
 * The dashboard's one line of lock garbage ("12,345 empty lock parents · 2 leaked nodes"), a link
 * to the garbage page; an empty line where there is none or it cannot be read, and nothing in a
 * replay (which has none).
 */
export function GarbageCount() {
  const { t } = useLanguage();
  const live = useReplay().info === null;
  const [counts, setCounts] = useState<GarbageCounts | null>(null);
  usePoll(
    async (current) => {
      const read = await readApi('/api/garbage', GarbageViewSchema, t);
      if (current() && read.ok) setCounts(read.data.counts);
    },
    COUNTS_EVERY_MS,
    live,
  );
  const line = counts === null ? null : garbageLine(t, counts);
  if (!live) return null;
  // Its line's room is kept from the first paint, garbage or not: the count coming (or going) moves nothing below it.
  return (
    <p className="home-garbage">
      {line === null ? null : (
        <Link href="/garbage" prefetch={false} title={`${line}\n${t('gbHomeTitle')}`} data-testid="home-garbage">
          {line}
        </Link>
      )}
    </p>
  );
}
