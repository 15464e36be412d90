'use client';
/** The lock garbage as the server reads it: the view, a group's dry run, and the clean-up under way. */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { CleanupRunSchema, EmptyParentsPageSchema, errorSaid, GarbageViewSchema, type CleanupRun, type EmptyParentsPage, type GarbageView } from '../lib/protocol';
import { laterRun } from '../lib/view/garbage-words';
import { apiPath } from './ensemble';
import { useLanguage, type Translate } from './language';
import { usePoll } from './usePoll';

/** How often the view is read again: the scan, the followed locks and a clean-up change it. */
const VIEW_EVERY_MS = 5000;
/** How often a clean-up under way is read: its bar moves smoothly at a few hundred deletions a second. */
const RUN_EVERY_MS = 500;

type Read<T> = { ok: true; data: T } | { ok: false; error: string };

/** An API read of the page's ensemble, parsed by `schema`; its failure as a sentence (the server's `{error}` where it gave one). */
export async function readApi<T>(path: string, schema: z.ZodType<T>, t: Translate): Promise<Read<T>> {
  let response: Response;
  try {
    response = await fetch(apiPath(path));
  } catch {
    return { ok: false, error: t('answerUnreachable') };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, error: errorSaid(body) ?? t('lpServerAnswered', { status: response.status }) };
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: t('answerUnexpected') };
}

/** `GET /api/garbage`, now and every few seconds; `reload` reads it again at once. A failed read keeps the last view shown beside its error. */
export function useGarbageView(enabled: boolean): { view: GarbageView | null; error: string | null; reload: () => void } {
  const { t } = useLanguage();
  const [view, setView] = useState<GarbageView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  usePoll(
    async (current) => {
      const read = await readApi('/api/garbage', GarbageViewSchema, t);
      if (!current()) return;
      if (read.ok) setView(read.data);
      setError(read.ok ? null : read.error);
    },
    VIEW_EVERY_MS,
    enabled,
    String(reads),
  );
  const reload = useCallback(() => setReads((count) => count + 1), []);
  return { view, error, reload };
}

/**
 * The clean-up to show: the view's last run, or the page's own reads of it, read every half
 * second while it runs (from `watch()`, called once this page started one). `onEnd` is told when
 * a run this page watched ends, so that the view is read again.
 */
export function useCleanupRun(last: CleanupRun | null, onEnd: () => void): { run: CleanupRun | null; watch: () => void } {
  const { t } = useLanguage();
  const [polled, setPolled] = useState<CleanupRun | null>(null);
  const [watching, setWatching] = useState(false);
  const run = laterRun(polled, last);
  usePoll(
    async (current) => {
      const read = await readApi('/api/garbage/cleanup', CleanupRunSchema, t);
      if (!current() || !read.ok) return;
      setPolled(read.data);
      setWatching(false);
      if (read.data.state !== 'running') onEnd();
    },
    RUN_EVERY_MS,
    watching || run?.state === 'running',
  );
  const watch = useCallback(() => setWatching(true), []);
  return { run, watch };
}

/** What the dry run asks: a group's parents that a clean-up leaving those emptied within `minIdleMs` deletes, a page of them. */
export interface DryRunQuery {
  group: string;
  minIdleMs: number;
  offset: number;
  limit: number;
}

/** The address of a dry run's page, as JSON or as zkCli commands. */
export function dryRunPath({ group, minIdleMs, offset, limit }: DryRunQuery, format: 'json' | 'zkcli' = 'json'): string {
  const query = new URLSearchParams({ group, minIdleMs: String(minIdleMs), offset: String(offset), limit: String(limit), format });
  return `/api/garbage/empty?${query}`;
}

/**
 * A group's dry run, read when its query changes and again at each `fresh` (the view's time):
 * `loading` is true until the query's first answer, and not while a page is read again in the
 * background, so that it does not blink.
 */
export function useDryRun(query: DryRunQuery, fresh: number): { page: EmptyParentsPage | null; loading: boolean; error: string | null } {
  const { t } = useLanguage();
  const key = dryRunPath(query);
  const [state, setState] = useState<{ key: string; page: EmptyParentsPage | null; error: string | null }>({ key: '', page: null, error: null });
  useEffect(() => {
    let current = true;
    void readApi(key, EmptyParentsPageSchema, t).then((read) => {
      if (!current) return;
      setState((was) => ({ key, page: read.ok ? read.data : was.key === key ? was.page : null, error: read.ok ? null : read.error }));
    });
    return () => {
      current = false;
    };
  }, [key, fresh, t]);
  // Until a new query is answered, the last page stays shown (marked busy): the panel does not collapse and grow again.
  const answered = state.key === key;
  return { page: state.page, loading: !answered, error: answered ? state.error : null };
}
