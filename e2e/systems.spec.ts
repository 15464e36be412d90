import { SYSTEM_FIXTURES } from '../lib/lock/systems/fixtures';
import { makeSystemFixture } from '../server/testing/system-fixtures';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';

test('the locks of real systems: named on the dashboard and the lock page, the holder as its system names it, its data decoded', async ({ page, explorerUrl, zk }) => {
  const prefix = zk.lockPath('systems');
  const owners = [await zk.session(), await zk.session(), await zk.session()];
  const admin = await zk.session();
  const table = SYSTEM_FIXTURES.find((fixture) => fixture.layout === 'table-lock')!;
  const hadoop = SYSTEM_FIXTURES.find((fixture) => fixture.lock === '/hadoop-ha/mycluster/ActiveStandbyElectorLock')!;
  for (const fixture of [table, hadoop]) await makeSystemFixture(fixture, prefix, owners, admin);

  // The dashboard names the system and the holder as it names it.
  await page.goto(explorerUrl);
  const row = page.locator(`[data-testid="lock-row"][data-path="${prefix}${hadoop.lock}"]`);
  await expect(row.getByTestId('row-system')).toHaveText('Hadoop HA (ZKFailoverController)');
  await expect(row.getByTestId('row-holder-identity')).toHaveText('NameNode nn1 (nn1.example.com:8020)');
  await page.getByPlaceholder(/Filter/).fill('hbase');
  await expect(page.locator(`[data-testid="lock-row"][data-path="${prefix}${table.lock}"]`)).toBeVisible();
  await expect(row).toBeHidden();

  // The lock page: the system, its role, what the breadcrumb says; the holder by its NameNode; its protobuf decoded.
  const lock = new LockPage(page, explorerUrl);
  await lock.goto(`${prefix}${hadoop.lock}`);
  await expect(page.getByTestId('summary-system')).toContainText('Hadoop HA (ZKFailoverController)');
  await expect(page.getByTestId('summary-role')).toContainText('HDFS NameNode failover of nameservice mycluster');
  await expect(page.getByTestId('summary-system-note')).toContainText('ActiveBreadCrumb names NameNode nn2 (nn2.example.com:8020), the active before: the holder fences it first');
  await expect(lock.summaryHolder).toHaveText('NameNode nn1 (nn1.example.com:8020)');
  await lock.nodes.first().click();
  const decoded = page.getByTestId('node-panel').getByTestId('node-decoded');
  await expect(decoded).toContainText('nameservice');
  await expect(decoded).toContainText('nn1.example.com');
  await expect(decoded).toContainText('8019');

  // HBase's table lock: a writer holds, a reader waits on it; each named by its server and purpose.
  await lock.goto(`${prefix}${table.lock}`);
  await expect(page.getByTestId('summary-system')).toContainText('Apache HBase');
  await expect(lock.nodes).toHaveCount(2);
  await expect(lock.nodes.nth(1)).toContainText('rs1:16020 (region split)');
  await lock.nodes.nth(1).click();
  await expect(page.getByTestId('node-panel').getByTestId('node-decoded')).toContainText('region split');
  await page.screenshot({ path: '.tmp/screenshots/e2e-systems-hbase.png' });
});
