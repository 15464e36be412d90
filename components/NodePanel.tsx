'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { errorSaid, ZnodeDetailSchema, type ContenderAction, type ContenderInfo, type ContenderState, type LockNode, type ZnodeDetail } from '../lib/protocol';
import { contenderActions } from '../lib/sim/actions';
import { encodeZnodePath } from '../lib/zk/path';
import { formatDuration } from '../lib/view/format';
import { CONTENDER_STATE_KEYS, LANGUAGE_TAGS, STRATEGY_KEYS, type Language, type MessageKey } from '../lib/i18n/messages';
import { BreakLock } from './BreakLock';
import { DataClient } from './DataClient';
import { useLanguage, type Translate } from './language';
import { useConnection } from './useConnection';
import type { Simulation } from './useSimulation';
import { useMomentText, useReplay } from './replay';
import { SessionFiles, useSessionFiles } from './SessionFiles';
import { apiPath } from './ensemble';

/** The faults a simulated contender can be made to suffer, as the node panel and the command palette offer them. */
export const CONTENDER_ACTIONS: Array<{ action: ContenderAction; label: MessageKey; title: MessageKey }> = [
  { action: 'release', label: 'lpActRelease', title: 'lpActReleaseTitle' },
  { action: 'crash', label: 'lpActCrash', title: 'lpActCrashTitle' },
  { action: 'expire', label: 'lpActExpire', title: 'lpActExpireTitle' },
  { action: 'pause', label: 'lpActPause', title: 'lpActPauseTitle' },
  { action: 'disconnect-during-create', label: 'lpActLoseCreate', title: 'lpActLoseCreateTitle' },
];

/** The faults offered for a contender in `state` (none once it crashed, expired or stopped; a release only while it holds). */
export function offeredActions(state: ContenderState): typeof CONTENDER_ACTIONS {
  const possible = contenderActions(state);
  return CONTENDER_ACTIONS.filter(({ action }) => possible.includes(action));
}

/** Puts a simulated contender through `action` (a pause lasts 15 s); resolves with the error sentence, or null. */
export function actOn(simulation: Simulation, contenderId: string, action: ContenderAction): Promise<string | null> {
  return simulation.control('POST', `/api/sim/contenders/${contenderId}/${action}`, action === 'pause' ? { ms: 15_000 } : {});
}

/** The whole stat and the data in hex, read when a node is selected (the queue carries only what it draws). */
function NodeDetail({ node }: { node: LockNode }) {
  const [detail, setDetail] = useState<ZnodeDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useLanguage();
  // In replay mode the node as it was at the moment shown.
  const at = useMomentText();
  useEffect(() => {
    let cancelled = false;
    void fetch(apiPath(`/api/nodes${encodeZnodePath(node.path)}${at === null ? '' : `?at=${at}`}`))
      .then(async (response) => {
        const body: unknown = await response.json().catch(() => null);
        if (cancelled) return;
        const parsed = ZnodeDetailSchema.safeParse(body);
        // A read that succeeds after one that did not (a replay moved to when the node was there) clears the error.
        if (parsed.success) {
          setDetail(parsed.data);
          setError(null);
        } else setError(errorSaid(body) ?? t('lpServerAnswered', { status: response.status }));
      })
      .catch(() => !cancelled && setError(t('answerUnreachable')));
    return () => {
      cancelled = true;
    };
  }, [node.path, at, t]);
  if (error !== null) return <p className="muted">{error}</p>;
  if (detail === null) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> {t('lpReadingNode')}
      </p>
    );
  }
  const { stat, data } = detail;
  const rows: Array<[string, string | number]> = [
    ['czxid', stat.czxid],
    ['mzxid', stat.mzxid],
    ['pzxid', stat.pzxid],
    ['ctime', new Date(stat.ctime).toISOString()],
    ['mtime', new Date(stat.mtime).toISOString()],
    ['version', stat.version],
    ['cversion', stat.cversion],
    ['aversion', stat.aversion],
    ['ephemeralOwner', stat.ephemeralOwner],
    ['dataLength', stat.dataLength],
    ['numChildren', stat.numChildren],
  ];
  return (
    <>
      <dl className="stat-list">
        <div>
          <dt>{t('lpDataHex')}</dt>
          <dd className="mono data hex" data-testid="node-data-hex">
            {data === null ? t('lpDataNone') : data.hex || t('lpDataEmpty')}
            {data?.truncated ? '…' : ''}
          </dd>
        </div>
      </dl>
      <details className="whole-stat" data-testid="node-stat">
        <summary>{t('lpWholeStat')}</summary>
        <dl className="stat-list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="mono">{label}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

/** The selected node's rows in `language` (its date in the browser's own format in English). */
function nodeRows(node: LockNode, now: number, language: Language, t: Translate): Array<[string, ReactNode]> {
  const mode: Record<LockNode['mode'], MessageKey | null> = { exclusive: null, read: 'lpModeRead', write: 'lpModeWrite', lease: 'lpModeLease' };
  const role = t(node.role === 'holder' ? 'lpRoleHolder' : 'lpRoleWaiter');
  const modeKey = mode[node.mode];
  const watch = node.watch;
  return [
    [t('lpPath'), node.path],
    [t('lpRole'), modeKey === null ? role : `${role} (${t(modeKey)})`],
    [t('lpOwnerSession'), node.ephemeral ? node.sessionId : t('lpOwnerPersistent')],
    [t('lpCreated'), t('lpCreatedAt', { time: new Date(node.ctime).toLocaleString(language === 'en' ? undefined : LANGUAGE_TAGS[language]), duration: formatDuration(now - node.ctime, t) })],
    [t('lpFencing'), node.czxid],
    // Where ZooKeeper does not say, the address the client wrote into its node, marked as such.
    [t('lpClientAddress'), node.client ?? (node.dataClient !== null ? <DataClient client={node.dataClient} t={t} /> : t('lpClientUnknown'))],
    [
      t('lpWatches'),
      watch
        ? `${watch.type === 'children' ? t('lpWatchChildren', { path: watch.path }) : `${watch.type} ${watch.path}`}${
            node.watchConfirmed === true ? t('lpWatchConfirmed') : node.watchConfirmed === false ? t('lpWatchMissing') : ''
          }`
        : t('lpWatchNothing'),
    ],
    [t('lpWatchedBy'), node.watchers === null ? t('unknownWord') : node.watchers.length === 0 ? t('lpWatchedByNobody') : node.watchers.join(', ')],
  ];
}

/** Everything about the selected node, and the faults a simulated contender can suffer. */
export function NodePanel({
  lockPath,
  recipeId,
  node,
  now,
  contender,
  simulation,
  onClose,
}: {
  lockPath: string;
  /** The lock's recipe (what can free it gently); null while unknown. */
  recipeId: string | null;
  node: LockNode | null;
  now: number;
  contender: ContenderInfo | null;
  simulation: Simulation;
  /** Lets go of the node: the close button of the panel, a sheet over the queue on a phone. */
  onClose: () => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const { language, t } = useLanguage();
  // For the command that deletes a node with zkCli, where breaking from the page is off.
  const { zookeeper } = useConnection();
  const offered = contender === null ? [] : offeredActions(contender.state);
  // At a moment of ZooKeeper's files, what they tell of the owner's session (made, timeout, ended).
  const files = useSessionFiles(node?.ephemeral === true ? node.sessionId : '0x0');
  // A moment of the files is past: nothing can be freed there, and the node may be long gone (no commands to delete it).
  const past = useReplay().info !== null;
  if (node === null) {
    return (
      <section className="panel node-panel" aria-label={t('lpSelectedNode')} data-testid="node-panel" data-name="">
        <h2>{t('lpNodeHeading')}</h2>
        <p className="muted">{t('lpSelectHint')}</p>
      </section>
    );
  }
  const rows = nodeRows(node, now, language, t);
  return (
    <section className="panel node-panel is-open" aria-label={t('lpSelectedNode')} data-testid="node-panel" data-name={node.name}>
      <button type="button" className="sheet-close" aria-label={t('lpCloseNode')} data-testid="node-panel-close" onClick={onClose}>
        ×
      </button>
      <h2 className="mono node-title">{node.name}</h2>
      {node.identity !== null ? (
        <p className="node-identity" data-testid="node-identity">
          {node.identity}
        </p>
      ) : null}
      <dl className="stat-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
        {files !== null ? (
          <div>
            <dt>{t('lpSessionFiles')}</dt>
            <dd data-testid="node-session-files">
              <SessionFiles files={files} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{node.data ? t(node.data.truncated ? 'lpDataSizeCut' : 'lpDataSize', { size: node.data.size }) : t('lpData')}</dt>
          <dd className="mono data" data-testid="node-data-text">
            {node.data === null ? t('lpDataNone') : node.data.text !== null ? node.data.text || t('lpDataEmpty') : t('lpDataBinary')}
          </dd>
        </div>
      </dl>
      {node.decoded !== null ? (
        // The data as its system's format reads it, field by field (a protobuf, a JSON record).
        <>
          <h3>{t('lpDecoded')}</h3>
          <dl className="stat-list" data-testid="node-decoded">
            {Object.entries(node.decoded).map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd className="mono">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <NodeDetail key={`${node.path}@${node.czxid}`} node={node} />
      {past ? null : <BreakLock key={node.name} lockPath={lockPath} recipeId={recipeId} node={node} simulation={simulation} connectString={zookeeper?.connectString ?? null} />}
      {contender ? (
        <div className="contender" data-testid="contender-actions" data-state={contender.state}>
          <h3>
            {t('lpContender', { id: contender.id, strategy: t(STRATEGY_KEYS[contender.strategy]), state: t(CONTENDER_STATE_KEYS[contender.state]) })}
            {contender.believesHolding ? t('lpStillBelieves') : ''}
          </h3>
          <p className="muted">
            {t('lpContenderCounts', { notifications: contender.notifications, wasted: contender.wakeups, getChildren: contender.getChildren, requests: contender.requests })}
          </p>
          {offered.length === 0 ? (
            <p className="muted" data-testid="contender-no-actions">
              {t('lpNothingLeft', { state: t(CONTENDER_STATE_KEYS[contender.state]) })}
            </p>
          ) : null}
          <div className="actions">
            {offered.map(({ action, label, title }) => (
              <button
                key={action}
                type="button"
                title={t(title)}
                data-testid={`action-${action}`}
                onClick={async () => {
                  setMessage(null);
                  const error = await actOn(simulation, contender.id, action);
                  setMessage(error);
                }}
              >
                {t(label)}
              </button>
            ))}
          </div>
          {message ? (
            <p className="form-error" role="alert">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
