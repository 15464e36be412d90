/**
 * Replay mode in Chromium: a stuck-lock incident recorded into a real ZooKeeper's files (Kazoo
 * contenders, the holder's process killed with SIGKILL, its waiters stuck until ZooKeeper
 * expired its session), then served by the explorer from those files alone and stepped through
 * as an operator paged afterwards would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { LockSnapshotSchema, type IncidentList, type Moment } from '../lib/protocol';
import { formatDuration } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { recordIncident, type RecordedIncident } from '../server/testing/incident';
import { expect, test } from './fixtures';
import { spawnExplorer, type ExplorerProcess } from './server';

let dir: string;
let incident: RecordedIncident;
let explorer: ExplorerProcess;
/** The stuck lock's changes, as the files tell them: the holder's create, three waiters', the expiry, a release, the last expiries. */
let changes: Moment[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'zk-incident-'));
  incident = await recordIncident(dir, { sessionMs: 4000 });
  explorer = await spawnExplorer(['--replay', incident.dirs.join(',')]);
  const answer = (await (await fetch(`${explorer.url}/api/changes${encodeZnodePath(incident.lock)}`)).json()) as { changes: Moment[] };
  changes = answer.changes;
});

test.afterAll(async () => {
  await explorer?.stop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const holder = (page: Page) => page.locator('[data-testid="lock-node"][data-role="holder"]');
const clock = (page: Page) => page.getByTestId('replay-clock');

test('a crashed holder and the waiters stuck behind it until its session expired, stepped through in the files', async ({ page }) => {
  test.setTimeout(60_000);
  expect(changes.length, 'the holder, three waiters, the expiry, a release and the last expiries').toBeGreaterThanOrEqual(7);
  const [, , , queued, expired] = changes as [Moment, Moment, Moment, Moment, Moment];
  expect(explorer.output()).toMatch(/replay: \d+ transactions/);

  // Paged afterwards: the lock at the moment its last waiter queued behind the holder, who was to crash.
  await page.goto(`${explorer.url}/locks${encodeZnodePath(incident.lock)}?at=${queued.zxid}`);
  await expect(page.getByTestId('replay-bar')).toContainText(incident.dirs[1]);
  await expect(clock(page)).toHaveAttribute('data-zxid', queued.zxid);
  await expect(holder(page)).toContainText(incident.crashed);
  await expect(page.getByTestId('summary-waiters')).toHaveText('3');
  await expect(page.getByTestId('replay-changes')).toContainText(String(changes.length));
  // Nothing can be done to the past.
  await expect(page.getByTestId('sim-off')).toContainText('replay mode');

  // Half a second before ZooKeeper expired the crashed session: nothing changed in the files, the holder still holds, for longer.
  const before = expired.time - 500;
  await page.getByTestId('replay-goto').fill(String(before));
  await page.getByTestId('replay-goto').press('Enter');
  await expect(clock(page)).toHaveAttribute('data-time', String(before));
  // Other transactions may come between (the crashed process's other session expiring first): the lock's own last change is still the last waiter's.
  await expect(page.getByTestId('summary-pzxid')).toContainText(queued.zxid);
  await expect(holder(page)).toContainText(incident.crashed);
  await expect(page.getByTestId('summary-waiters')).toHaveText('3');
  // Half a second before the expiry, in hindsight the files tell the holder was a dead client's from its last-heard bound on; its node's panel says how its session ended.
  await expect(page.getByTestId('anomaly-list').locator('[data-testid="anomaly"][data-kind="holder-disconnected"]')).toHaveCount(1);
  await expect(page.getByTestId('anomaly-list')).toContainText('as ZooKeeper’s files tell in hindsight');
  await holder(page).click();
  await expect(page.getByTestId('node-session-files')).toContainText(/expired .*last heard from .* at the latest/);
  // Nothing can be freed in the past: no way to break the lock, nor a zkCli command to delete a node long gone.
  await expect(page.getByTestId('break-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('break-command')).toHaveCount(0);

  // The next change of this lock is the expiry: the first waiter holds, and the history says how the crashed hold ended.
  await page.getByTestId('replay-next').click();
  await expect(clock(page)).toHaveAttribute('data-zxid', expired.zxid);
  await expect(holder(page)).toContainText(incident.waiters[0]!);
  await expect(page.getByTestId('summary-waiters')).toHaveText('2');
  await expect(page.locator(`[data-testid="history-bar"][data-session="${incident.crashed}"]`)).toHaveAttribute('data-ended', 'session-expired');
  // The event strip says the deletion was an expiry, not a release (one step back from the new holder's hold).
  await page.getByTestId('event-scrub').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('event-said')).toContainText('ZooKeeper expired its holder’s session (a forced handover)');
  await page.getByTestId('event-pause').click();
  await expect(page).toHaveURL(new RegExp(`at=${expired.zxid}`));

  // Back with the keyboard: the stuck queue again, whole.
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('[');
  await expect(clock(page)).toHaveAttribute('data-zxid', queued.zxid);
  await expect(holder(page)).toContainText(incident.crashed);
  await expect(page.getByTestId('lock-node')).toHaveCount(4);

  // What is no moment, or one before the files, is said.
  await page.getByTestId('replay-goto').fill('soon');
  await page.getByTestId('replay-goto').press('Enter');
  await expect(page.getByTestId('replay-error')).toContainText('Not a moment');
  await page.getByTestId('replay-goto').fill('1000');
  await page.getByTestId('replay-goto').press('Enter');
  await expect(page.getByTestId('replay-error')).toContainText('before the files begin');

  // From the first change, played at ×100 to the end of the files, where the lock is empty.
  await page.getByTestId('replay-goto').fill(changes[0]!.zxid);
  await page.getByTestId('replay-goto').press('Enter');
  await expect(clock(page)).toHaveAttribute('data-zxid', changes[0]!.zxid);
  await page.getByTestId('replay-speed-100').click();
  await page.getByTestId('replay-play').click();
  await expect(page.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('lock-empty')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  const span = (await (await fetch(`${explorer.url}/api/replay`)).json()) as { to: number; lastZxid: string };
  await expect(clock(page)).toHaveAttribute('data-time', String(span.to));
  await expect(page.getByTestId('replay-next')).toBeDisabled();
  // At the end every node is gone: the crashed holder's bar goes to when its hold began, where it holds again.
  const crashedBar = page.locator(`[data-testid="history-bar"][data-session="${incident.crashed}"][data-travels="true"]`);
  const began = Number(await crashedBar.getAttribute('data-from'));
  await crashedBar.click();
  await expect(clock(page)).toHaveAttribute('data-time', String(began));
  await expect(holder(page)).toContainText(incident.crashed);
});

test('the lock list, the sessions and the waits-for graph follow the moment from page to page', async ({ page }) => {
  const queued = changes[3]!;
  await page.goto(`${explorer.url}/?at=${queued.zxid}`);
  const row = page.locator(`[data-testid="lock-row"][data-path="${incident.lock}"]`);
  await expect(row.getByTestId('queue-length')).toHaveText('3');
  await expect(row.getByTestId('row-holder')).toContainText(incident.crashed);
  await expect(page.locator(`[data-testid="lock-row"][data-path="${incident.quiet}"]`)).toBeVisible();

  // To the sessions by the page's own link: the moment goes along.
  await page.getByTestId('nav-sessions').click();
  await expect(clock(page)).toHaveAttribute('data-zxid', queued.zxid);
  await expect(page.locator(`[data-testid="session-row"][data-session="${incident.crashed}"]`)).toBeVisible();

  // Who waited for whom then: the three waiters (drawn as one group) for the crashed holder.
  await page.getByTestId('nav-waits-for').click();
  await expect(page.locator(`[data-testid="waits-session"][data-session="${incident.crashed}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="waits-group"][data-lock="${incident.lock}"]`)).toContainText('3');
  await expect(page.getByTestId('waits-edge')).toHaveCount(1);

  // A time of day in the address, as the go-to box takes it: the last such moment of the files (here, the last waiter's queueing, to the millisecond).
  const ofDay = await page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  }, queued.time);
  await page.goto(`${explorer.url}/waits-for?at=${ofDay}`);
  await expect(clock(page)).toHaveAttribute('data-time', String(queued.time));
  await expect(page.locator(`[data-testid="waits-group"][data-lock="${incident.lock}"]`)).toContainText('3');
  // One that is no moment is said, not ignored.
  await page.goto(`${explorer.url}/waits-for?at=half-past-three`);
  await expect(page.getByTestId('replay-error')).toContainText('?at=half-past-three is not a moment');
  await page.goto(`${explorer.url}/waits-for?at=${queued.zxid}`);

  // A reload keeps the moment (the address has it); the end of the files has nobody waiting.
  await page.reload();
  await expect(clock(page)).toHaveAttribute('data-zxid', queued.zxid);
  await page.getByTestId('replay-slider').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('waits-edge')).toHaveCount(0);

  // A replay follows no ensemble: the fleet page says so and leads to the dashboard.
  await page.goto(`${explorer.url}/fleet`);
  await expect(page.getByTestId('fleet-replay')).toContainText('replays ZooKeeper’s files');
  await expect(page.getByTestId('fleet-failed')).toHaveCount(0);
  await page.getByTestId('fleet-replay').getByRole('link').click();
  await expect(page.locator(`[data-testid="lock-row"][data-path="${incident.lock}"]`)).toBeVisible();
});

test('the incidents of the files: the waiters stuck behind the crashed holder and the forced handover, said in words, each opening its moment', async ({ page }) => {
  const answer = (await (await fetch(`${explorer.url}/api/incidents?path=${encodeURIComponent(incident.lock)}`)).json()) as IncidentList;
  const stuck = answer.incidents.find((each) => each.kind === 'stuck')!;
  expect(stuck, 'the stuck interval before the expiry').toBeDefined();
  expect(stuck.sessions[0]).toBe(incident.crashed);
  expect(stuck.count).toBe(3);
  // From the last-heard bound (the expiry less the session's timeout) to the expiry: about the timeout, and it begins near the kill.
  expect(stuck.to - stuck.from).toBeLessThanOrEqual(stuck.timeoutMs!);
  expect(Math.abs(stuck.from - incident.crashedAt)).toBeLessThan(3000);

  // The replay's first screen: the newest incidents above the lock list, newest first, with a way to all of them.
  const all = ((await (await fetch(`${explorer.url}/api/incidents`)).json()) as IncidentList).incidents;
  await page.goto(`${explorer.url}/`);
  const first = page.getByTestId('home-incidents').getByTestId('incident');
  await expect(first).toHaveCount(Math.min(3, all.length));
  await expect(first.first()).toHaveAttribute('data-kind', all.at(-1)!.kind);
  await page.getByTestId('incidents-all').click();
  await expect(page).toHaveURL(/\/incidents$/);
  const card = (kind: string) => page.locator(`[data-testid="incident"][data-kind="${kind}"][data-sessions^="${incident.crashed}"]`);
  await expect(card('stuck')).toContainText(`3 waiters stuck behind ${incident.crashed}`);
  await expect(card('stuck')).toContainText(incident.lock);
  await expect(card('forced-handover')).toContainText(`ZooKeeper expired the holder’s session ${incident.crashed}`);
  await expect(card('forced-handover')).toContainText(`${incident.waiters[0]} held next`);
  // Every time on the page carries its zone.
  await expect(page.getByTestId('incident-count')).toContainText(/UTC/);

  // The write-up's table: saved as CSV in the browser's zone, a row each with its zxids and sessions, named by the span.
  const [table] = await Promise.all([page.waitForEvent('download'), page.getByTestId('write-up-incidents-csv').click()]);
  expect(table.suggestedFilename()).toMatch(/^incidents_\d{8}T\d{6}Z_\d{8}T\d{6}Z\.csv$/);
  const rows = Buffer.concat(await (await table.createReadStream()).toArray()).toString('utf8').trim().split('\r\n');
  expect(rows[0]).toBe('kind,lock,from,to,length_ms,from_zxid,to_zxid,sessions,ended,next,count,what');
  const stuckRow = rows.find((row) => row.startsWith(`stuck,${incident.lock},`))!;
  expect(stuckRow, 'the stuck interval as a row').toBeDefined();
  expect(stuckRow).toContain(`,${stuck.fromZxid},${stuck.toZxid},${stuck.sessions.join(' ')},`);
  expect(stuckRow).toContain(`,${new Date(stuck.from).toISOString().replace('Z', '+00:00')},`);
  const [holds] = await Promise.all([page.waitForEvent('download'), page.getByTestId('write-up-holds-markdown').click()]);
  const holdLines = Buffer.concat(await (await holds.createReadStream()).toArray()).toString('utf8').trim().split('\n');
  expect(holdLines[0]).toContain('| fencing_token | session |');
  expect(holdLines.some((line) => line.includes(` | ${incident.crashed} | `) && line.includes(' | session-expired | ')), 'the crashed hold, ended by the expiry').toBe(true);

  // The filter keeps one kind.
  await page.getByTestId('incident-kind').selectOption('stuck');
  await expect(page.getByTestId('incident')).toHaveCount(answer.incidents.filter((each) => each.kind === 'stuck').length);

  // Its moment: the crashed holder still holds, three wait behind it.
  await card('stuck').getByTestId('incident-open').click();
  await expect(page).toHaveURL(new RegExp(`/locks${encodeZnodePath(incident.lock)}\\?at=${Math.round(stuck.from)}`));
  await expect(clock(page)).toHaveAttribute('data-zxid', stuck.fromZxid!);
  await expect(holder(page)).toContainText(incident.crashed);
  await expect(page.getByTestId('summary-waiters')).toHaveText('3');
  // In hindsight the files tell the holder was a dead client's from its last-heard bound on; its node's panel says how its session ended.
  await expect(page.getByTestId('anomaly-list').locator('[data-testid="anomaly"][data-kind="holder-disconnected"]')).toHaveCount(1);
  await expect(page.getByTestId('anomaly-list')).toContainText('as ZooKeeper’s files tell in hindsight');
  await holder(page).click();
  await expect(page.getByTestId('node-session-files')).toContainText(/expired .*last heard from .* at the latest/);
  // The slider marks where each of the lock's incidents began.
  await expect(page.getByTestId('replay-mark')).toHaveCount(answer.incidents.length);
  // Exported at that moment: named and captioned with it (and its zone), ages told against it, not against the wall clock minutes later.
  const shownAt = Number(await clock(page).getAttribute('data-time'));
  const written = await page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  }, shownAt);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  expect(svg.suggestedFilename()).toBe(`lock${incident.lock.replace(/[^A-Za-z0-9._-]+/g, '_')}-${written.replace(' ', 'T').replaceAll(':', '-')}.svg`);
  const picture = Buffer.concat(await (await svg.createReadStream()).toArray()).toString('utf8');
  expect(picture).toContain(`at ${written} UTC`);
  const then = LockSnapshotSchema.parse(await (await fetch(`${explorer.url}/api/locks${encodeZnodePath(incident.lock)}?at=${stuck.fromZxid}`)).json());
  const held = then.nodes.find((node) => node.role === 'holder')!;
  expect(picture).toContain(held.roleSince === null ? `created ${formatDuration(shownAt - held.ctime)} ago` : `held ${formatDuration(shownAt - held.roleSince)}`);
  // The lock's page lists its own incidents, as many as the API.
  await expect(page.getByTestId('lock-incidents').getByTestId('incident')).toHaveCount(answer.incidents.length);

  // The palette finds the page by what a post-mortem types.
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill('expired');
  await expect(page.getByTestId('command-palette')).toContainText('Incidents');
});
