/**
 * The dashboard of a production-sized tree: an explorer of its own (embedded ZooKeeper, the
 * defaults) over a Kafka-era tree of 30,000 znodes with 10,000 locks, each held by one session
 * and waited on by another. The list is whole and says how it was found; only the rows near the
 * window are in the page; the filter, the sort and the keyboard reach every lock.
 */
import { buildTree, SYSTEM_LOCKS, TreeContenders, type BuiltTree } from '../server/testing/big-tree';
import { ZkSession } from '../server/zk/session';
import { expect, test } from './fixtures';
import { Dashboard } from './pages/dashboard';
import { spawnExplorer, type ExplorerProcess } from './server';

const LOCKS = 10_000;
/** Every lock listed: the tree's, the orphan, and Kafka's controller beside them. */
const LISTED = LOCKS + 1 + SYSTEM_LOCKS.length;

test.describe('the dashboard at ten thousand locks', () => {
  let explorer: ExplorerProcess;
  let contenders: TreeContenders;
  let tree: BuiltTree;
  let connectString: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The orphan (persistent nodes alone) is made after the explorer started: a scan of the tree again finds it.
    explorer = await spawnExplorer([], { DISCOVERY_RESCAN_MS: '5000' });
    const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as { zookeeper: { connectString: string } };
    connectString = health.zookeeper.connectString;
    const builder = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    await builder.start(10_000);
    try {
      tree = await buildTree(builder, { topics: 5000, partitions: 2, locks: LOCKS });
    } finally {
      builder.close();
    }
    contenders = await TreeContenders.start(connectString, tree.lockPaths);
    // Every lock listed (the orphan too, once the scan has come to it, and Kafka's controller).
    await expect
      .poll(async () => ((await (await fetch(`${explorer.url}/api/health`)).json()) as { discovery: { locks: number; scan: { state: string } } }).discovery, { timeout: 120_000 })
      .toMatchObject({ locks: LISTED, scan: { state: 'done' } });
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    // The explorer's embedded ZooKeeper goes with it: the contenders need not wait for their nodes to go.
    await explorer?.stop();
    contenders?.holder.close();
    contenders?.waiter.close();
  });

  test('lists all of them, keeps few rows in the page, and filters, sorts and walks them', async ({ page }) => {
    test.setTimeout(90_000);
    const dashboard = new Dashboard(page, explorer.url);
    const opened = Date.now();
    await dashboard.goto();
    await expect(page.getByTestId('discovery-summary')).toContainText(`${LISTED.toLocaleString('en-US')} locks`, { timeout: 20_000 });
    await expect(dashboard.rows.first()).toBeVisible();
    console.log(`dashboard of ${LISTED} locks: first row shown ${Date.now() - opened} ms after the page was asked for`);
    await expect(page.getByTestId('discovery-summary')).toContainText('ephemeral nodes 127.0.0.1:');
    // Virtualized: a window's worth of rows, not ten thousand.
    expect(await dashboard.rows.count()).toBeLessThan(100);
    // Most urgent first: the orphaned persistent lock node (an anomaly) above ten thousand healthy locks, each waited on.
    await expect(page.getByTestId('sort-attention')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await dashboard.paths())[0]).toBe(tree.orphanLock);

    // The filter reaches any of them.
    const wanted = tree.lockPaths[7777]!;
    await dashboard.filter.fill(wanted);
    await expect(dashboard.rows).toHaveCount(1);
    await expect(dashboard.row(wanted)).toBeVisible();
    await dashboard.filter.fill('');

    // Sorted by path, End walks to the last of ten thousand, scrolled into view.
    await dashboard.sortBy('path');
    const sorted = [...tree.lockPaths, ...SYSTEM_LOCKS, tree.orphanLock].sort();
    await expect.poll(async () => (await dashboard.paths())[0]).toBe(sorted[0]);
    await dashboard.row(sorted[0]!).getByRole('link').focus();
    await page.keyboard.press('End');
    await expect(dashboard.row(sorted.at(-1)!).getByRole('link')).toBeFocused();
    await expect(dashboard.row(sorted.at(-1)!)).toBeInViewport();
    await page.keyboard.press('ArrowUp');
    await expect(dashboard.row(sorted.at(-2)!).getByRole('link')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(dashboard.row(sorted[0]!).getByRole('link')).toBeFocused();
    expect(await dashboard.rows.count()).toBeLessThan(100);
  });
});
