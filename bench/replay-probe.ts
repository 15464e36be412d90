/**
 * One reading of ZooKeeper's files in a process of its own, so that its memory is the reader's
 * alone: how long loading the replay took (`loadReplay`, as `npm start -- --replay` does), the
 * process's peak RSS, the lock list at the middle moment (first read), then `queries` locks read at
 * random moments and stepped to their next change.
 * Prints one line of JSON.
 *   node --import tsx bench/replay-probe.ts <dir>[,<dir>] [queries]
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { loadReplay } from '../server/replay/files';
import { lcg } from '../lib/random';

const [dirs = '', queriesText = '200'] = process.argv.slice(2);
const queries = Number(queriesText);

function peakRss(): number {
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

const started = performance.now();
const { replay, info } = await loadReplay(dirs.split(','), { roots: ['/'], staleHolderMs: 60_000 });
const loadMs = performance.now() - started;
const found = performance.now();
const locks = replay.locks();
const findMs = performance.now() - found;
const { from, to } = replay.span();
if (from === null || to === null || locks.length === 0) {
  console.log(JSON.stringify({ error: `nothing to query: ${info.reason ?? 'no lock in the files'}` }));
  process.exit(1);
}
// The lock list at a moment in the middle of the span, read first (as the dashboard's first page in replay mode asks for it).
const listed = performance.now();
const summaries = replay.summaries(replay.moment({ time: (from.time + to.time) / 2 })!);
const listMs = performance.now() - listed;
const random = lcg(7);
const lockMs: number[] = [];
const stepMs: number[] = [];
let nodes = 0;
for (let i = 0; i < queries; i += 1) {
  const path = locks[Math.floor(random() * locks.length)]!;
  const time = from.time + random() * (to.time - from.time);
  const asked = performance.now();
  const moment = replay.moment({ time })!;
  const snapshot = replay.lockAt(path, moment);
  lockMs.push(performance.now() - asked);
  nodes += snapshot.nodes.length;
  const stepped = performance.now();
  const next = replay.step(path, moment, 'next');
  if (next !== null) replay.lockAt(path, replay.moment({ zxid: next.zxid })!);
  stepMs.push(performance.now() - stepped);
}
console.log(JSON.stringify({ loadMs, findMs, listMs, listed: summaries.length, transactions: info.transactions, locks: locks.length, reason: info.reason, peakRss: peakRss(), lockMs, stepMs, meanNodes: nodes / queries }));
