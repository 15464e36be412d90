import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';

test.describe('simulated contenders from the lock page', () => {
  test('offers first the recipe the lock’s own clients use, and keeps the one chosen', async ({ page, explorerUrl, zk }) => {
    const path = `/sim${zk.lockPath('default-recipe')}`;
    const client = await zk.session();
    await client.mkdirp(path);
    // One Curator contender: its waiters read their predecessor's data.
    await client.create(`${path}/_c_${crypto.randomUUID()}-lock-`, null, 'ephemeral-sequential');
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    await expect(lock.nodes).toHaveCount(1);
    const recipe = page.getByTestId('sim-controls').getByLabel('Recipe');
    await expect(recipe).toHaveValue('chained-getdata');
    await recipe.selectOption('no-watch');
    await expect(recipe).toHaveValue('no-watch');

    // A lock that is not there yet: ZooKeeper's own chain.
    await lock.goto(`/sim${zk.lockPath('nothing-yet')}`);
    await expect(page.getByTestId('sim-controls').getByLabel('Recipe')).toHaveValue('chained');
  });

  test('spawns contenders, releases the holder from its node panel, and stops them all', async ({ page, explorerUrl, zk }) => {
    const path = `/sim${zk.lockPath('ui')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const controls = page.getByTestId('sim-controls');
    await expect(controls).toBeVisible();
    await controls.getByLabel('Contenders').fill('3');
    await controls.getByLabel('Hold (ms)').fill('600000');
    await controls.getByLabel('Recipe').selectOption('chained-getdata');
    await page.getByTestId('sim-spawn').click();

    await expect(lock.nodes).toHaveCount(3);
    await expect(lock.edges).toHaveCount(2);
    // ZooKeeper's wchc confirms both getData watches: the edges turn solid.
    await expect(page.locator('[data-testid="watch-edge"][data-confirmed="confirmed"]')).toHaveCount(2);
    await expect(page.getByTestId('sim-count-value')).toHaveText('3');
    const holder = page.locator('[data-testid="lock-node"][data-role="holder"]');
    const holderName = await holder.getAttribute('data-name');
    expect(holderName).toMatch(/^_c_[0-9a-f-]{36}-lock-\d{10}$/);

    // Keyboard: focus the holder and select it with Enter.
    await holder.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', holderName!);
    await page.getByTestId('action-release').click();

    await expect(lock.node(holderName!)).toHaveCount(0);
    await expect(lock.nodes).toHaveCount(2);
    await expect(page.locator('[data-testid="lock-node"][data-role="holder"]')).toHaveCount(1);
    await expect(page.getByTestId('sim-violations')).toHaveText('0');

    // The new holder crashes: its panel then offers nothing more to do to it.
    const next = page.locator('[data-testid="lock-node"][data-role="holder"]');
    await next.click();
    await expect(page.getByTestId('action-release')).toBeVisible();
    await page.getByTestId('action-crash').click();
    await expect(page.getByTestId('contender-actions')).toHaveAttribute('data-state', 'crashed');
    await expect(page.getByTestId('contender-no-actions')).toContainText('crashed');
    await expect(page.locator('[data-testid^="action-"]')).toHaveCount(0);

    await page.getByTestId('sim-stop-all').click();
    await expect(lock.nodes).toHaveCount(0);
  });

  test('a semaphore’s holders read “holds a lease” once, its waiters say what they wait for', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('leases')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    const spawned = await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 3, strategy: 'semaphore', maxLeases: 2, holdMs: 600_000, rounds: 1 } });
    expect(spawned.status()).toBe(201);
    const holders = page.locator('[data-testid="lock-node"][data-role="holder"]');
    await expect(holders).toHaveCount(2);
    for (const text of await holders.allTextContents()) {
      expect(text).toContain('HOLDS A LEASE');
      expect(text).not.toContain('LEASE · LEASE');
    }
    await expect(page.locator('[data-testid="lock-node"][data-role="waiter"]').first()).toContainText('· LEASE');
    await page.getByTestId('sim-stop-all').click();
    await expect(lock.nodes).toHaveCount(0);
  });

  test('offers no controls outside the sandbox root, and says where they are', async ({ page, explorerUrl, zk }) => {
    const lock = new LockPage(page, explorerUrl);
    const outside = zk.lockPath('outside');
    await lock.goto(outside);
    // One closed line on an operator's page; opened, what it is and where the controls are.
    await expect(page.getByTestId('sim-elsewhere-text')).toBeHidden();
    await page.getByTestId('sim-elsewhere').locator('summary').click();
    await expect(page.getByTestId('sim-elsewhere')).toContainText('never touch this lock');
    await expect(page.getByTestId('sim-spawn')).toHaveCount(0);
    // Its twin in the sandbox, said to be empty until contenders are spawned there, where the controls are.
    await expect(page.getByTestId('sim-sandbox-link')).toHaveText(`/sim${outside}`);
    await page.getByTestId('sim-sandbox-link').click();
    await expect(page.getByTestId('lock-path')).toHaveText(`/sim${outside}`);
    await expect(page.getByTestId('sim-spawn')).toBeVisible();
  });
});

test.describe('a release, drawn as ZooKeeper delivers it', () => {
  for (const [strategy, woken] of [
    ['herd', 3],
    ['chained', 1],
  ] as const) {
    test(`${strategy}: the holder's release wakes ${woken} waiter(s), and the page pulses exactly those`, async ({ page, explorerUrl, zk, request }) => {
      const path = `/sim${zk.lockPath(`pulse-${strategy}`)}`;
      const lock = new LockPage(page, explorerUrl);
      await lock.goto(path);
      const spawned = await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 4, strategy, holdMs: 600_000, rounds: 1 } });
      expect(spawned.status()).toBe(201);
      await expect(lock.nodes).toHaveCount(4);
      // The spawn's answer may come before the contenders made their nodes: the holder, and its node, are asked for once they are drawn.
      type Contender = { id: string; path: string; state: string; node: string | null };
      const holderNow = async (): Promise<Contender | undefined> =>
        ((await (await request.get(`${explorerUrl}/api/sim/contenders`)).json()) as { contenders: Contender[] }).contenders.find((contender) => contender.path === path && contender.state === 'holding' && contender.node !== null);
      await expect.poll(async () => (await holderNow())?.node ?? null).not.toBeNull();
      const holder = (await holderNow())!;
      const motion = await lock.recordMotion();
      expect((await request.post(`${explorerUrl}/api/sim/contenders/${holder.id}/release`)).status()).toBe(200);
      await expect(page.locator('[data-testid="lock-node"][data-woken="true"]')).toHaveCount(woken);
      // A notification runs to each woken watcher, and the released node is seen leaving.
      await expect.poll(async () => (await motion()).trails.length).toBe(woken);
      expect((await motion()).leaving).toEqual([holder.node]);
      await expect(lock.nodes).toHaveCount(3);
      await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
    });
  }
});

test.describe('anomalies on the lock page', () => {
  test('a waiter that sets no watch is named in the list and flagged on its card', async ({ page, explorerUrl, zk, request }) => {
    const path = `/sim${zk.lockPath('stuck')}`;
    const lock = new LockPage(page, explorerUrl);
    await lock.goto(path);
    // Two chained waiters set their watches; the no-watch one sets none.
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 2, strategy: 'chained-getdata', holdMs: 600_000 } })).status()).toBe(201);
    expect((await request.post(`${explorerUrl}/api/sim/contenders`, { data: { path, count: 1, strategy: 'no-watch', holdMs: 600_000 } })).status()).toBe(201);
    const anomaly = page.locator('[data-testid="anomaly"][data-kind="no-watch"]');
    await expect(anomaly).toHaveCount(1);
    const stuck = await anomaly.getAttribute('data-node');
    await expect(lock.node(stuck!)).toHaveAttribute('data-flagged', 'true');
    await anomaly.getByRole('button').click();
    await expect(page.getByTestId('node-panel')).toHaveAttribute('data-name', stuck!);
    await request.delete(`${explorerUrl}/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });
});
