import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/net';
import { startSaslZooKeeper } from '../server/testing/secure-zookeeper';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawnExplorer } from './server';

test.describe('a fleet of ensembles in one explorer', () => {
  test('the fleet page orders every ensemble as a triage, and leads into two ensembles, each page of one its own; the palette searches them all', async ({ page }) => {
    test.setTimeout(120_000);
    const kafka = await startEmbeddedZooKeeper();
    const hbase = await startSaslZooKeeper({ explorer: 'fleet-e2e' });
    const sasl = { mechanism: 'digest-md5' as const, username: 'explorer', password: 'fleet-e2e' };
    // Nothing listens there: an ensemble that is down.
    const solr = `127.0.0.1:${await freePort()}`;
    const owners = [new ZkSession({ connectString: kafka.connectString, sessionTimeoutMs: 20_000 }), new ZkSession({ connectString: kafka.connectString, sessionTimeoutMs: 20_000 }), new ZkSession({ connectString: hbase.connectString, sessionTimeoutMs: 20_000, transport: { tls: null, sasl } })];
    const dir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
    const file = join(dir, 'ensembles.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: 'kafka-prod', ZK_CONNECT: kafka.connectString },
        { name: 'hbase-prod', ZK_CONNECT: hbase.connectString, ZK_SASL: `digest-md5:${sasl.username}:${sasl.password}` },
        { name: 'solr-staging', ZK_CONNECT: solr },
      ]),
    );
    const explorer = await spawnExplorer([], { ZK_ENSEMBLES: file, INTROSPECT_INTERVAL_MS: '500' });
    try {
      // The ensemble that refuses did not hold the start back for its 15 s: it listened once the refusal was known.
      expect(explorer.output()).toMatch(/solr-staging: no session yet: .*ECONNREFUSED.*; still trying\n[^]*listening on/);
      for (const owner of owners) await owner.start(10_000);
      // Kafka's: a holder and a waiter that watches nothing (bare nodes), a lock that needs a look. HBase's: one holder, calm.
      await owners[0]!.mkdirp('/orders/lock');
      await owners[0]!.create('/orders/lock/lock-', null, 'ephemeral-sequential');
      await owners[1]!.create('/orders/lock/lock-', null, 'ephemeral-sequential');
      await owners[2]!.mkdirp('/billing/lock');
      await owners[2]!.create('/billing/lock/lock-', null, 'ephemeral-sequential');

      await page.goto(`${explorer.url}/fleet`);
      const cards = page.getByTestId('fleet-ensemble');
      // What cannot be read first, then what needs a look, then the calm.
      await expect(cards).toHaveCount(3);
      await expect.poll(async () => cards.evaluateAll((all) => all.map((card) => `${card.getAttribute('data-ensemble')}:${card.getAttribute('data-state')}`)), { timeout: 20_000 }).toEqual(['solr-staging:unreachable', 'kafka-prod:connected', 'hbase-prod:connected']);
      const kafkaCard = page.locator('[data-ensemble="kafka-prod"]');
      await expect(kafkaCard.getByTestId('fleet-worst-lock')).toHaveText(/\/orders\/lock/, { timeout: 20_000 });
      await expect(kafkaCard.getByTestId('fleet-kind')).toContainText(['No watch seen']);
      await expect(kafkaCard.getByTestId('fleet-counts')).toHaveText('1 lock · 1 needs a look', { timeout: 20_000 });
      await expect(page.locator('[data-ensemble="hbase-prod"]').getByTestId('fleet-counts')).toHaveText('1 lock · No lock needs a look.', { timeout: 20_000 });
      await expect(page.locator('[data-ensemble="solr-staging"]').getByTestId('fleet-reason')).toHaveText(`${solr}: connect ECONNREFUSED ${solr}`);
      // No secret on the page.
      expect(await page.content()).not.toContain(sasl.password);

      // Into Kafka's: its dashboard has its lock alone, its lock page follows it live.
      await kafkaCard.getByTestId('fleet-open').click();
      await expect(page).toHaveURL(`${explorer.url}/e/kafka-prod`);
      await expect(page.getByTestId('nav-ensemble')).toHaveText('kafka-prod');
      await expect(page.getByTestId('lock-row')).toHaveCount(1);
      await expect(page.getByTestId('lock-row')).toContainText('/orders/lock');
      await page.getByTestId('lock-row').getByRole('link', { name: '/orders/lock' }).click();
      await expect(page).toHaveURL(`${explorer.url}/e/kafka-prod/locks/orders/lock`);
      const lock = new LockPage(page, explorer.url);
      await expect(lock.banner).toHaveAttribute('data-state', 'live');
      await expect(lock.nodes).toHaveCount(2);
      // The views' links stay in the ensemble.
      await expect(page.getByTestId('nav-sessions')).toHaveAttribute('href', '/e/kafka-prod/sessions');
      await expect(page.getByTestId('nav-fleet')).toHaveAttribute('href', '/fleet');

      // Back to the fleet, into HBase's: its own lock, not Kafka's.
      await page.getByTestId('nav-fleet').click();
      await page.locator('[data-ensemble="hbase-prod"]').getByTestId('fleet-open').click();
      await expect(page).toHaveURL(`${explorer.url}/e/hbase-prod`);
      await expect(page.getByTestId('lock-row')).toHaveCount(1);
      await expect(page.getByTestId('lock-row')).toContainText('/billing/lock');
      // The palette searches every ensemble: Kafka's lock from HBase's dashboard, each lock saying its ensemble, each ensemble's dashboard (the one down too).
      await page.keyboard.press('Control+k');
      await page.keyboard.type('orders');
      await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-command', 'lock:kafka-prod:/orders/lock');
      await expect(page.getByTestId('palette-item').first()).toContainText('lock · kafka-prod');
      await page.getByTestId('palette-input').fill('dashboard');
      await expect(page.getByTestId('palette-item').filter({ hasText: 'solr-staging: its dashboard' })).toHaveCount(1);
      await expect(page.getByTestId('palette-item').filter({ hasText: 'kafka-prod: its dashboard' })).toHaveCount(1);
      await page.getByTestId('palette-input').fill('billing');
      await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-command', 'lock:/billing/lock');
      await expect(page.getByTestId('palette-item').first()).toContainText('lock · hbase-prod');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${explorer.url}/e/hbase-prod/locks/billing/lock`);
      await expect(lock.banner).toHaveAttribute('data-state', 'live');
      await expect(lock.nodes).toHaveCount(1);
      // And from HBase's lock page into Kafka's lock: a page of the other ensemble, live.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('/orders/lock');
      await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-command', 'lock:kafka-prod:/orders/lock');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${explorer.url}/e/kafka-prod/locks/orders/lock`);
      await expect(lock.banner).toHaveAttribute('data-state', 'live');
      await expect(lock.nodes).toHaveCount(2);

      // In Chinese: the page's own words are.
      await page.addInitScript(() => localStorage.setItem('language', 'zh'));
      await page.goto(`${explorer.url}/fleet`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('集群总览');
      await expect(page.locator('[data-ensemble="hbase-prod"]').getByTestId('fleet-state')).toHaveText('已连接');
      // And why an ensemble cannot be read is said in Chinese around what the system said (Node's error, in its own words).
      await expect(page.locator('[data-ensemble="solr-staging"]').getByTestId('fleet-reason')).toHaveText(`无法连接 ${solr}：connect ECONNREFUSED ${solr}`);
      expect(explorer.output()).not.toContain(sasl.password);
    } finally {
      for (const owner of owners) owner.close();
      await explorer.stop();
      await kafka.stop();
      await hbase.stop();
    }
  });
});
