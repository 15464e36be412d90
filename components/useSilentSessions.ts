'use client';
import { useState } from 'react';
import { SessionListSchema } from '../lib/protocol';
import { usePoll } from './usePoll';
import { apiPath } from './ensemble';

// How often the owners' state is read: ZooKeeper's own report is refreshed every few seconds.
const POLL_MS = 2000;

/**
 * The sessions owning nodes of `path` that ZooKeeper still keeps but that no member has a
 * connection for (a crashed or cut-off client), with when ZooKeeper will expire them: their
 * nodes stay until then. A session counts as silent once two reads in a row say so, so that
 * one just connecting, not yet in ZooKeeper's report, is not drawn as crashed.
 */
export function useSilentSessions(path: string, enabled: boolean): ReadonlyMap<string, number> {
  const [silent, setSilent] = useState<{ seen: ReadonlyMap<string, number>; confirmed: ReadonlyMap<string, number> }>({ seen: new Map(), confirmed: new Map() });
  usePoll(
    async (current) => {
      const parsed = SessionListSchema.safeParse(await (await fetch(apiPath(`/api/sessions?${new URLSearchParams({ q: path, limit: '500' })}`))).json());
      if (!parsed.success || !current()) return;
      const now = new Map<string, number>();
      for (const session of parsed.data.sessions) {
        if (session.sessionId === '0x0') continue;
        // No member holds its connection (its client address may still be named: the one it last connected from).
        if (session.expiresAt !== null && session.connection === 'none') now.set(session.sessionId, session.expiresAt);
      }
      setSilent((last) => ({ seen: now, confirmed: new Map([...now].filter(([session]) => last.seen.has(session))) }));
    },
    POLL_MS,
    enabled,
    path,
  );
  return silent.confirmed;
}
