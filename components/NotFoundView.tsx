'use client';
import { Link } from './EnsembleLink';
import { richText, useLanguage } from './language';

/** What an address that names no page says, in the reader's language. */
export function NotFoundView() {
  const { t } = useLanguage();
  return (
    <main id="main" className="home">
      <h1>{t('notFoundTitle')}</h1>
      <p className="lead">{richText(t('notFoundText'), { pattern: <code>/locks/&lt;znode path&gt;</code>, link: <Link href="/">{t('notFoundLink')}</Link> })}</p>
    </main>
  );
}
