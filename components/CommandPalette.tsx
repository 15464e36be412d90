'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { encodeZnodePath } from '../lib/zk/path';
import { useLockList } from './useLockList';

/** One thing the palette can do: go somewhere, or act on what the page shows. */
export interface Command {
  id: string;
  label: string;
  /** A word on the right: the kind of command. */
  hint: string;
  run(): void;
}

const PAGES: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'Locks: every lock found', href: '/' },
  { label: 'Sessions: who owns what', href: '/sessions' },
  { label: 'Waits-for: who waits for whom, deadlocks', href: '/waits-for' },
  { label: 'Classroom: the herd against the chain', href: '/demo' },
];

// The most commands listed at once: type more to narrow a long lock list.
const SHOWN = 50;

/** The palette itself, mounted only while open: the lock list is followed only then. */
function Palette({ commands, onClose }: { commands: readonly Command[]; onClose: () => void }) {
  const router = useRouter();
  const locks = useLockList();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  const all = useMemo<Command[]>(() => {
    const go = (href: string) => () => router.push(href);
    return [
      ...commands,
      ...PAGES.map((page) => ({ id: `page:${page.href}`, label: page.label, hint: 'page', run: go(page.href) })),
      ...(locks?.locks ?? []).map((lock) => ({ id: `lock:${lock.path}`, label: lock.path, hint: 'lock', run: go(`/locks${encodeZnodePath(lock.path)}`) })),
    ];
  }, [commands, locks, router]);
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = all.filter((command) => words.every((word) => `${command.label} ${command.hint}`.toLowerCase().includes(word)));
  // A path typed in full opens that lock even before the explorer has found it.
  const typedPath = /^\/\S*$/.test(query.trim()) && !matching.some((command) => command.label === query.trim()) ? query.trim() : null;
  const shown: Command[] = [
    ...(typedPath === null ? [] : [{ id: `open:${typedPath}`, label: `Open ${typedPath}`, hint: 'path', run: () => router.push(`/locks${encodeZnodePath(typedPath)}`) }]),
    ...matching.slice(0, SHOWN),
  ];
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const choose = (command: Command | undefined): void => {
    if (command === undefined) return;
    onClose();
    command.run();
  };

  return (
    <dialog ref={dialog} className="palette" aria-label="Command palette" data-testid="command-palette" onClose={onClose} onClick={(event) => (event.target === dialog.current ? onClose() : undefined)}>
      <input
        autoFocus
        className="palette-input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown.length > 0 ? `${listId}-${current}` : undefined}
        aria-label="Go to a lock or a page, or act on the selected node"
        placeholder="Go to a lock or a page, or act on the selected node…"
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
      <ul className="palette-list" role="listbox" id={listId} aria-label="Commands">
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
        {shown.length === 0 ? <li className="palette-empty muted">Nothing matches “{query.trim()}”</li> : null}
      </ul>
      <p className="palette-keys muted">↑↓ choose · Enter go · Esc close</p>
    </dialog>
  );
}

/** Ctrl+K (⌘K): a palette to go to any lock or page, and to act on the selected node. */
export function CommandPalette({ commands = [] }: { commands?: readonly Command[] }) {
  const [open, setOpen] = useState(false);
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
      <button type="button" className="palette-open" onClick={() => setOpen(true)} aria-keyshortcuts="Control+K Meta+K" data-testid="palette-open" title="Command palette (Ctrl+K)">
        <span aria-hidden="true">⌘K</span>
        <span className="visually-hidden">Command palette</span>
      </button>
      {open ? <Palette commands={commands} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
