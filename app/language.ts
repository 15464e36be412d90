import { cookies, headers } from 'next/headers';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '../lib/i18n/messages';

/**
 * The reader's language as the request tells it: the one chosen in this browser (its cookie),
 * else the browser's first (Accept-Language), as the page itself would guess it.
 */
export async function requestLanguage(): Promise<Language> {
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value ?? '';
  if ((LANGUAGES as readonly string[]).includes(chosen)) return chosen as Language;
  const accepted = (await headers()).get('accept-language') ?? '';
  return accepted.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
