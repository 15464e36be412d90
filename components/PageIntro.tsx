'use client';
import type { MessageKey } from '../lib/i18n/messages';
import { useLanguage } from './language';

/** A page's title and its first paragraph, in the page's language. */
export function PageIntro({ title, lead }: { title: MessageKey; lead: MessageKey }) {
  const { t } = useLanguage();
  return (
    <>
      <h1>{t(title)}</h1>
      <p className="lead">{t(lead)}</p>
    </>
  );
}
