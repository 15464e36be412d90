'use client';
import { Fragment, useState } from 'react';
import type { GarbageGroup, GarbageView } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { adviceWords, agoWords, leftByWords, sureWords } from '../lib/view/garbage-words';
import { DryRun } from './GarbageDryRun';
import { useLanguage } from './language';
import type { Controls } from './useSimulation';
import { WrappingPath } from './WrappingPath';

const COLUMNS = 7;

/** One group's row: its parent path opens (and closes) the group below it. */
function GroupRow({ group, at, open, toggle }: { group: GarbageGroup; at: number; open: boolean; toggle: () => void }) {
  const { language, t } = useLanguage();
  const sure = sureWords(t, group.sure);
  const advice = adviceWords(t, group.advice);
  const panel = `garbage-group-${encodeURIComponent(group.parent)}`;
  return (
    <tr data-testid="garbage-group" data-parent={group.parent} data-count={group.count} className={open ? 'is-open' : undefined}>
      <td className="gb-parent" data-label={t('gbColParent')}>
        <button
          type="button"
          className="gb-disclosure"
          aria-expanded={open}
          aria-controls={open ? panel : undefined}
          aria-label={t('gbOpenGroup', { n: formatCount(group.count), parent: group.parent })}
          title={group.parent}
          data-testid="garbage-group-open"
          onClick={toggle}
        >
          <span className="gb-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="mono gb-path">
            <WrappingPath path={group.parent} />
          </span>
        </button>
      </td>
      <td className="num gb-count" data-label={t('gbColCount')} data-testid="garbage-group-count">
        {formatCount(group.count)}
      </td>
      <td data-label={t('gbColOldest')} title={new Date(group.oldest).toISOString()}>
        {agoWords(t, at, group.oldest)}
      </td>
      <td data-label={t('gbColNewest')} title={new Date(group.newest).toISOString()}>
        {agoWords(t, at, group.newest)}
      </td>
      <td className="gb-wrap" data-label={t('gbColLeftBy')} data-testid="garbage-group-recipe">
        {leftByWords(language, t, group.recipe)}
      </td>
      <td className="gb-wrap" data-label={t('gbColSure')} title={sure.title}>
        {sure.text}
      </td>
      <td className="gb-wrap gb-advice" data-label={t('gbColAdvice')} data-testid="garbage-group-advice" data-advice={group.advice}>
        {advice.short}
      </td>
    </tr>
  );
}

/** An opened group below its row: the whole advice, then the dry run. */
function GroupPanel({ group, view, controls, onStarted }: { group: GarbageGroup; view: GarbageView; controls: Controls; onStarted: () => void }) {
  const { t } = useLanguage();
  return (
    <tr className="gb-panel-row">
      <td colSpan={COLUMNS} id={`garbage-group-${encodeURIComponent(group.parent)}`} data-testid="garbage-group-panel">
        <p className="gb-advice-long" data-testid="garbage-group-advice-long">
          {adviceWords(t, group.advice).long}
        </p>
        <DryRun group={group} view={view} controls={controls} onStarted={onStarted} />
      </td>
    </tr>
  );
}

/** The empty lock parents grouped by their parent path, the largest group first; a group opens its parents and its dry run. */
export function GarbageGroups({ view, controls, onStarted }: { view: GarbageView; controls: Controls; onStarted: () => void }) {
  const { t } = useLanguage();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <section className="gb-section" id="empty-parents" aria-labelledby="empty-parents-title" data-testid="garbage-groups">
      <h2 id="empty-parents-title">{t('gbGroupsTitle')}</h2>
      <p className="lead">{t('gbGroupsLead')}</p>
      {view.groups.length === 0 ? (
        <p className="gb-none" data-testid="garbage-groups-none">
          {t('gbGroupsNone')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="locks gb-groups" data-testid="garbage-group-table">
            <thead>
              <tr>
                <th scope="col">{t('gbColParent')}</th>
                <th scope="col" className="num">
                  {t('gbColCount')}
                </th>
                <th scope="col">{t('gbColOldest')}</th>
                <th scope="col">{t('gbColNewest')}</th>
                <th scope="col">{t('gbColLeftBy')}</th>
                <th scope="col">{t('gbColSure')}</th>
                <th scope="col">{t('gbColAdvice')}</th>
              </tr>
            </thead>
            <tbody>
              {view.groups.map((group) => (
                <Fragment key={group.parent}>
                  <GroupRow group={group} at={view.at} open={opened === group.parent} toggle={() => setOpened(opened === group.parent ? null : group.parent)} />
                  {opened === group.parent ? <GroupPanel group={group} view={view} controls={controls} onStarted={onStarted} /> : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.groupCount > view.groups.length ? (
        <p className="muted" data-testid="garbage-groups-more">
          {t('gbGroupsMore', { shown: formatCount(view.groups.length), total: formatCount(view.groupCount) })}
        </p>
      ) : null}
    </section>
  );
}
