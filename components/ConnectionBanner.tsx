'use client';
import { CONNECTION_STATE_KEYS, sayReason } from '../lib/i18n/messages';
import { formatClock, formatDuration } from '../lib/view/format';
import { useConnection } from './useConnection';
import { useLanguage } from './language';
import { ReplayBar } from './ReplayBar';
import { travelTo, usePastAvailable, useReplay } from './replay';
import { useNow } from './useNow';

function clock(ms: number): string {
  return formatClock(ms);
}

/**
 * Says whether what the page shows is live, and since when it may be stale; in replay mode, which
 * files are shown and at what moment, with the control that moves it (a lock's page steps through its changes).
 */
export function ConnectionBanner({ lockPath }: { lockPath?: string }) {
  const { socket, socketSince, zookeeper } = useConnection();
  const now = useNow();
  const { t, language } = useLanguage();
  const { info, addressBad, addressNoFiles } = useReplay();
  const replaying = info !== null;
  // Live with ZooKeeper's files: every page may go back to a moment of them.
  const pastAvailable = usePastAvailable(!replaying);
  if (replaying && socket === 'connected') return <ReplayBar lockPath={lockPath} />;
  let tone: 'live' | 'warn' | 'down';
  let text: string;
  if (socket !== 'connected') {
    tone = socket === 'connecting' ? 'warn' : 'down';
    text = socket === 'connecting' ? t('bannerConnecting') : t('bannerLost', { time: clock(socketSince ?? now) });
  } else if (zookeeper === null) {
    tone = 'warn';
    text = t('bannerWaiting');
  } else if (zookeeper.state === 'connected' || zookeeper.state === 'read-only') {
    tone = 'live';
    text = t('bannerLive', { connect: zookeeper.connectString, embedded: zookeeper.embedded ? t('bannerEmbedded') : '' }) + (zookeeper.state === 'read-only' ? ` · ${t('bannerReadOnly')}` : '');
  } else {
    tone = 'down';
    text = t('bannerDown', { state: t(CONNECTION_STATE_KEYS[zookeeper.state]), time: clock(zookeeper.since), ago: formatDuration(now - zookeeper.since, t) });
  }
  // Live, an address that asked for a past moment it cannot have is said, not ignored.
  const addressNote = addressBad === null ? null : (
    <p className="banner banner-warn banner-note" role="alert" data-testid="address-bad">
      {t(addressNoFiles ? 'addressNoFiles' : 'addressBadLive', { text: addressBad })}
    </p>
  );
  return (
    <>
      <div className={`banner banner-${tone}`} role="status" aria-live="polite" data-testid="connection-banner" data-state={tone}>
        <span className="banner-dot" aria-hidden="true" />
        <span className="banner-text">{text}</span>
        {tone !== 'live' && socket === 'connected' && zookeeper?.reason ? (
          <span className="banner-reason" data-testid="banner-reason">
            {zookeeper.why === null ? zookeeper.reason : sayReason(language, zookeeper.why)}
          </span>
        ) : null}
        {zookeeper?.sessionId && tone === 'live' ? <span className="banner-session">{t('bannerSession', { id: zookeeper.sessionId })}</span> : null}
        {pastAvailable && socket === 'connected' ? (
          <button type="button" className="banner-travel" onClick={() => travelTo(String(Date.now()))} title={t('lpTravelTitle')} data-testid="travel-past">
            {t('lpTravel')}
          </button>
        ) : null}
      </div>
      {addressNote}
    </>
  );
}
