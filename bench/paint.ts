/**
 * Write-to-paint: the time from deleting the head of a lock's queue in ZooKeeper to the frame in
 * which Chromium shows the new holder, for locks of 100, 1,000 and 10,000 waiters, against the
 * real server (production build, embedded ZooKeeper). Needs `npx next build` first.
 *   node --import tsx bench/paint.ts [sizes, comma-separated] [handovers]
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { spawnExplorer } from '../e2e/server';
import { HealthResponseSchema } from '../lib/protocol';
import { encodeZnodePath } from '../lib/zk/path';
import { ZkSession } from '../server/zk/session';
import { median, quantile, row } from './stats';

const sizes = (process.argv[2] ?? '100,1000,10000').split(',').map(Number);
const handovers = Number(process.argv[3] ?? 15);

const explorer = await spawnExplorer();
const health = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json());
const owner = new ZkSession({ connectString: health.zookeeper.connectString, sessionTimeoutMs: 30_000 });
await owner.start();
const browser = await chromium.launch(chromiumLaunchOptions());
const results: string[] = [];
try {
  for (const size of sizes) {
    const lockPath = `/bench/paint/n${size}`;
    await owner.mkdirp(lockPath);
    const names: string[] = [];
    for (let start = 0; start < size + handovers; start += 500) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(500, size + handovers - start) }, () => owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential')),
      );
      names.push(...batch.map((path) => path.slice(lockPath.length + 1)));
    }
    names.sort();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${explorer.url}/locks${encodeZnodePath(lockPath)}`);
    await page.getByTestId('summary-waiters').filter({ hasText: String(names.length - 1) }).waitFor({ timeout: 120_000 });
    // Record the first animation frame after the holder shown on the page changes.
    await page.evaluate(() => {
      const target = document.querySelector('[data-testid="summary-holder"]');
      const painted: Record<string, number> = {};
      (window as unknown as { painted: Record<string, number> }).painted = painted;
      new MutationObserver(() => {
        const name = target?.getAttribute('data-name') ?? '';
        requestAnimationFrame(() => {
          painted[name] ??= Date.now();
        });
      }).observe(target!, { attributes: true, attributeFilter: ['data-name'] });
    });
    const latencies: number[] = [];
    for (let i = 0; i < handovers; i += 1) {
      const next = names[i + 1]!;
      const written = Date.now();
      await owner.remove(`${lockPath}/${names[i]}`);
      const painted = await page.waitForFunction((name) => (window as unknown as { painted: Record<string, number> }).painted[name], next, { timeout: 30_000, polling: 'raf' });
      latencies.push(((await painted.jsonValue()) as number) - written);
    }
    await page.close();
    results.push(row(`write to paint, ${size} waiters, median`, median(latencies), 'ms', size === 10_000 ? 100 : null));
    results.push(row(`write to paint, ${size} waiters, p95`, quantile(latencies, 0.95), 'ms', null));
    for (let start = handovers; start < names.length; start += 500) {
      await Promise.all(names.slice(start, start + 500).map((name) => owner.remove(`${lockPath}/${name}`)));
    }
  }
} finally {
  await browser.close();
  owner.close();
  await explorer.stop();
}
console.log(`\npaint bench: Debian Chromium, production build, ${handovers} handovers per size (${new Date().toISOString()})`);
for (const line of results) console.log(line);
