import type { Locator, Page } from '@playwright/test';
import { encodeZnodePath } from '../../lib/zk/path';

/** The lock page `/locks/<znode path>`, found by its test ids. */
export class LockPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/locks${encodeZnodePath(path)}`);
  }

  get nodes(): Locator {
    return this.page.getByTestId('lock-node');
  }

  node(name: string): Locator {
    return this.page.locator(`[data-testid="lock-node"][data-name="${name}"]`);
  }

  edge(from: string, to: string): Locator {
    return this.page.locator(`[data-testid="watch-edge"][data-from="${from}"][data-to="${to}"]`);
  }

  get edges(): Locator {
    return this.page.getByTestId('watch-edge');
  }

  get banner(): Locator {
    return this.page.getByTestId('connection-banner');
  }

  get missing(): Locator {
    return this.page.getByTestId('lock-missing');
  }

  get empty(): Locator {
    return this.page.getByTestId('lock-empty');
  }

  get summaryHolder(): Locator {
    return this.page.getByTestId('summary-holder');
  }
}
