'use client';
import { useLanguage } from './language';

/** The first stop of the keyboard on every page: past the header to the page's own content (hidden until focused). */
export function SkipLink() {
  const { t } = useLanguage();
  return (
    <a className="skip-link" href="#main" data-testid="skip-link">
      {t('skipToContent')}
    </a>
  );
}
