import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { Dashboard } from './pages/dashboard';

test.describe('the dashboard', () => {
  test('filters and sorts the locks, and the sessions view lists their owners', async ({ page, explorerUrl, zk }) => {
    const tag = randomUUID().slice(0, 8);
    const small = `/e2e-dash-${tag}/small/lock`;
    const large = `/e2e-dash-${tag}/large/lock`;
    const admin = await zk.session();
    const owners: string[] = [];
    for (const [path, count] of [
      [small, 2],
      [large, 5],
    ] as const) {
      await admin.mkdirp(path);
      for (let i = 0; i < count; i += 1) {
        const session = await zk.session();
        await session.create(`${path}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
        owners.push(session.sessionId!);
      }
    }
    const dashboard = new Dashboard(page, explorerUrl);
    await dashboard.goto();
    await dashboard.filter.fill(tag);
    await expect(dashboard.rows).toHaveCount(2);
    await expect(dashboard.row(large).getByTestId('queue-length')).toHaveText('4');

    await dashboard.sortBy('waiting');
    await expect.poll(() => dashboard.paths()).toEqual([large, small]);
    await expect(page.getByTestId('sort-waiting').locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
    await dashboard.sortBy('waiting');
    await expect.poll(() => dashboard.paths()).toEqual([small, large]);

    // The keyboard alone: `/` reaches the filter, arrow keys walk the rows, Enter opens a lock.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(dashboard.filter).toBeFocused();
    // Down from the filter goes to the first row, past the sort buttons.
    await page.keyboard.press('ArrowDown');
    await expect(dashboard.row(small).getByRole('link')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dashboard.row(large).getByRole('link')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(dashboard.row(small).getByRole('link')).toBeFocused();
    await page.keyboard.press('End');
    await expect(dashboard.row(large).getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/locks${large}$`));
    await page.goBack();
    await dashboard.filter.fill(tag);
    await expect(dashboard.rows).toHaveCount(2);

    await dashboard.filter.fill(`${tag} no-such-lock`);
    await expect(page.getByTestId('lock-filter-empty')).toBeVisible();
    // Escape clears the filter; Enter in it opens the first lock it shows.
    await page.keyboard.press('Escape');
    await expect(dashboard.filter).toHaveValue('');
    await dashboard.filter.fill(large);
    await expect(dashboard.rows).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/locks${large}$`));
    await page.goBack();

    await page.getByTestId('nav-sessions').click();
    await expect(page).toHaveURL(/\/sessions$/);
    for (const owner of owners) await expect(page.locator(`[data-testid="session-row"][data-session="${owner}"]`)).toBeVisible();
    // The explorer's own session is not listed: it watches the locks it follows, and is no session of any of them.
    const health = (await (await page.request.get(`${explorerUrl}/api/health`)).json()) as { zookeeper: { sessionId: string } };
    await expect(page.locator(`[data-testid="session-row"][data-session="${health.zookeeper.sessionId}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-testid="session-row"][data-session="${owners[0]}"]`)).toContainText('holds');
    // The filter narrows the list to one session, says how many match, and Escape brings them all back.
    await page.getByTestId('session-filter').fill(owners[1]!);
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await expect(page.getByTestId('session-range')).toHaveText('1–1 of 1');
    await expect(page.getByTestId('session-next')).toBeDisabled();
    await page.getByTestId('session-filter').press('Escape');
    await expect(page.getByTestId('session-filter')).toHaveValue('');
    await expect.poll(() => page.getByTestId('session-row').count()).toBeGreaterThanOrEqual(owners.length);
    // A page at a time, over the API; a bad page is refused with a reason.
    const paged = (await (await page.request.get(`${explorerUrl}/api/sessions?limit=1&offset=1`)).json()) as { sessions: unknown[]; offset: number; total: number };
    expect(paged.sessions).toHaveLength(1);
    expect(paged.offset).toBe(1);
    expect(paged.total).toBeGreaterThanOrEqual(owners.length);
    const refused = await page.request.get(`${explorerUrl}/api/sessions?limit=0`);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain('limit');
  });
});
