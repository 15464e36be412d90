import type { ContenderInfo } from '../lib/protocol';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawn } from './sim';

test.describe('the lock page draws what ZooKeeper does not show', () => {
  test('a crashed holder is hatched, with the time left until ZooKeeper expires its session', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('crashed')}`;
    const [holder] = await spawn(request, explorerUrl, { path, count: 3, strategy: 'chained', sessionTimeoutMs: 30_000 });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(lock.nodes).toHaveCount(3);
    await expect(page.getByTestId('silent-owner')).toHaveCount(0);
    expect((await request.post(`${explorerUrl}/api/sim/contenders/${holder!.id}/crash`, { data: {} })).status()).toBe(200);
    const card = page.locator('[data-testid="lock-node"][data-role="holder"]');
    await expect(card.getByTestId('silent-owner')).toHaveCount(1, { timeout: 20_000 });
    await expect(card).toHaveAttribute('aria-label', /no connection, ZooKeeper expires it in \d+ s/);
    // Only the crashed one: the waiters are connected.
    await expect(page.getByTestId('silent-owner')).toHaveCount(1);
    // The countdown shares the role's line and covers none of it (it once hid "HOLDS THE LOCK" down to "HOLDS THE L").
    const [role, pill] = [await card.locator('.card-role').boundingBox(), await card.locator('.card-expiry-bg').boundingBox()];
    expect(role!.x + role!.width, 'the role ends before the countdown begins').toBeLessThan(pill!.x);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('a paused contender that still believes it holds stands beside the real holder, the fencing tokens compared', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('believer')}`;
    const [paused] = await spawn(request, explorerUrl, { path, count: 2, strategy: 'chained', sessionTimeoutMs: 4000 });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(lock.nodes).toHaveCount(2);
    expect((await request.post(`${explorerUrl}/api/sim/contenders/${paused!.id}/pause`, { data: { ms: 60_000 } })).status()).toBe(200);
    // Its session expires, the next holds, and it goes on believing.
    const ghost = page.getByTestId('ghost-holder');
    await expect(ghost).toHaveAttribute('data-contender', paused!.id, { timeout: 20_000 });
    await expect(ghost).toHaveAttribute('data-fenced', 'true');
    await expect(page.getByTestId('summary-believers')).toHaveText('2');
    // Drawn beside the holder, on its row.
    // The card itself (its link to the holder reaches left to the holder's side).
    await page.waitForFunction(() => document.querySelector('[data-testid="queue-diagram"]')?.getAnimations({ subtree: true }).length === 0);
    const [ghostBox, holderBox] = [await ghost.locator('.ghost-bg').boundingBox(), await page.locator('[data-testid="lock-node"][data-role="holder"]').boundingBox()];
    expect(Math.abs(ghostBox!.y - holderBox!.y)).toBeLessThan(2);
    expect(ghostBox!.x).toBeGreaterThan(holderBox!.x + holderBox!.width);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('the sessions that watch a single node without one of their own are drawn around it and counted', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('watched-node')}`;
    await spawn(request, explorerUrl, { path, count: 4, strategy: 'single-node' });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(page.getByTestId('outside-watchers')).toHaveAttribute('data-count', '3', { timeout: 20_000 });
    await expect(page.getByTestId('summary-watching')).toHaveText('3');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  test('a Kafka /controller watched by one other broker: "1 watches it", though the explorer watches it too', async ({ page, explorerUrl, zk }) => {
    const controller = `${zk.lockPath('kafka')}/controller`;
    const [broker, standby] = [await zk.session(), await zk.session()];
    await broker.mkdirp(controller.slice(0, controller.lastIndexOf('/')));
    await broker.create(controller, Buffer.from(JSON.stringify({ version: 1, brokerid: 3, timestamp: '1700000000000' })), 'ephemeral');
    await standby.exists(controller, () => undefined);
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(controller);
    await expect(lock.nodes).toHaveCount(1);
    const watchers = page.getByTestId('outside-watchers');
    await expect(watchers).toHaveAttribute('data-count', '1', { timeout: 20_000 });
    await expect(watchers).toContainText('1 watches it');
    await expect(page.getByTestId('summary-watching')).toHaveText('1');
    // Reports keep coming (one every two seconds): the explorer's own watch on the node is never added to the count.
    await page.waitForTimeout(5000);
    await expect(watchers).toHaveAttribute('data-count', '1');
  });

  test('an anomaly is a banner on the canvas that selects its node', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('banner')}`;
    await spawn(request, explorerUrl, { path, count: 2, strategy: 'chained' });
    const [careless] = await spawn(request, explorerUrl, { path, count: 1, strategy: 'no-watch' });
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const banner = page.locator('[data-testid="canvas-banner"][data-kind="no-watch"]');
    await expect(banner).toBeVisible({ timeout: 20_000 });
    const node = (await banner.getAttribute('data-node'))!;
    // The banner names the node of the contender that sets no watch.
    const list = (await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as { contenders: ContenderInfo[] };
    expect(list.contenders.find((contender) => contender.id === careless!.id)?.node).toBe(node);
    await banner.click();
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', node);
    await expect(lock.node(node)).toHaveAttribute('aria-pressed', 'true');
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
