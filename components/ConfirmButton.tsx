'use client';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useLanguage } from './language';
import { TokenField } from './TokenField';
import type { Controls } from './useSimulation';

/**
 * A button (`testId`) that asks for a confirmation in a modal dialog (`<testId>-dialog`: the page
 * behind is inert and Escape cancels, as the lock page's controls do) with the admin token where
 * one is required, then runs `run`. Its failure (a wrong token, a plan grown since) is said in the
 * dialog, which stays open to try again; on success the dialog closes and `onDone` is told.
 * `onOpen` is told as it opens, so that what it asks about is taken as shown then.
 */
export function ConfirmButton({
  testId,
  label,
  ariaLabel,
  danger = true,
  disabled = false,
  title,
  confirmLabel,
  busyLabel,
  controls,
  run,
  onOpen,
  onDone,
  children,
}: {
  testId: string;
  label: string;
  ariaLabel?: string;
  danger?: boolean;
  disabled?: boolean;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  controls: Controls;
  run: () => Promise<string | null>;
  onOpen?: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useLanguage();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = (): void => {
    setError(null);
    onOpen?.();
    dialog.current?.showModal();
  };
  const confirm = async (): Promise<void> => {
    setBusy(true);
    const failed = await run();
    setBusy(false);
    setError(failed);
    if (failed !== null) return;
    dialog.current?.close();
    onDone();
  };
  return (
    <>
      <button type="button" className={`gb-button${danger ? ' is-danger' : ''}`} data-testid={testId} aria-label={ariaLabel} disabled={disabled} onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} className="confirm" aria-labelledby={`${id}-title`} data-testid={`${testId}-dialog`}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <TokenField id={`${id}-token`} controls={controls} />
        {error !== null ? (
          <p className="form-error" role="alert" data-testid={`${testId}-error`}>
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" autoFocus onClick={() => dialog.current?.close()}>
            {t('lpCancel')}
          </button>
          <button type="button" className={danger ? 'danger' : 'primary'} data-testid={`${testId}-confirm`} disabled={busy} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
