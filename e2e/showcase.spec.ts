/**
 * Every page against the showcase (`npm run showcase`'s realistic mix: long real names, real
 * Curator and Kazoo processes, crashed holders, a waiter that watches nothing, a deadlock across
 * two processes, Kafka's and Hadoop's layouts, a lock under a digest ACL, a herd of 40), at 390,
 * 1280, 1920 and 3840 px, light and dark, English and Chinese: no sideways scroll at 1280 and
 * above, no text cut by an ellipsis there, no box scrolling inside the page on a phone, no English
 * words on a page in Chinese, every count equal to the API's, and axe's WCAG 2 A and AA rules.
 * `npm run showcase:check` (SHOWCASE_SHOTS=1) runs it alone and shoots each page into
 * .shots/showcase/ (the README's screenshots are taken from those).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LockListSchema, LockSnapshotSchema, SessionListSchema } from '../lib/protocol';
import { startShowcase, type Showcase } from '../server/testing/showcase';
import { expect, test } from './fixtures';
import { incidentsShown } from './pages/incidents';
import { ruleBreaks } from './rules';

/** What may stay in Latin letters on a page in Chinese: product and system names, ZooKeeper's own words, units. */
const LATIN_NAMES = [
  'ZooKeeper', 'zk-lock-explorer', 'Curator', 'Kazoo', 'Kafka', 'Apache', 'Hadoop', 'HDFS', 'YARN', 'HBase', 'Solr', 'ClickHouse', 'Flink', 'menagerie',
  'InterProcessMutex', 'InterProcessSemaphoreMutex', 'InterProcessSemaphoreV2', 'InterProcessReadWriteLock', 'InterProcessMultiLock', 'LeaderSelector', 'LeaderLatch',
  'Lock', 'ReadLock', 'WriteLock', 'Semaphore', 'ActiveStandbyElectorLock', 'NameNode', 'ResourceManager', 'English',
  'mntr', 'cons', 'wchc', 'dump', 'srvr', 'getChildren', 'getData', 'getAcl', 'exists', 'sync', 'stat', 'czxid', 'pzxid', 'mzxid', 'znode', 'znodes', 'zkCli', 'GUID',
  'NoAuth', 'ACL', 'SIGKILL', 'TLS', 'SASL', 'JSON', 'CSV', 'PNG', 'SVG', 'Markdown', 'API', 'REST', 'UTC', 'GMT', 'Tab', 'Enter', 'Space', 'Esc',
  // The words real systems name their parts by, as their own documentation does in Chinese too.
  'broker', 'controller', 'nameservice', 'active', 'standby', 'ZKFailoverController', 'ActiveBreadCrumb', 'ReentrantZkLock', 'mode',
  // What the showcase's Kazoo contenders write as their identifier (data, not the page's words).
  'contender',
];

/** The words of the showcase's own paths (a path cut short on a card is still a path). */
const pathWords = (): string[] => showcase.locks.flatMap((lock) => lock.path.split(/[/-]/));

/** Whether each page is shot into .shots/showcase/: `npm run showcase:check`. */
const SHOTS = process.env.SHOWCASE_SHOTS === '1';

/** Where a page's shot goes: `.shots/showcase/<screen>-<the page's path as one word>.png` (scripts/readme-shots.mjs picks the README's from them). */
const shotPath = (screen: string, url: string): string => `.shots/showcase/${screen}-${url.replace(/[^a-z0-9]+/gi, '_').replace(/_showcase_\d+_/, '_showcase_').slice(0, 80)}.png`;

/** The widths each page is drawn at, with a height of the same screen. */
const SCREENS = [
  [390, 844],
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
] as const;

let showcase: Showcase;

test.describe('every page against the showcase', () => {
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(240_000);
    const connectString = process.env.EXPLORER_ZK_CONNECT;
    if (!connectString) throw new Error('EXPLORER_ZK_CONNECT is not set: the global set-up did not run');
    showcase = await startShowcase({ connectString, root: `/showcase-${testInfo.workerIndex}` });
  });

  test.afterAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    await showcase?.stop();
  });

  /** The pages to look at: the four lists, the classroom, and a lock page of each kind in the mix. */
  const pages = (): string[] => ['/', '/sessions', '/waits-for', '/incidents', '/demo', ...showcase.locks.map((lock) => `/locks${lock.path}`)];

  /** Opens `url` and waits until it shows what the showcase made. */
  async function open(page: Page, explorerUrl: string, url: string): Promise<void> {
    await page.goto(`${explorerUrl}${url}`);
    if (url === '/') await expect.poll(async () => Number(await page.getByTestId('lock-table').getAttribute('aria-rowcount', { timeout: 30_000 })) - 1, { timeout: 30_000 }).toBeGreaterThanOrEqual(showcase.locks.length);
    else if (url.startsWith('/locks')) await expect(page.getByTestId('lock-summary').or(page.getByTestId('lock-error'))).toBeVisible({ timeout: 30_000 });
    else if (url === '/sessions') await expect(page.getByTestId('session-table').or(page.getByTestId('sessions-empty'))).toBeVisible({ timeout: 30_000 });
    else if (url === '/waits-for') await expect(page.getByTestId('waits-graph').or(page.getByTestId('waits-empty'))).toBeVisible({ timeout: 30_000 });
    else if (url === '/incidents') await expect(incidentsShown(page)).toBeVisible({ timeout: 30_000 });
    else await expect(page.getByTestId('demo-start')).toBeVisible({ timeout: 30_000 });
    // Measured connected: a page still connecting is not the page.
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    // Arrivals slide in: measured once they are in place.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  }

  test('the explorer lists every lock the showcase made, with the counts of its API', async ({ page, explorerUrl, request }) => {
    test.setTimeout(120_000);
    const paths = showcase.locks.map((lock) => lock.path);
    await expect
      .poll(async () => {
        const list = LockListSchema.parse(await (await request.get(`${explorerUrl}/api/locks`)).json());
        return paths.filter((path) => !list.locks.some((lock) => lock.path === path));
      }, { timeout: 60_000, message: 'showcase locks the explorer does not list' })
      .toEqual([]);
    await open(page, explorerUrl, '/');
    const list = LockListSchema.parse(await (await request.get(`${explorerUrl}/api/locks`)).json());
    // The table draws only the rows near the view (other tests' locks may be listed too): its row count says the whole.
    await expect(page.getByTestId('lock-table')).toHaveAttribute('aria-rowcount', String(list.locks.length + 1));
    await page.getByTestId('lock-filter').fill('showcase');
    for (const lock of list.locks.filter((one) => paths.includes(one.path))) {
      const row = page.locator(`[data-testid="lock-row"][data-path="${lock.path}"]`);
      await expect(row.getByTestId('queue-length'), lock.path).toHaveText(lock.queueLength.toLocaleString('en-US'));
    }
    const sessions = SessionListSchema.parse(await (await request.get(`${explorerUrl}/api/sessions`)).json());
    await open(page, explorerUrl, '/sessions');
    await expect(page.getByTestId('session-row')).toHaveCount(sessions.sessions.length);
  });

  test('a crashed holder is flagged as soon as ZooKeeper shows it cut off: on its lock page, the dashboard and the sessions page', async ({ page, explorerUrl, request }) => {
    // The showcase kills each crash lock's holder at its start and every minute; its session lives 40 s more.
    test.setTimeout(150_000);
    const crashed = showcase.locks.filter((lock) => lock.what.includes('SIGKILL'));
    expect(crashed.length).toBeGreaterThan(0);
    for (const lock of crashed) {
      let session = '';
      await expect
        .poll(async () => {
          const snapshot = LockSnapshotSchema.parse(await (await request.get(`${explorerUrl}/api/locks${lock.path}`)).json());
          const cut = snapshot.anomalies.find((anomaly) => anomaly.kind === 'holder-disconnected');
          session = snapshot.nodes.find((node) => node.name === cut?.node)?.sessionId ?? '';
          return session;
        }, { timeout: 80_000, message: `${lock.path}: the holder-disconnected verdict` })
        .not.toBe('');
      await open(page, explorerUrl, `/locks${lock.path}`);
      await expect(page.getByTestId('summary-holder-disconnected'), lock.path).toBeVisible();
      // Its card is drawn cut off with the verdict, not a sessions read or two later (the README's picture once showed it green).
      await expect(page.locator('[data-testid="lock-node"][data-role="holder"]').getByTestId('silent-owner'), lock.path).toHaveCount(1, { timeout: 1500 });
      // The README's picture of a crashed holder: taken while it is one (the other shots fall anywhere in its crash cycle).
      if (SHOTS) {
        await page.setViewportSize({ width: 1400, height: 900 });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await open(page, explorerUrl, `/locks${lock.path}`);
        await expect(page.getByTestId('summary-holder-disconnected'), lock.path).toBeVisible();
        await expect(page.locator('[data-testid="lock-node"][data-role="holder"]').getByTestId('silent-owner'), lock.path).toHaveCount(1, { timeout: 1500 });
        await page.screenshot({ path: shotPath('crashed-dark-1400-en', `/locks${lock.path}`) });
        await page.evaluate(() => localStorage.removeItem('theme'));
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await open(page, explorerUrl, '/');
      await expect(page.locator(`[data-testid="lock-row"][data-path="${lock.path}"]`).getByTestId('row-holder-disconnected')).toBeVisible();
      await open(page, explorerUrl, '/sessions');
      await expect(page.getByTestId('sessions-flagged')).toBeVisible();
      await expect(page.locator(`[data-testid="session-row"][data-session="${session}"]`).getByTestId('session-silent'), session).toBeVisible();
    }
  });

  test('the herd of another process is named a herd once its holder hands over, on its page and the dashboard', async ({ page, explorerUrl, request }) => {
    // The showcase's herd hands over every 20 s: each handover wakes every waiter, which ZooKeeper's cons shows.
    test.setTimeout(120_000);
    const herd = showcase.locks.find((lock) => lock.what.includes('herd'))!;
    await expect
      .poll(async () => LockSnapshotSchema.parse(await (await request.get(`${explorerUrl}/api/locks${herd.path}`)).json()).anomalies.map((anomaly) => anomaly.kind), { timeout: 90_000, message: `${herd.path}: the herd verdict` })
      .toContain('herd');
    // Its waiters watch the lock's children, as a herd's do: none of them is said to watch nothing any more.
    const kinds = LockSnapshotSchema.parse(await (await request.get(`${explorerUrl}/api/locks${herd.path}`)).json()).anomalies.map((anomaly) => anomaly.kind);
    expect(kinds).not.toContain('no-watch');
    await open(page, explorerUrl, `/locks${herd.path}`);
    await expect(page.locator('.herd-bundle')).toHaveCount(1);
    await open(page, explorerUrl, '/');
    await expect(page.locator(`[data-testid="lock-row"][data-path="${herd.path}"]`)).toContainText('Herd');
  });

  for (const [width, height] of SCREENS) {
    test(`at ${width} px: no sideways scroll${width >= 1280 ? ', no text cut' : ', no box scrolling inside the page'}, in English and in Chinese`, async ({ page, explorerUrl }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height });
      const found: string[] = [];
      for (const language of ['en', 'zh'] as const) {
        await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
        for (const url of pages()) {
          await open(page, explorerUrl, url);
          const breaks = await ruleBreaks(page, [...LATIN_NAMES, ...pathWords()]);
          const where = `${url} at ${width} px (${language})`;
          if (SHOTS) await page.screenshot({ path: shotPath(`${width}-${language}`, url) });
          found.push(...breaks.sideways.map((what) => `${where}: scrolls sideways: ${what}`));
          if (width >= 1280) found.push(...breaks.cut.map((what) => `${where}: cut: ${what}`));
          else found.push(...breaks.nested.map((what) => `${where}: scrolls inside the page: ${what}`));
          found.push(...breaks.english.map((what) => `${where}: English: ${what}`));
        }
      }
      expect(found).toEqual([]);
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2 A or AA violation in the ${scheme} theme`, async ({ page, explorerUrl }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), scheme);
      const found: string[] = [];
      for (const url of pages()) {
        await open(page, explorerUrl, url);
        if (SHOTS) await page.screenshot({ path: shotPath(`${scheme}-1400-en`, url) });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        found.push(...results.violations.map((violation) => `${url}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`));
      }
      expect(found).toEqual([]);
    });
  }
});
