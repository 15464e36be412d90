import { cookies, headers } from 'next/headers';
import { guessLanguage, LANGUAGE_COOKIE, type Language } from '../lib/i18n/messages';

/** The reader's language as the request tells it (its cookie, else Accept-Language), as the page itself would guess it. */
export async function requestLanguage(): Promise<Language> {
  return guessLanguage((await cookies()).get(LANGUAGE_COOKIE)?.value, (await headers()).get('accept-language') ?? '');
}
