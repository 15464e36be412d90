import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';

test.describe('the history strip', () => {
  test('draws a bar for each hold the simulated contenders recorded, each as long as it held, and selects a node still there', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('history')}`;
    const lock = new LockPage(page, explorerUrl);
    const reads: string[] = [];
    page.on('request', (sent) => void (sent.url().includes('/api/history/') ? reads.push(sent.url()) : undefined));
    await lock.goto(path);
    // The page follows the lock before anybody holds it: every hold is seen from its start.
    await expect(page.getByTestId('lock-missing')).toBeVisible();
    // Four contenders hold 400 ms each, one after another; a fifth keeps holding.
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, strategy: 'chained-getdata', count: 4, holdMs: 400, rounds: 1 } })).status()).toBe(201);
    const contenders = async () => ((await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as { contenders: Array<{ path: string; sessionId: string; state: string; acquisitions: number; holdMs: number }> }).contenders.filter((contender) => contender.path === path);
    await expect.poll(async () => (await contenders()).filter((contender) => contender.state === 'done').length, { timeout: 20_000 }).toBe(4);
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, strategy: 'chained-getdata', count: 1, holdMs: 600_000, rounds: 1 } })).status()).toBe(201);

    const bars = page.getByTestId('history-bar');
    await expect(bars).toHaveCount(5, { timeout: 15_000 });
    const drawn = await bars.evaluateAll((elements) => elements.map((element) => ({ node: element.getAttribute('data-node')!, session: element.getAttribute('data-session')!, ended: element.getAttribute('data-ended')!, ms: Number(element.getAttribute('data-ms')) })));
    const recorded = await contenders();
    // Each finished contender held once, for its hold time: one released bar of that length, with its session.
    const finished = recorded.filter((contender) => contender.state === 'done');
    expect(finished.map((contender) => contender.acquisitions)).toEqual([1, 1, 1, 1]);
    const released = drawn.filter((bar) => bar.ended === 'released');
    expect(released.map((bar) => bar.session).sort()).toEqual(finished.map((contender) => contender.sessionId).sort());
    for (const bar of released) {
      const held = finished.find((contender) => contender.sessionId === bar.session)!.holdMs;
      // The explorer sees a hold from ZooKeeper's events, the contender from its own clock: they agree within a few ms.
      expect(Math.abs(bar.ms - held)).toBeLessThan(150);
    }
    // In the order they held (sequence order), the current holder last and growing.
    const sequence = (node: string): string => node.slice(-10);
    expect(drawn.map((bar) => sequence(bar.node))).toEqual(drawn.map((bar) => sequence(bar.node)).sort());
    expect(drawn.at(-1)!.ended).toBe('holding');
    // Five holds began: counted, not said as a rate of 1.0 a minute.
    await expect(page.getByTestId('history-handovers')).toHaveText(/^5 holds began in the last \d+ min$/);
    await expect(page.getByTestId('history-figures')).toContainText('hold p50');
    // The bars were drawn from one whole read, then reads of what changed since the one before.
    expect(reads[0]).not.toContain('since=');
    // (The bars may come from that first whole read itself, on a busy machine before any later read: the next one asks since it.)
    await expect.poll(() => reads.at(-1), { timeout: 15_000 }).toMatch(/\?since=\d+$/);

    // A click on the current hold's bar selects its node; the finished ones are gone from the lock.
    await bars.last().click();
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', drawn.at(-1)!.node);

    // The dashboard's hot-lock columns say the same: handovers a minute and the p99 wait, sortable.
    await page.goto(`${explorerUrl}/`);
    const row = page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
    await expect(row.getByTestId('row-handovers')).not.toHaveText('—');
    expect(Number(await row.getByTestId('row-handovers').textContent())).toBeGreaterThan(0);
    await expect(row.getByTestId('row-wait-p99')).not.toHaveText('—');
    await page.getByTestId('sort-handovers').click();
    await expect(page.getByTestId('sort-handovers').locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});

test.describe('the event strip', () => {
  test('lists what happens to the queue as it happens, pauses, and steps back through it in words', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('events')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(page.getByTestId('event-said')).toHaveText('Nothing has happened since the explorer began to follow this lock.');
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 3, strategy: 'chained', holdMs: 400, rounds: 1 } })).status()).toBe(201);
    // Three creates, three holds, three deletes, two notifications.
    const strip = page.getByTestId('event-strip');
    await expect.poll(async () => Number(await strip.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThanOrEqual(11);
    await page.getByTestId('event-pause').click();
    await expect(page.getByTestId('event-pause')).toHaveAttribute('aria-pressed', 'true');
    // Back to the first event by keyboard: it says which node was created.
    await page.getByTestId('event-scrub').focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('event-said')).toContainText('created');
    // A notification, in words: whose deletion woke whom.
    const count = Number(await strip.getAttribute('data-count'));
    let said = '';
    for (let step = 0; step < count && !said.includes('woke'); step += 1) {
      await page.keyboard.press('ArrowRight');
      said = (await page.getByTestId('event-said').textContent()) ?? '';
    }
    expect(said).toMatch(/fired watches .* · its deletion woke 1, first /);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('begins with what happened before the page opened, from the explorer’s history', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('earlier')}`;
    // The explorer follows the lock while three contenders take it in turn, with no page open on it.
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 3, strategy: 'chained', holdMs: 200, rounds: 1 } })).status()).toBe(201);
    // (404 until the explorer has found the lock.)
    await expect
      .poll(async () => ((await (await request.get(`${explorerUrl}/api/history${path}`)).json()) as { holds?: unknown[] }).holds?.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const strip = page.getByTestId('event-strip');
    // Its creations, holds and deletions, paler on the strip, each said as earlier.
    await expect.poll(async () => Number(await strip.getAttribute('data-count')), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await expect(strip.locator('.event-tick.is-earlier').first()).toBeVisible();
    await page.getByTestId('event-scrub').focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('event-said')).toContainText('before this page opened');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
