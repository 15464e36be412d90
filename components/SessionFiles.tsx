'use client';
import { useEffect, useState } from 'react';
import { SessionListSchema, type SessionSummary } from '../lib/protocol';
import { formatDuration } from '../lib/view/format';
import { useLanguage } from './language';
import { formatClock } from './momentInput';
import { useMomentText, useReplay } from './replay';
import { apiPath } from './ensemble';

export type FilesOfSession = NonNullable<SessionSummary['files']>;

/** What ZooKeeper's files tell of a session: made when with what timeout, and how and when it ended (an expiry with its last-heard bound). */
export function SessionFiles({ files }: { files: FilesOfSession }) {
  const { t } = useLanguage();
  const parts: string[] = [];
  if (files.createdAt !== null) parts.push(t('sessFilesMade', { time: formatClock(files.createdAt, true) }));
  if (files.timeoutMs !== null) parts.push(t('sessFilesTimeout', { timeout: formatDuration(files.timeoutMs, t) }));
  if (files.ended === 'expired' && files.endedAt !== null) {
    parts.push(files.lastHeard === null ? t('sessFilesExpired', { time: formatClock(files.endedAt, true) }) : t('sessFilesExpiredHeard', { time: formatClock(files.endedAt, true), heard: formatClock(files.lastHeard, true) }));
  } else if (files.ended === 'closed' && files.endedAt !== null) parts.push(t('sessFilesClosed', { time: formatClock(files.endedAt, true) }));
  else if (files.ended === 'gap' && files.endedAt !== null) parts.push(t('sessFilesGap', { time: formatClock(files.endedAt, true) }));
  if (parts.length === 0) return null;
  return (
    <span className="session-files muted" data-testid="session-files">
      {parts.join(' · ')}
    </span>
  );
}

/** At a moment of ZooKeeper's files, what they tell of one session (`GET /api/sessions` at it); null live or where they tell nothing. */
export function useSessionFiles(sessionId: string): FilesOfSession | null {
  const replaying = useReplay().info !== null;
  const at = useMomentText();
  const [files, setFiles] = useState<{ sessionId: string; files: FilesOfSession | null } | null>(null);
  useEffect(() => {
    if (!replaying || sessionId === '0x0') return;
    let cancelled = false;
    const query = new URLSearchParams({ q: sessionId, limit: '5', ...(at === null ? {} : { at }) });
    void fetch(apiPath(`/api/sessions?${query}`))
      .then((response) => response.json())
      .then((raw: unknown) => {
        const parsed = SessionListSchema.safeParse(raw);
        if (cancelled || !parsed.success) return;
        setFiles({ sessionId, files: parsed.data.sessions.find((one) => one.sessionId === sessionId)?.files ?? null });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [replaying, sessionId, at]);
  return replaying && files?.sessionId === sessionId ? files.files : null;
}
