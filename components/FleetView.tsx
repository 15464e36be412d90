'use client';
/** The fleet: every ensemble the explorer follows, the one most in need of a look first, each a way into its pages. */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { anomalyLabel, sayReason, type MessageKey } from '../lib/i18n/messages';
import { EnsembleListSchema, errorSaid, type EnsembleState, type EnsembleSummary } from '../lib/protocol';
import { pageOfEnsemble } from '../lib/view/ensemble-path';
import { byFleetTriage } from '../lib/view/ensemble-standing';
import { formatCount } from '../lib/view/format';
import { needsHand } from '../lib/view/lock-table';
import { encodeZnodePath } from '../lib/zk/path';
import { useLanguage } from './language';
import { WrappingPath } from './WrappingPath';

/** How often the fleet is asked again (ms). */
const FLEET_POLL_MS = 5_000;

const STATE_KEYS: Record<EnsembleState, MessageKey> = {
  connected: 'fleetStateConnected',
  partial: 'fleetStatePartial',
  connecting: 'fleetStateConnecting',
  unreachable: 'fleetStateUnreachable',
  'auth-failed': 'fleetStateAuthFailed',
  'tls-failed': 'fleetStateTlsFailed',
};

const STATE_TONES: Record<EnsembleState, 'good' | 'warn' | 'bad'> = { connected: 'good', partial: 'warn', connecting: 'warn', unreachable: 'bad', 'auth-failed': 'bad', 'tls-failed': 'bad' };

/** A card's edge: red for what cannot be read or will not resolve itself, amber for what may, green for the calm. */
function toneOf({ state, worst }: EnsembleSummary): 'good' | 'warn' | 'bad' {
  const first = worst[0];
  if (STATE_TONES[state] === 'bad' || (first !== undefined && needsHand(first.anomalyKinds))) return 'bad';
  return first !== undefined ? 'warn' : STATE_TONES[state];
}

type FleetRead = { kind: 'list'; ensembles: EnsembleSummary[] } | { kind: 'failed'; error: string } | { kind: 'replay'; dirs: string[] } | null;

/** What `/api/health` says of an explorer that replays files instead of following ensembles. */
const ReplayHealthSchema = z.object({ mode: z.literal('replay'), replay: z.object({ dirs: z.array(z.string()) }) });

/** The files replayed, where the explorer replays instead of following ensembles; null otherwise. */
async function replayedDirs(): Promise<string[] | null> {
  const health = ReplayHealthSchema.safeParse(await fetch('/api/health').then((response) => response.json()).catch(() => null));
  return health.success ? health.data.replay.dirs : null;
}

export function FleetView() {
  const { t } = useLanguage();
  const [read, setRead] = useState<FleetRead>(null);
  useEffect(() => {
    let live = true;
    const ask = async (): Promise<void> => {
      try {
        const response = await fetch('/api/ensembles');
        const raw: unknown = await response.json().catch(() => null);
        const parsed = EnsembleListSchema.safeParse(raw);
        // A replay follows no ensemble: said once, and not asked again.
        const dirs = response.status === 404 ? await replayedDirs() : null;
        if (!live) return;
        if (dirs !== null) {
          clearInterval(timer);
          setRead({ kind: 'replay', dirs });
        } else setRead(response.ok && parsed.success ? { kind: 'list', ensembles: parsed.data.ensembles } : { kind: 'failed', error: errorSaid(raw) ?? `HTTP ${response.status}` });
      } catch (error) {
        if (live) setRead({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    };
    const timer = setInterval(() => void ask(), FLEET_POLL_MS);
    void ask();
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  if (read === null) return <p className="muted" role="status" data-testid="fleet-loading">{t('fleetLoading')}</p>;
  if (read.kind === 'replay')
    return (
      <div className="fleet-replay" role="status" data-testid="fleet-replay">
        <p>{t('fleetReplay', { dirs: read.dirs.join(', ') })}</p>
        <Link className="fleet-open" href="/">
          {t('fleetReplayOpen')}
        </Link>
      </div>
    );
  if (read.kind === 'failed') return <p className="bad-text" role="alert" data-testid="fleet-failed">{t('fleetFailed', { error: read.error })}</p>;
  const ensembles = [...read.ensembles].sort(byFleetTriage);
  return (
    <section className="fleet" aria-label={t('fleetCount', { n: formatCount(ensembles.length) })} data-testid="fleet">
      {ensembles.map((ensemble) => (
        <EnsembleCard key={ensemble.name} ensemble={ensemble} />
      ))}
    </section>
  );
}

function EnsembleCard({ ensemble }: { ensemble: EnsembleSummary }) {
  const { t, language } = useLanguage();
  const { name, state, reason, why, locks, attention, worst } = ensemble;
  // A whole page load into an ensemble's pages: its socket is its own.
  const home = pageOfEnsemble('/', name);
  return (
    <article className={`fleet-card tone-${toneOf(ensemble)}`} aria-labelledby={`fleet-${name}`} data-testid="fleet-ensemble" data-ensemble={name} data-state={state}>
      <header className="fleet-card-head">
        <h2 id={`fleet-${name}`} className="mono">
          <a href={home}>{name}</a>
        </h2>
        <span className={`badge ${STATE_TONES[state]}`} data-testid="fleet-state">
          {t(STATE_KEYS[state])}
        </span>
      </header>
      {reason === null ? null : (
        <p className="muted fleet-reason" data-testid="fleet-reason">
          {why === null ? reason : sayReason(language, why)}
        </p>
      )}
      <p className="fleet-counts" data-testid="fleet-counts">
        {locks === 1 ? t('fleetLocksOne') : t('fleetLocks', { n: formatCount(locks) })} ·{' '}
        {attention > 0 ? <strong className="bad-text">{attention === 1 ? t('fleetAttentionOne') : t('fleetAttention', { n: formatCount(attention) })}</strong> : <span className="muted">{t('fleetCalm')}</span>}
      </p>
      {worst.length === 0 ? null : (
        <>
          <h3 className="fleet-worst-title">{t('fleetWorst')}</h3>
          <ul className="fleet-worst" data-testid="fleet-worst">
            {worst.map((lock) => (
              <li key={lock.path} data-testid="fleet-worst-lock">
                <a href={pageOfEnsemble(`/locks${encodeZnodePath(lock.path)}`, name)} className="mono">
                  <WrappingPath path={lock.path} />
                </a>
                <span className="fleet-kinds">
                  {lock.anomalyKinds.map((kind) => (
                    <span key={kind} className={`badge ${needsHand([kind]) ? 'bad' : 'warn'}`} data-testid="fleet-kind">
                      {anomalyLabel(language, kind)}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          {attention > worst.length ? <p className="muted fleet-more">{t('fleetMore', { n: formatCount(attention - worst.length) })}</p> : null}
        </>
      )}
      <a className="button small fleet-open" href={home} aria-label={t('fleetOpenLabel', { name })} data-testid="fleet-open">
        {t('fleetOpen', { name })}
      </a>
    </article>
  );
}
