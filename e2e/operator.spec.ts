import type { Locator } from '@playwright/test';
import { HealthResponseSchema, LockListSchema, LockSnapshotSchema, REPORTED_FACTS } from '../lib/protocol';
import { describeKnowledge } from '../lib/view/knowledge';
import { attentionRank } from '../lib/view/lock-table';
import { createAsDigestUser, createDigestProtected, digestUserClient } from '../server/testing/acl';
import { freePort } from '../server/net';
import { RealContenders } from '../server/testing/real-clients';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawnExplorer } from './server';
import { spawn } from './sim';
import { tableFit } from './tables';

/** Each line break of the text in `element`, as the characters either side of it (`a|b`). */
async function lineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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
}

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
    // Where the holder connects from, as ZooKeeper's report says while it is connected: it is still named once the connection is gone.
    let client = '';
    await expect
      .poll(async () => {
        const snapshot = LockSnapshotSchema.parse(await (await request.get(`${explorerUrl}/api/locks${path}`)).json());
        client = snapshot.nodes.find((node) => node.sessionId === sessionId)?.client ?? '';
        return client;
      }, { timeout: 15_000 })
      .toMatch(/^127\.0\.0\.1:\d+$/);
    expect((await request.post(`${explorerUrl}/api/sim/contenders/${holder!.id}/crash`, { data: {} })).status()).toBe(200);

    // The lock page: the verdict, first among the anomalies, with the session and a countdown to its expiry; the summary says it too.
    const verdict = page.locator('[data-testid="anomaly"][data-kind="holder-disconnected"]');
    await expect(verdict).toHaveCount(1, { timeout: 30_000 });
    await expect(verdict).toContainText(`its session ${sessionId} has no connection`);
    // The node it names is told by its place, as the card shows it; the whole name is the title.
    await expect(verdict).toHaveText(/^The holder \(/);
    // (The holder's node is read from the page: the spawn answers before its node exists.)
    const holderNode = await page.getByTestId('summary-holder').getAttribute('data-name');
    expect(holderNode).toMatch(/-\d{10}$/);
    await expect(verdict).toHaveAttribute('data-node', holderNode!);
    await expect(verdict).toHaveAttribute('title', new RegExp(`^${holderNode} holds the lock`));
    // No hold has ended yet: the figures say how long this one has lasted, and the legend what its bar is.
    await expect(page.getByTestId('history-figures')).toContainText(/no hold ended yet · this one has lasted \d+ s/);
    await expect(page.getByTestId('history-legend')).toContainText(/holds now|held before the explorer followed the lock/);
    await expect(verdict.getByTestId('anomaly-expiry')).toHaveText(/^ ?Expires in \d+ s\.$/);
    await expect(page.getByTestId('anomaly').first()).toHaveAttribute('data-kind', 'holder-disconnected');
    await expect(page.getByTestId('summary-holder-disconnected')).toHaveText(/no connection · ZooKeeper expires it in \d+ s/);

    // The API and the metrics an alert reads. They cover the locks discovery has listed, which it does within about 2 s of a new
    // lock's first node, while the lock page follows its path at once: read once, they can run ahead of discovery on a loaded
    // machine (a fresh clone's run failed here once, the whole test taking 4.5 s), so they are asked until they say it.
    let said: { params?: Record<string, unknown> } | undefined;
    await expect
      .poll(async () => {
        const diagnostics = (await (await request.get(`${explorerUrl}/api/diagnostics`)).json()) as { anomalies: Array<{ path: string; kind: string; params?: Record<string, unknown> }> };
        said = diagnostics.anomalies.find((anomaly) => anomaly.path === path && anomaly.kind === 'holder-disconnected');
        return said?.params?.session;
      }, { timeout: 15_000 })
      .toBe(sessionId);
    expect(typeof said?.params?.expiresAt).toBe('number');
    await expect.poll(async () => (await request.get(`${explorerUrl}/metrics`)).text(), { timeout: 15_000 }).toContain(`zklock_anomalies{ensemble="default",lock="${path}",kind="holder-disconnected"} 1`);

    // The dashboard: the row says so by name, and its anomalies are named, not only counted.
    await page.goto(explorerUrl);
    const row = page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
    await expect(row.getByTestId('row-holder-disconnected')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('row-anomalies')).toContainText('Holder disconnected');
    await expect(row.getByTestId('row-holder-client')).toHaveText(client);

    // The sessions page: its row is flagged, with the countdown where the others say "not while it pings".
    await page.goto(`${explorerUrl}/sessions`);
    const session = page.locator(`[data-testid="session-row"][data-session="${sessionId}"]`);
    await expect(session).toHaveAttribute('data-silent', 'true', { timeout: 15_000 });
    await expect(session.getByTestId('session-silent')).toHaveText('no connection');
    await expect(session).toContainText(client);
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
        const breaks = await lineBreaks(row.locator('td.session-nodes a'));
        expect(breaks.length, `the path at ${width} px`).toBeLessThanOrEqual(2);
        for (const at of breaks) expect(at.startsWith('-|') || at.endsWith('|/'), `a break ${at} at ${width} px`).toBe(true);
        expect((await row.locator('td.session-nodes').boundingBox())!.width, `the lock nodes at ${width} px`).toBeGreaterThanOrEqual(280);
        expect((await row.boundingBox())!.height, `a row at ${width} px`).toBeLessThan(120);
      }
      // Every column in view: the table does not scroll sideways.
      const fit = await tableFit(page.locator('.table-scroll'));
      expect(fit.scrollWidth, `the table at ${width} px: ${fit.columns.join('; ')}`).toBeLessThanOrEqual(fit.clientWidth);
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

  test('the dashboard is a triage list: what will not resolve itself (a waiter that watches nothing, a lock ZooKeeper will not let it read) first, kinds in words at every width, who holds by client and session, recipes whole, the first rows above the fold at 1280×720, no sideways scrolling at 1280 or 1920 px', async ({
    page,
    explorerUrl,
    zk,
    request,
  }) => {
    const mutex = `/sim${zk.lockPath('triage-billing-accounts-reconciliation')}`;
    const semaphore = `/sim${zk.lockPath('triage-leases')}`;
    const [holder] = await spawn(request, explorerUrl, { path: mutex, count: 3, strategy: 'chained' });
    await spawn(request, explorerUrl, { path: semaphore, count: 3, strategy: 'semaphore', maxLeases: 2 });
    // A third lock, so that the fold is measured on three rows whatever other tests left.
    const third = `/sim${zk.lockPath('triage-third')}`;
    await spawn(request, explorerUrl, { path: third, count: 2, strategy: 'chained' });
    // A real name: one word of 70 letters, wider than its column could be. It wraps; the table does not scroll.
    const long = `/sim${zk.lockPath('ProcessingPipelineMainCoordinatorLockForTenantAcmeCorporationEuropeWest')}`;
    await spawn(request, explorerUrl, { path: long, count: 2, strategy: 'chained' });
    // What will never resolve itself: a waiter that watches nothing, and a lock ZooKeeper will not let the explorer read.
    const unwatched = `/sim${zk.lockPath('triage-unwatched')}`;
    await spawn(request, explorerUrl, { path: unwatched, count: 2, strategy: 'no-watch' });
    const vault = zk.lockPath('triage-vault');
    const admin = await zk.session();
    await admin.mkdirp(vault.slice(0, vault.lastIndexOf('/')));
    await createDigestProtected(process.env.EXPLORER_ZK_CONNECT!, vault, 'vault:unseal');
    const vaultClients = [await digestUserClient(process.env.EXPLORER_ZK_CONNECT!, 'vault:unseal'), await digestUserClient(process.env.EXPLORER_ZK_CONNECT!, 'vault:unseal')];
    for (const client of vaultClients) await createAsDigestUser(client, `${vault}/lock-`, 'vault:unseal');
    const rowOf = (path: string): Locator => page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(explorerUrl);
      const row = page.locator(`[data-testid="lock-row"][data-path="${mutex}"]`);
      // Who holds: the address its client connects from (ZooKeeper's cons), and its session under it.
      await expect(row.getByTestId('row-holder-client')).toHaveText(/^127\.0\.0\.1:\d+$/, { timeout: 20_000 });
      await expect(row.getByTestId('row-holder-session')).toHaveText(holder!.sessionId!);
      // Its node's name in the title (the contender's node is not known yet when it is spawned).
      await expect(row.getByTestId('row-holder')).toHaveAttribute('title', new RegExp(`^127\\.0\\.0\\.1:\\d+ · session ${holder!.sessionId} · \\S+-\\d{10}$`));
      // Two holders of a semaphore: the first named, the other counted.
      await expect(page.locator(`[data-testid="lock-row"][data-path="${semaphore}"]`).getByTestId('row-holder')).toContainText('+1');
      // Every column in view, none of their headers cut.
      const fit = await tableFit(page.locator('.table-scroll'));
      expect(fit.scrollWidth, `the table at ${width} px: ${fit.columns.join('; ')}`).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.clientWidth, `the table uses the width at ${width} px`).toBeGreaterThan(width - 80);
      for (const header of await page.locator('table.locks th button').all()) {
        const [inner, outer] = await header.evaluate((element) => [element.scrollWidth, element.clientWidth]);
        expect(inner, `the header "${await header.textContent()}" at ${width} px`).toBeLessThanOrEqual(outer);
      }
      // A recipe's name whole, not cut: every row's, as its title names it.
      for (const recipe of await page.locator('table.locks td.recipe-cell').all()) {
        const [title, shown, cut] = await recipe.evaluate((element) => {
          const name = element.firstElementChild as HTMLElement;
          return [element.getAttribute('title'), name.textContent, name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1];
        });
        expect(cut, `the recipe "${shown}" at ${width} px`).toBe(false);
        if (!title?.includes('\n')) expect(shown).toBe(title);
      }
      // The triage: no row below one that needs a look less (deadlocked, then what will not resolve itself, then what may, then waited on, held, free).
      await expect(rowOf(vault).getByTestId('row-anomalies')).toHaveText(/Not readable \(NoAuth\)/, { timeout: 20_000 });
      await expect(rowOf(unwatched).getByTestId('row-anomalies')).toHaveText(/No watch seen/, { timeout: 20_000 });
      const list = LockListSchema.parse(await (await request.get(`${explorerUrl}/api/locks`)).json());
      const ranks = (await page.getByTestId('lock-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path')!))).map((path) => attentionRank(list.locks.find((lock) => lock.path === path)!));
      expect(ranks, `the rows' ranks at ${width} px`).toEqual([...ranks].sort((a, b) => a - b));
      // The count said is the API's (polled: a lock another test left may go between the two reads).
      await expect
        .poll(async () => {
          const counted = LockListSchema.parse(await (await request.get(`${explorerUrl}/api/locks`)).json()).locks.length;
          return (await page.getByTestId('discovery-summary').textContent())?.includes(`${counted} locks`);
        })
        .toBe(true);
      // The lock it may not read names its holder's session from ZooKeeper's dump.
      await expect(rowOf(vault).getByTestId('row-holder-session')).toHaveText(`0x${vaultClients[0]!.getSessionId().toString('hex').replace(/^0+/, '')}`);
      // The path breaks only after a slash or a hyphen, never between two letters: each line break, as the characters either side of it.
      const breaks = await lineBreaks(row.locator('td.path-cell a'));
      // A path of 60 characters in a column that shares 1280 px with nine others: at most three breaks.
      expect(breaks.length, `the path's line breaks at ${width} px`).toBeLessThanOrEqual(3);
      for (const at of breaks) expect(at.startsWith('-|') || at.startsWith('/|') || at.endsWith('|/'), `a break ${at} at ${width} px`).toBe(true);
    }
    // At 1280×720 the title and the form leave the first rows of the table in the first screen.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(explorerUrl);
    await expect(page.getByTestId('lock-row').nth(2)).toBeVisible({ timeout: 15_000 });
    expect((await page.getByTestId('lock-row').nth(2).boundingBox())!.y + 40, 'the third row').toBeLessThanOrEqual(720);
    // On a phone the anomalies column is hidden: each row says its kinds under its path.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(explorerUrl);
    await expect(rowOf(unwatched).getByTestId('row-kinds')).toBeVisible({ timeout: 15_000 });
    await expect(rowOf(unwatched).getByTestId('row-kinds')).toHaveText('No watch seen');
    await expect(rowOf(vault).getByTestId('row-kinds')).toHaveText('Not readable (NoAuth)');
    // The filter finds a lock by its anomaly.
    await page.getByTestId('lock-filter').fill('NoAuth');
    await expect(page.getByTestId('lock-row')).toHaveCount(1);
    await expect(page.getByTestId('lock-row')).toHaveAttribute('data-path', vault);
    // And says how many of the list it shows: the list's own count, from the API.
    const listed = async (): Promise<string> => `${((await (await request.get(`${explorerUrl}/api/locks`)).json()) as { locks: unknown[] }).locks.length.toLocaleString('en-US')}`;
    await expect.poll(async () => (await page.getByTestId('filter-count').textContent()) === `1 of ${await listed()} locks shown`).toBe(true);
    await page.getByTestId('lock-filter').fill('');
    await expect(page.getByTestId('filter-count')).toHaveCount(0);
    for (const client of vaultClients) client.close();
    for (const path of [mutex, semaphore, third, long, unwatched]) await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the dashboard, the sessions page and the waits-for graph in Chinese: titles, form, columns, controls, status and badges in Chinese, paths and figures as they are; remembered, and back to English', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('zh-orders')}`;
    await spawn(request, explorerUrl, { path, count: 2, strategy: 'chained' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(explorerUrl);
    const row = page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('language-zh').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('h1')).toHaveText('看清谁持有 ZooKeeper 锁，谁排在谁后面等待');
    await expect(page.getByTestId('open-lock')).toHaveText('打开');
    await expect(page.getByTestId('sort-attention')).toHaveText('最紧急的在前');
    await expect(page.getByTestId('lock-filter')).toHaveAttribute('placeholder', '筛选：路径、配方、客户端、会话（/）');
    await expect(page.getByTestId('discovery-summary')).toContainText(/^[\d,]+ 个锁 · /);
    await expect(page.getByTestId('nav-sessions')).toHaveText('会话');
    // The row: its path as it is, its waiting count a figure, its holder's session under the client.
    await expect(row.locator('td.path-cell a')).toHaveText(path);
    await expect(row.getByTestId('queue-length')).toHaveText('1');
    // No English word of the page's own is left in its title, form, table head and controls.
    const words = await page.locator('.home-hero, .lock-list-head, table.locks thead').allInnerTexts();
    expect(words.join(' ')).not.toMatch(/\b(See|Open|Lock|Locks|Recipe|Holder|Held|Waiting|Oldest|Handovers|Anomalies|Queue|Most|urgent|scan|found)\b/);
    // Columns still fit beside each other in Chinese, each header whole on its lines (broken at a space, not inside a word).
    const fit = await tableFit(page.locator('.table-scroll'));
    expect(fit.scrollWidth, fit.columns.join('; ')).toBeLessThanOrEqual(fit.clientWidth);
    // Squeezed (a narrower window), a header wraps at its space or not at all.
    await page.setViewportSize({ width: 1100, height: 800 });
    // (The queue's recent line is not drawn below 1500 px.)
    for (const header of ['已持有', '等待中', '最久等待', '每分钟持有']) expect(await lineBreaks(page.locator('table.locks th', { hasText: header })), header).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Remembered in this browser, and from the first paint: the server renders the page in Chinese (no English flash before it).
    await page.reload();
    await expect(page.locator('h1')).toHaveText('看清谁持有 ZooKeeper 锁，谁排在谁后面等待');
    for (const [address, title] of [['/', '看清谁持有'], ['/sessions', '>会话<'], ['/waits-for', '谁在等谁'], ['/no-such-page', '这里什么都没有']] as const) {
      const served = await (await page.request.get(`${explorerUrl}${address}`)).text();
      expect(served, address).toContain('<html lang="zh-CN"');
      expect(served, address).toContain(title);
    }
    // A browser that has chosen nothing gets its own first language.
    const guessed = await (await request.get(`${explorerUrl}/sessions`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } })).text();
    expect(guessed).toContain('<html lang="zh-CN"');
    expect(await (await request.get(`${explorerUrl}/sessions`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).text()).toContain('<html lang="en"');
    // The sessions page too: its title, columns, filter and a simulated contender's badge.
    await page.getByTestId('nav-sessions').click();
    await expect(page.locator('h1')).toHaveText('会话');
    const head = page.getByTestId('session-table').locator('thead');
    await expect(head).toContainText('客户端');
    expect(await head.innerText()).not.toMatch(/\b(Session|Client|Holds|Waits|Lock|Data|Ephemerals|Expires)\b/);
    await expect(page.getByTestId('session-filter')).toHaveAttribute('placeholder', '会话 ID、客户端、锁或节点');
    await page.getByTestId('session-filter').fill(path);
    await expect(page.getByTestId('session-row').first().getByTestId('session-origin')).toHaveText('模拟');
    await expect(page.getByTestId('session-row').first().getByTestId('session-expiry')).toHaveText(/持续心跳|后/);
    // And the waits-for graph: its title, side panel, legend and the count under a box of waiters.
    await page.getByTestId('nav-waits-for').click();
    await expect(page.locator('h1')).toHaveText('谁在等谁');
    await expect(page.getByTestId('waits-deadlocks').locator('h2')).toContainText('死锁环');
    await expect(page.getByTestId('waits-legend')).toContainText('个会话持有锁');
    await expect(page.locator(`[data-testid="waits-group"][data-lock="${path}"]`).getByTestId('waits-label').first()).toHaveText('1 个等待者');
    await page.getByTestId('nav-sessions').click();
    // English again when asked, on every page.
    await page.getByTestId('language-en').click();
    await expect(page.locator('h1')).toHaveText('Sessions');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('nav-locks').click();
    await expect(page.locator('h1')).toHaveText('See who holds a ZooKeeper lock, and who waits behind whom');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the lock page in Chinese: summary, anomalies with their places, strips, drawing tools, the node panel and the simulation, the node names as they are', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('zh-lock')}`;
    await spawn(request, explorerUrl, { path, count: 3, strategy: 'chained', holdMs: 600_000 });
    await spawn(request, explorerUrl, { path, count: 1, strategy: 'no-watch' });
    await page.addInitScript(() => localStorage.setItem('language', 'zh'));
    await page.setViewportSize({ width: 1280, height: 900 });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(lock.nodes).toHaveCount(4, { timeout: 20_000 });
    const summary = page.getByTestId('lock-summary');
    await expect(summary).toContainText('持有者');
    await expect(summary).toContainText('等待中');
    await expect(summary).toContainText(/已持有 \d+ s|前创建/);
    // The waiter that watches nothing, named by its place in the queue, as its card says it.
    const anomaly = page.locator('[data-testid="anomaly"][data-kind="no-watch"]');
    await expect(anomaly).toHaveText(/^第 3 位等待者 \(.+\) 在等待，但 ZooKeeper 没有报告它的会话/, { timeout: 20_000 });
    await expect(page.getByTestId('anomaly-list').locator('h2')).toContainText('异常');
    await expect(page.getByTestId('anomaly-list')).toContainText('未见监听');
    await expect(page.getByTestId('watch-verdict')).toContainText('ZooKeeper 确认了');
    await expect(page.locator('[data-testid="canvas-banner"][data-kind="no-watch"]')).toContainText('未见监听');
    await expect(page.getByTestId('event-strip').locator('h2')).toHaveText('事件，最近 1 分钟');
    await expect(page.getByTestId('event-said')).toContainText(/创建了|开始持有|触发监听/);
    await expect(page.getByTestId('history-strip').locator('h2')).toContainText('持有记录');
    await expect(page.getByTestId('history-handovers')).toHaveText(/^(最近 .+内开始了 \d+ 次持有|每分钟交接 [\d.]+ 次)$/);
    await expect(page.getByTestId('zoom-level')).toHaveText('100%');
    // The holder selected: its panel's rows, its remediation and its simulated contender in Chinese, its name and path as they are.
    const holder = page.locator('[data-testid="lock-node"][data-role="holder"]');
    const name = (await holder.getAttribute('data-name'))!;
    await holder.click();
    const panel = page.getByTestId('node-panel');
    await expect(panel).toHaveAttribute('data-name', name);
    await expect(panel.locator('.node-title')).toHaveText(name);
    await expect(panel.getByTestId('break-lock')).toHaveText('强制解锁：删除这个节点…');
    await expect(panel).toContainText('所属会话');
    await expect(panel).toContainText('防护令牌');
    await expect(panel).toContainText(`${path}/${name}`);
    await expect(panel.getByTestId('contender-actions').locator('h3')).toContainText('模拟客户端');
    await expect(panel.getByTestId('action-release')).toHaveText('释放');
    await expect(page.getByTestId('sim-controls').locator('h2')).toHaveText('模拟客户端');
    await expect(page.getByTestId('sim-spawn')).toHaveText('启动 5 个');
    // No English word of the page's own is left in its summary, anomalies, strips, tools, panel and simulation.
    const words = (await page.locator('[data-testid="lock-summary"], [data-testid="anomaly-list"], .event-strip-head, .history-head, .diagram-tools, [data-testid="node-panel"] dt, [data-testid="sim-controls"] label, [data-testid="sim-controls"] dt').allInnerTexts()).join(' ');
    expect(words).not.toMatch(/\b(Holder|Waiting|Recipe|Anomalies|Watches|waiter|Events|Holds|Pause|Zoom|Path|Role|Owner|Created|Client|Data|Contenders|Hold|Rounds|Think|Notifications|Violations)\b/);
    // The palette's words too.
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', '前往一个锁或页面，或对选中的节点执行操作…');
    await expect(page.locator('[data-testid="palette-item"][data-command="select:holder"]')).toContainText('选中持有者');
    await page.keyboard.press('Escape');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the waits-for graph reads at 1280, 1920 and 390 px: labels of 12 px or more, none on another or on a mark, the picture as wide as its frame, the same on every load, a mark told by a tap', async ({
    browser,
    explorerUrl,
    zk,
    request,
  }) => {
    test.setTimeout(120_000);
    const locks = [
      { path: `/sim${zk.lockPath('graph-chain')}`, count: 6, strategy: 'chained' },
      { path: `/sim${zk.lockPath('graph-herd')}`, count: 8, strategy: 'herd' },
      { path: `/sim${zk.lockPath('graph-leases')}`, count: 5, strategy: 'semaphore', maxLeases: 2 },
    ];
    const sessions: string[] = [];
    for (const { path, ...rest } of locks) for (const contender of await spawn(request, explorerUrl, { path, ...rest })) sessions.push(contender.sessionId!);
    for (const [width, height, touch] of [
      [1280, 720, false],
      [1920, 1080, false],
      [390, 844, true],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      await page.goto(`${explorerUrl}/waits-for`);
      for (const session of sessions.slice(0, 1)) await expect(page.locator(`[data-testid="waits-session"][data-session="${session}"]`)).toHaveCount(1, { timeout: 20_000 });
      const measured = await page.getByTestId('waits-graph').evaluate((svg: SVGSVGElement) => {
        const scale = svg.getScreenCTM()!.a;
        const texts = [...svg.querySelectorAll<SVGTextElement>('[data-testid="waits-label"], [data-testid="waits-edge-label"]')];
        const shapes = [...svg.querySelectorAll<SVGGraphicsElement>('circle, rect')];
        const boxes = texts.map((text) => ({ text: text.textContent ?? '', box: text.getBoundingClientRect(), px: parseFloat(getComputedStyle(text).fontSize) * scale, mark: text.closest('g[role="button"]') }));
        const hit = (a: DOMRect, b: DOMRect): boolean => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const clashes: string[] = [];
        boxes.forEach((a, index) => {
          for (const b of boxes.slice(index + 1)) if (hit(a.box, b.box)) clashes.push(`"${a.text}" on "${b.text}"`);
          for (const shape of shapes) if (shape.closest('g[role="button"]') !== a.mark && hit(a.box, shape.getBoundingClientRect())) clashes.push(`"${a.text}" on a mark`);
        });
        const frame = svg.parentElement!;
        return {
          smallest: Math.min(...boxes.map((entry) => entry.px)),
          clashes,
          width: svg.getBoundingClientRect().width,
          frame: frame.clientWidth,
          sideways: frame.scrollWidth > frame.clientWidth + 1,
        };
      });
      expect(measured.smallest, `the smallest label at ${width} px`).toBeGreaterThanOrEqual(12);
      expect(measured.clashes, `labels at ${width} px`).toEqual([]);
      if (width >= 1280) {
        expect(measured.width, `the picture at ${width} px`).toBeGreaterThan(measured.frame - 40);
        expect(measured.sideways).toBe(false);
      }
      // A mark is told by a tap (a click with a mouse), not by hovering: its session, client and locks, in view.
      const mark = page.locator(`[data-testid="waits-session"][data-session="${sessions[0]}"]`);
      if (touch) await mark.tap();
      else await mark.click();
      const details = page.getByTestId('waits-details');
      await expect(details).toContainText(sessions[0]!);
      await expect(details).toContainText(/127\.0\.0\.1:\d+/);
      await expect(details).toContainText(locks[0]!.path);
      await expect(details).toBeInViewport();
      await context.close();
    }
    // Two loads of the same graph draw the same picture (other tests' sessions may still be ending: loaded again until two loads see the same marks).
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    const picture = async () => {
      await page.goto(`${explorerUrl}/waits-for`);
      await expect(page.locator(`[data-testid="waits-session"][data-session="${sessions[0]}"]`)).toHaveCount(1, { timeout: 20_000 });
      return page.getByTestId('waits-graph').evaluate((svg) =>
        [...svg.querySelectorAll('[data-testid="waits-session"], [data-testid="waits-group"]')]
          // Each mark with what it says (a session's client address arrives with ZooKeeper's report, and a wider label is another picture).
          .map((mark) => `${mark.getAttribute('data-session') ?? mark.getAttribute('data-lock')}|${mark.textContent}@${mark.querySelector('circle, rect')?.getAttribute('cx') ?? mark.querySelector('rect')?.getAttribute('x')},${mark.querySelector('circle')?.getAttribute('cy') ?? mark.querySelector('rect')?.getAttribute('y')}`)
          .sort(),
      );
    };
    let before = await picture();
    for (let load = 0; ; load += 1) {
      const after = await picture();
      const marks = (drawn: string[]) => drawn.map((entry) => entry.split('@')[0]).join();
      if (marks(after) === marks(before)) {
        expect(after).toEqual(before);
        break;
      }
      expect(load, 'loads before the graph held still').toBeLessThan(5);
      before = after;
    }
    await page.close();
    for (const { path } of locks) await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the lock page on a phone: anomalies above the queue, a queue the page scrolls (no box scrolling inside it), a tapped card\'s details in view as a sheet that closes', async ({ browser, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('phone')}`;
    await spawn(request, explorerUrl, { path, count: 19, strategy: 'chained' });
    await spawn(request, explorerUrl, { path, count: 1, strategy: 'no-watch' });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(page.locator('[data-testid="anomaly"][data-kind="no-watch"]')).toHaveCount(1, { timeout: 20_000 });
    const anomalies = (await page.getByTestId('anomaly-list').boundingBox())!;
    const queue = (await page.getByTestId('queue-scroll').boundingBox())!;
    await expect(page.getByTestId('queue-diagram')).toHaveAttribute('aria-label', 'Lock queue: 20 nodes');
    expect(anomalies.y + anomalies.height, 'the anomalies end above the queue').toBeLessThanOrEqual(queue.y);
    // A queue of twenty, taller than the screen: the page scrolls it, the frame does not scroll inside the page.
    const [inner, outer] = await page.getByTestId('queue-scroll').evaluate((element) => [element.scrollHeight, element.clientHeight]);
    expect(outer, 'the queue is taller than the screen').toBeGreaterThan(844);
    expect(inner, 'the queue scrolls inside its frame').toBeLessThanOrEqual(outer + 1);
    // Its last card is reached by scrolling the page, and drawn there (the rows drawn follow the window).
    await page.getByTestId('queue-scroll').evaluate((element) => window.scrollTo(0, window.scrollY + element.getBoundingClientRect().bottom - window.innerHeight));
    await expect(lock.nodes.last()).toHaveAttribute('data-row', '19');
    await expect(lock.nodes.last()).toBeInViewport();
    // A tap on a card: its details in view at once, over the queue's foot; the close button lets go of it.
    // Named, not by its place among the cards drawn: scrolling it into view changes which rows are drawn, and `nth` would then find another card.
    const name = (await lock.nodes.nth(3).getAttribute('data-name'))!;
    const card = lock.node(name);
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    const panel = page.getByTestId('node-panel');
    await expect(panel).toHaveAttribute('data-name', name);
    await expect(panel).toBeInViewport();
    await page.getByTestId('node-panel-close').tap();
    await expect(panel).toHaveAttribute('data-name', '');
    await context.close();
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
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
    const card = lock.node(name);
    await expect(card).not.toBeInViewport();
    await anomaly.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toBeInViewport();
    // The e2e explorer allows breaking: the panel offers it (elsewhere it says how: see BreakLock.test.tsx).
    await expect(page.getByTestId('break-lock')).toBeVisible();
    await expect(page.getByTestId('break-unavailable')).toHaveCount(0);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('a ZooKeeper as 3.10 will ship (srvr only, no AdminServer): a real Curator lock\'s holder and waiters named by the address each node holds, marked as such, and what can and cannot be known, in light and dark', async ({ page }) => {
    test.setTimeout(120_000);
    const zookeeper = await startEmbeddedZooKeeper({ version: '3.9', extraConfig: { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'false' } });
    // Nothing answers where an AdminServer would.
    const explorer = await spawnExplorer([], { ZK_CONNECT: zookeeper.connectString, ZK_ADMIN_PORT: String(await freePort()), LOCK_ROOTS: '/closed' });
    const path = '/closed/orders/lock';
    const curator = await RealContenders.start(zookeeper.connectString, path, 'curator-mutex', '3');
    try {
      const read = LockSnapshotSchema.parse(await (await fetch(`${explorer.url}/api/locks${path}`)).json());
      const holder = read.nodes[0]!;
      const address = holder.dataClient!;
      expect(address).toBe(holder.data?.text);
      const lock = new LockPage(page, explorer.url);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), scheme);
        await lock.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expect(lock.nodes).toHaveCount(3);
        // Every card names its client by the address its node holds, marked as coming from its data.
        for (const node of read.nodes) await expect(lock.node(node.name).locator('.card-meta')).toContainText(`${node.dataClient!} (from its data)`);
        await lock.node(holder.name).click();
        const named = page.getByTestId('node-panel').getByTestId('client-from-data');
        await expect(named).toHaveText(`${address} from its data`);
        await expect(named).toHaveAttribute('title', /not what ZooKeeper saw of its connection/);
        // What can and cannot be known, once, under the watch verdict that says the watches cannot be.
        await expect(page.getByTestId('watch-verdict')).toContainText('ZooKeeper reports no watches here, so whether the recipe’s watch is really set cannot be known for 2 waiters');
        const note = page.getByTestId('knowledge-note');
        await expect(note).toHaveCount(1, { timeout: 15_000 });
        // Folded to its title until opened.
        await expect(note.getByTestId('knowledge-unknown')).toBeHidden();
        await page.screenshot({ path: `.tmp/screenshots/srvr-only-lock-folded-${scheme}.png` });
        await note.getByTestId('knowledge-title').click();
        await expect(note.getByTestId('knowledge-title')).toHaveText('ZooKeeper reports no sessions or watches here: what can and cannot be known');
        await expect(note.getByTestId('knowledge-known')).toContainText('each node’s data, and so its client where the client writes its address there');
        await expect(note.getByTestId('knowledge-known')).toContainText('new locks, through a watch on the lock roots');
        // Every fact only ZooKeeper's reports tell, each in its sentence (lib/lock/knowledge.test.ts has them word for word).
        const { knowledge } = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json());
        expect(knowledge?.unknown).toEqual([...REPORTED_FACTS]);
        await expect(note.getByTestId('knowledge-unknown').locator('li')).toHaveText(describeKnowledge(knowledge!, 'en').unknown);
        await expect(note.getByTestId('knowledge-unknown')).toContainText('whether any waiter’s watch is really set (wchc)');
        await expect(note).toContainText('What the members answered: no ZooKeeper member said which sessions watch what');
        await page.screenshot({ path: `.tmp/screenshots/srvr-only-lock-${scheme}.png`, fullPage: true });

        // The dashboard: the holder by the same address, and the same note by the discovery line.
        await page.goto(explorer.url);
        const row = page.locator(`[data-testid="lock-row"][data-path="${path}"]`);
        await expect(row.getByTestId('row-holder-client')).toHaveText(`${address} from its data`, { timeout: 15_000 });
        await expect(page.getByTestId('lock-list-status').getByTestId('knowledge-note')).toHaveCount(1);
        await page.screenshot({ path: `.tmp/screenshots/srvr-only-dashboard-folded-${scheme}.png` });
        await page.getByTestId('knowledge-title').click();
        await page.screenshot({ path: `.tmp/screenshots/srvr-only-dashboard-${scheme}.png` });
      }
      // In Chinese: the same note and the same mark.
      await page.getByTestId('language-zh').click();
      await expect(page.getByTestId('knowledge-title')).toHaveText('ZooKeeper 在这里不报告会话和监听：哪些能知道，哪些不能');
      await expect(page.locator(`[data-testid="lock-row"][data-path="${path}"]`).getByTestId('row-holder-client')).toHaveText(`${address} 来自其数据`);
      await lock.goto(path);
      await expect(lock.node(holder.name).locator('.card-meta')).toContainText(`${address}（来自其数据）`);
      await page.getByTestId('knowledge-title').click();
      await page.screenshot({ path: '.tmp/screenshots/srvr-only-lock-zh-dark.png', fullPage: true });
    } finally {
      await curator.stop();
      await explorer.stop();
      await zookeeper.stop();
    }
  });
});
