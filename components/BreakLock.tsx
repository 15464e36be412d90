'use client';
import { useRef, useState, type ReactNode } from 'react';
import { revocability, revokeCommand, REVOKE_MESSAGE, type Revocability } from '../lib/lock/revoke';
import type { LockNode } from '../lib/protocol';
import { richText, useLanguage } from './language';
import { TokenField } from './TokenField';
import type { Simulation } from './useSimulation';

/** A command to copy, for ZooKeeper's own client. */
function CommandLine({ command, testId }: { command: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useLanguage();
  return (
    <div className="command-line">
      <code data-testid={testId}>{command}</code>
      <button
        type="button"
        className="button small"
        data-testid={`${testId}-copy`}
        onClick={() => void navigator.clipboard?.writeText(command).then(() => setCopied(true), () => setCopied(false))}
      >
        {copied ? t('lpCopied') : t('lpCopy')}
      </button>
    </div>
  );
}

/** Why a holder cannot be asked to let go, where its recipe has a way to ask: it did not make its lock revocable. Nothing otherwise. */
function RevokeUnavailable({ heard }: { heard: Revocability }) {
  const { t } = useLanguage();
  if (heard !== 'not-listening') return null;
  return (
    <p className="muted" data-testid="revoke-unavailable">
      {t('lpRevokeUnavailable')}
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
  const holder = node.role === 'holder';
  const { t } = useLanguage();
  return (
    <div className="break-lock break-off" data-testid="break-unavailable">
      <p>
        <strong>{t(holder ? 'lpFreeingOff' : 'lpDeletingOff')}</strong>{' '}
        {richText(t('lpEnableWrites'), { allow: <code>ALLOW_BREAK_LOCKS=1</code>, token: <code>ADMIN_TOKEN</code> })}
      </p>
      {canAsk ? (
        <>
          <p data-testid="revoke-hint">{t(heard === 'unknown' ? 'lpRevokeFirstIf' : 'lpRevokeFirst')}</p>
          <CommandLine command={revokeCommand(connectString, node.path)} testId="revoke-command" />
        </>
      ) : null}
      <RevokeUnavailable heard={heard} />
      <p>{t(canAsk ? (holder ? 'lpDeleteHolderAfter' : 'lpDeleteAfter') : holder ? 'lpDeleteHolder' : 'lpDelete')}</p>
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
  const { t } = useLanguage();
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
        <TokenField id={`${name}-token`} controls={simulation} />
        <div className="actions">
          <button type="button" autoFocus onClick={() => dialog.current?.close()}>
            {t('lpCancel')}
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
  const { t } = useLanguage();
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
          label={t('lpRevokeButton')}
          danger={false}
          title={t('lpRevokeTitle', { node: node.name })}
          confirmLabel={t('lpRevokeConfirm')}
          busyLabel={t('lpRevokeBusy')}
          done={t('lpRevokeDone')}
          simulation={simulation}
          run={() => simulation.control('POST', '/api/revoke', request)}
        >
          <p>
            {richText(t('lpRevokeText'), {
              message: <code>{REVOKE_MESSAGE}</code>,
              revoker: <code>Revoker</code>,
              listener: <code>RevocationListener</code>,
              session: node.sessionId,
            })}
          </p>
          {heard === 'unknown' ? <p className="muted">{t('lpRevokeUnknown')}</p> : null}
          <p className="muted">{t('lpRevokeLogged')}</p>
        </ConfirmedControl>
      ) : null}
      <RevokeUnavailable heard={heard} />
      <ConfirmedControl
        name="break"
        label={t(holder ? 'lpBreakHolderButton' : 'lpBreakButton')}
        danger
        title={t('lpBreakTitle', { node: node.name })}
        confirmLabel={t('lpBreakConfirm')}
        busyLabel={t('lpBreakBusy')}
        done={t('lpBreakDone', { node: node.name })}
        simulation={simulation}
        run={() => simulation.control('POST', '/api/break', request)}
      >
        <p>{t(holder ? 'lpBreakHolderText' : 'lpBreakText', { session: node.ephemeral ? t('lpBreakSession', { session: node.sessionId }) : '', czxid: node.czxid })}</p>
        <p className="muted">{t('lpBreakLogged')}</p>
      </ConfirmedControl>
    </div>
  );
}
