'use client';
import { formatDuration } from '../lib/view/format';
import { useConnection } from './useConnection';
import { useNow } from './useNow';

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

/** Says whether what the page shows is live, and since when it may be stale. */
export function ConnectionBanner() {
  const { socket, socketSince, zookeeper } = useConnection();
  const now = useNow();
  let tone: 'live' | 'warn' | 'down';
  let text: string;
  if (socket !== 'connected') {
    tone = socket === 'connecting' ? 'warn' : 'down';
    text =
      socket === 'connecting'
        ? 'Connecting to the explorer…'
        : `Lost the explorer at ${clock(socketSince ?? now)}; reconnecting. What is shown may be stale.`;
  } else if (zookeeper === null) {
    tone = 'warn';
    text = 'Waiting for the ZooKeeper status…';
  } else if (zookeeper.state === 'connected' || zookeeper.state === 'read-only') {
    tone = 'live';
    text = `Live · ZooKeeper ${zookeeper.connectString}${zookeeper.embedded ? ' (embedded)' : ''}${
      zookeeper.state === 'read-only' ? ' · read-only' : ''
    }`;
  } else {
    tone = 'down';
    text = `ZooKeeper ${zookeeper.state} since ${clock(zookeeper.since)} (${formatDuration(now - zookeeper.since)} ago); data may be stale.`;
  }
  return (
    <div className={`banner banner-${tone}`} role="status" aria-live="polite" data-testid="connection-banner" data-state={tone}>
      <span className="banner-dot" aria-hidden="true" />
      <span>{text}</span>
      {zookeeper?.sessionId && tone === 'live' ? <span className="banner-session">session {zookeeper.sessionId}</span> : null}
    </div>
  );
}
