import { expect, test } from './fixtures';
import type { ContenderList } from '../lib/protocol';

test.describe('the classroom', () => {
  test('herd against chain: the counters on screen agree with the contenders and with ZooKeeper, in both languages', async ({ page, explorerUrl, request }) => {
    test.setTimeout(120_000);
    await page.goto(`${explorerUrl}/demo`);
    await page.getByTestId('language-en').click();
    await page.getByTestId('demo-size').fill('6');
    await page.getByTestId('demo-start').click();
    await expect(page.getByTestId('demo-status')).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    const herdPath = (await page.getByTestId('demo-side-herd').getAttribute('data-path'))!;
    const chainPath = (await page.getByTestId('demo-side-chained').getAttribute('data-path'))!;

    // Two releases, one at a time: the button, then the keyboard.
    await page.getByTestId('demo-step').click();
    await expect(page.getByTestId('herd-releases')).toHaveText('1');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('herd-releases')).toHaveText('2');

    // Presenter view (P) leaves the lesson alone on the screen, and comes back.
    await page.keyboard.press('p');
    await expect(page.locator('.app-header')).toBeHidden();
    await expect(page.getByTestId('demo-present')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('p');
    await expect(page.locator('.app-header')).toBeVisible();
    await expect(page.getByTestId('chained-releases')).toHaveText('2');

    // The contenders' own counters, read from the API, match the screen (the herd's joining is shown apart).
    const totals = async (path: string): Promise<number> => {
      const list = (await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as ContenderList;
      return list.contenders.filter((contender) => contender.path === path).reduce((sum, contender) => sum + contender.notifications, 0);
    };
    const onScreen = async (testId: string): Promise<number> => Number(await page.getByTestId(testId).textContent());
    await expect.poll(async () => (await onScreen('herd-notifications')) + Number(await page.getByTestId('demo-joining').getAttribute('data-count'))).toBe(await totals(herdPath));
    await expect.poll(async () => onScreen('chained-notifications')).toBe(await totals(chainPath));
    // A herd wakes every waiter left (5, then 4), a chain one per release.
    expect(await onScreen('herd-notifications')).toBeGreaterThanOrEqual(9);
    expect(await onScreen('chained-notifications')).toBe(2);
    // ZooKeeper's mntr counts at least as many watchers fired (plus the explorer's own child watch per change).
    await expect.poll(async () => onScreen('zk-children'), { timeout: 10_000 }).toBeGreaterThanOrEqual(await onScreen('herd-notifications'));
    await expect.poll(async () => onScreen('zk-deleted'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('demo-chart-herd')).toHaveAttribute('data-points', '3');

    // The timeline: back to the first recorded moment, when nobody had released yet, then live again.
    const slider = page.getByTestId('timeline-slider');
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('timeline-position')).toHaveAttribute('data-live', 'false');
    await expect(page.getByTestId('herd-releases')).toHaveText('0');
    await expect(page.getByTestId('chained-releases')).toHaveText('0');
    await page.getByTestId('timeline-live').click();
    await expect(page.getByTestId('herd-releases')).toHaveText('2');
    // A replay runs through every change and ends live.
    await page.getByTestId('timeline-replay').click();
    await expect(page.getByTestId('timeline-position')).toHaveAttribute('data-live', 'false');
    await expect(page.getByTestId('timeline-position')).toHaveAttribute('data-live', 'true', { timeout: 30_000 });

    // The same page in Chinese, remembered across a reload.
    await page.getByTestId('language-zh').click();
    await expect(page.locator('h1')).toHaveText('课堂：羊群效应与链式监听');
    await expect(page.getByTestId('demo-step')).toHaveText('释放一次');

    // Reset stops every contender of the run.
    await page.getByTestId('demo-reset').click();
    await expect(page.getByTestId('demo-status')).toHaveAttribute('data-phase', 'idle');
    await expect.poll(async () => (await totals(herdPath)) + (await totals(chainPath))).toBe(0);
    await page.reload();
    await expect(page.locator('h1')).toHaveText('课堂：羊群效应与链式监听');
    await page.getByTestId('language-en').click();
  });
});

test.describe('the classroom sweep', () => {
  test('drains a herd and a chain of each length: the herd costs at least N(N−1)/2, the chain N−1', async ({ page, explorerUrl }) => {
    test.setTimeout(180_000);
    await page.goto(`${explorerUrl}/demo`);
    await page.getByTestId('language-en').click();
    await page.getByTestId('sweep-run').click();
    await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-running', 'true');
    await expect(page.getByTestId('sweep-status')).toHaveAttribute('data-running', 'false', { timeout: 150_000 });
    const text = (await page.getByTestId('sweep-status').textContent()) ?? '';
    const results = [...text.matchAll(/N = (\d+): herd (\d+), chain (\d+)/g)].map((match) => match.slice(1).map(Number) as [number, number, number]);
    expect(results.map(([n]) => n)).toEqual([5, 10, 20, 40]);
    for (const [n, herd, chain] of results) {
      expect(herd).toBeGreaterThanOrEqual((n * (n - 1)) / 2);
      expect(chain).toBe(n - 1);
    }
    await expect(page.getByTestId('sweep-chart-herd')).toHaveAttribute('data-points', '5');
  });
});
