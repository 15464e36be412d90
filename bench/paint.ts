/**
 * Paint: how long the lock page takes to show a lock of 100 to 100,000 waiters (from opening it
 * to its queue drawn, beside the REST snapshot of the same lock in its compact form), and the
 * time from deleting the head of its queue in ZooKeeper to the frame in which Chromium shows the
 * new holder, beside the time the same change takes to reach a socket.io subscriber; against the
 * real server (production build, its embedded ZooKeeper). Needs a production build (`npx next build`).
 *   node --import tsx bench/paint.ts [sizes, comma-separated] [handovers]
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { spawnExplorer } from '../e2e/server';
import { expandSnapshot } from '../lib/lock/compact';
import { ColumnsLockSnapshotSchema, HealthResponseSchema } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { ZkSession } from '../server/zk/session';
import { textTable, type Figure } from './figures';
import { emptyQueue, fillQueue, Subscriber } from './harness';
import { median, quantile } from './stats';

const SECTION = '7. Paint: the lock page opening, and a write in ZooKeeper → the new holder painted in Chromium';
/** Handovers before the measured ones (the page's first updates compile and lay out more). */
const WARM_UP = 3;
/** From this many waiters the targets are the footprint issue's: the page open within 1.5 s, a handover painted within 50 ms at p95. */
const ISSUE_SIZE = 100_000;
/** The pause after each paint: the explorer sends the lock's anomalies up to 200 ms after a change, and the page draws them too. */
const QUIET_MS = 300;
/** At the issue's size the figures sit near their targets: the opening and the handovers are measured this many times over, and each figure is the median of the rounds, with their spread. */
const ROUNDS_AT_ISSUE_SIZE = 3;

interface Handover {
  /** Write → painted, and write → the delta reaching a socket subscriber beside the page (ms). */
  paintMs: number;
  socketMs: number;
  /** Write → ZooKeeper's answer to the delete (ms): the part of `socketMs` that is ZooKeeper's own. */
  removeMs: number;
  /** The longest task the page ran between the write and the paint (ms; 0 when none took 50 ms). */
  longestTaskMs: number;
}

/** Why the slowest handovers took as long as they did, from what was measured alongside them. */
function slowest(handovers: readonly Handover[]): string {
  const worst = [...handovers].sort((a, b) => b.paintMs - a.paintMs).slice(0, 3);
  const parts = worst.map((h) => `${h.paintMs.toFixed(0)} ms = ${h.socketMs.toFixed(0)} until the delta reached the socket (ZooKeeper answered the delete in ${h.removeMs.toFixed(0)}) + ${(h.paintMs - h.socketMs).toFixed(0)} in the page${h.longestTaskMs > 0 ? ` (its longest task ${h.longestTaskMs.toFixed(0)} ms)` : ''}`);
  return `The slowest: ${parts.join('; ')}.`;
}

export async function benchPaint(sizes: readonly number[] = [100, 1_000, 10_000, 50_000, 100_000], handovers = 30): Promise<Figure[]> {
  // PAINT_EXPLORER_PROFILE=<dir> writes the explorer's CPU profile there when it stops (Node's --cpu-prof).
  const explorer = await spawnExplorer([], {}, process.env.PAINT_EXPLORER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PAINT_EXPLORER_PROFILE}`] : []);
  const health = HealthResponseSchema.parse(await (await fetch(`${explorer.url}/api/health`)).json());
  const owner = new ZkSession({ connectString: health.zookeeper.connectString, sessionTimeoutMs: 30_000 });
  await owner.start();
  const subscriber = await Subscriber.connect(explorer.url);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const figures: Figure[] = [];
  try {
    for (const size of sizes) {
      const lockPath = `/bench/paint/n${size}`;
      const rounds = size >= ISSUE_SIZE ? ROUNDS_AT_ISSUE_SIZE : 1;
      const names = await fillQueue(owner, lockPath, size + rounds * (WARM_UP + handovers), true);
      await subscriber.subscribe(lockPath);
      const restMs: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const t0 = performance.now();
        const body = (await (await fetch(`${explorer.url}/api/locks${encodeZnodePath(lockPath)}?form=columns`)).json()) as { count: number };
        if (body.count !== names.length) throw new Error(`the snapshot has ${body.count} nodes, not ${names.length}`);
        restMs.push(performance.now() - t0);
      }
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      // Opened once to load the page's code, as a user's browser has it cached; then timed.
      await page.goto(`${explorer.url}/locks${encodeZnodePath(lockPath)}`);
      await page.getByTestId('summary-waiters').filter({ hasText: new RegExp(`^${formatCount(names.length - 1)}$`) }).waitFor({ timeout: 120_000 });
      // ZooKeeper's reports confirm every waiter's watch once (a change of every node, which the page draws): the page's opening and the handovers are timed after it.
      const settled = Date.now() + 60_000;
      for (;;) {
        let body: unknown;
        try {
          body = await (await fetch(`${explorer.url}/api/locks${encodeZnodePath(lockPath)}?form=columns`)).json();
        } catch (error) {
          // A kept-alive connection the server closed as it was reused: asked again on a new one.
          if (explorer.process.exitCode !== null || Date.now() > settled) throw error;
          console.warn(`paint: asking again for ${lockPath} (${error instanceof Error ? `${error.message}: ${String(error.cause)}` : String(error)})`);
          continue;
        }
        const snapshot = expandSnapshot(ColumnsLockSnapshotSchema.parse(body));
        if (snapshot.nodes.every((node) => node.role === 'holder' || node.watchConfirmed !== null)) break;
        if (Date.now() > settled) throw new Error(`the watches of ${lockPath} were not judged within a minute`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const opens: number[] = [];
      const roundsMeasured: Handover[][] = [];
      for (let round = 0; round < rounds; round += 1) {
        const removedBefore = round * (WARM_UP + handovers);
        const opened = performance.now();
        await page.reload();
        await page.getByTestId('summary-waiters').filter({ hasText: new RegExp(`^${formatCount(names.length - removedBefore - 1)}$`) }).waitFor({ timeout: 120_000 });
        await page.getByTestId('lock-node').first().waitFor({ timeout: 120_000 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        opens.push(performance.now() - opened);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        // Record the first animation frame after the holder shown on the page changes, and every long task.
        await page.evaluate(() => {
          const target = document.querySelector('[data-testid="summary-holder"]');
          const state = window as unknown as { painted: Record<string, number>; longTasks: Array<{ start: number; ms: number }> };
          state.painted = {};
          state.longTasks = [];
          new MutationObserver(() => {
            const name = target?.getAttribute('data-name') ?? '';
            requestAnimationFrame(() => {
              state.painted[name] ??= Date.now();
            });
          }).observe(target!, { attributes: true, attributeFilter: ['data-name'] });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) state.longTasks.push({ start: performance.timeOrigin + entry.startTime, ms: entry.duration });
          }).observe({ type: 'longtask' });
        });
        const measured: Handover[] = [];
        // PAINT_PROFILE=<file> writes the page's CPU profile over the handovers (to open in Chromium's DevTools).
        const profiler = process.env.PAINT_PROFILE ? await page.context().newCDPSession(page) : null;
        if (profiler !== null) {
          await profiler.send('Profiler.enable');
          await profiler.send('Profiler.start');
        }
        // PAINT_TRACE=<file> writes Chromium's trace over the handovers (script, style, layout and paint of each frame).
        if (process.env.PAINT_TRACE) await browser.startTracing(page, { path: `${process.env.PAINT_TRACE}-${size}-${round}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
        for (let j = 0; j < WARM_UP + handovers; j += 1) {
          const i = removedBefore + j;
          const next = names[i + 1]!;
          const socket = subscriber.seen('-', names[i]!, 30_000);
          const written = performance.timeOrigin + performance.now();
          await owner.remove(`${lockPath}/${names[i]}`);
          const removedAt = performance.timeOrigin + performance.now();
          const socketAt = performance.timeOrigin + (await socket);
          const painted = (await (await page.waitForFunction((name) => (window as unknown as { painted: Record<string, number> }).painted[name], next, { timeout: 30_000, polling: 'raf' })).jsonValue()) as number;
          const longTasks = await page.evaluate(() => (window as unknown as { longTasks: Array<{ start: number; ms: number }> }).longTasks.splice(0));
          const during = longTasks.filter((task) => task.start + task.ms >= written && task.start <= painted);
          if (j >= WARM_UP) measured.push({ paintMs: painted - written, socketMs: socketAt - written, removeMs: removedAt - written, longestTaskMs: Math.max(0, ...during.map((task) => task.ms)) });
          await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        }
        if (process.env.PAINT_TRACE) await browser.stopTracing();
        if (profiler !== null) writeFileSync(`${process.env.PAINT_PROFILE}-${size}-${round}.cpuprofile`, JSON.stringify((await profiler.send('Profiler.stop')).profile));
        roundsMeasured.push(measured);
      }
      // Nobody follows the lock any more: the explorer stops watching it before it is emptied.
      await page.close();
      await subscriber.unsubscribe(lockPath);
      await emptyQueue(owner, lockPath, names.slice(rounds * (WARM_UP + handovers)));
      const label = size.toLocaleString('en-US');
      const measured = roundsMeasured.flat();
      const paint = measured.map((h) => h.paintMs);
      const socket = measured.map((h) => h.socketMs);
      const firstPaintMs = median(opens);
      // Over several rounds, each p95 is its round's; the figure is their median.
      const p95s = roundsMeasured.map((round) => quantile(round.map((h) => h.paintMs), 0.95));
      const spread = (values: number[]): string => (values.length < 2 ? '' : ` Measured in ${values.length} rounds, each its own reload and ${handovers} handovers: ${values.map((value) => value.toFixed(0)).join(', ')} ms (the figure is their median).`);
      figures.push(
        {
          section: SECTION,
          name: `${label} waiters: the page opened → its queue drawn`,
          value: firstPaintMs,
          unit: 'ms',
          reference: { name: 'REST snapshot (columns)', value: median(restMs) },
          target: { on: 'value', max: size >= ISSUE_SIZE ? 1500 : 2000 },
          note: `From a reload of the lock page (its code cached), once ZooKeeper's reports have judged every waiter's watch, to the frame after its summary counts ${label} waiters and its first card is drawn; the page subscribes and receives the lock in its compact form. The reference is the median of three REST reads of the same snapshot, read to the end and parsed.${spread(opens)}`,
        },
        {
          section: SECTION,
          name: `${label} waiters, median (${measured.length} handovers)`,
          value: median(paint),
          unit: 'ms',
          reference: { name: 'socket event', value: median(socket) },
          target: { on: 'value', max: 100 },
          note: `One handover at a time, ${QUIET_MS} ms apart, after ${WARM_UP} not counted, once ZooKeeper's reports have confirmed every waiter's watch (each waiter watches the node before it, as its client would); the reference is the same delta reaching a socket.io subscriber beside the page.`,
        },
        {
          section: SECTION,
          name: `${label} waiters, p95`,
          value: median(p95s),
          unit: 'ms',
          reference: { name: 'socket event', value: quantile(socket, 0.95) },
          target: { on: 'value', max: size >= ISSUE_SIZE ? 50 : 100 },
          note: `${slowest(measured)}${spread(p95s)}`,
        },
      );
    }
    return figures;
  } catch (error) {
    // The explorer's own last words, when it is the one that failed.
    if (explorer.process.exitCode !== null) console.error(`the explorer exited (${explorer.process.exitCode}):\n${explorer.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser.close();
    subscriber.close();
    owner.close();
    await explorer.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (process.argv[2] ?? '100,1000,10000,50000,100000').split(',').map(Number);
  console.log(textTable(await benchPaint(sizes, Number(process.argv[3] ?? 30))));
}
