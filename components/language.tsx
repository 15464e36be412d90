'use client';
import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { guessLanguage, LANGUAGE_COOKIE, LANGUAGE_TAGS, translator, type Language, type Translate } from '../lib/i18n/messages';

const STORAGE_KEY = 'language';

export type { Translate };

interface LanguageContext {
  language: Language;
  /** Null where the page is not translated (English only): there is nothing to switch. */
  setLanguage: ((language: Language) => void) | null;
  t: Translate;
}

const english: LanguageContext = { language: 'en', setLanguage: null, t: translator('en') };
const Context = createContext<LanguageContext>(english);

function remember(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Puts the parts of a page inside it, the shared header, banner and diagram included, in the
 * reader's language (remembered per browser, first guessed from the browser's). The server
 * renders `initial` (the language its cookie or the browser's Accept-Language named), so that a
 * Chinese page is not English first. Pages without it are in English.
 */
export function LanguageProvider({ children, initial = 'en' }: { children: ReactNode; initial?: Language }) {
  const [language, setLanguageState] = useState<Language>(initial);
  useEffect(() => {
    const guessed = guessLanguage(localStorage.getItem(STORAGE_KEY), navigator.language);
    // The server's guess may differ from what this browser remembers (a language chosen before the cookie was): the first render was the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLanguageState(guessed);
    remember(guessed);
  }, []);
  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[language];
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    localStorage.setItem(STORAGE_KEY, next);
    remember(next);
  }, []);
  const value = useMemo<LanguageContext>(() => ({ language, setLanguage, t: translator(language) }), [language, setLanguage]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The language of the page around, and its words. */
export function useLanguage(): LanguageContext {
  return useContext(Context);
}

/**
 * A message whose `{name}` places hold elements (a path in code, a link): its words and the
 * elements, in the message's own order. A part given as null leaves its place empty (a session
 * whose client is not known); a place no part is given for is shown as it is written.
 */
export function richText(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{piece in parts ? parts[piece] : `{${piece}}`}</Fragment> : piece));
}
