'use client';
import { herdCountAfter, notificationsAfter, type RunPoint, type Side } from '../lib/demo/classroom';
import type { ZkCounts } from '../lib/demo/run';
import { Counters } from './Counters';
import { DemoChart } from './DemoChart';
import { useLanguage } from './language';

export interface ClassroomResultsProps {
  contenders: number;
  curves: Record<Side, RunPoint[]>;
  /** ZooKeeper's own counts since the queues formed; null while unknown. */
  zk: ZkCounts | null;
  /** The watchers ZooKeeper fired for others than this run's contenders, read while their count stood still; null before. */
  outside: number | null;
  /** No run has formed its queues yet: ZooKeeper's counts are read from then on. */
  zkBeforeRun: boolean;
  /** Notifications the herd's queue cost while it formed; null before. */
  joining: number | null;
  /** Simulated contenders running outside this run: ZooKeeper's counts include theirs. */
  others: number;
}

const lastOf = (curve: readonly RunPoint[]): RunPoint => curve.at(-1) ?? { releases: 0, notifications: 0 };

/** The run's outcome: notifications against releases for both sides beside the theory, and ZooKeeper's own counts. */
export function ClassroomResults({ contenders, curves, zk, outside, zkBeforeRun, joining, others }: ClassroomResultsProps) {
  const { t } = useLanguage();
  return (
    <div className="demo-bottom">
      <DemoChart
        testId="demo-chart"
        xMax={contenders}
        herd={curves.herd.map((point) => ({ x: point.releases, y: point.notifications }))}
        chain={curves.chained.map((point) => ({ x: point.releases, y: point.notifications }))}
        theory={{
          // As the reveal counts it: the holder's own watch too, at each release but the last.
          herd: Array.from({ length: contenders + 1 }, (_, releases) => ({ x: releases, y: herdCountAfter(contenders, releases) })),
          chain: Array.from({ length: contenders + 1 }, (_, releases) => ({ x: releases, y: notificationsAfter('chained', contenders, releases) })),
        }}
        labels={{
          title: t('chartTitle'),
          x: t('chartAxisX'),
          y: t('chartAxisY'),
          herd: t('chartHerd'),
          chain: t('chartChain'),
          theory: t('chartTheory'),
          summary: t('chartLabel', {
            herdReleases: lastOf(curves.herd).releases,
            herd: lastOf(curves.herd).notifications,
            herdTheory: herdCountAfter(contenders, lastOf(curves.herd).releases),
            chainReleases: lastOf(curves.chained).releases,
            chain: lastOf(curves.chained).notifications,
            chainTheory: notificationsAfter('chained', contenders, lastOf(curves.chained).releases),
          }),
        }}
      />
      <section className="panel demo-zk" aria-label={t('zkTitle')} data-testid="demo-zk">
        <h2>{t('zkTitle')}</h2>
        {zk === null ? (
          <p className="muted" data-testid="zk-none">{t(zkBeforeRun ? 'zkBeforeRun' : 'zkUnavailable')}</p>
        ) : (
          <Counters
            items={[
              { label: t('zkChildren'), value: zk.children, testId: 'zk-children' },
              { label: t('zkDeleted'), value: zk.deleted, testId: 'zk-deleted' },
              // What the run's contenders did not receive themselves: the explorer's watches, and every other client's.
              {
                label: t('zkOutside'),
                value: outside ?? '—',
                testId: 'zk-outside',
                note: t('zkOutsideNote'),
              },
            ]}
          />
        )}
        <p className="muted">{t('zkNote')}</p>
        {others > 0 && zk !== null ? (
          <p className="zk-others" role="note" data-testid="zk-others" data-count={others}>
            {/* On a projector, the short form: the figures are not this run's alone, said in a line under them. */}
            <span className="zk-others-long">{t('zkOthers', { n: others })}</span>
            <span className="zk-others-short">{t('zkOthersShort', { n: others })}</span>
          </p>
        ) : null}
        {joining !== null ? (
          <p className="muted" data-testid="demo-joining" data-count={joining}>
            {t('joining', { n: joining })}
          </p>
        ) : null}
      </section>
    </div>
  );
}
