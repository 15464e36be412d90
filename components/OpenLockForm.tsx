'use client';
import { useState } from 'react';
import { znodePathError, encodeZnodePath } from '../lib/zk/path';
import { useLanguage } from './language';
import { usePageRouter } from './EnsembleLink';

/** A path box that opens a lock page, refusing a path ZooKeeper would refuse. */
export function OpenLockForm({ initial = '' }: { initial?: string }) {
  const router = usePageRouter();
  const { t } = useLanguage();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="open-lock"
      onSubmit={(event) => {
        event.preventDefault();
        const path = value.trim();
        const problem = znodePathError(path);
        if (problem !== null) {
          setError(problem);
          return;
        }
        router.push(`/locks${path === '/' ? '' : encodeZnodePath(path)}`);
      }}
    >
      <label htmlFor="lock-path">{t('openLockLabel')}</label>
      <div className="open-lock-row">
        <input
          id="lock-path"
          data-testid="lock-path-input"
          value={value}
          placeholder="/app/orders/lock"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error ? 'lock-path-error' : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" data-testid="open-lock">
          {t('openLockButton')}
        </button>
      </div>
      {error ? (
        <p id="lock-path-error" className="form-error" role="alert" data-testid="lock-path-error">
          {error}
        </p>
      ) : (
        <p className="hint">{t('openLockHint')}</p>
      )}
    </form>
  );
}
