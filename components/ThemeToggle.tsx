'use client';
import { useSyncExternalStore } from 'react';
import { useLanguage } from './language';

type Theme = 'light' | 'dark';

const THEME_EVENT = 'zk-theme-change';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_EVENT, onChange);
  return () => window.removeEventListener(THEME_EVENT, onChange);
}

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Switches between light and dark; the choice is kept in localStorage (see the script in the layout). */
export function ThemeToggle() {
  // On the server the theme is unknown until the layout's script has run in the browser.
  const theme = useSyncExternalStore<Theme | null>(subscribe, currentTheme, () => null);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const { t } = useLanguage();
  const label = t(next === 'dark' ? 'themeToDark' : 'themeToLight');
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => {
        document.documentElement.dataset.theme = next;
        localStorage.setItem('theme', next);
        window.dispatchEvent(new Event(THEME_EVENT));
      }}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}
