/**
 * The dashboard at ten thousand locks, in Chromium against the real server (production build,
 * its embedded ZooKeeper with a Kafka-era tree and 10,000 locks, each held and waited on): the
 * page opened to its first row painted, a sort and a filter to the frame that shows them, and
 * the long tasks while scrolling through the list. Beside each, the same page with 100 locks in
 * the same run. Needs a production build (`npx next build`). Loopback only.
 *   node --import tsx bench/dashboard.ts [locks]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { spawnExplorer } from '../e2e/server';
import { HealthResponseSchema } from '../lib/protocol';
import { buildTree, SYSTEM_LOCKS, TreeContenders } from '../server/testing/big-tree';
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { median } from './stats';

const SECTION = '9. The dashboard in Chromium at ten thousand locks, beside the same page at a hundred';
const RUNS = 5;

interface Measured {
  firstRowMs: number;
  sortMs: number;
  filterMs: number;
  longestScrollTaskMs: number;
  scrollTasksOver50: number;
}

/** Times, in the page, from an action to the next frame after the table shows its effect. */
async function timeInPage(page: Page, action: 'sort' | 'filter', expected: string): Promise<number> {
  return page.evaluate(
    ({ action, expected }) =>
      new Promise<number>((resolve, reject) => {
        const firstPath = (): string | null => document.querySelector('[data-testid="lock-row"]')?.getAttribute('data-path') ?? null;
        const rows = (): number => document.querySelectorAll('[data-testid="lock-row"]').length;
        const done = (): boolean => (action === 'sort' ? firstPath() === expected : rows() === 1 && firstPath() === expected);
        const started = performance.now();
        const timer = setTimeout(() => reject(new Error(`${action}: not shown within 10 s (first row ${firstPath()}, ${rows()} rows; expected ${expected})`)), 10_000);
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          // The frame that shows it: after the next animation frame's paint.
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timer);
              resolve(performance.now() - started);
            }, 0),
          );
        });
        observer.observe(document.querySelector('table.locks')!, { childList: true, subtree: true, attributes: true });
        if (action === 'sort') {
          (document.querySelector('[data-testid="sort-path"]') as HTMLButtonElement).click();
        } else {
          const input = document.querySelector('[data-testid="lock-filter"]') as HTMLInputElement;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(input, expected);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }),
    { action, expected },
  );
}

/** DASHBOARD_PROFILE=<dir> writes the page's CPU profile over each scroll at the larger size there (`dashboard-scroll-<run>.cpuprofile`, for Chrome's DevTools). */
async function profiled<T>(page: Page, name: string | null, body: () => Promise<T>): Promise<T> {
  const dir = process.env.DASHBOARD_PROFILE;
  if (!dir || name === null) return body();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

async function measure(url: string, expectedLocks: number, paths: string[], profile: boolean): Promise<Measured[]> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const runs: Measured[] = [];
  try {
    const sorted = [...paths].sort();
    for (let run = 0; run < RUNS; run += 1) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      // tsx names the functions it compiles with a helper the page lacks: it is given one.
      await page.addInitScript('window.__name = (target) => target;');
      // Long tasks from the page's start, and the moment its first row was in the document.
      await page.addInitScript(() => {
        const state = { longTasks: [] as Array<{ start: number; duration: number }>, firstRow: null as number | null };
        (window as unknown as { benchState: typeof state }).benchState = state;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
        const observer = new MutationObserver(() => {
          if (state.firstRow === null && document.querySelector('[data-testid="lock-row"]') !== null) {
            const at = performance.now();
            requestAnimationFrame(() => setTimeout(() => (state.firstRow = at + 0), 0));
            observer.disconnect();
          }
        });
        document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
      });
      await page.goto(url);
      await page.getByTestId('discovery-summary').filter({ hasText: `${expectedLocks.toLocaleString('en-US')} locks` }).waitFor({ timeout: 60_000 });
      const firstRowMs = await page.evaluate(async () => {
        const state = (window as unknown as { benchState: { firstRow: number | null } }).benchState;
        for (const deadline = performance.now() + 30_000; state.firstRow === null; ) {
          if (performance.now() > deadline) {
            const rows = document.querySelectorAll('[data-testid="lock-row"]').length;
            throw new Error(`the first row's paint not seen within 30 s (${rows} rows in the document)`);
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return state.firstRow;
      });
      const sortMs = await timeInPage(page, 'sort', sorted[0]!);
      const filterMs = await timeInPage(page, 'filter', sorted[Math.floor(sorted.length / 2)]!);
      await page.getByTestId('lock-filter').fill('');
      await page.getByTestId('lock-row').nth(2).waitFor();
      // Scrolling through the list, a screen at a time for three seconds, as a wheel would.
      const scroll = await profiled(page, profile ? `dashboard-scroll-${run}` : null, () => page.evaluate(async () => {
        const state = (window as unknown as { benchState: { longTasks: Array<{ start: number; duration: number }> } }).benchState;
        const from = performance.now();
        for (let at = performance.now(); at - from < 3000; at = performance.now()) {
          window.scrollBy(0, 600);
          await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
        }
        const tasks = state.longTasks.filter((task) => task.start >= from);
        return { longest: Math.max(0, ...tasks.map((task) => task.duration)), over50: tasks.filter((task) => task.duration > 50).length };
      }));
      runs.push({ firstRowMs, sortMs, filterMs, longestScrollTaskMs: scroll.longest, scrollTasksOver50: scroll.over50 });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

async function withLocks(locks: number): Promise<{ runs: Measured[]; listed: number }> {
  const explorer = await spawnExplorer();
  let contenders: TreeContenders | null = null;
  let connectString = '';
  try {
    connectString = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json()).zookeeper.connectString;
    const builder = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
    await builder.start();
    const tree = await buildTree(builder, { topics: Math.max(10, locks / 2), partitions: 2, locks }).finally(() => builder.close());
    const built = Date.now();
    contenders = await TreeContenders.start(connectString, tree.lockPaths);
    // The tree's locks, its orphaned one and Kafka's controller.
    const listed = locks + 1 + SYSTEM_LOCKS.length;
    // Every lock listed, the orphaned one (no ephemeral node: a scan of the tree finds it) by a scan begun after the tree was built.
    for (const deadline = Date.now() + 300_000; ; ) {
      const { discovery } = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json());
      if (discovery.locks >= listed && discovery.scan.state === 'done' && (discovery.scan.startedAt ?? 0) >= built) break;
      if (Date.now() > deadline) throw new Error(`${locks} locks not listed within 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { runs: await measure(explorer.url, listed, [...tree.lockPaths, tree.orphanLock, ...SYSTEM_LOCKS], locks >= 1000), listed };
  } finally {
    await contenders?.close(connectString);
    await explorer.stop();
  }
}

export async function benchDashboard(locks = 10_000, log: (line: string) => void = console.log): Promise<Figure[]> {
  const small = await withLocks(100);
  const large = await withLocks(locks);
  const pick = (runs: Measured[], key: keyof Measured): number => median(runs.map((run) => run[key]));
  const spread = (runs: Measured[], key: keyof Measured): string => {
    const values = runs.map((run) => run[key]).sort((a, b) => a - b);
    return `${values[0]!.toFixed(0)}–${values.at(-1)!.toFixed(0)}`;
  };
  const figures: Figure[] = [];
  for (const [key, label, max] of [
    ['firstRowMs', 'opened: first row painted', 1000],
    ['sortMs', 'sorted by path: painted', 100],
    ['filterMs', 'filtered to one lock: painted', 100],
    ['longestScrollTaskMs', 'scrolling 3 s: longest task', 50],
  ] as const) {
    figures.push({
      section: SECTION,
      name: `${label} (${large.listed.toLocaleString('en-US')} locks, median of ${RUNS})`,
      value: pick(large.runs, key),
      unit: 'ms',
      reference: { name: `${small.listed} locks`, value: pick(small.runs, key) },
      target: { on: 'value', max },
      note: `spread ${spread(large.runs, key)} ms (${small.listed} locks: ${spread(small.runs, key)} ms)`,
    });
  }
  log(`dashboard runs at ${large.listed} locks: ${JSON.stringify(large.runs)}`);
  log(`dashboard runs at ${small.listed} locks: ${JSON.stringify(small.runs)}`);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchDashboard(Number(process.argv[2] ?? 10_000));
  for (const figure of figures) console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (${figure.reference?.name} ${figure.reference?.value.toFixed(1)}) — ${figure.note}`);
}
