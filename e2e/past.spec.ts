/**
 * Live mode with ZooKeeper's files in Chromium: the explorer's embedded ZooKeeper writes its
 * transaction log, which the explorer follows; an operator on a lock's page goes back in time,
 * steps to a change the lock had before, sees it as it was, and comes back to the present.
 */
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';

test('a lock seen as it was before, from the files of the ZooKeeper the explorer follows, and live again', async ({ page, explorerUrl, zk }) => {
  test.setTimeout(60_000);
  const path = zk.lockPath('past');
  const admin = await zk.session();
  await admin.mkdirp(path);
  const first = await (await zk.session()).create(`${path}/lock-`, null, 'ephemeral-sequential');
  const second = await zk.session();
  const secondNode = await second.create(`${path}/lock-`, null, 'ephemeral-sequential');
  const lock = new LockPage(page, explorerUrl);
  await lock.goto(path);
  await expect(lock.nodes).toHaveCount(2);
  // The first releases: the second holds, alone.
  await admin.remove(first);
  await expect(lock.nodes).toHaveCount(1);

  await page.getByTestId('travel-past').click();
  const bar = page.getByTestId('replay-bar');
  await expect(bar).toContainText('A past moment');
  await expect(page).toHaveURL(/[?&]at=\d+/);
  // The lock's last change is its holder's release: one step back, both nodes are there again, the first holding.
  await expect(page.getByTestId('replay-previous')).toBeEnabled();
  await page.getByTestId('replay-previous').click();
  await expect(lock.nodes).toHaveCount(2);
  await expect(page.locator('[data-testid="lock-node"][data-role="holder"]')).toContainText(first.split('/').pop()!);
  // Nothing can be done to the past.
  await expect(page.getByTestId('sim-off')).toContainText('Nothing can be done to a past moment');

  // Back to the present: live again, the address without the moment.
  await page.getByTestId('replay-back-to-live').click();
  await expect(bar).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(lock.nodes).toHaveCount(1);
  await expect(page.locator('[data-testid="lock-node"][data-role="holder"]')).toContainText(secondNode.split('/').pop()!);
  // And live it is: a new contender shows.
  await (await zk.session()).create(`${path}/lock-`, null, 'ephemeral-sequential');
  await expect(lock.nodes).toHaveCount(2);
});

test('live, a time of day in the address goes to the last such moment of the files, and an address that names no moment is said', async ({ page, explorerUrl, zk }) => {
  test.setTimeout(60_000);
  const path = zk.lockPath('past-of-day');
  const admin = await zk.session();
  await admin.mkdirp(path);
  await (await zk.session()).create(`${path}/lock-`, null, 'ephemeral-sequential');
  // A second later, so that the time of day written (to the second) falls after the node was made.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const lock = new LockPage(page, explorerUrl);
  await lock.goto(path);
  await expect(lock.nodes).toHaveCount(1);
  // The time of day now, to the second, in the browser's zone, as the go-to box takes it: after the node was made (over a second ago).
  const { text, ms } = await page.evaluate(() => {
    const date = new Date();
    date.setMilliseconds(0);
    const pad = (value: number) => String(value).padStart(2, '0');
    return { text: `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`, ms: date.getTime() };
  });
  await page.goto(`${explorerUrl}/locks${path}?at=${text}`);
  await expect(page.getByTestId('replay-bar')).toContainText('A past moment');
  await expect(page).toHaveURL(new RegExp(`[?&]at=${ms}(&|$)`));
  // The moment at or before it (the files end at their last transaction, which may be a little before the time asked).
  await expect(page.getByTestId('replay-clock')).toHaveAttribute('data-time', /^\d+$/);
  expect(Number(await page.getByTestId('replay-clock').getAttribute('data-time'))).toBeLessThanOrEqual(ms);
  await expect(lock.nodes).toHaveCount(1);

  await page.goto(`${explorerUrl}/locks${path}?at=yesterday`);
  await expect(page.getByTestId('address-bad')).toContainText('?at=yesterday is not a moment of ZooKeeper’s files: showing the present');
  await expect(page.getByTestId('replay-bar')).toHaveCount(0);
  await expect(lock.nodes).toHaveCount(1);
});
