import type { Locator, Page } from '@playwright/test';

/** The lock-garbage page `/garbage`: its counts, its groups of empty parents with their dry run and clean-up, and its leaked nodes. */
export class GarbagePage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/garbage`);
  }

  /** A count at the top: `empty-parents`, `leaked`, `ghosts` or `persistent`. */
  count(kind: string): Locator {
    return this.page.getByTestId(`garbage-count-${kind}`);
  }

  /** The row of the group of empty parents under `parent`. */
  group(parent: string): Locator {
    return this.page.locator(`[data-testid="garbage-group"][data-parent="${parent}"]`);
  }

  /** Opens the group under `parent`: its advice and its dry run. */
  async open(parent: string): Promise<void> {
    await this.group(parent).getByTestId('garbage-group-open').click();
  }

  get dryRun(): Locator {
    return this.page.getByTestId('dry-run');
  }

  /** The paths the dry run lists, in its order. */
  dryRunPaths(): Promise<string[]> {
    return this.page.getByTestId('dry-run-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path') ?? ''));
  }

  get run(): Locator {
    return this.page.getByTestId('cleanup-run');
  }

  /** The row of the leaked node `node`. */
  leaked(node: string): Locator {
    return this.page.locator(`[data-testid="leaked-row"][data-node="${node}"]`);
  }
}
