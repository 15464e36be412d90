'use client';
import { useEffect, useState } from 'react';
import { herdCountAfter, notificationsAfter, type Side, type SideFigures } from '../lib/demo/classroom';
import type { LockSnapshot } from '../lib/protocol';
import type { Wake } from '../lib/view/pulses';
import { Counters } from './Counters';
import { useLanguage } from './language';
import { QueueDiagram } from './QueueDiagram';
import { useNow } from './useNow';

export interface ClassroomSideProps {
  side: Side;
  path: string | null;
  /** The lock as shown: live, or a recorded frame of the timeline. */
  snapshot: LockSnapshot | null;
  woken: ReadonlySet<string>;
  wakes: readonly Wake[];
  figures: SideFigures;
  contenders: number;
  title: string;
}

const NOBODY = new Set<string>();

/** How much larger the queues are drawn in presenter view than the type beside them: a card's 13 px name reads as 16 at the back of a room at 1280 px. */
const PRESENTER_QUEUE_SCALE = 1.2;

/** The page's type scale (1 at 16 px): the presenter view's type grows with the screen (see classroom.css), and the queues grow with it, a fifth larger. */
function useTypeScale(): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const measure = (): void => {
      const root = document.documentElement;
      setScale(((parseFloat(getComputedStyle(root).fontSize) || 16) / 16) * (root.dataset.present === undefined ? 1 : PRESENTER_QUEUE_SCALE));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new MutationObserver(measure);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-present'] });
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, []);
  return scale;
}

/** One queue of the classroom: its live drawing, and its counters beside the theory. */
export function ClassroomSide({ side, path, snapshot, woken, wakes, figures, contenders, title }: ClassroomSideProps) {
  const { t } = useLanguage();
  const now = useNow();
  const zoom = useTypeScale();
  const perRelease = figures.releases === 0 ? 0 : figures.notifications / figures.releases;
  // The herd's theory counts each holder's own children watch too, as the chart and the reveal do: one figure everywhere.
  const theoryTotal = side === 'herd' ? herdCountAfter(contenders, figures.releases) : notificationsAfter(side, contenders, figures.releases);
  const theoryPerRelease = figures.releases === 0 ? 0 : theoryTotal / figures.releases;
  const shown = path === null ? [] : (snapshot?.nodes ?? []);
  return (
    <section className={`demo-side ${side}`} aria-label={title} data-testid={`demo-side-${side}`} data-path={path ?? ''}>
      <h2>{title}</h2>
      <Counters
        items={[
          { label: t('releases'), value: figures.releases, testId: `${side}-releases` },
          {
            label: t('notifications'),
            value: figures.notifications,
            testId: `${side}-notifications`,
            note: t('theory', { value: theoryTotal }),
            // Why the herd's theory is more than N(N−1)/2, on hover.
            noteTitle: side === 'herd' ? t('sweepNote') : undefined,
          },
          { label: t('perRelease'), value: perRelease.toFixed(1), testId: `${side}-per-release`, note: t('theory', { value: theoryPerRelease.toFixed(1) }) },
          { label: t('wasted'), value: figures.wasted, testId: `${side}-wasted` },
          { label: t('getChildren'), value: figures.getChildren, testId: `${side}-getchildren` },
          { label: t('childBytes'), value: figures.childBytes, testId: `${side}-bytes` },
        ]}
      />
      {shown.length > 0 ? (
        <QueueDiagram nodes={shown} now={now} selected={null} onSelect={() => undefined} woken={woken} wakes={wakes} zoom={zoom} fitHeight compact flagged={NOBODY} />
      ) : path !== null && figures.releases > 0 ? (
        // A drained queue says how it ended, rather than leaving an empty frame on the projector.
        <p className="queue-done" data-testid={`${side}-done`}>
          {t('queueDone', { releases: figures.releases, notifications: figures.notifications })}
        </p>
      ) : null}
    </section>
  );
}
