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

  /** The edge from `from` to `to`; for a group of readers or a herd's bundle, the one edge that stands for `from` among others. */
  edge(from: string, to: string): Locator {
    return this.page.locator(`[data-testid="watch-edge"][data-from~="${from}"][data-to="${to}"]`);
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

  get zoomIn(): Locator {
    return this.page.getByTestId('zoom-in');
  }

  get zoomOut(): Locator {
    return this.page.getByTestId('zoom-out');
  }

  get zoomLevel(): Locator {
    return this.page.getByTestId('zoom-level');
  }

  /**
   * Starts noting the short-lived motion the page adds (notifications running along edges,
   * cards leaving), which may come and go between two polls; returns a reader of what was seen.
   */
  async recordMotion(): Promise<() => Promise<{ trails: string[]; leaving: string[] }>> {
    await this.page.evaluate(() => {
      const seen = { trails: [] as string[], leaving: [] as string[] };
      (window as unknown as { motionSeen: typeof seen }).motionSeen = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const added of record.addedNodes) {
            if (!(added instanceof Element)) continue;
            const kind = added.getAttribute('data-testid');
            if (kind === 'wake-trail') seen.trails.push(added.getAttribute('data-woken') ?? '');
            if (kind === 'leaving-node') seen.leaving.push(added.getAttribute('data-name') ?? '');
          }
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    return () => this.page.evaluate(() => (window as unknown as { motionSeen: { trails: string[]; leaving: string[] } }).motionSeen);
  }
}
