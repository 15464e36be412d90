/**
 * Write-to-paint: the time from deleting the head of a lock's queue in ZooKeeper to the frame in
 * which Chromium shows the new holder, for locks of 100, 1,000 and 10,000 waiters, against the
 * real server (production build, its embedded ZooKeeper). Needs a production build (`npx next build`).
 *   node --import tsx bench/paint.ts [sizes, comma-separated] [handovers]
 */
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { spawnExplorer } from '../e2e/server';
import { HealthResponseSchema } from '../lib/protocol';
import { encodeZnodePath } from '../lib/zk/path';
import { ZkSession } from '../server/zk/session';
import { textTable, type Figure } from './figures';
import { emptyQueue, fillQueue } from './harness';
import { median, quantile } from './stats';

const SECTION = '6. Paint: write in ZooKeeper → new holder painted in Chromium';

export async function benchPaint(sizes: readonly number[] = [100, 1_000, 10_000], handovers = 15): Promise<Figure[]> {
  const explorer = await spawnExplorer();
  const health = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json());
  const owner = new ZkSession({ connectString: health.zookeeper.connectString, sessionTimeoutMs: 30_000 });
  await owner.start();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const medians: number[] = [];
  const figures: Figure[] = [];
  try {
    for (const size of sizes) {
      const lockPath = `/bench/paint/n${size}`;
      const names = await fillQueue(owner, lockPath, size + handovers);
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
      await emptyQueue(owner, lockPath, names.slice(handovers));
      const label = size.toLocaleString('en-US');
      const reference = medians.length === 0 ? null : { name: `${sizes[0]!.toLocaleString('en-US')} waiters`, value: medians[0]! };
      medians.push(median(latencies));
      figures.push(
        { section: SECTION, name: `${label} waiters, median (${handovers} handovers)`, value: median(latencies), unit: 'ms', reference, target: { on: 'value', max: 100 } },
        { section: SECTION, name: `${label} waiters, p95`, value: quantile(latencies, 0.95), unit: 'ms', reference: null, target: { on: 'value', max: 200 } },
      );
    }
    return figures;
  } finally {
    await browser.close();
    owner.close();
    await explorer.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (process.argv[2] ?? '100,1000,10000').split(',').map(Number);
  console.log(textTable(await benchPaint(sizes, Number(process.argv[3] ?? 15))));
}
