'use client';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '../lib/i18n/messages';
import { useLanguage } from './language';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/** The page's language, English or Chinese, chosen by a pair of buttons; nothing where the page is in English only. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useLanguage();
  if (setLanguage === null) return null;
  return (
    <div className="demo-language" role="group" aria-label={t('language')}>
      {LANGUAGES.map((code) => (
        <button key={code} type="button" lang={LANGUAGE_TAGS[code]} aria-pressed={language === code} data-testid={`language-${code}`} onClick={() => setLanguage(code)}>
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </div>
  );
}
