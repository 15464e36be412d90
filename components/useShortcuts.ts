'use client';
import { useEffect, useRef } from 'react';

/**
 * A key pressed with a modifier, typed in a field or in a dialog, is not a shortcut of the page;
 * nor are Space and Enter on a focused button or link, which press it. Other keys there are the page's.
 */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (event.ctrlKey || event.metaKey || event.altKey || target === null) return true;
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable) return true;
  // In an open dialog every key is the dialog's (Escape closes it).
  if (target.closest('dialog[open]') !== null) return true;
  const pressable = target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'button' || target.getAttribute('role') === 'tab';
  return pressable && (event.key === ' ' || event.key === 'Enter');
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
