import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawn } from './sim';

/** The operator's pages around the lock page: what a crashed holder looks like everywhere, and the sessions table at every width. */
test.describe('an operator triaging', () => {
  test('a crashed holder is a verdict of its own: on the lock page with its countdown, on the dashboard, in the diagnostics and the metrics, and flagged on the sessions page', async ({
    page,
    explorerUrl,
    zk,
    request,
  }) => {
    test.setTimeout(90_000);
    const path = `/sim${zk.lockPath('cut-off')}`;
    const [holder] = await spawn(request, explorerUrl, { path, count: 3, strategy: 'chained', sessionTimeoutMs: 60_000 });
    const sessionId = holder!.sessionId!;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(lock.nodes).toHaveCount(3);
    await expect(page.locator('[data-testid="anomaly"][data-kind="holder-disconnected"]')).toHaveCount(0);
    expect((await request.post(`${explorerUrl}/api/sim/contenders/${holder!.id}/crash`, { data: {} })).status()).toBe(200);

    // The lock page: the verdict, first among the anomalies, with the session and a countdown to its expiry; the summary says it too.
    const verdict = page.locator('[data-testid="anomaly"][data-kind="holder-disconnected"]');
    await expect(verdict).toHaveCount(1, { timeout: 30_000 });
    await expect(verdict).toContainText(`its session ${sessionId} has no connection`);
    // The node it names is told by its place, as the card shows it; the whole name is the title.
    await expect(verdict).toHaveText(/^The holder \(/);
    await expect(verdict).toHaveAttribute('title', new RegExp(`^${holder!.node} holds the lock`));
    // No hold has ended yet: the figures say how long this one has lasted, and the legend what its bar is.
    await expect(page.getByTestId('history-figures')).toContainText(/hold: none ended · the holder holds for \d+ s/);
    await expect(page.getByTestId('history-legend')).toContainText(/holds now|held before the explorer followed the lock/);
    await expect(verdict.getByTestId('anomaly-expiry')).toHaveText(/^ ?Expires in \d+ s\.$/);
    await expect(page.getByTestId('anomaly').first()).toHaveAttribute('data-kind', 'holder-disconnected');
    await expect(page.getByTestId('summary-holder-disconnected')).toHaveText(/no connection · ZooKeeper expires it in \d+ s/);

    // The API and the metrics an alert reads.
    const diagnostics = (await (await request.get(`${explorerUrl}/api/diagnostics`)).json()) as { anomalies: Array<{ path: string; kind: string; params?: Record<string, unknown> }> };
    const said = diagnostics.anomalies.find((anomaly) => anomaly.path === path && anomaly.kind === 'holder-disconnected');
    expect(said?.params?.session).toBe(sessionId);
    expect(typeof said?.params?.expiresAt).toBe('number');
    expect(await (await request.get(`${explorerUrl}/metrics`)).text()).toContain(`zklock_anomalies{lock="${path}",kind="holder-disconnected"} 1`);

    // The dashboard: the row says so by name, and its anomalies are named, not only counted.
    await page.goto(explorerUrl);
    const row = page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
    await expect(row.getByTestId('row-holder-disconnected')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('row-anomalies')).toContainText('Holder disconnected');

    // The sessions page: its row is flagged, with the countdown where the others say "renewed".
    await page.goto(`${explorerUrl}/sessions`);
    const session = page.locator(`[data-testid="session-row"][data-session="${sessionId}"]`);
    await expect(session).toHaveAttribute('data-silent', 'true', { timeout: 15_000 });
    await expect(session.getByTestId('session-silent')).toHaveText('no connection');
    await expect(session.getByTestId('session-expiry')).toHaveText(/no connection · expires in \d+\s+s/);
    await expect(page.getByTestId('sessions-flagged')).toContainText('without a connection');
    // The waiters' sessions are connected: not flagged.
    await expect(page.locator(`[data-testid="session-row"][data-session="${sessionId}"] ~ [data-silent="true"]`)).toHaveCount(0);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the sessions page reads at 1280 and 1920 px (lock paths broken only after a slash, rows a node tall, no sideways scrolling) and is a card list on a phone', async ({ page, explorerUrl, zk, request }) => {
    const paths = [`/sim${zk.lockPath('billing-accounts-reconciliation')}`, `/sim${zk.lockPath('orders')}`];
    const owners: string[] = [];
    for (const path of paths) for (const contender of await spawn(request, explorerUrl, { path, count: 2, strategy: 'chained' })) owners.push(contender.sessionId!);
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${explorerUrl}/sessions?`);
      await page.getByTestId('session-filter').fill('/sim/e2e-');
      for (const owner of owners) {
        const row = page.locator(`[data-testid="session-row"][data-session="${owner}"]`);
        await expect(row).toBeVisible({ timeout: 15_000 });
        // The lock's path keeps room: a few lines at most, each broken before a slash or after a hyphen, never between two letters.
        const breaks = await row.locator('td.session-nodes a').evaluate((element) => {
          const found: string[] = [];
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          let previous: { top: number; character: string } | null = null;
          for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
            for (let index = 0; index < node.data.length; index += 1) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (previous !== null && top > previous.top + 2) found.push(`${previous.character}|${node.data[index]}`);
              previous = { top, character: node.data[index]! };
            }
          }
          return found;
        });
        expect(breaks.length, `the path at ${width} px`).toBeLessThanOrEqual(2);
        for (const at of breaks) expect(at.startsWith('-|') || at.endsWith('|/'), `a break ${at} at ${width} px`).toBe(true);
        expect((await row.locator('td.session-nodes').boundingBox())!.width, `the lock nodes at ${width} px`).toBeGreaterThanOrEqual(280);
        expect((await row.boundingBox())!.height, `a row at ${width} px`).toBeLessThan(120);
      }
      // Every column in view: the table does not scroll sideways.
      const [scrollWidth, clientWidth] = await page.locator('.table-scroll').evaluate((element) => [element.scrollWidth, element.clientWidth]);
      expect(scrollWidth, `the table at ${width} px`).toBeLessThanOrEqual(clientWidth);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${explorerUrl}/sessions`);
    await page.getByTestId('session-filter').fill(owners[0]!);
    const card = page.locator(`[data-testid="session-row"][data-session="${owners[0]}"]`);
    await expect(card).toBeVisible({ timeout: 15_000 });
    // A card: its fields one under another, each with its name, as wide as the screen allows.
    expect(await card.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    const label = await card.locator('td.session-nodes').evaluate((element) => getComputedStyle(element, '::before').content);
    expect(label).toBe('"Lock nodes"');
    expect((await card.boundingBox())!.width).toBeGreaterThan(300);
    await expect(page.locator('table.sessions thead')).not.toBeInViewport();
    for (const path of paths) await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('selecting a node from an anomaly below the queue brings its card into view, and where breaking is on, the panel offers it', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('select-scroll')}`;
    await spawn(request, explorerUrl, { path, count: 6, strategy: 'chained' });
    await spawn(request, explorerUrl, { path, count: 1, strategy: 'no-watch' });
    await page.setViewportSize({ width: 390, height: 844 });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const anomaly = page.locator('[data-testid="anomaly"][data-kind="no-watch"] button');
    await expect(anomaly).toHaveCount(1, { timeout: 20_000 });
    const name = (await page.locator('[data-testid="anomaly"][data-kind="no-watch"]').getAttribute('data-node'))!;
    await anomaly.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="anomaly"][data-kind="no-watch"]')).toHaveText(/^Waiter #\d+ \(.+\) waits/);
    const card = page.locator(`[data-testid="lock-node"][data-name="${name}"]`);
    await expect(card).not.toBeInViewport();
    await anomaly.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toBeInViewport();
    // The e2e explorer allows breaking: the panel offers it (elsewhere it says how: see BreakLock.test.tsx).
    await expect(page.getByTestId('break-lock')).toBeVisible();
    await expect(page.getByTestId('break-unavailable')).toHaveCount(0);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
