/**
 * Discovery at the size of a real shared ensemble: a Kafka-era tree (1,000,000 znodes by
 * default) with 10,000 locks, each held by one session and waited on by another, served by one
 * ZooKeeper configured three ways in turn on the same data: every four-letter word open (locks
 * found from `dump`), `srvr` only with the AdminServer (from its dump), `srvr` only without (by
 * the scan). For each: how long until the list is complete and says so, whether it holds every
 * lock and no other, ZooKeeper's CPU while the explorer discovers (peak of 1 s samples, and the
 * total) and then follows the tree (added over idle, as a share of one core), and the explorer's
 * RSS; once, how soon a new lock anywhere is listed and a gone one removed (median of 20).
 * Loopback only.
 *   node --import tsx bench/discovery.ts [znodes] [locks]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { HealthResponseSchema, LockListSchema, type HealthResponse } from '../lib/protocol';
import { freePort } from '../server/net';
import { buildTree, SYSTEM_LOCKS, TreeContenders, type BuiltTree } from '../server/testing/big-tree';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { cpuOver, cpuSeconds, startExplorerProcess, type ExplorerProcess } from './harness';
import { median } from './stats';

const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 20);
/** After discovery ends, before the steady state is measured: ZooKeeper collects the garbage of a million reads. */
const SETTLE_MS = 15_000;
const LIVE_SAMPLES = 20;
const SECTION = '8. Discovery: every lock of a tree of a million znodes, found three ways (ZooKeeper configured three ways in turn)';

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

async function health(url: string): Promise<HealthResponse> {
  return HealthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
}


interface Phase {
  name: string;
  config: Record<string, string | number>;
  classpath?: string[];
  adminPort?: number;
  /** The most seconds until the list is complete. */
  targetSeconds: number;
}

export async function benchDiscovery(znodes = 1_000_000, locks = 10_000, log: (line: string) => void = console.log): Promise<Figure[]> {
  const figures: Figure[] = [];
  const partitions = 4;
  // Each topic is itself, its partitions/ and a partition and its state per partition.
  const shape = { topics: Math.ceil(znodes / (2 + 2 * partitions)), partitions, locks };
  const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-bench-tree-'));
  let zookeeper: EmbeddedZooKeeper | null = null;
  const serve = async (config: Record<string, string | number>, classpath: string[] = []): Promise<EmbeddedZooKeeper> => {
    await zookeeper?.stop();
    zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: config, classpath, startTimeoutMs: 180_000 });
    return zookeeper;
  };
  try {
    let zk = await serve({ '4lw.commands.whitelist': '*' });
    const builder = new ZkSession({ connectString: zk.connectString, sessionTimeoutMs: 30_000 });
    await builder.start(30_000);
    let tree: BuiltTree;
    const buildStarted = performance.now();
    try {
      tree = await buildTree(builder, shape);
    } finally {
      builder.close();
    }
    log(`built ${tree.znodes.toLocaleString('en-US')} znodes with ${tree.lockPaths.length.toLocaleString('en-US')} lock parents in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
    const expected = new Set([...tree.lockPaths, ...SYSTEM_LOCKS, tree.orphanLock]);

    const adminPort = await freePort();
    const phases: Phase[] = [
      { name: 'dump (four-letter words)', config: { '4lw.commands.whitelist': '*' }, targetSeconds: 30 },
      {
        name: 'dump (AdminServer, 4lw srvr only)',
        config: { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'true', 'admin.serverAddress': '127.0.0.1', 'admin.serverPort': adminPort },
        classpath: ['/usr/share/java/servlet-api.jar'],
        adminPort,
        targetSeconds: 30,
      },
      { name: 'scan (4lw srvr only, no AdminServer)', config: { '4lw.commands.whitelist': 'srvr' }, adminPort: 0, targetSeconds: 180 },
    ];
    for (const [index, phase] of phases.entries()) {
      zk = await serve(phase.config, phase.classpath);
      const contenders = await TreeContenders.start(zk.connectString, tree.lockPaths);
      // Idle as the steady state is measured: after ZooKeeper has settled (a server just started on a million znodes still compiles and collects).
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const idle = await cpuOver(zk.pid, STEADY_SECONDS * 1000);
      const cpuAtStart = cpuSeconds(zk.pid);
      const started = performance.now();
      const args = ['--default-discovery', ...(phase.adminPort !== undefined ? [`--zk-admin-port=${phase.adminPort}`] : [])];
      const explorer: ExplorerProcess = await startExplorerProcess(zk.connectString, [], args);
      try {
        // ZooKeeper's CPU each second while the explorer discovers, and the moment the list is complete.
        let peak = 0;
        let lastCpu = cpuAtStart;
        let completeAt: number | null = null;
        let state: HealthResponse['discovery'] | null = null;
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const cpu = cpuSeconds(zk.pid);
          peak = Math.max(peak, cpu - lastCpu);
          lastCpu = cpu;
          state = (await health(explorer.url)).discovery;
          if (completeAt === null && state.complete && state.locks >= locks) completeAt = performance.now();
          const scanEnded = state.scan.state === 'done' || state.scan.state === 'capped';
          if (completeAt !== null && scanEnded) break;
          if (performance.now() - started > 600_000) throw new Error(`${phase.name}: not complete within 600 s (${JSON.stringify(state)})`);
        }
        const discoveredIn = performance.now() - started;
        const discoveryCpu = cpuSeconds(zk.pid) - cpuAtStart;
        const completeSeconds = ((completeAt ?? performance.now()) - started) / 1000;
        // Following, before any read of the list (a read of /api/locks keeps ZooKeeper asked for its report a minute, as a page would),
        // after ZooKeeper has collected the garbage of the scan: three windows, for the spread.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const windows: number[] = [];
        for (let i = 0; i < 3; i += 1) windows.push((100 * ((await cpuOver(zk.pid, STEADY_SECONDS * 1000)) - idle)) / STEADY_SECONDS);
        const steady = median(windows);
        const rss = rssOf(explorer.child.pid!);
        const listStarted = performance.now();
        const listed = LockListSchema.parse(await (await fetch(`${explorer.url}/api/locks`)).json());
        const listMs = performance.now() - listStarted;
        figures.push({
          section: SECTION,
          name: `${phase.name}: GET /api/locks of ${listed.locks.length.toLocaleString('en-US')} locks, each brought up to date`,
          value: listMs,
          unit: 'ms',
          reference: null,
          target: null,
        });
        const paths = new Set(listed.locks.map((lock) => lock.path));
        const missing = [...expected].filter((path) => !paths.has(path));
        const extra = [...paths].filter((path) => !expected.has(path));
        log(
          `${phase.name}: complete in ${completeSeconds.toFixed(1)} s (method ${state?.method}), the scan read ${state?.scan.read.toLocaleString('en-US')} znodes and ended after ${(discoveredIn / 1000).toFixed(0)} s; ` +
            `${listed.locks.length} listed, ${missing.length} missing, ${extra.length} not locks; ZooKeeper's CPU: peak ${(100 * peak).toFixed(0)}% of one core, ${discoveryCpu.toFixed(1)} s in all; ` +
            `steady ${steady.toFixed(2)}% of one core over idle (windows ${windows.map((value) => value.toFixed(2)).join(', ')}); explorer RSS ${(rss / 2 ** 20).toFixed(0)} MB; GET /api/locks took ${listMs.toFixed(0)} ms`,
        );
        figures.push(
          {
            section: SECTION,
            name: `${phase.name}: list complete (${locks.toLocaleString('en-US')} locks, ${tree.znodes.toLocaleString('en-US')} znodes)`,
            value: completeSeconds,
            unit: 's',
            reference: null,
            target: { on: 'value', max: phase.targetSeconds },
            note: `${missing.length} missing, ${extra.length} not locks (the orphan found by the scan, after ${(discoveredIn / 1000).toFixed(0)} s)`,
          },
          {
            section: SECTION,
            name: `${phase.name}: locks missing or false`,
            value: missing.length + extra.length,
            unit: 'locks',
            reference: null,
            target: { on: 'value', max: 0 },
          },
          {
            section: SECTION,
            name: `${phase.name}: ZooKeeper's CPU while discovering, peak of 1 s samples`,
            value: 100 * peak,
            unit: '% of a core',
            reference: null,
            target: null,
            note: `${discoveryCpu.toFixed(1)} s of CPU over ${(discoveredIn / 1000).toFixed(0)} s`,
          },
          {
            section: SECTION,
            name: `${phase.name}: ZooKeeper's CPU following the tree, added over idle (median of 3 windows of ${STEADY_SECONDS} s)`,
            value: steady,
            unit: '% of a core',
            reference: { name: 'idle', value: (100 * idle) / STEADY_SECONDS },
            target: { on: 'value', max: 1 },
            note: `the three windows: ${windows.map((value) => `${value.toFixed(2)}%`).join(', ')} (idle measured before the explorer started)`,
          },
          {
            section: SECTION,
            name: `${phase.name}: explorer RSS with ${listed.locks.length.toLocaleString('en-US')} locks followed`,
            value: rss / 2 ** 20,
            unit: 'MB',
            reference: null,
            target: { on: 'value', max: 512 },
          },
        );
        if (index === 0) figures.push(...(await liveFigures(explorer, contenders, tree, log)));
      } finally {
        await explorer.stop();
        await contenders.close(zk.connectString);
      }
    }
  } finally {
    await (zookeeper as EmbeddedZooKeeper | null)?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** How soon a lock that appears deep in the tree is listed, and one that goes removed: each the median of 20. */
async function liveFigures(explorer: ExplorerProcess, contenders: TreeContenders, tree: BuiltTree, log: (line: string) => void): Promise<Figure[]> {
  const added: number[] = [];
  const removed: number[] = [];
  const session = contenders.holder;
  const count = async (): Promise<number> => (await health(explorer.url)).discovery.locks;
  const until = async (wanted: number): Promise<void> => {
    const deadline = performance.now() + 10_000;
    while ((await count()) !== wanted) {
      if (performance.now() > deadline) throw new Error(`the lock count did not reach ${wanted} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const before = await count();
  for (let i = 0; i < LIVE_SAMPLES; i += 1) {
    const lock = `/cluster/topics/t${(i * 7919) % tree.lockPaths.length}/partitions/${i % 4}/bench-lock-${i}`;
    await session.mkdirp(lock);
    const at = performance.now();
    const node = await session.create(`${lock}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential');
    await until(before + 1);
    added.push(performance.now() - at);
    await session.remove(node);
    const gone = performance.now();
    await session.remove(lock);
    await until(before);
    removed.push(performance.now() - gone);
  }
  log(`a new lock listed in ${median(added).toFixed(0)} ms (median of ${LIVE_SAMPLES}; max ${Math.max(...added).toFixed(0)}), a gone one removed in ${median(removed).toFixed(0)} ms (max ${Math.max(...removed).toFixed(0)})`);
  return [
    { section: SECTION, name: 'a new lock anywhere in the tree: listed after (median of 20)', value: median(added), unit: 'ms', reference: null, target: { on: 'value', max: 2000 } },
    { section: SECTION, name: 'a lock gone: removed after (median of 20)', value: median(removed), unit: 'ms', reference: null, target: { on: 'value', max: 2000 } },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchDiscovery(Number(process.argv[2] ?? 1_000_000), Number(process.argv[3] ?? 10_000));
  for (const figure of figures) console.log(`${figure.name}: ${figure.value.toFixed(2)} ${figure.unit}${figure.reference ? ` (${figure.reference.name} ${figure.reference.value.toFixed(2)})` : ''}${figure.note ? ` — ${figure.note}` : ''}`);
}
