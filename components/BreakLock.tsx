'use client';
import { useRef, useState } from 'react';
import type { LockNode } from '../lib/protocol';
import { TokenField } from './TokenField';
import type { Simulation } from './useSimulation';

/**
 * Where breaking is off (the default against a ZooKeeper the explorer did not start): what
 * would turn it on, and the command that deletes the node with ZooKeeper's own client.
 */
function BreakElsewhere({ node, connectString }: { node: LockNode; connectString: string | null }) {
  const command = `zkCli.sh -server ${connectString ?? '<host:port>'} delete ${node.path}`;
  const [copied, setCopied] = useState(false);
  return (
    <div className="break-lock break-off" data-testid="break-unavailable">
      <p>
        <strong>{node.role === 'holder' ? 'Breaking the lock' : 'Deleting this node'} from here is off.</strong> Start the explorer with{' '}
        <code>ALLOW_BREAK_LOCKS=1</code> (and an <code>ADMIN_TOKEN</code>) to delete it from this panel, or delete it with ZooKeeper&apos;s own client
        {node.role === 'holder' ? ' (the next waiter then takes the lock; its owner is not told)' : ''}:
      </p>
      <div className="command-line">
        <code data-testid="break-command">{command}</code>
        <button
          type="button"
          className="button small"
          data-testid="break-command-copy"
          onClick={() => void navigator.clipboard?.writeText(command).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

/**
 * Deletes a lock node to break a stuck lock, after a confirmation that says what it costs,
 * where the explorer was started with ALLOW_BREAK_LOCKS (the server logs each one); elsewhere,
 * says how to turn it on and how to do it with zkCli.
 */
export function BreakLock({ lockPath, node, simulation, connectString = null }: { lockPath: string; node: LockNode; simulation: Simulation; connectString?: string | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  if (simulation.features === null) return null;
  if (!simulation.features.breakLocks) return <BreakElsewhere node={node} connectString={connectString} />;

  const confirm = async (): Promise<void> => {
    setBusy(true);
    const error = await simulation.control('POST', '/api/break', { path: lockPath, node: node.name, czxid: node.czxid });
    setBusy(false);
    dialog.current?.close();
    setMessage(error === null ? { text: `Deleted ${node.name}.`, ok: true } : { text: error, ok: false });
  };

  return (
    <div className="break-lock">
      <button type="button" className="danger" data-testid="break-lock" onClick={() => dialog.current?.showModal()}>
        {node.role === 'holder' ? 'Break the lock: delete this node…' : 'Delete this node…'}
      </button>
      {message ? (
        <p className={message.ok ? 'muted' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="break-result">
          {message.text}
        </p>
      ) : null}
      <dialog ref={dialog} className="confirm" aria-labelledby="break-title" data-testid="break-dialog">
        <h2 id="break-title">Delete {node.name}?</h2>
        <p>
          ZooKeeper deletes the node now{node.role === 'holder' ? ', and the next waiter takes the lock' : ''}. Its owner
          {node.ephemeral ? ` (session ${node.sessionId})` : ''} is not told: if it is still running, it goes on believing it
          {node.role === 'holder' ? ' holds the lock' : ' waits'}. Writes guarded by its fencing token (czxid {node.czxid}) can be refused.
        </p>
        <p className="muted">The explorer logs this deletion.</p>
        <TokenField id="break-token" simulation={simulation} />
        <div className="actions">
          <button type="button" autoFocus onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" className="danger" data-testid="break-confirm" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Deleting…' : 'Delete the node'}
          </button>
        </div>
      </dialog>
    </div>
  );
}
