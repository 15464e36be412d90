/**
 * The lock-garbage page on garbage made by hand in a real ZooKeeper: thirty Kazoo lock parents used
 * once and left empty beside a live lock of theirs, and a node leaked by a session that queued
 * again behind it. An explorer of its own (ALLOW_CLEANUP, an ADMIN_TOKEN, a slow clean-up so that
 * its progress shows) follows only this test's root of the shared ZooKeeper.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { LockSnapshotSchema } from '../lib/protocol';
import { ZkSession } from '../server/zk/session';
import { expect, test } from './fixtures';
import { overflowing } from './overflow';
import { GarbagePage } from './pages/garbage';
import { spawnExplorer, type ExplorerProcess } from './server';

const TOKEN = 'garbage-e2e-token';
const root = `/e2e-garbage-${randomUUID().slice(0, 8)}`;
const group = `${root}/kazoo/locks`;
/** Real-looking resource names, one lock parent each, as a Kazoo job queue leaves them. */
const parents = Array.from({ length: 30 }, (_, index) => `${group}/billing-invoice-export-2026-12-07T21:14:${String(index).padStart(2, '0')}Z-tenant-${randomUUID().slice(0, 8)}`).sort();
/** A Kazoo Lock contender's name: its client's id, then the sequence ZooKeeper appends. */
const kazooNode = (): string => `${randomUUID().replaceAll('-', '')}__lock__`;
const leakyLock = `${group}/payments-settlement-eu-west-1`;

let explorer: ExplorerProcess;
let writer: ZkSession;
let leaker: ZkSession;
let leakedPath: string;
let queuedAgainPath: string;

test.describe.configure({ mode: 'serial' });

test.describe('the lock-garbage page', () => {
  test.beforeAll(async () => {
    const connectString = process.env.EXPLORER_ZK_CONNECT;
    if (!connectString) throw new Error('EXPLORER_ZK_CONNECT is not set: the global set-up did not run');
    writer = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    leaker = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    await Promise.all([writer.start(), leaker.start()]);
    // Each parent used once and let go, as Kazoo's Lock leaves it (ensure_path, then its node deleted).
    for (const parent of parents) {
      await writer.mkdirp(parent);
      await writer.remove(await writer.create(`${parent}/${kazooNode()}`, null, 'ephemeral-sequential'));
    }
    // A node that never had a child is no lock's parent.
    await writer.mkdirp(`${root}/config/feature-flags`);
    // A client gave up on its node and queued again, watching the node it left: the first leads the queue, leaked.
    await leaker.mkdirp(leakyLock);
    leakedPath = await leaker.create(`${leakyLock}/${kazooNode()}`, null, 'ephemeral-sequential');
    queuedAgainPath = await leaker.create(`${leakyLock}/${kazooNode()}`, null, 'ephemeral-sequential');
    await leaker.exists(leakedPath, () => undefined);
    explorer = await spawnExplorer([], { ZK_CONNECT: connectString, LOCK_ROOTS: root, ALLOW_CLEANUP: '1', ADMIN_TOKEN: TOKEN, CLEANUP_DELETES_PER_SECOND: '5' });
  });

  test.afterAll(async () => {
    writer?.close();
    leaker?.close();
    await explorer?.stop();
  });

  test('the dashboard counts the garbage and links to the page, which lists the group with its count, recipe and advice', async ({ page }) => {
    await page.goto(explorer.url);
    const line = page.getByTestId('home-garbage');
    await expect(line).toHaveText('30 empty lock parents · 1 leaked node', { timeout: 30_000 });
    await line.click();
    await expect(page).toHaveURL(`${explorer.url}/garbage`);
    await expect(page.getByTestId('nav-garbage')).toHaveAttribute('aria-current', 'page');
    const garbage = new GarbagePage(page, explorer.url);
    await expect(garbage.count('empty-parents')).toHaveAttribute('data-count', '30');
    await expect(garbage.count('leaked')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('garbage-partial')).toHaveCount(0);
    await expect(page.getByTestId('garbage-group')).toHaveCount(1);
    const row = garbage.group(group);
    await expect(row.getByTestId('garbage-group-count')).toHaveText('30');
    // The live lock beside them is a Kazoo Lock: the pile is Kazoo's, and so is the advice.
    await expect(row.getByTestId('garbage-group-recipe')).toHaveText('Kazoo Lock');
    await expect(row.getByTestId('garbage-group-advice')).toHaveAttribute('data-advice', 'kazoo');
    await expect(row.getByTestId('garbage-group-advice')).toHaveText('Kazoo never removes its lock parents');
  });

  test('reads with the keyboard, in light and dark, in English and Chinese, and fits a phone', async ({ page }) => {
    test.setTimeout(90_000);
    const garbage = new GarbagePage(page, explorer.url);
    for (const [scheme, language] of [
      ['light', 'en'],
      ['dark', 'en'],
      ['light', 'zh'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript(([theme, chosen]) => {
        localStorage.setItem('theme', theme!);
        localStorage.setItem('language', chosen!);
      }, [scheme, language]);
      await garbage.goto();
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
      // The group opens from the keyboard, and its dry run comes.
      const opener = garbage.group(group).getByTestId('garbage-group-open');
      await opener.focus();
      await page.keyboard.press('Enter');
      await expect(opener).toHaveAttribute('aria-expanded', 'true');
      await page.getByTestId('dry-run-idle').selectOption('0');
      await expect(page.getByTestId('dry-run-count')).toHaveAttribute('data-count', '30');
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${scheme}, ${language}`).toEqual([]);
    }
    // The confirmation holds the keyboard: it opens on Cancel, and Escape closes it with nothing done.
    await page.getByTestId('cleanup-start').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cleanup-start-dialog');
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('data-testid'))).toBe('cleanup-start-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cleanup-run')).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const fit = await overflowing(page);
    expect(fit.elements).toEqual([]);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.width);
  });

  test('the dry run lists exactly the group’s parents and their zkCli commands; the clean-up deletes them with the token, its progress then its report shown', async ({ page, request }) => {
    test.setTimeout(90_000);
    const garbage = new GarbagePage(page, explorer.url);
    await garbage.goto();
    await garbage.open(group);
    await expect(page.getByTestId('garbage-group-advice-long')).toContainText('NoNodeError');
    // The explorer found them a moment ago: a minute's idleness leaves them all; none leaves none.
    await expect(page.getByTestId('dry-run-count')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('dry-run-recent')).toHaveText('30 emptied lately are left.');
    await page.getByTestId('dry-run-idle').selectOption('0');
    await expect(page.getByTestId('dry-run-count')).toHaveAttribute('data-count', '30');
    await expect(page.getByTestId('dry-run-count')).toHaveText('30 empty parents would be deleted.');
    expect(await garbage.dryRunPaths()).toEqual(parents);

    // ZooKeeper's own commands for the same, each guarded by the version read.
    const commands = parents.map((path) => `delete -v 0 ${path}\n`).join('');
    const download = page.getByTestId('zkcli-download');
    await expect(download).toHaveAttribute('download', /^zk-delete-empty-parents-.*\.txt$/);
    expect(await (await request.get(`${explorer.url}${await download.getAttribute('href')}`)).text()).toBe(commands);
    await page.getByTestId('zkcli-preview').locator('..').locator('summary').click();
    await expect(page.getByTestId('zkcli-preview')).toHaveText(commands.trimEnd());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('zkcli-copy').click();
    await expect(page.getByTestId('zkcli-copied')).toHaveText('30 commands copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(commands);

    // The confirmation states the count; a wrong token is refused in it, the right one starts the run.
    await page.getByTestId('cleanup-start').click();
    const dialog = page.getByTestId('cleanup-start-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Delete 30 empty lock parents under ${group}?`);
    const token = dialog.getByLabel('Admin token');
    await token.fill('not-the-token');
    await page.getByTestId('cleanup-start-confirm').click();
    await expect(page.getByTestId('cleanup-start-error')).toContainText('admin token');
    for (const path of parents) expect(await writer.exists(path)).not.toBeNull();
    await token.fill(TOKEN);
    await page.getByTestId('cleanup-start-confirm').click();
    await expect(dialog).toBeHidden();

    // Five a second: the bar is seen moving before the report.
    await expect(garbage.run).toHaveAttribute('data-state', 'running');
    await expect(garbage.run).toBeFocused();
    await expect(page.getByTestId('cleanup-progress')).toHaveAttribute('max', '30');
    await expect(page.getByTestId('cleanup-handled')).toContainText(/^Cleaning up: \d+ of 30$/);
    await expect(garbage.run).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('cleanup-headline')).toHaveText('Clean-up done: 30 deleted, 0 skipped, 0 left.');

    // ZooKeeper has none of them any more, and everything else is still there.
    for (const path of parents) expect(await writer.exists(path)).toBeNull();
    for (const path of [`${root}/config/feature-flags`, leakyLock, leakedPath, queuedAgainPath]) expect(await writer.exists(path)).not.toBeNull();
    await expect(garbage.group(group)).toHaveCount(0);
    await expect(garbage.count('empty-parents')).toHaveAttribute('data-count', '0');
  });

  test('a leaked node is deleted from its row after a confirmation, and the node queued behind it takes the lock', async ({ page, request }) => {
    const garbage = new GarbagePage(page, explorer.url);
    await page.addInitScript((token) => sessionStorage.setItem('zk-lock-explorer-token', token), TOKEN);
    await garbage.goto();
    const name = leakedPath.slice(leakyLock.length + 1);
    const row = garbage.leaked(name);
    await expect(row.getByTestId('leaked-why')).toHaveText('its session queued again behind it leads the queue');
    await expect(row.getByTestId('leaked-leads')).toBeVisible();
    await row.getByTestId('leaked-delete').click();
    const dialog = page.getByTestId('leaked-delete-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Delete the leaked node ${name}?`);
    await expect(dialog).toContainText(leaker.sessionId!);
    await dialog.getByTestId('leaked-delete-confirm').click();
    await expect(page.getByTestId('leaked-result')).toHaveText(`${name} deleted.`);
    expect(await writer.exists(leakedPath)).toBeNull();
    expect(await writer.exists(queuedAgainPath)).not.toBeNull();
    const holders = async (): Promise<string[]> => LockSnapshotSchema.parse(await (await request.get(`${explorer.url}/api/locks${leakyLock}`)).json()).holders;
    await expect.poll(holders).toEqual([queuedAgainPath.slice(leakyLock.length + 1)]);
    await expect(row).toHaveCount(0, { timeout: 15_000 });
    await expect(garbage.count('leaked')).toHaveAttribute('data-count', '0');
  });
});
