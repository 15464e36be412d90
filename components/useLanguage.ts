'use client';
import { useCallback, useEffect, useState } from 'react';
import { LANGUAGES, translate, type Language, type MessageKey } from '../lib/i18n/messages';

const STORAGE_KEY = 'language';

/** The page's language (remembered, first guessed from the browser) and its words. */
export function useLanguage(): { language: Language; setLanguage(language: Language): void; t(key: MessageKey, values?: Record<string, string | number>): string } {
  const [language, setLanguageState] = useState<Language>('en');
  useEffect(() => {
    const stored = localStorage.getItem(STORAGE_KEY);
    const guessed: Language = (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
    // Read once after mounting: the server renders English, so the first client render must too.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLanguageState(guessed);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    localStorage.setItem(STORAGE_KEY, next);
  }, []);
  const t = useCallback((key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values), [language]);
  return { language, setLanguage, t };
}
