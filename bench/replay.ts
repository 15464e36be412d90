/**
 * Replay at the size of a real log: a ZooKeeper configured unlike the default (its transaction
 * log in a directory of its own, forceSync off, a log rolled every 100,000 transactions) takes a
 * lock workload of `transactions` writes (1,000,000 by default): 64 sessions queue on 1,000 locks
 * with ephemeral sequential nodes named as Curator's and Kazoo's locks name them, and leave them. ZooKeeper is stopped, and its
 * files read three times by the explorer (`loadReplay`, each in a process of its own for its
 * RSS) and once by ZooKeeper's own TxnLogToolkit printing every log (Debian's zookeeper.jar), side
 * by side; then 200 random locks at random moments, and a step to each one's next change.
 * Loopback only.
 *   node --import tsx bench/replay.ts [transactions]
 * BENCH_REPLAY_KEEP=1 keeps the files written; BENCH_REPLAY_FILES=<dir> measures such kept files again.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { spawnExplorer } from '../e2e/server';
import { encodeZnodePath } from '../lib/zk/path';
import { findZooKeeper, startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { quantile } from './stats';

const run = promisify(execFile);
const SECTION = '10. Replay: a lock at any moment of a log of a million transactions';
const LOCKS = 1000;
const SESSIONS = 64;
/** Writes in flight at once, across the sessions. */
const IN_FLIGHT = 512;
const READS = 3;
/** Moments the slider is moved through in Chromium, a step of 1% of the span each. */
const SLIDES = 60;
const SLIDE_LOCK = '/bench/replay/app-0/lock-0';

/**
 * The lock page in replay mode in Chromium, its slider moved by the keyboard a step at a time:
 * from the key to the new moment painted (the explorer's answer in, the page drawn, a frame shown).
 */
export async function slide(dirs: readonly string[]): Promise<number[]> {
  const explorer = await spawnExplorer(['--replay', dirs.join(',')]);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const first = (await (await fetch(`${explorer.url}/api/replay`)).json()) as { firstZxid: string };
    await page.goto(`${explorer.url}/locks${encodeZnodePath(SLIDE_LOCK)}?at=${first.firstZxid}`);
    await page.getByTestId('replay-slider').waitFor();
    await page.getByTestId('lock-summary').waitFor();
    // A string, not a function: the bench's TypeScript loader would wrap the function's inner ones in helpers the page has not got.
    return await page.evaluate<number[]>(`(async (slides) => {
      const slider = document.querySelector('[data-testid="replay-slider"]');
      const moving = document.querySelector('[data-testid="replay-moving"]');
      const clock = document.querySelector('[data-testid="replay-clock"]');
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const times = [];
      slider.focus();
      for (let i = 0; i < slides; i += 1) {
        const before = clock.dataset.time;
        const started = performance.now();
        slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        // The new moment shown, the move answered (every event of the moment comes before the answer: the spinner hidden again), and a frame drawn.
        while (clock.dataset.time === before && performance.now() - started < 5000) await frame();
        while (!moving.classList.contains('is-idle') && performance.now() - started < 5000) await frame();
        await frame();
        times.push(performance.now() - started);
      }
      return times;
    })(${SLIDES})`);
  } finally {
    await browser.close();
    await explorer.stop();
  }
}

/** The bytes of a log that hold entries: ZooKeeper preallocates its logs in 64 MB steps of zeros. */
function writtenBytes(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const chunk = Buffer.alloc(1 << 20);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - chunk.length);
      const read = readSync(fd, chunk, 0, end - start, start);
      for (let i = read - 1; i >= 0; i -= 1) if (chunk[i] !== 0) return start + i + 1;
      end = start;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

/**
 * A contender's node as a real client names it, one client per session: Curator's
 * InterProcessMutex on the even locks (`_c_<uuid>-lock-`, the host's address as data), Kazoo's
 * Lock on the odd ones (`<uuid hex>__lock__`, no data).
 */
function contender(lock: number, session: number, uuid: string): { name: string; data: Buffer } {
  return lock % 2 === 0 ? { name: `_c_${uuid}-lock-`, data: Buffer.from(`10.0.${session >> 8}.${session & 255}`) } : { name: `${uuid.replace(/-/g, '')}__lock__`, data: Buffer.alloc(0) };
}

/** The lock workload: each session joins a random lock's queue and leaves its oldest node once it has four. */
async function workload(connectString: string, transactions: number): Promise<void> {
  const admin = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await admin.start(15_000);
  const locks = Array.from({ length: LOCKS }, (_, i) => `/bench/replay/app-${i % 50}/lock-${i}`);
  for (const lock of locks) await admin.mkdirp(lock);
  const sessions = await Promise.all(
    Array.from({ length: SESSIONS }, async (_, number) => {
      const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
      await session.start(15_000);
      return { session, number, uuid: randomUUID(), held: [] as string[] };
    }),
  );
  let written = LOCKS * 3 + SESSIONS;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (written < transactions) {
      const one = sessions[next++ % SESSIONS]!;
      written += 1;
      if (one.held.length >= 4) {
        await one.session.remove(one.held.shift()!);
      } else {
        const at = Math.floor(Math.random() * LOCKS);
        const { name, data } = contender(at, one.number, one.uuid);
        one.held.push(await one.session.create(`${locks[at]!}/${name}`, data, 'ephemeral-sequential'));
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  // The sessions close: their nodes go with the close, as a client's that quits.
  for (const one of sessions) one.session.close();
  admin.close();
}

interface Probe {
  loadMs: number;
  findMs: number;
  listMs: number;
  listed: number;
  transactions: number;
  locks: number;
  reason: string | null;
  peakRss: number;
  lockMs: number[];
  stepMs: number[];
}

async function probe(dirs: readonly string[]): Promise<Probe> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join('bench', 'replay-probe.ts'), dirs.join(','), '200'], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Probe;
}

export async function benchReplay(transactions = 1_000_000): Promise<Figure[]> {
  // BENCH_REPLAY_FILES=<dir> reads the files a run kept (BENCH_REPLAY_KEEP=1) again instead of writing new ones.
  const kept = process.env.BENCH_REPLAY_FILES;
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'zk-bench-replay-'));
  const dataLogDir = join(dir, 'txnlog');
  try {
    if (kept === undefined) {
      const zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { dataLogDir, forceSync: 'no', snapCount: 100_000, maxSessionTimeout: 30_000 } });
      const wrote = performance.now();
      try {
        await workload(zookeeper.connectString, transactions);
      } finally {
        await zookeeper.stop();
      }
      console.log(`bench replay: ${transactions.toLocaleString('en-US')} writes in ${((performance.now() - wrote) / 1000).toFixed(0)} s`);
    }
    const logs = readdirSync(join(dataLogDir, 'version-2'))
      .filter((name) => name.startsWith('log.'))
      .map((name) => join(dataLogDir, 'version-2', name));
    const bytes = logs.reduce((sum, log) => sum + writtenBytes(log), 0);
    const dirs = [join(dir, 'data'), dataLogDir];

    const reads: Probe[] = [];
    for (let i = 0; i < READS; i += 1) reads.push(await probe(dirs));
    // The index is the files loaded and every lock of them found: what the first page waits for.
    const loadMs = reads.map((read) => read.loadMs + read.findMs).sort((a, b) => a - b);
    const median = reads.find((read) => read.loadMs + read.findMs === loadMs[1])!;
    if (median.reason !== null) throw new Error(`bench replay: the files were not read whole: ${median.reason}`);

    // ZooKeeper's own reader, printing every transaction of every log (to nowhere but a pipe it drains).
    const launcher = findZooKeeper();
    if (launcher === null) throw new Error('bench replay: no ZooKeeper to run TxnLogToolkit');
    const toolkitStarted = performance.now();
    for (const log of logs) {
      const [command, ...args] = [launcher.command, ...launcher.args(log, 'org.apache.zookeeper.server.persistence.TxnLogToolkit')];
      await run(command, args, { maxBuffer: 1024 * 1024 * 1024 });
    }
    const toolkitMs = performance.now() - toolkitStarted;

    const slides = await slide(dirs);

    const mb = bytes / 2 ** 20;
    const spread = `three reads: ${loadMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}`;
    const lockMs = reads.flatMap((read) => read.lockMs);
    const stepMs = reads.flatMap((read) => read.stepMs);
    const context = `${median.transactions.toLocaleString('en-US')} transactions in ${logs.length} logs (${mb.toFixed(0)} MB written), ${median.locks} locks found`;
    return [
      {
        section: SECTION,
        name: 'index the files: MB of log per second (median of 3)',
        value: mb / (loadMs[1]! / 1000),
        unit: 'MB/s',
        reference: null,
        target: { on: 'value', min: 100 },
        note: `${context}, ${Math.round(bytes / median.transactions)} bytes a transaction; ${Math.round(median.transactions / (loadMs[1]! / 1000)).toLocaleString('en-US')} transactions a second; ${spread}; the index is the whole replay: the tree, every parent's children by zxid and the moments (${(median.loadMs / 1000).toFixed(2)} s), then every lock of the span found (${(median.findMs / 1000).toFixed(2)} s)`,
      },
      {
        section: SECTION,
        name: 'TxnLogToolkit printing the same logs, against the explorer indexing them (time)',
        value: toolkitMs,
        unit: 'ms',
        reference: { name: 'explorer index (median of 3)', value: loadMs[1]! },
        target: { on: 'ratio', min: 10 },
        note: `TxnLogToolkit of Debian's zookeeper.jar, one JVM per log as an operator runs it, output drained through a pipe; ${spread}`,
      },
      {
        section: SECTION,
        name: 'peak RSS of the process that indexed them (median of 3)',
        value: [...reads.map((read) => read.peakRss)].sort((a, b) => a - b)[1]! / 2 ** 20,
        unit: 'MB',
        reference: null,
        target: { on: 'value', max: 512 },
        note: `${context}; VmHWM of a process that did nothing else (Node.js itself about 45 MB)`,
      },
      {
        section: SECTION,
        name: 'the lock list at a moment, its first read (median of 3)',
        value: [...reads.map((read) => read.listMs)].sort((a, b) => a - b)[1]!,
        unit: 'ms',
        reference: null,
        target: null,
        note: `${median.listed} locks summarised at the middle of the span right after loading, their holders dated (three reads: ${reads.map((read) => `${read.listMs.toFixed(0)} ms`).join(', ')})`,
      },
      {
        section: SECTION,
        name: 'a lock at a random moment: p99 of 600 (3 × 200)',
        value: quantile(lockMs, 0.99),
        unit: 'ms',
        reference: null,
        target: { on: 'value', max: 200 },
        note: `median ${quantile(lockMs, 0.5).toFixed(2)} ms; a random lock of ${median.locks} at a random time of the span, read by the live model with its deadlock check and its holders dated (from the names back from the moment, or by the lock's timeline where they cannot tell)`,
      },
      {
        section: SECTION,
        name: 'the next change of that lock, read: p99 of 600',
        value: quantile(stepMs, 0.99),
        unit: 'ms',
        reference: null,
        target: { on: 'value', max: 50 },
        note: `median ${quantile(stepMs, 0.5).toFixed(2)} ms: the step found, and the lock read at it`,
      },
      {
        section: SECTION,
        name: `the slider moved a step in Chromium: key to the moment painted, p95 of ${SLIDES}`,
        value: quantile(slides, 0.95),
        unit: 'ms',
        reference: null,
        target: { on: 'value', max: 100 },
        note: `median ${quantile(slides, 0.5).toFixed(0)} ms, max ${Math.max(...slides).toFixed(0)} ms; ${SLIDE_LOCK} on its lock page, the explorer in replay mode on these files, each step 1% of the span (the socket's answer, the lock's delta, the page drawn and a frame shown)`,
      },
    ];
  } finally {
    // BENCH_REPLAY_KEEP=1 keeps the files, to profile a reader on them.
    if (process.env.BENCH_REPLAY_KEEP === '1' || kept !== undefined) console.log(`bench replay: the files are kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchReplay(Number(process.argv[2] ?? 1_000_000));
  const { textTable } = await import('./figures');
  console.log(textTable(figures));
  for (const figure of figures) if (figure.note !== undefined) console.log(`- ${figure.name}: ${figure.note}`);
}
