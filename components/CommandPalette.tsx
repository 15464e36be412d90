'use client';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LockListSchema } from '../lib/protocol';
import { matchCommands } from '../lib/view/command-match';
import { apiOfEnsemble, pageOfEnsemble } from '../lib/view/ensemble-path';
import { encodeZnodePath } from '../lib/zk/path';
import type { MessageKey } from '../lib/i18n/messages';
import { useLanguage } from './language';
import { useLockList } from './useLockList';
import { usePageRouter } from './EnsembleLink';
import { useEnsemble } from './ensemble';
import { useFleetNames } from './useFleet';

/** One thing the palette can do: go somewhere, or act on what the page shows. */
export interface Command {
  id: string;
  label: string;
  /** A word on the right: the kind of command. */
  hint: string;
  run(): void;
}

const PAGES: ReadonlyArray<{ label: MessageKey; href: string }> = [
  { label: 'palLocks', href: '/' },
  { label: 'palSessions', href: '/sessions' },
  { label: 'palWaitsFor', href: '/waits-for' },
  { label: 'palIncidents', href: '/incidents' },
  { label: 'palGarbage', href: '/garbage' },
  { label: 'palClassroom', href: '/demo' },
];

// The most commands listed at once: type more to narrow a long lock list.
const SHOWN = 50;

/** The lock paths of each ensemble but the page's, read once as the palette opens (the page's own are followed live); none for an explorer of one. */
function useOtherEnsembles(names: readonly string[] | null, current: string | null): Array<{ name: string; locks: string[] }> {
  const [read, setRead] = useState<ReadonlyMap<string, string[]>>(new Map());
  useEffect(() => {
    if (names === null || names.length < 2) return;
    const stop = new AbortController();
    // Each as it answers: one slow or down ensemble keeps none of the others' locks back.
    for (const name of names) {
      if (name === current) continue;
      void fetch(apiOfEnsemble('/api/locks', name), { signal: stop.signal })
        .then(async (response) => (response.ok ? LockListSchema.safeParse(await response.json()) : null))
        .catch(() => null)
        .then((list) => {
          if (!stop.signal.aborted && list?.success) setRead((was) => new Map(was).set(name, list.data.locks.map((lock) => lock.path)));
        });
    }
    return () => stop.abort();
  }, [names, current]);
  // An ensemble that cannot be read (yet) still has its dashboard among the commands.
  return useMemo(() => (names ?? []).filter((name) => name !== current).map((name) => ({ name, locks: read.get(name) ?? [] })), [names, current, read]);
}

/** A whole page load to another ensemble's page: each ensemble's pages have their socket of their own. */
const leaveFor = (href: string) => () => window.location.assign(href);

/** The palette itself, mounted only while open: the lock list is followed only then. */
function Palette({ commands, onClose }: { commands: readonly Command[]; onClose: () => void }) {
  const router = usePageRouter();
  const locks = useLockList();
  const names = useFleetNames();
  const fleet = names !== null && names.length > 1 ? names : null;
  const here = useEnsemble() ?? fleet?.[0] ?? null;
  const others = useOtherEnsembles(fleet, here);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const { t } = useLanguage();

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  const { pages, lockCommands } = useMemo(() => {
    const go = (href: string) => () => router.push(href);
    // In a fleet every lock says its ensemble, and those of the others are searched too, each opening in its own ensemble.
    const lockHint = (name: string | null): string => (fleet === null || name === null ? t('palHintLock') : t('palHintLockIn', { name }));
    const fleetPages = fleet === null ? [] : [{ id: 'page:/fleet', label: t('palFleet'), hint: t('palHintPage'), run: leaveFor('/fleet') }, ...others.map(({ name }) => ({ id: `ensemble:${name}`, label: t('palEnsemble', { name }), hint: t('palHintEnsemble'), run: leaveFor(pageOfEnsemble('/', name)) }))];
    return {
      pages: [...PAGES.map((page) => ({ id: `page:${page.href}`, label: t(page.label), hint: t('palHintPage'), run: go(page.href) })), ...fleetPages],
      lockCommands: [
        ...(locks?.locks ?? []).map((lock) => ({ id: `lock:${lock.path}`, label: lock.path, hint: lockHint(here), run: go(`/locks${encodeZnodePath(lock.path)}`) })),
        ...others.flatMap(({ name, locks: paths }) => paths.map((path) => ({ id: `lock:${name}:${path}`, label: path, hint: lockHint(name), run: leaveFor(pageOfEnsemble(`/locks${encodeZnodePath(path)}`, name)) }))),
      ],
    };
  }, [locks, router, t, fleet, here, others]);
  // Before anything is typed the pages come before a long lock list; once a query is, a lock it names comes before a page
  // that talks of it at equal rank (`matchCommands` keeps the order given among equals).
  const matching = matchCommands(query.trim() === '' ? [...commands, ...pages, ...lockCommands] : [...commands, ...lockCommands, ...pages], query);
  // A path typed in full opens that lock even before the explorer has found it.
  const typedPath = /^\/\S*$/.test(query.trim()) && !matching.some((command) => command.label === query.trim()) ? query.trim() : null;
  const shown: Command[] = [
    ...(typedPath === null ? [] : [{ id: `open:${typedPath}`, label: t('palOpen', { path: typedPath }), hint: t('palHintPath'), run: () => router.push(`/locks${encodeZnodePath(typedPath)}`) }]),
    ...matching.slice(0, SHOWN),
  ];
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const choose = (command: Command | undefined): void => {
    if (command === undefined) return;
    onClose();
    command.run();
  };

  return (
    <dialog ref={dialog} className="palette" aria-label={t('palTitle')} data-testid="command-palette" onClose={onClose} onClick={(event) => (event.target === dialog.current ? onClose() : undefined)}>
      <input
        autoFocus
        className="palette-input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown.length > 0 ? `${listId}-${current}` : undefined}
        aria-label={t('palPrompt')}
        placeholder={`${t('palPrompt')}…`}
        value={query}
        data-testid="palette-input"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((current + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % Math.max(1, shown.length));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(shown[current]);
          }
        }}
      />
      <ul className="palette-list" role="listbox" id={listId} aria-label={t('palCommands')}>
        {shown.map((command, index) => (
          <li
            key={command.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'is-active' : undefined}
            data-testid="palette-item"
            data-command={command.id}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(command)}
          >
            <span className="palette-label">{command.label}</span>
            <span className="palette-hint">{command.hint}</span>
          </li>
        ))}
        {shown.length === 0 ? <li className="palette-empty muted">{t('palNothing', { query: query.trim() })}</li> : null}
      </ul>
      <p className="palette-keys muted">{t('palKeys')}</p>
    </dialog>
  );
}

/** Ctrl+K (⌘K): a palette to go to any lock or page, and to act on the selected node. */
export function CommandPalette({ commands = [] }: { commands?: readonly Command[] }) {
  const [open, setOpen] = useState(false);
  const { t } = useLanguage();
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className="palette-open" onClick={() => setOpen(true)} aria-keyshortcuts="Control+K Meta+K" data-testid="palette-open" title={t('palOpenTitle')}>
        <span aria-hidden="true">⌘K</span>
        <span className="visually-hidden">{t('palTitle')}</span>
      </button>
      {open ? <Palette commands={commands} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
