/**
 * Replay of damaged files in Chromium: real ZooKeeper files with one entry of the log damaged
 * (a flipped byte in the holder's close, see `recordDamagedFiles`), served by the explorer:
 * the gap is said in the band, hatched on the slider, a moment in it says so and leads to its
 * end, the hold that ended in it says how little is known, and everything after it is shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LockHistory, ReplayInfo } from '../lib/protocol';
import { encodeZnodePath } from '../lib/zk/path';
import { recordDamagedFiles, type DamagedFiles } from '../server/testing/damaged-files';
import { expect, test } from './fixtures';
import { spawnExplorer, type ExplorerProcess } from './server';

let dir: string;
let files: DamagedFiles;
let explorer: ExplorerProcess;
let info: ReplayInfo;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'zk-damaged-'));
  files = await recordDamagedFiles(dir);
  explorer = await spawnExplorer(['--replay', files.damaged]);
  info = (await (await fetch(`${explorer.url}/api/replay`)).json()) as ReplayInfo;
});

test.afterAll(async () => {
  await explorer?.stop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

test('a damaged entry: the gap said and drawn, a moment in it told so and led out of, the hold that ended in it said, everything after it shown', async ({ page }) => {
  test.setTimeout(60_000);
  // The API: one gap, from the entry before the damaged close to the next snapshot (taken while the waiter held), and no stop.
  expect(info.stoppedAt).toBeNull();
  expect(info.gaps).toHaveLength(1);
  const [gap] = info.gaps as [ReplayInfo['gaps'][number]];
  expect(gap).toMatchObject({ path: files.log, offset: files.offset, problem: expect.stringContaining('checksum') });
  expect(gap.to.time).toBeGreaterThan(gap.from.time);
  const history = (await (await fetch(`${explorer.url}/api/history${encodeZnodePath(files.lock)}`)).json()) as LockHistory;
  const ended = history.holds.find((hold) => hold.sessionId === files.closed)!;
  expect(ended).toMatchObject({ ended: 'gap', to: gap.to.time });
  // After it, the waiter held, then a third session: all read.
  expect(history.holds.map((hold) => hold.sessionId).slice(1, 2)).toEqual([files.next]);
  expect(history.holds.length).toBe(3);

  // A moment in the gap: the band says there is one and what it is, the slider hatches it, the clock says the state is the last one read before it.
  const inside = Math.round((gap.from.time + gap.to.time) / 2);
  await page.goto(`${explorer.url}/locks${encodeZnodePath(files.lock)}?at=${inside}`);
  await expect(page.getByTestId('replay-gaps')).toContainText('1 gap in the files');
  await page.getByTestId('replay-gaps').locator('summary').click();
  await expect(page.getByTestId('replay-gaps')).toContainText(`${gap.from.zxid}`);
  await expect(page.getByTestId('replay-gaps')).toContainText(`${gap.to.zxid}`);
  await expect(page.getByTestId('replay-gaps')).toContainText(files.log);
  await expect(page.getByTestId('replay-gap-band')).toHaveCount(1);
  await expect(page.getByTestId('replay-in-gap')).toContainText(`shown as at ${gap.from.zxid}`);
  await expect(page.getByTestId('replay-clock')).toHaveAttribute('data-zxid', gap.from.zxid);
  await expect(page.locator('[data-testid="lock-node"][data-role="holder"]')).toContainText(files.closed);

  // Out of it by its button: the snapshot's moment, the waiter holding; the closed session's hold bar says it ended in the gap.
  await page.getByTestId('replay-gap-end').click();
  await expect(page.getByTestId('replay-clock')).toHaveAttribute('data-zxid', gap.to.zxid);
  await expect(page.getByTestId('replay-in-gap')).toHaveCount(0);
  await expect(page.locator('[data-testid="lock-node"][data-role="holder"]')).toContainText(files.next);
  const bar = page.locator(`[data-testid="history-bar"][data-session="${files.closed}"]`);
  await expect(bar).toHaveAttribute('data-ended', 'gap');
  await expect(bar).toHaveAttribute('aria-label', /ended in a stretch of the log that could not be read/);
  await expect(page.getByTestId('history-legend')).toContainText('ended in a gap of the files');

  // The same in Chinese.
  await page.getByTestId('language-zh').click();
  await expect(page.getByTestId('replay-gaps')).toContainText('文件中有 1 处缺口');
});
