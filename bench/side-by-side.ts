/**
 * Two trees of this project's code (two checkouts: a commit's `git worktree` and the working
 * copy) doing the same part of a load on the same ZooKeeper files, taking turns in one process,
 * in both orders each round, so that a noisy host slows both alike:
 * - `decode`: the reading thread's work, every log framed, checked, decoded and its paths numbered;
 * - `apply`: the applying thread's, the logs decoded beforehand applied and the locks found;
 * - `load`: whole loads (`loadReplay`, its own reading thread), the locks found.
 * Prints each tree's median and every round's time, in ms. Loopback and local files only.
 *   node --import tsx bench/side-by-side.ts <decode|apply|load> <treeA> <treeB> <log dir> [rounds]
 * (`load` takes ZooKeeper's data directories, comma-separated, where the others take one log
 * directory.) The tree loaded second ran up to a tenth faster in either order on a 2-core machine:
 * trust a change that wins with its tree loaded first and second.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

type Mode = 'decode' | 'apply' | 'load';
const [mode, treeA, treeB, files, roundsText = '10'] = process.argv.slice(2) as [Mode, string, string, string, string?];
if (!['decode', 'apply', 'load'].includes(mode) || treeB === undefined || files === undefined) {
  console.error('usage: node --import tsx bench/side-by-side.ts <decode|apply|load> <treeA> <treeB> <log dir | data dirs> [rounds]');
  process.exit(2);
}

/** One tree's modules, loaded from its own files. */
async function modules(tree: string) {
  const at = (path: string): Promise<Record<string, never>> => import(join(resolve(tree), path)) as Promise<Record<string, never>>;
  return {
    parts: (await at('server/replay/log-parts.ts')) as unknown as typeof import('../server/replay/log-parts'),
    numbering: (await at('server/replay/path-numbering.ts')) as unknown as typeof import('../server/replay/path-numbering'),
    txnLog: (await at('lib/zk/txn-log.ts')) as unknown as typeof import('../lib/zk/txn-log'),
    replay: (await at('lib/replay/replay.ts')) as unknown as typeof import('../lib/replay/replay'),
    files: (await at('server/replay/files.ts')) as unknown as typeof import('../server/replay/files'),
  };
}
type Tree = Awaited<ReturnType<typeof modules>>;

const logs = mode === 'load' ? [] : readdirSync(files).filter((name) => name.startsWith('log.')).sort().map((name) => join(files, name));
const options = { roots: ['/'], staleHolderMs: 60_000 };

async function decoded(tree: Tree) {
  const numbers = new tree.numbering.PathNumbering();
  const parts = [];
  for (const log of logs) for await (const part of tree.parts.decodedParts(log, undefined, numbers)) parts.push(part);
  return parts;
}

/** The work timed, once. */
async function once(tree: Tree, parts: Awaited<ReturnType<typeof decoded>>): Promise<void> {
  if (mode === 'decode') {
    await decoded(tree);
  } else if (mode === 'apply') {
    const replay = new tree.replay.Replay({ ...options, expectedTransactions: 1 << 20 });
    const paths: string[] = [];
    const known = (path: string): string => replay.tree.keyOf(path);
    for (const { bytes, tape } of parts) for (const txn of tree.txnLog.tapeTxns(bytes, tape, { paths, known })) if (!('reason' in txn)) replay.apply(txn);
    replay.locks();
  } else {
    const { replay } = await tree.files.loadReplay(files.split(','), options);
    replay.locks();
  }
}

const trees = { A: await modules(treeA), B: await modules(treeB) };
const parts = { A: mode === 'apply' ? await decoded(trees.A) : [], B: mode === 'apply' ? await decoded(trees.B) : [] };
const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
for (let round = 0; round < Number(roundsText); round += 1) {
  for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
    const started = performance.now();
    await once(trees[side], parts[side]);
    times[side].push(Math.round(performance.now() - started));
  }
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
for (const side of ['A', 'B'] as const) console.log(`${side} ${side === 'A' ? treeA : treeB}: median ${median(times[side])} ms; ${times[side].join(', ')}`);
