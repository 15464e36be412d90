import type { ContenderInfo } from '../lib/protocol';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';

test.describe('the command palette', () => {
  test('Ctrl+K goes to a lock by part of its path, and acts on the selected node by keyboard alone', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('palette')}`;
    const spawned = await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 3, strategy: 'chained', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 30_000 } });
    expect(spawned.status()).toBe(201);
    const [holder] = ((await spawned.json()) as { contenders: ContenderInfo[] }).contenders;
    await page.goto(explorerUrl);
    await expect(page.locator(`[data-testid="lock-row"][data-path="${path}"]`)).toBeVisible({ timeout: 20_000 });

    // From the dashboard: the lock by a piece of its name.
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await expect(page.getByTestId('palette-input')).toBeFocused();
    await page.keyboard.type(path.split('/')[2]!);
    await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-command', `lock:${path}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/locks${path}$`));
    await expect(page.getByTestId('command-palette')).toHaveCount(0);

    // On the lock page: select the holder, then crash its contender, without the mouse.
    const lock = new LockPage(page, explorerUrl);
    await expect(lock.nodes).toHaveCount(3);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('select the holder');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', (await page.locator('[data-testid="lock-node"][data-role="holder"]').getAttribute('data-name'))!);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('crash fault');
    await expect(page.getByTestId('palette-item')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => ((await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as { contenders: ContenderInfo[] }).contenders.find((contender) => contender.id === holder!.id)?.state)
      .toBe('crashed');

    // Escape closes it; nothing matching says so.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('no such thing at all');
    await expect(page.getByTestId('command-palette')).toContainText('Nothing matches');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('command-palette')).toHaveCount(0);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
