/**
 * The benchmark suite: every figure measured side by side with its reference in one run, printed
 * as a table and written to bench/RESULTS.md with the machine, the date and how to rerun.
 *   npm run bench                      all of it; writes bench/RESULTS.md
 *   npm run bench -- latency herd      some sections only (latency, scale, worst, footprint, herd, clients, responsive, paint, discovery, dashboard, replay, busy, fleet, garbage); prints them
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { PYTHON } from '../server/testing/real-clients';
import { benchBusy } from './busy';
import { benchClients } from './clients';
import { benchDashboard } from './dashboard';
import { benchDiscovery } from './discovery';
import { benchFleet } from './fleet';
import { markdownTables, textTable, verdict, type Figure } from './figures';
import { benchFootprint } from './footprint';
import { benchGarbage } from './garbage';
import { mntr, waitForQuiet } from './harness';
import { benchHerd } from './herd';
import { benchLatency } from './latency';
import { benchPaint } from './paint';
import { benchReplay } from './replay';
import { benchResponsive } from './responsive';
import { benchScale, SCALE_ZOOKEEPER_CONFIG } from './scale';
import { benchWorst } from './worst';

const started = performance.now();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/** Before each section: the machine quiet again after the last one (see `waitForQuiet`), said when it took a while. */
async function quietly(): Promise<void> {
  const { waitedMs, busy } = await waitForQuiet();
  if (waitedMs > 2500) console.log(`bench: waited ${(waitedMs / 1000).toFixed(0)} s for the machine to be quiet${busy === null ? '' : ` (cores ${Math.round(busy * 100)}% busy at the end)`}`);
}

/** A version line from a command, or what stopped it. */
function version(command: string, args: readonly string[], pick: RegExp = /.+/): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) return `not found (${command})`;
  return pick.exec(`${result.stdout}${result.stderr}`)?.[0]?.trim() ?? 'unknown';
}

const SECTIONS = ['latency', 'scale', 'worst', 'footprint', 'herd', 'clients', 'responsive', 'paint', 'discovery', 'dashboard', 'replay', 'busy', 'fleet', 'garbage'] as const;
type Section = (typeof SECTIONS)[number];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`bench: no section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const runs = (section: Section): boolean => chosen.length === 0 || chosen.includes(section);

if ((runs('paint') || runs('dashboard') || runs('replay')) && !existsSync(join('.next', 'BUILD_ID'))) {
  console.log('bench: no production build yet; building the page (next build) for the paint bench…');
  execFileSync(process.execPath, [join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { stdio: 'inherit' });
}

const figures: Figure[] = [];
type ZooKeeper = Awaited<ReturnType<typeof startEmbeddedZooKeeper>>;
const steps: Array<[Section, string, (zookeeper: ZooKeeper) => Promise<Figure[]>]> = [
  ['latency', 'live latency', (zookeeper) => benchLatency(zookeeper.connectString, 150)],
  ['scale', 'scale, 1,000 to 100,000 waiters', (zookeeper) => benchScale(zookeeper.connectString)],
  ['worst', 'worst cases: one lock whose verdict concerns every node, 10,000 locks, 2,000 sessions expiring, 1,000 locks at once', (zookeeper) => benchWorst(zookeeper.connectString)],
  ['footprint', 'footprint on ZooKeeper', (zookeeper) => benchFootprint(zookeeper.connectString, zookeeper.port)],
  ['herd', 'herd against chain, N = 10, 50, 200, 500', (zookeeper) => benchHerd(zookeeper.connectString, zookeeper.port)],
  ['clients', 'lock clients: the project, Curator, Kazoo', (zookeeper) => benchClients(zookeeper.connectString)],
  ['responsive', 'the API with 300 herd contenders running', (zookeeper) => benchResponsive(zookeeper.connectString)],
];
const planned = steps.filter(([section]) => runs(section));
const total = planned.length + (runs('paint') ? 1 : 0) + (runs('discovery') ? 1 : 0) + (runs('dashboard') ? 1 : 0) + (runs('replay') ? 1 : 0) + (runs('busy') ? 1 : 0) + (runs('fleet') ? 1 : 0) + (runs('garbage') ? 1 : 0);
let zookeeperVersion = 'unknown';
if (planned.length > 0) {
  const zookeeper = await startEmbeddedZooKeeper({ extraConfig: SCALE_ZOOKEEPER_CONFIG });
  try {
    for (const [index, [, name, step]] of planned.entries()) {
      await quietly();
      console.log(`bench [${index + 1}/${total}] ${name}… (${elapsed()})`);
      figures.push(...(await step(zookeeper)));
    }
    // Asked at the end: a server just started answers mntr with nothing until it serves.
    zookeeperVersion = String((await mntr(zookeeper.port)).get('zk_version') ?? 'unknown').split(',')[0]!;
  } finally {
    await zookeeper.stop();
  }
}
// Paint runs the whole server, with its own embedded ZooKeeper.
let step = planned.length;
if (runs('paint')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] paint in Chromium, 100 to 100,000 waiters… (${elapsed()})`);
  figures.push(...(await benchPaint()));
}
// Discovery starts its own ZooKeeper three times over one data directory (a tree of a million znodes).
if (runs('discovery')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] discovery in a tree of 1,000,000 znodes with 10,000 locks… (${elapsed()})`);
  figures.push(...(await benchDiscovery()));
}
if (runs('dashboard')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] the dashboard in Chromium at 10,000 locks… (${elapsed()})`);
  figures.push(...(await benchDashboard()));
}
// Replay starts its own ZooKeeper, writes a million transactions and reads its files.
if (runs('replay')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] replay of a log of 1,000,000 transactions… (${elapsed()})`);
  figures.push(...(await benchReplay()));
}
// Busy starts its own ZooKeeper, a load generator and a hundred real Curator and Kazoo contenders.
if (runs('busy')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] a busy ensemble: 2,000 writes/s and 20 sessions/s beside 100 Curator and Kazoo locks… (${elapsed()})`);
  figures.push(...(await benchBusy()));
}
// The fleet starts ZooKeepers of its own: five for isolation (two requiring SASL), ten for its cost.
if (runs('fleet')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] a fleet: four ensembles, three of them broken in turns; 1 to 8 ensembles and 100 to 10,000 locks… (${elapsed()})`);
  figures.push(...(await benchFleet()));
}
// Garbage starts its own ZooKeeper (a million znodes, 100,000 of them empty lock parents), real Kazoo locks and the load generator.
if (runs('garbage')) {
  step += 1;
  await quietly();
  console.log(`bench [${step}/${total}] lock garbage: 100,000 empty lock parents in a tree of a million znodes… (${elapsed()})`);
  figures.push(...(await benchGarbage()));
}

const table = textTable(figures);
console.log(table);
const misses = figures.filter((figure) => verdict(figure) === 'MISSES');
const why = (figure: Figure): string => `- **${figure.name}**: ${figure.note ?? 'no explanation was recorded with this figure.'}`;
if (misses.length > 0) console.log(`\nWhat misses, and why:\n${misses.map(why).join('\n')}`);
if (chosen.length > 0) {
  const notes = figures.filter((figure) => figure.note !== undefined && verdict(figure) !== 'MISSES');
  if (notes.length > 0) console.log(`\nNotes:\n${notes.map(why).join('\n')}`);
  console.log(`\nbench: ${chosen.join(', ')} only, in ${elapsed()}; bench/RESULTS.md is written by a run of every section`);
  process.exit(0);
}
const date = new Date();
const machine = [
  `- CPU: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown'}; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Linux ${release()}`,
  `- Node.js ${process.version}; ZooKeeper ${zookeeperVersion} (embedded, loopback, its data on a temporary directory); Java ${version('java', ['-version'], /version "[^"]+"/).replace(/^version "|"$/g, '')}`,
  `- Chromium: ${version(chromiumLaunchOptions().executablePath ?? 'chromium', ['--version'])}; Python ${version(PYTHON, ['-c', 'import kazoo, sys; print(sys.version.split()[0], "kazoo", kazoo.version.__version__ if hasattr(kazoo, "version") else "")'])}; Curator ${readdirSync('/usr/share/java').find((name) => /^curator-recipes-[\d.]+\.jar$/.test(name))?.slice('curator-recipes-'.length, -'.jar'.length) ?? 'unknown'} (Debian)`,
];
const markdown = [
  '# Benchmark results',
  '',
  `Measured on ${date.toISOString().slice(0, 10)} by \`npm run bench\` in ${elapsed()}, on:`,
  '',
  ...machine,
  '',
  'Every figure is measured in the same run as its reference and given as a ratio to it, with its target beside it. All traffic is on loopback (127.0.0.1), against a ZooKeeper the suite starts for itself.',
  '',
  '## How to rerun',
  '',
  'After `npm install` (the command installs what it needs from the system, as `npm test` does: ZooKeeper, a JDK, Curator, Kazoo, Chromium):',
  '',
  '```',
  'npm run bench                    # all of it, about 30 minutes here; writes this file',
  'npm run bench -- latency herd    # some sections only (latency, scale, worst, footprint, herd, clients, responsive, paint, discovery, dashboard, replay, busy, fleet, garbage): printed, not written here',
  'npm run bench:scale -- 1000,50000 # one part alone, with its own options: also bench:paint, bench:responsive, bench:spawn, bench:churn, bench:discovery, bench:dashboard, bench:replay, bench:busy, bench:worst, bench:fleet, bench:garbage',
  '```',
  '',
  '## Figures',
  '',
  markdownTables(figures),
  '## What misses, and why',
  '',
  misses.length === 0 ? 'Nothing: every figure meets its target in this run.' : misses.map(why).join('\n'),
  '',
].join('\n');
writeFileSync(join('bench', 'RESULTS.md'), markdown);
console.log(`\nbench: ${figures.length} figures, ${misses.length} missing their target; written to bench/RESULTS.md (${elapsed()})`);
