'use client';
import { useEffect, useState } from 'react';
import { ZnodeDetailSchema, type ContenderAction, type ContenderInfo, type ContenderState, type LockNode, type ZnodeDetail } from '../lib/protocol';
import { contenderActions } from '../lib/sim/actions';
import { encodeZnodePath } from '../lib/zk/path';
import { formatDuration } from '../lib/view/format';
import { BreakLock } from './BreakLock';
import { useConnection } from './useConnection';
import type { Simulation } from './useSimulation';

/** The faults a simulated contender can be made to suffer, as the node panel and the command palette offer them. */
export const CONTENDER_ACTIONS: Array<{ action: ContenderAction; label: string; title: string }> = [
  { action: 'release', label: 'Release', title: 'Give the lock back now' },
  { action: 'crash', label: 'Crash', title: 'The process dies; its node stays until the session times out' },
  { action: 'expire', label: 'Expire session', title: 'ZooKeeper expires the session now' },
  { action: 'pause', label: 'Pause 15 s', title: 'Stop heartbeating for 15 s, as in a GC pause' },
  { action: 'disconnect-during-create', label: 'Lose next create reply', title: 'The next create reaches ZooKeeper but its reply is lost' },
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
  useEffect(() => {
    let cancelled = false;
    void fetch(`/api/nodes${encodeZnodePath(node.path)}`)
      .then(async (response) => {
        const body: unknown = await response.json();
        if (cancelled) return;
        const parsed = ZnodeDetailSchema.safeParse(body);
        if (parsed.success) setDetail(parsed.data);
        else setError((body as { error?: string }).error ?? `the server answered ${response.status}`);
      })
      .catch(() => !cancelled && setError('the explorer could not be reached'));
    return () => {
      cancelled = true;
    };
  }, [node.path]);
  if (error !== null) return <p className="muted">{error}</p>;
  if (detail === null) {
    return (
      <p className="loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" /> Reading the node…
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
          <dt>Data, hex</dt>
          <dd className="mono data hex" data-testid="node-data-hex">
            {data === null ? 'none' : data.hex || '(empty)'}
            {data?.truncated ? '…' : ''}
          </dd>
        </div>
      </dl>
      <details className="whole-stat" data-testid="node-stat">
        <summary>Whole stat</summary>
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
  // For the command that deletes a node with zkCli, where breaking from the page is off.
  const { zookeeper } = useConnection();
  const offered = contender === null ? [] : offeredActions(contender.state);
  if (node === null) {
    return (
      <section className="panel node-panel" aria-label="Selected node" data-testid="node-panel" data-name="">
        <h2>Node</h2>
        <p className="muted">Select a node (click it, or Tab to it and press Enter) to see its stat, data and watch.</p>
      </section>
    );
  }
  const rows: Array<[string, string]> = [
    ['Path', node.path],
    ['Role', `${node.role}${node.mode !== 'exclusive' ? ` (${node.mode})` : ''}`],
    ['Owner session', node.ephemeral ? node.sessionId : 'none: a persistent node'],
    ['Created', `${new Date(node.ctime).toLocaleString()} (${formatDuration(now - node.ctime)} ago)`],
    ['czxid (fencing token)', node.czxid],
    ['Client address', node.client ?? 'unknown (ZooKeeper not asked, or not connected)'],
    [
      'Watches',
      node.watch
        ? `${node.watch.type === 'children' ? 'children of' : node.watch.type} ${node.watch.path}${
            node.watchConfirmed === true ? ' · confirmed by ZooKeeper' : node.watchConfirmed === false ? ' · ZooKeeper reports no such watch' : ''
          }`
        : 'nothing (it holds)',
    ],
    ['Watched by', node.watchers === null ? 'unknown' : node.watchers.length === 0 ? 'no session' : node.watchers.join(', ')],
  ];
  return (
    <section className="panel node-panel is-open" aria-label="Selected node" data-testid="node-panel" data-name={node.name}>
      <button type="button" className="sheet-close" aria-label="Close the node's details" data-testid="node-panel-close" onClick={onClose}>
        ×
      </button>
      <h2 className="mono node-title">{node.name}</h2>
      <dl className="stat-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
        <div>
          <dt>Data{node.data ? ` (${node.data.size} bytes${node.data.truncated ? ', first 4 KiB' : ''})` : ''}</dt>
          <dd className="mono data" data-testid="node-data-text">
            {node.data === null ? 'none' : node.data.text !== null ? node.data.text || '(empty)' : 'not text: see the hex'}
          </dd>
        </div>
      </dl>
      <NodeDetail key={`${node.path}@${node.czxid}`} node={node} />
      <BreakLock key={node.name} lockPath={lockPath} recipeId={recipeId} node={node} simulation={simulation} connectString={zookeeper?.connectString ?? null} />
      {contender ? (
        <div className="contender" data-testid="contender-actions" data-state={contender.state}>
          <h3>
            Simulated contender {contender.id} · {contender.strategy} · {contender.state}
            {contender.believesHolding ? ' · still believes it holds' : ''}
          </h3>
          <p className="muted">
            {contender.notifications} notifications, {contender.wakeups} wasted, {contender.getChildren} getChildren, {contender.requests} requests
          </p>
          {offered.length === 0 ? (
            <p className="muted" data-testid="contender-no-actions">
              Nothing left to do to it: it is {contender.state}.
            </p>
          ) : null}
          <div className="actions">
            {offered.map(({ action, label, title }) => (
              <button
                key={action}
                type="button"
                title={title}
                data-testid={`action-${action}`}
                onClick={async () => {
                  setMessage(null);
                  const error = await actOn(simulation, contender.id, action);
                  setMessage(error);
                }}
              >
                {label}
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
