import { expect, test } from './fixtures';
import type { ContenderList } from '../lib/protocol';

/** Every scenario of the classroom after the first, run in Chromium, each with what it must show. */
test.describe('the classroom scenarios', () => {
  test.describe.configure({ timeout: 90_000 });

  const contendersOf = async (request: import('@playwright/test').APIRequestContext, explorerUrl: string, paths: string[]) => {
    const list = (await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as ContenderList;
    return list.contenders.filter((contender) => paths.includes(contender.path));
  };

  const open = async (page: import('@playwright/test').Page, explorerUrl: string, id: string): Promise<string[]> => {
    await page.goto(`${explorerUrl}/demo?scenario=${id}`);
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('scenario')).toHaveAttribute('data-scenario', id);
    await page.getByTestId('scenario-run').click();
    await expect(page.getByTestId('scenario-run')).toBeEnabled({ timeout: 30_000 });
    const locks = page.getByTestId('scenario-lock');
    await expect(locks.first()).toBeVisible();
    return locks.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path') ?? ''));
  };

  test('2: one node for everyone — each release wakes every other contender, and the counters agree', async ({ page, explorerUrl, request }) => {
    const paths = await open(page, explorerUrl, 'single-node');
    // Six contenders, two rounds each: twelve acquisitions, then the queue is empty.
    await expect(page.getByTestId('scenario-acquisitions')).toHaveText('12', { timeout: 60_000 });
    const contenders = await contendersOf(request, explorerUrl, paths);
    const notifications = contenders.reduce((sum, contender) => sum + contender.notifications, 0);
    await expect(page.getByTestId('scenario-notifications')).toHaveText(String(notifications));
    expect(notifications).toBeGreaterThan(12);
    expect(Number(await page.getByTestId('scenario-wasted').textContent())).toBeGreaterThan(0);
  });

  test('3: the holder crashes — its node stays until the session expires, then the next holds', async ({ page, explorerUrl, request }) => {
    const paths = await open(page, explorerUrl, 'crash');
    await expect(page.locator('[data-testid="scenario-contender"][data-state="holding"]')).toHaveCount(1);
    const holder = await page.locator('[data-testid="scenario-contender"][data-state="holding"]').getAttribute('data-id');
    await page.getByTestId('scenario-fault').click();
    const crashedAt = Date.now();
    await expect(page.locator(`[data-testid="scenario-contender"][data-id="${holder}"]`)).toHaveAttribute('data-state', 'crashed');
    // The crashed holder's node still holds: nobody else does, and the page names it disconnected, with the time ZooKeeper gives it.
    const verdict = page.locator('[data-testid="scenario-anomaly"][data-kind="holder-disconnected"]');
    await expect(verdict).toHaveCount(1, { timeout: 10_000 });
    console.log(`the crashed holder named disconnected ${Date.now() - crashedAt} ms after the crash`);
    await expect(verdict.getByTestId('anomaly-expiry')).toHaveText(/Expires in \d+ s/);
    // And its diagram draws the holder so, with the countdown, as the lock's own page does.
    await expect(page.getByTestId('scenario-lock').getByTestId('silent-owner')).toHaveCount(1);
    expect((await contendersOf(request, explorerUrl, paths)).filter((contender) => contender.state === 'holding')).toHaveLength(0);
    await expect(page.locator('[data-testid="scenario-contender"][data-state="holding"]')).toHaveCount(1, { timeout: 30_000 });
    // The diagnostics' silence now says why: the session expired and its node went.
    await expect(page.getByTestId('scenario-quiet')).toContainText('ZooKeeper expired the crashed holder’s session');

    // Closing the tab ends the scenario: its contenders stop and its lock goes, crashed holder's node included.
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await contendersOf(request, explorerUrl, paths)).length, { timeout: 15_000 }).toBe(0);
    for (const path of paths) {
      await expect.poll(async () => ((await (await request.get(`${explorerUrl}/api/locks${path}`)).json()) as { exists: boolean }).exists, { timeout: 15_000 }).toBe(false);
    }
  });

  test('4: a lost create reply — an orphan without a GUID, none with one', async ({ page, explorerUrl, request }) => {
    const paths = await open(page, explorerUrl, 'lost-create');
    const [plain, guarded] = paths as [string, string];
    await expect.poll(async () => (await contendersOf(request, explorerUrl, paths)).every((contender) => contender.acquisitions >= 1)).toBe(true);
    await page.getByTestId('scenario-fault').click();
    const lock = (path: string) => page.locator(`[data-testid="scenario-lock"][data-path="${path}"]`);
    await expect(lock(plain).locator('[data-testid="scenario-anomaly"][data-kind="orphan"]')).toHaveCount(1, { timeout: 30_000 });
    // With a GUID the contender finds the node it made and goes on taking the lock.
    const before = (await contendersOf(request, explorerUrl, [guarded]))[0]!.acquisitions;
    await expect.poll(async () => (await contendersOf(request, explorerUrl, [guarded]))[0]!.acquisitions, { timeout: 20_000 }).toBeGreaterThan(before + 1);
    await expect(lock(guarded).locator('[data-testid="scenario-anomaly"][data-kind="orphan"]')).toHaveCount(0);
  });

  test('5: a GC pause longer than the session — two holders, told apart by their fencing tokens', async ({ page, explorerUrl, request }) => {
    const paths = await open(page, explorerUrl, 'gc-pause');
    await expect(page.locator('[data-testid="scenario-contender"][data-state="holding"]')).toHaveCount(1);
    await page.getByTestId('scenario-fault').click();
    // The paused one still believes it holds while the next one holds.
    await expect(page.locator('[data-testid="scenario-contender"][data-believes="true"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('[data-testid="scenario-contender"][data-state="holding"]')).toHaveCount(1, { timeout: 20_000 });
    const both = (await contendersOf(request, explorerUrl, paths)).filter((contender) => contender.believesHolding || contender.state === 'holding');
    expect(both).toHaveLength(2);
    expect(new Set(both.map((contender) => contender.czxid)).size).toBe(2);
    // When the pause ends the overlap is on record.
    await expect(page.getByTestId('scenario-violations')).toBeVisible({ timeout: 20_000 });
    // Above it, the diagnostics do not say "nothing wrong yet": to ZooKeeper there was one holder, the overlap was the clients'.
    await expect(page.getByTestId('scenario-quiet')).toContainText(/sees one holder|never had two holders/);
  });

  test('6: a read-write lock — readers waiting together hold together', async ({ page, explorerUrl }) => {
    await page.goto(`${explorerUrl}/demo?scenario=read-write`);
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('scenario')).toHaveAttribute('data-scenario', 'read-write');
    // The writer first, alone; then the three readers behind it together, for 2.5 s, which may be over before the
    // scenario's last contenders are spawned: watched frame by frame from the click on, not from the end of the run.
    const together = page.waitForFunction(() => document.querySelector('[data-testid="scenario-lock"][data-holders="3"]') !== null, undefined, { polling: 'raf', timeout: 30_000 });
    await page.getByTestId('scenario-run').click();
    await together;
  });

  test('one lesson at a time: choosing another tab ends the scenario or the run before it, and so does hiding the page', async ({ page, explorerUrl, request }) => {
    const remaining = async (paths: string[]): Promise<number> => (await contendersOf(request, explorerUrl, paths)).length;
    // The herd and the chain, prepared: its contenders run until the tab is left.
    await page.goto(`${explorerUrl}/demo`);
    await page.getByTestId('demo-start').click();
    await expect.poll(async () => ((await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as ContenderList).contenders.filter((contender) => contender.path.includes('/classroom/')).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const classroom = [...new Set(((await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as ContenderList).contenders.map((contender) => contender.path).filter((path) => path.includes('/classroom/')))];
    await page.getByTestId('scenario-tab-crash').click();
    await expect.poll(() => remaining(classroom), { timeout: 15_000 }).toBe(0);
    // A scenario, then another tab: the first one's contenders are stopped.
    await page.getByTestId('scenario-run').click();
    await expect(page.getByTestId('scenario-run')).toBeEnabled({ timeout: 30_000 });
    const crash = await page.getByTestId('scenario-lock').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path') ?? ''));
    expect(await remaining(crash)).toBe(4);
    await page.getByTestId('scenario-tab-read-write').click();
    await expect.poll(() => remaining(crash), { timeout: 15_000 }).toBe(0);
    // Hidden (another browser tab in front): the scenario ends too.
    await page.getByTestId('scenario-tab-stuck-waiter').click();
    await page.getByTestId('scenario-run').click();
    await expect(page.getByTestId('scenario-run')).toBeEnabled({ timeout: 30_000 });
    const stuck = await page.getByTestId('scenario-lock').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path') ?? ''));
    expect(await remaining(stuck)).toBe(4);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => remaining(stuck), { timeout: 15_000 }).toBe(0);
  });

  test('7: a waiter that watches nothing — the diagnostics name it', async ({ page, explorerUrl }) => {
    await open(page, explorerUrl, 'stuck-waiter');
    const anomaly = page.locator('[data-testid="scenario-anomaly"][data-kind="no-watch"]');
    await expect(anomaly).toHaveCount(1, { timeout: 20_000 });
    // It waits in the one queue: one contender holds, the one that forgot its watch among the waiters, and no two hold at once.
    await expect(page.locator('[data-testid="scenario-contender"][data-state="holding"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="scenario-contender"][data-state="waiting"]')).toHaveCount(3);
    await expect(page.getByTestId('scenario-violations')).toHaveCount(0);
    const english = (await anomaly.textContent()) ?? '';
    // It is named by its place in the queue and by the contender that made it, as the table below names that contender.
    const forgetful = (await page.locator('[data-testid="scenario-contender"][data-strategy="no-watch"]').getAttribute('data-id')) ?? '';
    const stuck = /(Waiter #\d+ \(\S+\)) waits, but ZooKeeper reports no watch/.exec(english)?.[1];
    expect(stuck, english).toMatch(new RegExp(`^Waiter #2 \\(${forgetful}\\)$`));

    // In Chinese the whole page follows, its shared parts too: the views, the banner, the cards, the diagnostics.
    await page.getByTestId('language-zh').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('nav-demo')).toHaveText('课堂');
    await expect(page.getByTestId('connection-banner')).toContainText('实时 · ZooKeeper');
    await expect(page.locator('[data-testid="lock-node"][data-role="holder"]').first()).toContainText('持有');
    await expect(anomaly).toContainText('未见监听');
    await expect(anomaly).toContainText(`第 2 位等待者 (${forgetful}) 在等待，但 ZooKeeper 没有报告`);
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('nav-demo')).toHaveText('Classroom');
    await expect(anomaly).toHaveText(english);
  });
});
