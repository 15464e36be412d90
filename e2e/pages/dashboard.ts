import type { Locator, Page } from '@playwright/test';

/** The dashboard `/`: the live table of every lock. */
export class Dashboard {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(this.baseUrl);
  }

  row(path: string): Locator {
    return this.page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
  }

  get rows(): Locator {
    return this.page.getByTestId('lock-row');
  }

  get filter(): Locator {
    return this.page.getByTestId('lock-filter');
  }

  sortBy(column: string): Promise<void> {
    return this.page.getByTestId(`sort-${column}`).click();
  }

  /** The paths of the shown rows, top to bottom. */
  async paths(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path') ?? ''));
  }
}
