import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { TwoLockClient } from '../server/testing/real-clients';

/** The verdicts an operator comes for, on the page they look at: a deadlock, and waiters no watch will wake. */
test.describe('a stuck lock, as the operator sees it', () => {
  test('a deadlock of two Curator applications is said first on both lock pages, flagged on the dashboard and drawn in red in the waits-for view', async ({ page, explorerUrl, zk }) => {
    test.setTimeout(90_000);
    const accounts = zk.lockPath('deadlock-accounts');
    const ledger = zk.lockPath('deadlock-ledger');
    const connect = process.env.EXPLORER_ZK_CONNECT!;
    const one = await TwoLockClient.start(connect, accounts, ledger);
    const two = await TwoLockClient.start(connect, ledger, accounts);
    try {
      const lock = new LockPage(page, explorerUrl);
      await lock.goto(accounts);
      await expect(lock.nodes).toHaveCount(1);
      const asked = Date.now();
      await Promise.all([one.go(), two.go()]);
      const alert = page.getByTestId('deadlock-alert');
      await expect(alert).toBeVisible({ timeout: 15_000 });
      console.log(`deadlock said on the lock page ${Date.now() - asked} ms after both Curator clients asked for their second lock`);
      // It is the first thing in the page's main column, above the summary.
      const [alertBox, summaryBox] = [await alert.boundingBox(), await page.getByTestId('lock-summary').boundingBox()];
      expect(alertBox!.y).toBeLessThan(summaryBox!.y);
      await expect(alert).toContainText('will not be released on its own');
      const steps = alert.getByTestId('deadlock-step');
      await expect(steps).toHaveCount(2);
      await expect(alert.locator(`[data-testid="deadlock-step"][data-session="${two.session}"]`)).toContainText('this lock');
      // Client addresses come with ZooKeeper's next report.
      await expect(alert.locator(`[data-testid="deadlock-step"][data-session="${one.session}"]`)).toContainText(/\(127\.0\.0\.1:\d+\)/);
      await expect(page.locator('[data-testid="anomaly"][data-kind="deadlock"]')).toHaveCount(1);
      // The anomaly list points to the alert rather than telling the cycle a second time.
      await expect(page.locator('[data-testid="anomaly"][data-kind="deadlock"]')).toHaveText('Part of a cycle of 2 sessions: who waits for whom, and how to end it, are in the Deadlock box.');
      // From the alert to what frees it: this lock's holder (the first session of the cycle) in the panel, with what can be done to it.
      await alert.getByTestId('deadlock-select-holder').click();
      const panel = page.getByTestId('node-panel');
      await expect(panel).toContainText(one.session);
      await expect(panel.getByTestId('break-lock')).toBeVisible();
      // Curator's revocation is the gentle way, but these applications did not make their locks revocable: the panel says so.
      await expect(panel.getByTestId('revoke-unavailable')).toContainText('did not make the lock revocable');
      await expect(panel.getByTestId('revoke-lock')).toHaveCount(0);

      // The other lock of the cycle is a link, and says it too.
      await alert.getByTestId('deadlock-lock-link').click();
      await expect(page).toHaveURL(new RegExp(`/locks${ledger}$`));
      await expect(page.getByTestId('deadlock-alert')).toBeVisible();

      // The dashboard flags both rows.
      await page.goto(explorerUrl);
      for (const path of [accounts, ledger]) await expect(page.locator(`[data-testid="lock-row"][data-path="${path}"] [data-testid="row-deadlock"]`)).toBeVisible();

      // The waits-for view draws the cycle in red: two sessions, an arrow each way.
      await page.getByTestId('nav-waits-for').click();
      await expect(page.locator('[data-testid="waits-edge"][data-deadlocked="true"]')).toHaveCount(2);
      for (const session of [one.session, two.session]) await expect(page.locator(`[data-testid="waits-session"][data-session="${session}"]`)).toHaveAttribute('data-deadlocked', 'true');
      await expect(page.getByTestId('waits-deadlock')).toContainText(accounts);
      await expect(page.getByTestId('waits-deadlocks')).toContainText('2 sessions wait on one another; a cycle through them, 2 steps:');
      // With each session's client address, as ZooKeeper reports it.
      await expect(page.getByTestId('waits-deadlock')).toContainText(/\(127\.0\.0\.1:\d+\)/);
      // A session selected (a click, a tap) says what it holds and waits in, and leads to its row in the sessions view.
      await page.locator(`[data-testid="waits-session"][data-session="${one.session}"]`).click();
      await expect(page.getByTestId('waits-details')).toContainText(one.session);
      await expect(page.getByTestId('waits-details')).toContainText('On a deadlock cycle');
      await page.getByTestId('waits-open-session').click();
      await expect(page.locator(`[data-testid="session-row"][data-session="${one.session}"]`)).toHaveAttribute('aria-current', 'true');
      // Where it is flagged as deadlocked, as the other session of the cycle is.
      await page.getByTestId('session-filter').fill('');
      for (const session of [one.session, two.session]) {
        const row = page.locator(`[data-testid="session-row"][data-session="${session}"]`);
        await expect(row).toHaveAttribute('data-deadlocked', 'true');
        await expect(row.getByTestId('session-deadlocked')).toHaveText('deadlock');
      }
      await expect(page.getByTestId('sessions-flagged')).toContainText('2 deadlocked');
      // Listed first.
      await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-deadlocked', 'true');
      await page.goBack();
    } finally {
      await one.stop();
      await two.stop();
    }
    // Once one of them ends, the cycle is gone from the view.
    await expect(page.locator('[data-testid="waits-edge"][data-deadlocked="true"]')).toHaveCount(0, { timeout: 20_000 });
  });

  test('waiters that watch nothing are one verdict naming each of them, and the legend and the verdict agree', async ({ page, explorerUrl, zk }) => {
    const path = zk.lockPath('unwatched');
    const admin = await zk.session();
    await admin.mkdirp(path);
    for (let i = 0; i < 4; i += 1) await (await zk.session()).create(`${path}/lock-`, null, 'ephemeral-sequential');
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const verdict = page.locator('[data-testid="anomaly"][data-kind="no-watch"]');
    await expect(verdict).toHaveAttribute('data-count', '3', { timeout: 15_000 });
    await expect(verdict).toHaveCount(1);
    await expect(verdict).toContainText(/^Waiter #1 \(.+\) and 2 more waiters wait/);
    // Its nodes, folded under it, each a link to its card.
    await verdict.getByTestId('anomaly-nodes').locator('summary').click();
    await expect(verdict.getByTestId('anomaly-nodes').getByRole('button')).toHaveText(['Waiter #1 (lock-0000000001)', 'Waiter #2 (lock-0000000002)', 'Waiter #3 (lock-0000000003)']);
    await page.getByTestId('anomaly-list').screenshot({ path: '.tmp/screenshots/no-watch-verdict.png' });
    await expect(page.locator('[data-testid="watch-edge"][data-confirmed="missing"]')).toHaveCount(3);
    await expect(page.getByTestId('anomaly-none')).toHaveCount(0);
    await expect(page.getByTestId('summary-candidates')).toContainText('menagerie');
  });
});

/** For each watch edge, whether its arrow ends on the card it names (in page pixels, with room for the arrowhead). */
async function edgeEnds(page: Page): Promise<Array<{ from: string; to: string; onCard: boolean }>> {
  return page.evaluate(() => {
    const cards = new Map<string, DOMRect>();
    for (const card of document.querySelectorAll('[data-testid="lock-node"]')) cards.set(card.getAttribute('data-name') ?? '', card.getBoundingClientRect());
    return [...document.querySelectorAll<SVGPathElement>('[data-testid="watch-edge"]')].map((edge) => {
      const end = edge.getPointAtLength(edge.getTotalLength());
      const matrix = edge.getScreenCTM()!;
      const x = matrix.a * end.x + matrix.c * end.y + matrix.e;
      const y = matrix.b * end.x + matrix.d * end.y + matrix.f;
      // An edge to the lock's parent (a herd, a semaphore's next in line) ends on the parent's box, drawn above the first card.
      const to = edge.getAttribute('data-to') ?? '';
      const box = to.startsWith('/') ? document.querySelector(`[data-testid="lock-parent"][data-path="${to}"]`)?.getBoundingClientRect() : cards.get(to);
      const onCard = box !== undefined && x >= box.left - 8 && x <= box.right + 8 && y >= box.top - 8 && y <= box.bottom + 8;
      return { from: edge.getAttribute('data-from') ?? '', to: edge.getAttribute('data-to') ?? '', onCard };
    });
  });
}

test.describe('every edge ends on the card it names, in Chromium', () => {
  const layouts: Array<{ label: string; spawns: Array<Record<string, unknown>>; edges: number }> = [
    { label: 'mutex', spawns: [{ strategy: 'chained-getdata', count: 5 }], edges: 4 },
    // A writer holds, six readers wait together (one group, with one edge to the writer), and a writer waits behind the last reader.
    { label: 'read-write', spawns: [{ strategy: 'write', count: 1 }, { strategy: 'read', count: 6 }, { strategy: 'write', count: 1 }], edges: 2 },
    // Three hold leases; of the three queued, the first watches the leases (the parent), the others their predecessor.
    { label: 'semaphore', spawns: [{ strategy: 'semaphore', count: 6, maxLeases: 3 }], edges: 3 },
  ];
  for (const { label, spawns, edges } of layouts) {
    test(label, async ({ page, explorerUrl, zk, request }) => {
      const path = `/sim${zk.lockPath(`edges-${label}`)}`;
      await page.setViewportSize({ width: 1920, height: 1000 });
      const lock = new LockPage(page, explorerUrl);
      await lock.goto(path);
      for (const spawn of spawns) {
        expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, holdMs: 600_000, ...spawn } })).status()).toBe(201);
      }
      await expect(lock.edges).toHaveCount(edges, { timeout: 20_000 });
      // Let the arrival animations end.
      await page.waitForFunction(() => document.querySelector('[data-testid="queue-diagram"]')?.getAnimations({ subtree: true }).length === 0);
      const ends = await edgeEnds(page);
      expect(ends.filter((end) => !end.onCard)).toEqual([]);
      if (label === 'read-write') {
        // The six readers are one framed group whose one edge stands for all six.
        await expect(page.locator('[data-testid="queue-group"][data-kind="readers"]')).toHaveAttribute('data-count', '6');
        await expect(page.locator('[data-testid="watch-edge"][data-count="6"]')).toHaveCount(1);
      }
      if (label === 'semaphore') await expect(page.locator('[data-testid="queue-group"][data-kind="holders"]')).toHaveAttribute('data-count', '3');
      await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
    });
  }

  test('a herd of more than 20 is one thick edge with its count, ending on the parent', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('edges-big-herd')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, strategy: 'herd', count: 25, holdMs: 600_000 } })).status()).toBe(201);
    await expect(page.getByTestId('summary-waiters')).toHaveText('24', { timeout: 20_000 });
    await expect(lock.edges).toHaveCount(1);
    await expect(lock.edges).toHaveAttribute('data-count', '24');
    await expect(page.getByTestId('herd-count')).toHaveText('24');
    await expect(page.getByTestId('lock-parent')).toHaveAttribute('data-watchers', '24');
    await page.waitForFunction(() => document.querySelector('[data-testid="queue-diagram"]')?.getAnimations({ subtree: true }).length === 0);
    expect((await edgeEnds(page)).map((end) => end.onCard)).toEqual([true]);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('herd: every edge ends on the parent, above the holder', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('edges-herd')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, strategy: 'herd', count: 5, holdMs: 600_000 } })).status()).toBe(201);
    await expect(lock.edges).toHaveCount(4, { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="queue-diagram"]')?.getAnimations({ subtree: true }).length === 0);
    const points = await page.evaluate(() =>
      [...document.querySelectorAll<SVGPathElement>('[data-testid="watch-edge"]')].map((edge) => {
        const end = edge.getPointAtLength(edge.getTotalLength());
        const matrix = edge.getScreenCTM()!;
        return { x: matrix.a * end.x + matrix.c * end.y + matrix.e, y: matrix.b * end.x + matrix.d * end.y + matrix.f };
      }),
    );
    const holder = (await page.locator('[data-testid="lock-node"][data-role="holder"]').boundingBox())!;
    for (const point of points) {
      expect(point.y).toBeLessThanOrEqual(holder.y + 2);
      expect(Math.abs(point.x - points[0]!.x)).toBeLessThan(1);
      expect(Math.abs(point.y - points[0]!.y)).toBeLessThan(1);
    }
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
