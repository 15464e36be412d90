import { useLanguage } from './language';
import type { Simulation } from './useSimulation';

/** The admin token, kept for this browser tab, for controls when the explorer requires one. */
export function TokenField({ id, simulation }: { id: string; simulation: Simulation }) {
  const { t } = useLanguage();
  if (simulation.features?.tokenRequired !== true) return null;
  return (
    <label className="field wide" htmlFor={id}>
      <span>{t('lpTokenLabel')}</span>
      <input id={id} type="password" autoComplete="off" value={simulation.token} onChange={(event) => simulation.setToken(event.target.value)} />
    </label>
  );
}
