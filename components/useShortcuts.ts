'use client';
import { useEffect, useRef } from 'react';

/** A key pressed with a modifier, or in a field or on a button, is not a shortcut of the page. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return event.ctrlKey || event.metaKey || event.altKey || (target !== null && ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName));
}

/**
 * The page's keyboard shortcuts: `bindings` maps a key (`event.key`, letters in either case) to
 * what it does; a binding may return false to leave the key alone. Keys typed into a field do nothing.
 */
export function useShortcuts(bindings: Record<string, () => boolean | void>, enabled = true): void {
  const current = useRef(bindings);
  useEffect(() => {
    current.current = bindings;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent): void => {
      if (isTyping(event)) return;
      const action = current.current[event.key] ?? current.current[event.key.toLowerCase()];
      if (action === undefined || action() === false) return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
