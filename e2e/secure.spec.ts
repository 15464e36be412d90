import { readFileSync } from 'node:fs';
import { startKdc } from '../server/testing/kdc';
import { makeTestPki, startKerberizedZooKeeper, startSaslZooKeeper, startTlsZooKeeper } from '../server/testing/secure-zookeeper';
import { ZkSession } from '../server/zk/session';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LockPage } from './pages/lock-page';
import { spawnExplorer } from './server';

/** Two contenders made by `owner` (its session logged in as the explorer's is), shown live on the lock page of the explorer at `url`. */
async function showsLiveLock(page: Page, owner: ZkSession, url: string, lockPath: string): Promise<void> {
  await owner.start();
  await owner.mkdirp(lockPath);
  await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
  await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
  const lock = new LockPage(page, url);
  await lock.goto(lockPath);
  await expect(lock.banner).toHaveAttribute('data-state', 'live');
  await expect(lock.nodes).toHaveCount(2);
}

test.describe('a secured ZooKeeper, set up as the README says', () => {
  test('mutual TLS: live with the right CA; with a wrong one the banner says why, not "connecting"', async ({ page }) => {
    test.setTimeout(90_000);
    const pki = makeTestPki();
    const zookeeper = await startTlsZooKeeper(pki);
    const tlsEnv = { ZK_CONNECT: zookeeper.connectString, ZK_TLS: '1', ZK_TLS_CA: pki.files.ca, ZK_TLS_CERT: pki.files.cert, ZK_TLS_KEY: pki.files.key };
    const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport: { tls: pki.tls, sasl: null } });
    const right = await spawnExplorer([], tlsEnv);
    const wrong = await spawnExplorer([], { ...tlsEnv, ZK_TLS_CA: pki.files.otherCa });
    try {
      await showsLiveLock(page, owner, right.url, '/tls-e2e/lock');

      await page.goto(wrong.url);
      const banner = page.getByTestId('connection-banner');
      await expect(banner).toHaveAttribute('data-state', 'down');
      await expect(banner).toContainText('ZooKeeper tls-failed since');
      await expect(page.getByTestId('banner-reason')).toHaveText(`TLS: the certificate of 127.0.0.1:${zookeeper.port} is not signed by ZK_TLS_CA (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
      // The key never leaves the server: not in its log, not in the page.
      const key = readFileSync(pki.files.key, 'utf8').split('\n')[1]!;
      expect(wrong.output() + right.output()).not.toContain(key);
      expect(await page.content()).not.toContain(key);

      // SIGTERM with the page still open on it stops it at once (it used to wait for the browser's connections, up to 10 s).
      const stopping = Date.now();
      expect(await wrong.stop()).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5000);
    } finally {
      owner.close();
      await right.stop();
      await wrong.stop();
      await zookeeper.stop();
    }
  });

  test('Kerberos: live from a keytab against a real KDC; a service principal the KDC does not know is named on the banner', async ({ page }) => {
    test.setTimeout(90_000);
    const kdc = await startKdc();
    const saved = process.env.KRB5_CONFIG;
    process.env.KRB5_CONFIG = kdc.krb5Conf;
    const zookeeper = await startKerberizedZooKeeper(kdc);
    const principal = `explorer@${kdc.realm}`;
    const keytab = await kdc.keytab(principal);
    const kerberosEnv = { ZK_CONNECT: zookeeper.connectString, ZK_SASL: 'gssapi', ZK_KRB5_KEYTAB: keytab, ZK_KRB5_PRINCIPAL: principal, KRB5_CONFIG: kdc.krb5Conf };
    const owner = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 10_000, transport: { tls: null, sasl: { mechanism: 'gssapi', keytab, principal, service: 'zookeeper', canonicalize: true, serverPrincipal: null } } });
    const right = await spawnExplorer([], kerberosEnv);
    const wrong = await spawnExplorer([], { ...kerberosEnv, ZK_SASL_SERVICE: 'hbase' });
    try {
      await showsLiveLock(page, owner, right.url, '/kerberos-e2e/lock');

      await page.goto(wrong.url);
      await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'down');
      await expect(page.getByTestId('banner-reason')).toContainText("the KDC does not know ZooKeeper's service principal hbase/localhost");
      await page.screenshot({ path: '.tmp/screenshots/kerberos-refused.png' });
      expect(wrong.output()).toMatch(/ZooKeeper session: auth-failed \(SASL GSSAPI: /);
    } finally {
      owner.close();
      await right.stop();
      await wrong.stop();
      await zookeeper.stop();
      await kdc.stop();
      if (saved === undefined) delete process.env.KRB5_CONFIG;
      else process.env.KRB5_CONFIG = saved;
    }
  });

  test('SASL: a wrong password is named on the banner and never shown or logged', async ({ page }) => {
    test.setTimeout(90_000);
    const zookeeper = await startSaslZooKeeper({ explorer: 'the-right-one' });
    const password = 'hunter2-wrong';
    const explorer = await spawnExplorer([], { ZK_CONNECT: zookeeper.connectString, ZK_SASL: `digest-md5:explorer:${password}` });
    try {
      await page.goto(explorer.url);
      await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'down');
      await expect(page.getByTestId('banner-reason')).toContainText('SASL: ZooKeeper refused user "explorer"');
      await expect(page.getByTestId('lock-list-loading')).toHaveText('Waiting for ZooKeeper (auth-failed, see above) before looking for locks…');
      await page.screenshot({ path: '.tmp/screenshots/sasl-refused.png' });
      expect(await page.content()).not.toContain(password);
      expect(explorer.output()).toMatch(/ZooKeeper session: auth-failed \(SASL: ZooKeeper refused user "explorer"/);
      expect(explorer.output()).not.toContain(password);
    } finally {
      await explorer.stop();
      await zookeeper.stop();
    }
  });
});
