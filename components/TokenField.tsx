import { useLanguage } from './language';
import type { Controls } from './useSimulation';

/** The admin token, kept for this browser tab, for controls when the explorer requires one. */
export function TokenField({ id, controls }: { id: string; controls: Controls }) {
  const { t } = useLanguage();
  if (controls.features?.tokenRequired !== true) return null;
  return (
    <label className="field wide" htmlFor={id}>
      <span>{t('lpTokenLabel')}</span>
      <input id={id} type="password" autoComplete="off" value={controls.token} onChange={(event) => controls.setToken(event.target.value)} />
    </label>
  );
}
