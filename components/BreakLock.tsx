'use client';
import { useRef, useState } from 'react';
import type { LockNode } from '../lib/protocol';
import { TokenField } from './TokenField';
import type { Simulation } from './useSimulation';

/**
 * Deletes a lock node to break a stuck lock, after a confirmation that says what it costs.
 * Shown only when the explorer was started with ALLOW_BREAK_LOCKS; the server logs each one.
 */
export function BreakLock({ lockPath, node, simulation }: { lockPath: string; node: LockNode; simulation: Simulation }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  if (simulation.features?.breakLocks !== true) return null;

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
