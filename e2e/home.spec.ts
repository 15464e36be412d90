import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';

test.describe('the home page', () => {
  test('opens a lock from the path box with the keyboard', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('open');
    await page.goto(explorerUrl);
    const input = page.getByLabel('Lock path');
    await input.focus();
    await input.fill(lockPath);
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/locks${lockPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByTestId('lock-path')).toHaveText(lockPath);
  });

  test('the keyboard’s first stop skips the header to the page’s content', async ({ page, explorerUrl }) => {
    await page.goto(explorerUrl);
    await expect(page.getByLabel('Lock path')).toBeVisible();
    const skip = page.getByTestId('skip-link');
    // Out of sight until it is reached.
    expect((await skip.boundingBox())!.y + (await skip.boundingBox())!.height).toBeLessThanOrEqual(0);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText('Skip to content');
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    // The next stop is inside the page's content, not the header's links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('lists every lock live, with its recipe, holder and queue, and opens it', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('listed');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    await page.goto(explorerUrl);
    const row = page.locator(`[data-testid="lock-row"][data-path="${lockPath}"]`);
    await expect(page.getByTestId('lock-list')).toBeVisible();

    // The lock appears as soon as a contender creates its node: no reload, no polling.
    const first = await zk.session();
    await first.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
    const second = await zk.session();
    await second.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
    await expect(row).toContainText('Curator lock (InterProcessMutex layout)');
    await expect(row.getByTestId('queue-length')).toHaveText('1');

    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/locks${lockPath}$`));
    await expect(page.getByTestId('lock-node')).toHaveCount(2);
    // Opened by its link, the page says at once that it is live: the socket was up already, and no status comes unasked.
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'live', { timeout: 1500 });
  });

  test('refuses a path ZooKeeper would refuse, and says why', async ({ page, explorerUrl }) => {
    await page.goto(explorerUrl);
    await page.getByLabel('Lock path').fill('/app/../etc');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('lock-path-error')).toContainText('".."');
    await expect(page).toHaveURL(`${explorerUrl}/`);
  });

  test('switches between light and dark and remembers the choice', async ({ page, explorerUrl }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(explorerUrl);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('the primary button reads at WCAG AA contrast (4.5:1) in both themes', async ({ page, explorerUrl }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => localStorage.removeItem('theme')).catch(() => undefined);
      await page.goto(explorerUrl);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      const ratio = await page.getByTestId('open-lock').evaluate((button) => {
        const style = getComputedStyle(button);
        const channels = (color: string): number[] => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = (color: string): number => {
          const [r, g, b] = channels(color).map((value) => {
            const c = value / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          }) as [number, number, number];
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
        return (light + 0.05) / (dark + 0.05);
      });
      expect(ratio, `${scheme} theme`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
