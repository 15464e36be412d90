'use client';
import { useState, type ReactNode } from 'react';
import type { GarbageView, LeakedNode } from '../lib/protocol';
import { formatCount, shortNodeName } from '../lib/view/format';
import { agoWords, leakWhyWords, sinceWords } from '../lib/view/garbage-words';
import { encodeZnodePath } from '../lib/zk/path';
import { ConfirmButton } from './ConfirmButton';
import { Link } from './EnsembleLink';
import { richText, useLanguage } from './language';
import type { Controls } from './useSimulation';
import { WrappingPath, WrappingText } from './WrappingPath';

/** A section of the page: its title, what it is, and its list (or the line that says there is none). */
function Section({ id, title, lead, testId, children }: { id: string; title: string; lead: string; testId: string; children: ReactNode }) {
  return (
    <section className="gb-section" id={id} aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="lead">{lead}</p>
      {children}
    </section>
  );
}

/** A lock's path, linking to its page. */
function LockLink({ path }: { path: string }) {
  return (
    <Link href={`/locks${encodeZnodePath(path)}`} className="mono" prefetch={false} title={path}>
      <WrappingPath path={path} />
    </Link>
  );
}

/** Said under a list the view cut short: the API lists the oldest few hundred. */
function MoreThanShown({ shown, total }: { shown: number; total: number }) {
  const { t } = useLanguage();
  return total > shown ? <p className="muted">{t('gbMoreShown', { n: formatCount(shown) })}</p> : null;
}

/** The deletion of one leaked node, after a confirmation that names its session. */
function DeleteLeaked({ node, controls, onDeleted }: { node: LeakedNode; controls: Controls; onDeleted: (node: string) => void }) {
  const { t } = useLanguage();
  return (
    <ConfirmButton
      testId="leaked-delete"
      label={t('gbLeakedDelete')}
      ariaLabel={t('gbLeakedDeleteLabel', { node: node.node, lock: node.lock })}
      title={t('gbLeakedConfirmTitle', { node: node.node })}
      confirmLabel={t('gbLeakedConfirm')}
      busyLabel={t('gbLeakedBusy')}
      controls={controls}
      run={() => controls.control('POST', '/api/garbage/leaked', { lock: node.lock, node: node.node, czxid: node.czxid })}
      onDone={() => onDeleted(node.node)}
    >
      <p>{t('gbLeakedConfirmText', { session: node.sessionId })}</p>
    </ConfirmButton>
  );
}

/** A leaked node's row: its lock, name, session, client, age and why, marked where it leads its queue. */
function LeakedRow({ node, at, canDelete, controls, onDeleted }: { node: LeakedNode; at: number; canDelete: boolean; controls: Controls; onDeleted: (node: string) => void }) {
  const { t } = useLanguage();
  return (
    <tr data-testid="leaked-row" data-node={node.node} data-lock={node.lock}>
      <td className="gb-lock" data-label={t('colLock')}>
        <LockLink path={node.lock} />
      </td>
      <td className="mono gb-name" data-label={t('gbColNode')} title={node.node}>
        <WrappingText text={shortNodeName(node.node)} after="-_…" />
      </td>
      <td className="mono" data-label={t('colSession')}>
        {node.sessionId}
      </td>
      <td className="mono" data-label={t('colClient')}>
        {node.client ?? <span className="muted">—</span>}
      </td>
      <td data-label={t('gbColAge')}>{sinceWords(t, at, node.ctime)}</td>
      <td className="gb-wrap" data-label={t('gbColWhy')} data-testid="leaked-why" data-why={node.why}>
        {leakWhyWords(t, node.why)}
        {node.leads ? (
          <>
            {' '}
            <span className="badge bad" title={t('gbLeadsTitle')} data-testid="leaked-leads">
              {t('gbLeads')}
            </span>
          </>
        ) : null}
      </td>
      {canDelete ? (
        <td className="gb-row-action">
          <DeleteLeaked node={node} controls={controls} onDeleted={onDeleted} />
        </td>
      ) : null}
    </tr>
  );
}

/** Contender nodes a client gave up on while its session lives: each deletable where the explorer allows it. */
export function LeakedNodes({ view, controls, onDeleted }: { view: GarbageView; controls: Controls; onDeleted: () => void }) {
  const { t } = useLanguage();
  const [deleted, setDeleted] = useState<string | null>(null);
  const canDelete = view.cleanup.leaked;
  const done = (node: string): void => {
    setDeleted(node);
    onDeleted();
  };
  return (
    <Section id="leaked" title={t('gbLeakedTitle')} lead={t('gbLeakedLead')} testId="garbage-leaked">
      {deleted !== null ? (
        <p className="gb-done" role="status" data-testid="leaked-result">
          {t('gbLeakedDone', { node: deleted })}
        </p>
      ) : null}
      {view.leaked.length === 0 ? (
        <p className="gb-none" data-testid="leaked-none">
          {t('gbLeakedNone')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="locks gb-nodes" data-testid="leaked-table">
            <thead>
              <tr>
                <th scope="col">{t('colLock')}</th>
                <th scope="col">{t('gbColNode')}</th>
                <th scope="col">{t('colSession')}</th>
                <th scope="col">{t('colClient')}</th>
                <th scope="col">{t('gbColAge')}</th>
                <th scope="col">{t('gbColWhy')}</th>
                {canDelete ? (
                  <th scope="col">
                    <span className="visually-hidden">{t('gbLeakedDelete')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {view.leaked.map((node) => (
                <LeakedRow key={node.path} node={node} at={view.at} canDelete={canDelete} controls={controls} onDeleted={done} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreThanShown shown={view.leaked.length} total={view.counts.leaked} />
      {!canDelete && view.leaked.length > 0 ? (
        <p className="muted" data-testid="leaked-off">
          {richText(t('gbLeakedOff'), { allow: <code>ALLOW_CLEANUP=1</code>, breakLocks: <code>ALLOW_BREAK_LOCKS=1</code> })}
        </p>
      ) : null}
    </Section>
  );
}

/** Ephemeral nodes of sessions no member knows, where they can be told at all. */
export function Ghosts({ view }: { view: GarbageView }) {
  const { t } = useLanguage();
  let body: ReactNode;
  if (!view.ghostsKnown) {
    body = (
      <p className="gb-none" data-testid="ghosts-unknown">
        {t('gbGhostsUnknown')}
      </p>
    );
  } else if (view.ghosts.length === 0) {
    body = (
      <p className="gb-none" data-testid="ghosts-none">
        {t('gbGhostsNone')}
      </p>
    );
  } else {
    body = (
      <div className="table-scroll">
        <table className="locks gb-nodes" data-testid="ghosts-table">
          <thead>
            <tr>
              <th scope="col">{t('colSession')}</th>
              <th scope="col">{t('gbColPaths')}</th>
              <th scope="col">{t('gbColSince')}</th>
            </tr>
          </thead>
          <tbody>
            {view.ghosts.map((ghost) => (
              <tr key={ghost.sessionId} data-testid="ghost-row">
                <td className="mono" data-label={t('colSession')}>
                  {ghost.sessionId}
                </td>
                <td className="mono gb-wrap" data-label={t('gbColPaths')}>
                  {ghost.paths.map((path) => (
                    <div key={path} title={path}>
                      <WrappingPath path={path} />
                    </div>
                  ))}
                </td>
                <td data-label={t('gbColSince')}>{agoWords(t, view.at, ghost.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <Section id="ghosts" title={t('gbGhostsTitle')} lead={t('gbGhostsLead')} testId="garbage-ghosts">
      {body}
      <MoreThanShown shown={view.ghosts.length} total={view.counts.ghosts} />
    </Section>
  );
}

/** Persistent nodes inside locks: nothing removes them. */
export function PersistentInLocks({ view }: { view: GarbageView }) {
  const { t } = useLanguage();
  return (
    <Section id="persistent" title={t('gbPersistentTitle')} lead={t('gbPersistentLead')} testId="garbage-persistent">
      {view.persistentInLocks.length === 0 ? (
        <p className="gb-none" data-testid="persistent-none">
          {t('gbPersistentNone')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="locks gb-nodes" data-testid="persistent-table">
            <thead>
              <tr>
                <th scope="col">{t('colLock')}</th>
                <th scope="col">{t('gbColNode')}</th>
                <th scope="col">{t('gbColCreated')}</th>
              </tr>
            </thead>
            <tbody>
              {view.persistentInLocks.map((node) => (
                <tr key={node.path} data-testid="persistent-row" data-node={node.node}>
                  <td className="gb-lock" data-label={t('colLock')}>
                    <LockLink path={node.lock} />
                  </td>
                  <td className="mono gb-name" data-label={t('gbColNode')} title={node.node}>
                    <WrappingText text={node.node} after="-_" />
                  </td>
                  <td data-label={t('gbColCreated')}>{agoWords(t, view.at, node.ctime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreThanShown shown={view.persistentInLocks.length} total={view.counts.persistentInLocks} />
    </Section>
  );
}
