import { randomUUID } from 'node:crypto';
import { createAsDigestUser, createDigestProtected, digestUserClient } from '../server/testing/acl';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { RealContenders } from '../server/testing/real-clients';

test.describe('the lock page', () => {
  test('a lock ZooKeeper will not let the explorer read says so, and how to fix it, with no endless spinner, and shows what its ephemeral nodes tell', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('acl');
    const admin = await zk.session();
    await admin.mkdirp(lockPath.slice(0, lockPath.lastIndexOf('/')));
    // A parent only the digest user `ops` may read: the explorer has no ZK_AUTH.
    await createDigestProtected(process.env.EXPLORER_ZK_CONNECT!, lockPath, 'ops:secret');
    // Two contenders of its own, logged in as `ops`: the first holds, the second waits.
    const contenders = [await digestUserClient(process.env.EXPLORER_ZK_CONNECT!, 'ops:secret'), await digestUserClient(process.env.EXPLORER_ZK_CONNECT!, 'ops:secret')];
    try {
      for (const contender of contenders) await createAsDigestUser(contender, `${lockPath}/lock-`, 'ops:secret');

      const lock = new LockPage(page, explorerUrl);
      await lock.goto(lockPath);
      await expect(page.getByTestId('lock-error')).toContainText('NoAuth');
      await expect(page.getByTestId('lock-error-hint')).toContainText('ZK_AUTH=digest:user:password');
      await expect(page.getByTestId('lock-loading')).toHaveCount(0);
      // Until ZooKeeper's list of ephemeral nodes names its contenders, the page says it reads it (no panel that appears from nowhere).
      await expect(page.getByTestId('unreadable-pending').or(page.getByTestId('unreadable-lock'))).toBeVisible();
      // What the dashboard knows of it, on its own page: the contenders by name, in queue order, who holds, whose sessions.
      const rows = page.getByTestId('unreadable-node');
      await expect(rows).toHaveCount(2, { timeout: 15_000 });
      await expect(rows.nth(0)).toHaveAttribute('data-role', 'holder');
      await expect(rows.nth(0)).toContainText('lock-0000000000');
      await expect(rows.nth(1)).toHaveAttribute('data-role', 'waiter');
      const sessionOf = (client: (typeof contenders)[number]): string => `0x${client.getSessionId().toString('hex').replace(/^0+/, '')}`;
      await expect(rows.nth(1)).toContainText(sessionOf(contenders[1]!));
      await expect(page.getByTestId('unreadable-lock')).toContainText('1 holding, 1 waiting');
      await expect(page.getByTestId('unreadable-pending')).toHaveCount(0);
    } finally {
      for (const contender of contenders) contender.close();
    }
  });

  test('draws the holder, the waiters and their watch edges, and follows creates and releases live', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('queue');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    const sessions = [await zk.session(), await zk.session(), await zk.session()];
    const names: string[] = [];
    for (const session of sessions) {
      const created = await session.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
      names.push(created.slice(lockPath.length + 1));
    }
    const [a, b, c] = names as [string, string, string];

    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(lock.banner).toHaveAttribute('data-state', 'live');
    await expect(lock.nodes).toHaveCount(3);
    await expect(lock.node(a)).toHaveAttribute('data-role', 'holder');
    await expect(lock.node(b)).toHaveAttribute('data-role', 'waiter');
    await expect(lock.node(c)).toHaveAttribute('data-role', 'waiter');
    await expect(lock.edge(b, a)).toHaveCount(1);
    await expect(lock.edge(c, b)).toHaveCount(1);
    await expect(lock.edges).toHaveCount(2);
    // These contenders create nodes but set no watch, and ZooKeeper says so.
    await expect(page.locator('[data-testid="watch-edge"][data-confirmed="missing"]')).toHaveCount(2);
    await expect(lock.summaryHolder).toHaveAttribute('data-name', a);
    // Each card leads with its owner's client address, whole, as ZooKeeper reports it.
    await expect(lock.node(b)).toContainText(/127\.0\.0\.1:\d+ · 0x[0-9a-f]+ · czxid/);
    // A flagged card's "!" sits beside its last line, not on it.
    await expect(lock.node(b).locator('.card-flag')).toHaveCount(1);
    const [metaRight, flagLeft] = await lock.node(b).evaluate((card) => [card.querySelector('.card-meta')!.getBoundingClientRect().right, card.querySelector('.card-flag')!.getBoundingClientRect().left]);
    expect(metaRight).toBeLessThanOrEqual(flagLeft);

    // A fourth contender arrives at the tail.
    const late = await zk.session();
    const d = (await late.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1);
    await expect(lock.node(d)).toHaveAttribute('data-role', 'waiter');
    await expect(lock.edge(d, c)).toHaveCount(1);

    // The holder's process ends; ZooKeeper deletes its node and the next waiter holds.
    sessions[0]!.close();
    await expect(lock.node(a)).toHaveCount(0);
    await expect(lock.node(b)).toHaveAttribute('data-role', 'holder');
    await expect(lock.edge(b, a)).toHaveCount(0);
    await expect(lock.edge(c, b)).toHaveCount(1);
    await expect(lock.summaryHolder).toHaveAttribute('data-name', b);

    // A waiter in the middle gives up; the one behind it now watches the holder.
    await sessions[2]!.remove(`${lockPath}/${c}`);
    await expect(lock.node(c)).toHaveCount(0);
    await expect(lock.edge(d, b)).toHaveCount(1);
    await expect(lock.nodes).toHaveCount(2);
  });

  test('waits for a lock parent that does not exist yet and draws it once created', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('missing');
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(lock.missing).toBeVisible();

    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    await expect(lock.empty).toBeVisible();
    const created = await admin.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
    await expect(lock.node(created.slice(lockPath.length + 1))).toHaveAttribute('data-role', 'holder');
  });

  test('shows child names as text, never as markup', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('markup');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    const created = await admin.create(`${lockPath}/<img src=x onerror=alert(1)>-`, null, 'ephemeral-sequential');
    const name = created.slice(lockPath.length + 1);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(lock.summaryHolder).toHaveAttribute('data-name', name);
    // The holder is named by its client; its node's name is said under it, as text.
    await expect(page.getByTestId('summary-holder-node')).toContainText('<img src=x');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});

test.describe('a big lock', () => {
  test('2,000 waiters: only the rows on screen are drawn, scrolling reaches the tail, the holder stays in view', async ({ page, explorerUrl, zk }) => {
    test.setTimeout(90_000);
    const lockPath = zk.lockPath('big');
    const owner = await zk.session();
    await owner.mkdirp(lockPath);
    const names: string[] = [];
    for (let start = 0; start < 2000; start += 250) {
      const batch = await Promise.all(Array.from({ length: 250 }, () => owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')));
      names.push(...batch.map((path) => path.slice(lockPath.length + 1)));
    }
    names.sort();
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(page.getByTestId('summary-waiters')).toHaveText('1,999');
    const drawn = await lock.nodes.count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);

    await page.getByTestId('queue-scroll').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(lock.node(names.at(-1)!)).toHaveAttribute('data-role', 'waiter');
    await expect(lock.summaryHolder).toHaveAttribute('data-name', names[0]!);
    await expect(lock.summaryHolder).toBeInViewport();

    // A handover at the head reaches the page while the tail is on screen.
    await owner.remove(`${lockPath}/${names[0]}`);
    await expect(lock.summaryHolder).toHaveAttribute('data-name', names[1]!);
    await expect(page.getByTestId('summary-waiters')).toHaveText('1,998');
  });
});

test.describe('exports', () => {
  test('saves the snapshot as JSON and the picture as SVG and PNG', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('export');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    await admin.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(lock.nodes).toHaveCount(1);

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const snapshot = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString('utf8')) as { path: string; nodes: unknown[] };
    expect(snapshot.path).toBe(lockPath);
    expect(snapshot.nodes).toHaveLength(1);

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    const text = Buffer.concat(await (await svg.createReadStream()).toArray()).toString('utf8');
    expect(text).toContain('HOLDS THE LOCK');

    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
    const bytes = Buffer.concat(await (await png.createReadStream()).toArray());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});

test.describe('deep links and zoom', () => {
  test('a link to a node selects it, far down the queue, and the compact view fits more nodes', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('deep');
    const owner = await zk.session();
    await owner.mkdirp(lockPath);
    const names: string[] = [];
    for (let i = 0; i < 60; i += 1) names.push((await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1));
    const target = names[50]!;
    await page.goto(`${explorerUrl}/locks${lockPath}#node=${encodeURIComponent(target)}`);
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', target);
    const lock = new LockPage(page, explorerUrl);
    await expect(lock.node(target)).toBeInViewport();

    // A queue this long has a minimap: its frame marks what is on screen, and a click at its top goes there.
    const minimap = page.getByTestId('queue-minimap');
    await expect(minimap).toBeVisible();
    const scrollTop = (): Promise<number> => page.getByTestId('queue-scroll').evaluate((element) => element.scrollTop);
    expect(await scrollTop()).toBeGreaterThan(0);
    // Clicked where the minimap is when clicked (Playwright waits for it to stand still): the page above it may still grow as its
    // parts arrive, and a click at a box measured before that missed the minimap once in a fresh clone's run.
    const box = (await minimap.boundingBox())!;
    await minimap.click({ position: { x: box.width / 2, y: 2 } });
    await expect.poll(scrollTop).toBe(0);
    await expect(lock.nodes.first()).toBeInViewport();
    await minimap.focus();
    await page.keyboard.press('End');
    await expect.poll(scrollTop).toBeGreaterThan(0);
    // The last node comes into the frame's view (the frame itself may reach below the page's fold): measured once the scroll has ended.
    await expect
      .poll(async () => {
        const [last, frame] = [await lock.node(names[59]!).boundingBox(), await page.getByTestId('queue-scroll').boundingBox()];
        return last !== null && frame !== null && last.y >= frame.y && last.y + last.height <= frame.y + frame.height;
      })
      .toBe(true);
    // The frame gets shorter (a banner comes above it, the window shrinks): scrolled to the end, it stays there.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: viewport.width, height: viewport.height - 160 });
    await expect
      .poll(async () => {
        const [last, frame] = [await lock.node(names[59]!).boundingBox(), await page.getByTestId('queue-scroll').boundingBox()];
        return last !== null && frame !== null && last.y + last.height <= frame.y + frame.height;
      })
      .toBe(true);
    await page.setViewportSize(viewport);

    const comfortable = await lock.nodes.count();
    await page.getByTestId('compact-view').check();
    await expect.poll(() => lock.nodes.count()).toBeGreaterThan(comfortable);
    await lock.node(names[52]!).click();
    await expect(page).toHaveURL(new RegExp(`#node=${names[52]}$`));
    // Escape lets go of it: the panel asks for a node again, and the link no longer names one.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', '');
    await expect(page).not.toHaveURL(/#node=/);
  });

  test('draws waiting readers side by side, each watching the writer before them, and zooms', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('readers');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    // Curator's InterProcessReadWriteLock layout: a writer holds, three readers wait behind it, then a writer.
    const names: string[] = [];
    for (const kind of ['__WRIT__', '__READ__', '__READ__', '__READ__', '__WRIT__']) {
      const session = await zk.session();
      const created = await session.create(`${lockPath}/_c_${randomUUID()}-${kind}`, null, 'ephemeral-sequential');
      names.push(created.slice(lockPath.length + 1));
    }
    const [writer, r1, r2, r3, lastWriter] = names as [string, string, string, string, string];
    await page.setViewportSize({ width: 1600, height: 900 });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await expect(lock.nodes).toHaveCount(5);
    await expect(lock.node(writer)).toHaveAttribute('data-row', '0');
    for (const [reader, column] of [
      [r1, '0'],
      [r2, '1'],
    ] as const) {
      await expect(lock.node(reader)).toHaveAttribute('data-row', '1');
      await expect(lock.node(reader)).toHaveAttribute('data-column', column);
      await expect(lock.edge(reader, writer)).toHaveCount(1);
    }
    await expect(lock.edge(r3, writer)).toHaveCount(1);
    await expect(lock.edge(lastWriter, r3)).toHaveCount(1);
    // Waiters are numbered among waiters: the first reader is #1 behind its writer.
    await expect(lock.node(r1)).toHaveAttribute('aria-label', `${r1}: waiting, number 1 in the queue`);
    await expect(lock.node(lastWriter)).toHaveAttribute('aria-label', `${lastWriter}: waiting, number 4 in the queue`);
    const readerBoxes = await Promise.all([r1, r2].map((name) => lock.node(name).boundingBox()));
    expect(readerBoxes[0]!.y).toBeCloseTo(readerBoxes[1]!.y, 0);
    expect(readerBoxes[1]!.x).toBeGreaterThan(readerBoxes[0]!.x + readerBoxes[0]!.width);

    // Zoom out and back: the cards scale (and more of them may fit side by side, a little narrower).
    const cardHeight = async (): Promise<number> => (await lock.node(writer).boundingBox())?.height ?? 0;
    const full = await cardHeight();
    await lock.zoomOut.click();
    await expect(lock.zoomLevel).toHaveText('80%');
    await expect.poll(async () => (await cardHeight()) / full).toBeCloseTo(0.8, 2);
    // Further out the cards become one line each, still readable, rather than smaller cards.
    await lock.zoomOut.click();
    await expect(lock.zoomLevel).toHaveText('Lines');
    await expect.poll(async () => (await lock.node(writer).boundingBox())?.height ?? 0).toBeLessThan(40);
    // All the way out: a mark per node, the order standing for the chain.
    await lock.zoomOut.click();
    await lock.zoomOut.click();
    await expect(lock.zoomLevel).toHaveText('Marks');
    await expect(lock.zoomOut).toBeDisabled();
    await expect.poll(async () => (await lock.node(writer).boundingBox())?.height ?? 0).toBeLessThan(14);
    await expect(lock.edges).toHaveCount(0);
    await lock.zoomLevel.click();
    await expect(lock.zoomLevel).toHaveText('100%');
    await lock.zoomIn.focus();
    await page.keyboard.press('Enter');
    await expect(lock.zoomLevel).toHaveText('125%');
  });

  test('breaks a stuck lock from the node panel, only after a confirmation', async ({ page, explorerUrl, zk }) => {
    const lockPath = zk.lockPath('break');
    const admin = await zk.session();
    await admin.mkdirp(lockPath);
    const names: string[] = [];
    for (let i = 0; i < 2; i += 1) names.push((await (await zk.session()).create(`${lockPath}/lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1));
    const [holder, waiter] = names as [string, string];
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(lockPath);
    await lock.node(holder).click();
    // The whole stat and the data in hex are read when a node is selected.
    await page.getByTestId('node-stat').locator('summary').click();
    await expect(page.getByTestId('node-stat')).toContainText('cversion');
    await expect(page.getByTestId('node-data-hex')).toBeVisible();
    const dialog = page.getByTestId('break-dialog');
    // Cancel leaves everything as it was.
    await page.getByTestId('break-lock').click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(holder);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(lock.nodes).toHaveCount(2);
    // Confirmed: the holder's node goes and the waiter holds.
    await page.getByTestId('break-lock').click();
    await page.getByTestId('break-confirm').click();
    await expect(lock.node(holder)).toHaveCount(0);
    await expect(lock.node(waiter)).toHaveAttribute('data-role', 'holder');
  });

  test("asks a Curator holder that made its lock revocable to let go, before breaking, and its own client releases", async ({ page, explorerUrl, zk }) => {
    test.setTimeout(60_000);
    const lockPath = zk.lockPath('revoke');
    const contenders = await RealContenders.start(process.env.EXPLORER_ZK_CONNECT!, lockPath, 'curator-mutex-revocable', '2');
    try {
      const lock = new LockPage(page, explorerUrl);
      await lock.goto(lockPath);
      await expect(lock.nodes).toHaveCount(2);
      const holder = (await lock.nodes.first().getAttribute('data-name'))!;
      const waiter = (await lock.nodes.nth(1).getAttribute('data-name'))!;
      await expect(lock.node(holder)).toHaveAttribute('data-role', 'holder');
      await lock.node(holder).click();
      const panel = page.getByTestId('node-panel');
      // Offered once ZooKeeper reports the holder watching its own node, and above the button that breaks.
      const ask = panel.getByTestId('revoke-lock');
      await expect(ask).toBeVisible({ timeout: 15_000 });
      expect((await ask.boundingBox())!.y).toBeLessThan((await panel.getByTestId('break-lock').boundingBox())!.y);
      await ask.click();
      const dialog = page.getByTestId('revoke-dialog');
      await expect(dialog).toContainText('__REVOKE__');
      await expect(dialog).toContainText('RevocationListener');
      await page.getByTestId('revoke-confirm').click();
      await expect(dialog).toBeHidden();
      // Its client let go (the panel of its node goes with it): its node is gone, the waiter holds.
      await expect(lock.node(holder)).toHaveCount(0, { timeout: 15_000 });
      await expect(lock.node(waiter)).toHaveAttribute('data-role', 'holder');
    } finally {
      await contenders.stop();
    }
  });
});
