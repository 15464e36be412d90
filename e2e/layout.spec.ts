import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { incidentsShown } from './pages/incidents';
import { overflowing } from './overflow';
import { LockPage } from './pages/lock-page';
import { spawn } from './sim';

/**
 * At least `inView` whole cards inside the window and the queue's frame, none cut at the frame's
 * side (measured once the page has settled: arriving cards slide in from 40 px to the right),
 * and the waiters in more than one column.
 */
async function expectWideQueue(page: Page, width: number, height: number, inView: number): Promise<void> {
  const cards = (): Promise<{ whole: number; cut: number }> =>
    page.evaluate(() => {
      const frame = document.querySelector('[data-testid="queue-scroll"]')!.getBoundingClientRect();
      const boxes = [...document.querySelectorAll('[data-testid="lock-node"]')].map((card) => card.getBoundingClientRect());
      return {
        whole: boxes.filter((box) => box.top >= Math.max(0, frame.top) && box.bottom <= Math.min(window.innerHeight, frame.bottom) && box.left >= frame.left && box.right <= frame.right).length,
        cut: boxes.filter((box) => box.left < frame.left - 1 || box.right > frame.right + 1).length,
      };
    });
  let seen = { whole: 0, cut: 0 };
  await expect
    .poll(
      async () => {
        seen = await cards();
        return seen.whole >= inView && seen.cut === 0;
      },
      { message: `at least ${inView} whole cards in view at ${width}×${height}, none cut (last seen: ${JSON.stringify(seen)})` },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nlast seen: ${JSON.stringify(seen)}`);
    });
  const columns = new Set(await page.locator('[data-testid="lock-node"][data-role="waiter"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-column'))));
  expect(columns.size, `columns at ${width} px`).toBeGreaterThan(1);
}

test.describe('every page fits its screen, and reads in light and dark', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a chain fills the width: more cards in view at 1280 and 1920 px than one column held, and none cut', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('wide')}`;
    await spawn(request, explorerUrl, { path, strategy: 'chained', count: 20 });
    const lock = new LockPage(page, explorerUrl);
    for (const [width, height, inView] of [
      [1280, 900, 7],
      [1920, 1080, 10],
    ] as const) {
      await page.setViewportSize({ width, height });
      await lock.goto(path);
      await expect(lock.nodes.first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('summary-waiters')).toHaveText('19', { timeout: 20_000 });
      // The holder's alone on its row: one column of cards 98 units apart held 5 and 8.
      await expectWideQueue(page, width, height, inView);
    }
    // On a phone the same queue is one column with no minimap beside it (there is no room for one beside the narrowest card): nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await lock.goto(path);
    await expect(page.getByTestId('summary-waiters')).toHaveText('19', { timeout: 20_000 });
    await expect(lock.nodes.first()).toBeVisible();
    await expect(page.getByTestId('queue-minimap')).toHaveCount(0);
    const [scrollWidth, clientWidth] = await page.getByTestId('queue-scroll').evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('a herd fills the width as a chain does: its waiters row after row, each stub joining the one trunk', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('wide-herd')}`;
    await spawn(request, explorerUrl, { path, strategy: 'herd', count: 40 });
    const lock = new LockPage(page, explorerUrl);
    // One column of cards held 6 of the 39 waiters at 1920×1080. At 1280×900 the summary, the history strip (there as the page
    // opens, read from ZooKeeper's files), the tools and the herd's banner stand above the queue: one column shows the holder and
    // two waiters whole, the herd's rows of two four.
    for (const [width, height, inView] of [
      [1280, 900, 5],
      [1920, 1080, 16],
    ] as const) {
      await page.setViewportSize({ width, height });
      await lock.goto(path);
      await expect(page.getByTestId('summary-waiters')).toHaveText('39', { timeout: 20_000 });
      await expectWideQueue(page, width, height, inView);
      // More than HERD_BUNDLE watch the parent: one thick trunk, and a stub from each waiter drawn.
      await expect(page.locator('.herd-bundle')).toHaveCount(1);
      await expect.poll(async () => page.locator('.watch-stub').count()).toBeGreaterThanOrEqual(inView - 1);
    }
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('nothing overflows at 390, 1280, 1920 and 3840 px, in English and in Chinese at 390 and 1920, and a card is never cut in the queue', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('fit')}`;
    for (const contenders of [{ strategy: 'write', count: 1 }, { strategy: 'read', count: 3 }, { strategy: 'write', count: 1 }]) {
      await spawn(request, explorerUrl, { path, ...contenders });
    }
    const lock = new LockPage(page, explorerUrl);
    for (const [width, height, language] of [
      [390, 844, 'en'],
      [1280, 720, 'en'],
      [1920, 1080, 'en'],
      [3840, 2160, 'en'],
      [390, 844, 'zh'],
      [1920, 1080, 'zh'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
      for (const url of ['/', `/locks${path}`, '/sessions', '/waits-for', '/incidents', '/demo', '/fleet']) {
        await page.goto(`${explorerUrl}${url}`);
        if (url.startsWith('/locks')) {
          await expect(lock.nodes).toHaveCount(5, { timeout: 20_000 });
          // The queue's frame does not scroll sideways: every card is whole.
          const scroller = page.getByTestId('queue-scroll');
          const [scrollWidth, clientWidth] = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
          expect(scrollWidth, `the queue at ${width} px`).toBeLessThanOrEqual(clientWidth);
        } else {
          await expect(page.locator('main')).toBeVisible();
        }
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
        const result = await overflowing(page);
        expect(result.elements, `${url} at ${width} px, ${language}`).toEqual([]);
        expect(result.scrollWidth, `${url} at ${width} px, ${language}`).toBeLessThanOrEqual(result.width);
      }
    }
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2 A or AA violation in the ${scheme} theme, in English and in Chinese`, async ({ page, explorerUrl, zk, request }) => {
      const path = `/sim${zk.lockPath(`axe-${scheme}`)}`;
      for (const contenders of [{ strategy: 'write', count: 1 }, { strategy: 'read', count: 2 }, { strategy: 'no-watch', count: 1 }]) {
        await spawn(request, explorerUrl, { path, ...contenders });
      }
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), scheme);
      const found: string[] = [];
      for (const [url, language] of [
        ...['/', `/locks${path}`, '/sessions', '/waits-for', '/incidents', '/demo', '/fleet'].map((url) => [url, 'en'] as const),
        ...['/', `/locks${path}`, '/sessions', '/waits-for', '/incidents', '/demo', '/fleet'].map((url) => [url, 'zh'] as const),
      ]) {
        await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
        await page.goto(`${explorerUrl}${url}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
        if (url.startsWith('/locks')) {
          await expect(page.getByTestId('lock-node')).toHaveCount(4, { timeout: 20_000 });
          // With a node selected, so that its panel (stat, watch, fault buttons) is checked too.
          await page.locator('[data-testid="lock-node"][data-role="holder"]').click();
          await expect(page.getByTestId('node-panel')).not.toHaveAttribute('data-name', '');
        } else if (url === '/waits-for') {
          // With a session's details open beside the graph.
          await page.getByTestId('waits-session').first().click();
          await expect(page.getByTestId('waits-details')).toBeVisible();
        } else if (url === '/incidents') await expect(incidentsShown(page)).toBeVisible({ timeout: 20_000 });
        else await expect(page.locator('main')).toBeVisible();
        // Let arrivals and fades end: axe measures the colours as they are.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        found.push(...results.violations.map((violation) => `${url} (${language}): ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`));
      }
      expect(found, scheme).toEqual([]);
      await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
    });
  }
});
