'use client';
import { useState } from 'react';
import { zkCliCommands } from '../lib/lock/garbage';
import type { EmptyParentsPage, GarbageGroup, GarbageView } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { agoWords, cleanButtonWords, DEFAULT_IDLE_MS, dryRunWords, IDLE_CHOICES_MS, idleWords, nameInGroup, sinceWords, sureWord, zkCliFileName } from '../lib/view/garbage-words';
import { ConfirmButton } from './ConfirmButton';
import { apiPath } from './ensemble';
import { richText, useLanguage } from './language';
import { dryRunPath, useDryRun, type DryRunQuery } from './useGarbage';
import type { Controls } from './useSimulation';
import { WrappingText } from './WrappingPath';

/** Parents listed on one page of the dry run. */
const PAGE_SIZE = 100;
/** The most zkCli commands one file holds (the API's own limit of a page). */
const ZKCLI_LIMIT = 100_000;

/** A page of the parents the clean-up would delete, with the way to the others. */
function ParentList({ page, group, at, query, setOffset }: { page: EmptyParentsPage; group: string; at: number; query: DryRunQuery; setOffset: (offset: number) => void }) {
  const { t } = useLanguage();
  if (page.items.length === 0) return null;
  return (
    <>
      {/* A box that scrolls on its own is reached by the keyboard too, to scroll it with the arrows. */}
      <div className="table-scroll gb-parents-scroll" tabIndex={0} role="region" aria-label={t('gbDryListLabel')}>
        <table className="locks gb-parents" data-testid="dry-run-list">
          <thead>
            <tr>
              <th scope="col">{t('gbColPath')}</th>
              <th scope="col" className="num optional">
                {t('gbColVersion')}
              </th>
              <th scope="col">{t('gbColChanged')}</th>
              <th scope="col">{t('gbColEmptyFor')}</th>
              <th scope="col" className="optional">
                {t('gbColSure')}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((parent) => (
              <tr key={parent.path} data-testid="dry-run-row" data-path={parent.path}>
                <td className="mono gb-name" title={parent.path}>
                  <WrappingText text={nameInGroup(parent.path, group)} after="-_." />
                </td>
                <td className="num optional">{parent.version}</td>
                <td>{agoWords(t, at, parent.changed)}</td>
                <td>{sinceWords(t, at, parent.emptySince)}</td>
                <td className="optional" title={sureWord(t, parent.sure).title}>
                  {sureWord(t, parent.sure).text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.total > page.items.length ? (
        <div className="pager gb-pager">
          <span aria-live="polite" data-testid="dry-run-range">
            {t('pageRange', { from: formatCount(page.offset + 1), to: formatCount(page.offset + page.items.length), total: formatCount(page.total) })}
          </span>
          <button type="button" className="gb-button" disabled={query.offset === 0} onClick={() => setOffset(Math.max(0, query.offset - PAGE_SIZE))} data-testid="dry-run-previous">
            {t('pagePrevious')}
          </button>
          <button type="button" className="gb-button" disabled={page.offset + page.items.length >= page.total} onClick={() => setOffset(query.offset + PAGE_SIZE)} data-testid="dry-run-next">
            {t('pageNext')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** ZooKeeper's own commands for the same deletions: copied, downloaded, and shown for the parents listed (open where the page cannot delete them). */
function ZkCliOffer({ page, query, open }: { page: EmptyParentsPage; query: DryRunQuery; open: boolean }) {
  const { t } = useLanguage();
  const [copied, setCopied] = useState<string | null>(null);
  // A pile of a hundred thousand takes a while to read: the button says so meanwhile.
  const [copying, setCopying] = useState(false);
  const all = apiPath(dryRunPath({ ...query, offset: 0, limit: ZKCLI_LIMIT }, 'zkcli'));
  const copy = async (): Promise<void> => {
    setCopying(true);
    try {
      const text = await (await fetch(all)).text();
      await navigator.clipboard.writeText(text);
      setCopied(t('gbZkcliCopied', { n: formatCount(text.split('\n').filter((line) => line !== '').length) }));
    } catch {
      setCopied(t('gbZkcliCopyFailed'));
    }
    setCopying(false);
  };
  if (page.total === 0) return null;
  return (
    <div className="gb-zkcli">
      <div className="gb-actions">
        <button type="button" className="gb-button" title={t('gbZkcliTitle')} disabled={copying} aria-busy={copying} onClick={() => void copy()} data-testid="zkcli-copy">
          {copying ? t('gbZkcliCopying') : t('gbZkcliCopy')}
        </button>
        <a className="gb-button" href={all} download={zkCliFileName(query.group)} title={t('gbZkcliTitle')} data-testid="zkcli-download">
          {t('gbZkcliDownload')}
        </a>
        {copied !== null ? (
          <span className="muted" role="status" data-testid="zkcli-copied">
            {copied}
          </span>
        ) : null}
      </div>
      {page.total > ZKCLI_LIMIT ? <p className="muted">{t('gbZkcliFirst', { n: formatCount(ZKCLI_LIMIT) })}</p> : null}
      <details className="gb-zkcli-preview" open={open}>
        <summary>{t('gbZkcliShow')}</summary>
        <pre data-testid="zkcli-preview">{zkCliCommands(page.items)}</pre>
      </details>
    </div>
  );
}

/** Where clean-up from the page is off: how to allow it. */
function CleanupOff() {
  const { t } = useLanguage();
  return (
    <div className="gb-off" data-testid="cleanup-off">
      <p>
        <strong>{t('gbCleanOff')}</strong> {richText(t('gbCleanOffHow'), { allow: <code>ALLOW_CLEANUP=1</code>, token: <code>ADMIN_TOKEN</code> })}
      </p>
    </div>
  );
}

/** The clean-up of the group, after a confirmation that states its count. */
function CleanupControl({ group, page, minIdleMs, busy, view, controls, onStarted }: { group: GarbageGroup; page: EmptyParentsPage; minIdleMs: number; busy: boolean; view: GarbageView; controls: Controls; onStarted: () => void }) {
  const { t } = useLanguage();
  // The count the operator confirms is the dry run's as the dialog opened: a plan grown since is refused (409), not run blind.
  const [expected, setExpected] = useState(page.total);
  const running = view.cleanup.last?.state === 'running';
  if (page.total === 0) return null;
  return (
    <ConfirmButton
      testId="cleanup-start"
      label={cleanButtonWords(t, page.total)}
      disabled={busy || running}
      title={t('gbCleanTitle', { n: formatCount(expected), parent: group.parent })}
      confirmLabel={t('gbCleanConfirm', { n: formatCount(expected) })}
      busyLabel={t('gbCleanBusy')}
      controls={controls}
      onOpen={() => setExpected(page.total)}
      run={() => controls.control('POST', '/api/garbage/cleanup', { groups: [group.parent], expected, minIdleMs })}
      onDone={onStarted}
    >
      <p>{t('gbCleanText', { n: formatCount(expected), rate: formatCount(view.cleanup.rate) })}</p>
    </ConfirmButton>
  );
}

/**
 * An opened group: what stops its pile, then the dry run of its clean-up (exactly the parents it
 * would delete, leaving those emptied within the chosen time), ZooKeeper's own commands for the
 * same, and the clean-up itself where it is allowed.
 */
export function DryRun({ group, view, controls, onStarted }: { group: GarbageGroup; view: GarbageView; controls: Controls; onStarted: () => void }) {
  const { t } = useLanguage();
  const [minIdleMs, setMinIdleMs] = useState<number>(DEFAULT_IDLE_MS);
  const [offset, setOffset] = useState(0);
  const query: DryRunQuery = { group: group.parent, minIdleMs, offset, limit: PAGE_SIZE };
  const { page, loading, error } = useDryRun(query, view.at);
  const words = page === null ? null : dryRunWords(t, page.total, page.recent ?? 0);
  return (
    <div className="gb-dry" data-testid="dry-run" aria-busy={loading}>
      <h3>{t('gbDryTitle')}</h3>
      <div className="gb-dry-head">
        <label className="field gb-idle">
          <span>{t('gbIdleLabel')}</span>
          <select
            value={minIdleMs}
            data-testid="dry-run-idle"
            onChange={(event) => {
              setMinIdleMs(Number(event.target.value));
              setOffset(0);
            }}
          >
            {IDLE_CHOICES_MS.map((ms) => (
              <option key={ms} value={ms}>
                {idleWords(t, ms)}
              </option>
            ))}
          </select>
        </label>
        <p className="muted gb-idle-why">{t('gbIdleWhy')}</p>
      </div>
      {error !== null ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {page === null || loading ? (
        <p className="loading" data-testid="dry-run-loading">
          <span className="spinner" aria-hidden="true" /> {t('gbDryReading')}
        </p>
      ) : null}
      {page !== null && words !== null ? (
        <>
          <p className="gb-dry-count">
            <strong data-testid="dry-run-count" data-count={page.total}>
              {words.count}
            </strong>{' '}
            {words.recent !== null ? <span data-testid="dry-run-recent">{words.recent}</span> : null}
          </p>
          {page.total === 0 && group.count > 0 && minIdleMs > 0 ? (
            <p className="muted" data-testid="dry-run-all-recent">
              {t('gbDryAllRecent', { idle: idleWords(t, minIdleMs) })}
            </p>
          ) : null}
          <ParentList page={page} group={group.parent} at={view.at} query={query} setOffset={setOffset} />
          {page.total > 0 ? <p className="muted gb-dry-each">{t('gbDryEach')}</p> : null}
          {/* Where the page cannot delete, how to allow it comes first, then the commands that do it meanwhile. */}
          {view.cleanup.allowed ? null : <CleanupOff />}
          <ZkCliOffer page={page} query={query} open={!view.cleanup.allowed} />
          {view.cleanup.allowed ? <CleanupControl group={group} page={page} minIdleMs={minIdleMs} busy={loading} view={view} controls={controls} onStarted={onStarted} /> : null}
        </>
      ) : null}
    </div>
  );
}
