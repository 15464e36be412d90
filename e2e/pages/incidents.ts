import type { Locator, Page } from '@playwright/test';

/** The incidents page `/incidents` once it has read what it can: its list, its "no incident", or why the explorer has no files to read. */
export function incidentsShown(page: Page): Locator {
  return page.getByTestId('incidents').or(page.getByTestId('incidents-none')).or(page.getByTestId('incidents-no-files'));
}
