'use client';
import { useRef, useState, type ReactNode } from 'react';
import { revocability, revokeCommand, REVOKE_MESSAGE, type Revocability } from '../lib/lock/revoke';
import type { LockNode } from '../lib/protocol';
import { TokenField } from './TokenField';
import type { Simulation } from './useSimulation';

/** A command to copy, for ZooKeeper's own client. */
function CommandLine({ command, testId }: { command: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="command-line">
      <code data-testid={testId}>{command}</code>
      <button
        type="button"
        className="button small"
        data-testid={`${testId}-copy`}
        onClick={() => void navigator.clipboard?.writeText(command).then(() => setCopied(true), () => setCopied(false))}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/** Why a holder cannot be asked to let go, where its recipe has a way to ask: it did not make its lock revocable. Nothing otherwise. */
function RevokeUnavailable({ heard }: { heard: Revocability }) {
  if (heard !== 'not-listening') return null;
  return (
    <p className="muted" data-testid="revoke-unavailable">
      Its holder did not make the lock revocable (ZooKeeper reports no watch of its session on this node), so it cannot be asked to let go: only breaking frees it.
    </p>
  );
}

/**
 * Where writes are off (the default against a ZooKeeper the explorer did not start): what
 * would turn them on, and the commands that do the same with ZooKeeper's own client, the
 * gentle one first.
 */
function RemediationElsewhere({ node, heard, connectString }: { node: LockNode; heard: Revocability; connectString: string | null }) {
  const canAsk = heard === 'listening' || heard === 'unknown';
  return (
    <div className="break-lock break-off" data-testid="break-unavailable">
      <p>
        <strong>{node.role === 'holder' ? 'Freeing the lock' : 'Deleting this node'} from here is off.</strong> Start the explorer with{' '}
        <code>ALLOW_BREAK_LOCKS=1</code> (and an <code>ADMIN_TOKEN</code>) to do it from this panel, or with ZooKeeper&apos;s own client:
      </p>
      {canAsk ? (
        <>
          <p data-testid="revoke-hint">
            First, ask the holder to let go (Curator&apos;s revocation{heard === 'unknown' ? ', if it made the lock revocable' : ''}): its client decides, nothing is deleted.
          </p>
          <CommandLine command={revokeCommand(connectString, node.path)} testId="revoke-command" />
        </>
      ) : null}
      <RevokeUnavailable heard={heard} />
      <p>
        {canAsk ? 'If it does not, delete' : 'Delete'} the node{node.role === 'holder' ? ' (the next waiter then takes the lock; its owner is not told)' : ''}:
      </p>
      <CommandLine command={`zkCli.sh -server ${connectString ?? '<host:port>'} delete ${node.path}`} testId="break-command" />
    </div>
  );
}

/** A button (`<name>-lock`) that asks for a confirmation in a dialog (`<name>-dialog`), then runs the control; its result (`<name>-result`) is said under it. */
function ConfirmedControl({
  name,
  label,
  danger,
  title,
  confirmLabel,
  busyLabel,
  done,
  simulation,
  run,
  children,
}: {
  name: string;
  label: string;
  danger: boolean;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  done: string;
  simulation: Simulation;
  run: () => Promise<string | null>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    const error = await run();
    setBusy(false);
    dialog.current?.close();
    setMessage(error === null ? { text: done, ok: true } : { text: error, ok: false });
  };
  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} data-testid={`${name}-lock`} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      {message ? (
        <p className={message.ok ? 'muted' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid={`${name}-result`}>
          {message.text}
        </p>
      ) : null}
      <dialog ref={dialog} className="confirm" aria-labelledby={`${name}-title`} data-testid={`${name}-dialog`}>
        <h2 id={`${name}-title`}>{title}</h2>
        {children}
        <TokenField id={`${name}-token`} simulation={simulation} />
        <div className="actions">
          <button type="button" autoFocus onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" className={danger ? 'danger' : 'primary'} data-testid={`${name}-confirm`} disabled={busy} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * What can free a stuck lock from its node's panel, the gentle way first: asking a Curator
 * holder that made its lock revocable to let go (`__REVOKE__` written into its node), then
 * deleting the node, each after a confirmation that says what it costs, where the explorer was
 * started with ALLOW_BREAK_LOCKS (the server logs each one); elsewhere, how to turn it on and
 * the zkCli commands.
 */
export function BreakLock({
  lockPath,
  recipeId,
  node,
  simulation,
  connectString = null,
}: {
  lockPath: string;
  recipeId: string | null;
  node: LockNode;
  simulation: Simulation;
  connectString?: string | null;
}) {
  if (simulation.features === null) return null;
  const heard = recipeId === null ? 'unsupported' : revocability(recipeId, node);
  if (!simulation.features.breakLocks) return <RemediationElsewhere node={node} heard={heard} connectString={connectString} />;
  const request = { path: lockPath, node: node.name, czxid: node.czxid };
  const holder = node.role === 'holder';
  return (
    <div className="break-lock">
      {heard === 'listening' || heard === 'unknown' ? (
        <ConfirmedControl
          name="revoke"
          label="Ask the holder to let go…"
          danger={false}
          title={`Ask the holder of ${node.name} to let go?`}
          confirmLabel="Ask it"
          busyLabel="Asking…"
          done="Asked. If its client lets go, the next waiter takes the lock here."
          simulation={simulation}
          run={() => simulation.control('POST', '/api/revoke', request)}
        >
          <p>
            The explorer writes <code>{REVOKE_MESSAGE}</code> into the node, as Curator&apos;s <code>Revoker</code> does. Curator then calls the
            holder&apos;s <code>RevocationListener</code> (session {node.sessionId}): its code decides whether to release. Nothing is deleted, and
            the node&apos;s data is replaced.
          </p>
          {heard === 'unknown' ? <p className="muted">ZooKeeper&apos;s watches are not known here: if the holder did not make the lock revocable, nothing hears it.</p> : null}
          <p className="muted">The explorer logs this request.</p>
        </ConfirmedControl>
      ) : null}
      <RevokeUnavailable heard={heard} />
      <ConfirmedControl
        name="break"
        label={holder ? 'Break the lock: delete this node…' : 'Delete this node…'}
        danger
        title={`Delete ${node.name}?`}
        confirmLabel="Delete the node"
        busyLabel="Deleting…"
        done={`Deleted ${node.name}.`}
        simulation={simulation}
        run={() => simulation.control('POST', '/api/break', request)}
      >
        <p>
          ZooKeeper deletes the node now{holder ? ', and the next waiter takes the lock' : ''}. Its owner
          {node.ephemeral ? ` (session ${node.sessionId})` : ''} is not told: if it is still running, it goes on believing it
          {holder ? ' holds the lock' : ' waits'}. Writes guarded by its fencing token (czxid {node.czxid}) can be refused.
        </p>
        <p className="muted">The explorer logs this deletion.</p>
      </ConfirmedControl>
    </div>
  );
}
