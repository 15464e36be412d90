'use client';
import { herdCountAfter, type SideFigures } from '../lib/demo/classroom';
import { formatCount } from '../lib/view/format';
import { useLanguage } from './language';

export interface RaceCounterProps {
  herd: SideFigures;
  chained: SideFigures;
  contenders: number;
  /** The class's prediction of the herd's notifications for the whole run; null until one is made. */
  guess: number | null;
  onGuess(guess: number | null): void;
  /** The run is over: the prediction is compared with what happened. */
  drained: boolean;
}

/**
 * The race in one line, large enough for the back of the room: "herd 1,274 · chain 49 · 26×",
 * and beside it the prediction asked before the run, revealed against the count at its end.
 */
export function RaceCounter({ herd, chained, contenders, guess, onGuess, drained }: RaceCounterProps) {
  const { t } = useLanguage();
  const ratio = chained.notifications === 0 ? null : herd.notifications / chained.notifications;
  const theory = herdCountAfter(contenders, contenders);
  return (
    <div className="race" data-testid="race">
      <p className="race-line" aria-live="polite">
        <span className="race-herd">
          {t('raceHerd')} <strong data-testid="race-herd">{formatCount(herd.notifications)}</strong>
        </span>
        <span className="race-chain">
          {t('raceChain')} <strong data-testid="race-chain">{formatCount(chained.notifications)}</strong>
        </span>
        <span className="race-ratio" data-testid="race-ratio">
          {ratio === null ? '—' : `${ratio >= 10 ? Math.round(ratio) : ratio.toFixed(1)}×`}
        </span>
      </p>
      <label className="race-guess" htmlFor="race-guess">
        <span>{t('guessQuestion', { n: contenders })}</span>
        <input
          id="race-guess"
          type="number"
          min={0}
          inputMode="numeric"
          value={guess ?? ''}
          placeholder="?"
          data-testid="race-guess"
          onChange={(event) => onGuess(event.target.value === '' ? null : Math.max(0, Math.round(Number(event.target.value))))}
        />
      </label>
      {drained && guess !== null ? (
        <p className="race-reveal" role="status" data-testid="race-reveal">
          {t('guessReveal', { guess: formatCount(guess), actual: formatCount(herd.notifications), theory: formatCount(theory) })}
        </p>
      ) : null}
    </div>
  );
}
