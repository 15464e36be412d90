/**
 * Herd against chain: N simulated contenders (real sessions) queue behind a blocker; the blocker
 * goes and the queue drains on its own as fast as the recipe allows. Time to drain and the
 * notifications delivered, from the contenders' counters and from ZooKeeper's mntr, for each N,
 * with the growth fitted over N (the herd's N², the chain's N).
 */
import { performance } from 'node:perf_hooks';
import type { Strategy } from '../lib/protocol';
import { Simulator } from '../server/sim/simulator';
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { mntr } from './harness';

const SECTION = '4. Herd against chain: draining a queue of N';

interface Drain {
  notifications: number;
  zookeeper: number;
  ms: number;
  /** Bytes of child names the contenders read with getChildren while draining. */
  childBytes: number;
}

/** How many times the chain drains at each N (it is quick; its median is kept): one drain alone swings with the machine. */
const CHAIN_REPEATS = 3;
/** The smallest queue whose herd must take longer to drain than its chain (below it the extra wake-ups are lost in the noise). */
const HERD_SLOWER_FROM = 50;

/** The slope of log(y) against log(x): the power of N a cost grows with. */
export function fittedPower(points: ReadonlyArray<{ x: number; y: number }>): number {
  const logs = points.map(({ x, y }) => ({ x: Math.log(x), y: Math.log(y) }));
  const meanX = logs.reduce((sum, p) => sum + p.x, 0) / logs.length;
  const meanY = logs.reduce((sum, p) => sum + p.y, 0) / logs.length;
  const covariance = logs.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const variance = logs.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  return covariance / variance;
}

const firedWatchers = (values: Map<string, string | number>): number => Number(values.get('zk_sum_node_children_watch_count') ?? 0) + Number(values.get('zk_sum_node_deleted_watch_count') ?? 0);

async function drain(simulator: Simulator, admin: ZkSession, port: number, path: string, strategy: Strategy, count: number): Promise<Drain> {
  await admin.mkdirp(path);
  // The blocker holds first, so that the whole queue forms before anyone can take the lock.
  const blocker = await admin.create(`${path}/lock-`, null, 'ephemeral-sequential');
  const contenders = await simulator.spawn({ path, count, strategy, holdMs: 0, rounds: 1, thinkMs: 0, sessionTimeoutMs: 30_000, maxLeases: 1, protected: false });
  const ids = new Set(contenders.map((contender) => contender.id));
  const mine = () => simulator.list().contenders.filter((contender) => ids.has(contender.id));
  const total = (counter: 'notifications' | 'childBytes' = 'notifications') => mine().reduce((sum, contender) => sum + contender[counter], 0);
  // The herd's waiters are told of every later join: wait until the queue is quiet.
  for (let last = -1, now = total(); now !== last; last = now, now = total()) await new Promise((resolve) => setTimeout(resolve, 300));
  // The queue drains in order: it is empty when the last node in it goes. One exists watch on it
  // marks the end (and is taken off ZooKeeper's count below).
  const { children } = await admin.getChildren(path);
  const tail = children.sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1)).at(-1)!;
  const drained = new Promise<number>((resolve) => {
    void admin.exists(`${path}/${tail}`, () => resolve(performance.now()));
  });
  const before = total();
  const bytesBefore = total('childBytes');
  const zookeeperBefore = firedWatchers(await mntr(port));
  const t0 = performance.now();
  await admin.remove(blocker);
  const ms = (await drained) - t0;
  // Every contender is done once its node is gone; wait for their counters to say so.
  while (!mine().every((contender) => contender.state === 'done')) {
    if (mine().some((contender) => contender.state === 'crashed' || contender.state === 'expired' || contender.state === 'closed')) throw new Error(`a ${strategy} contender failed while draining`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const result = { notifications: total() - before, zookeeper: firedWatchers(await mntr(port)) - zookeeperBefore - 1, ms, childBytes: total('childBytes') - bytesBefore };
  await simulator.stopAll(path);
  return result;
}

export async function benchHerd(connectString: string, port: number, sizes: readonly number[] = [10, 50, 200, 500]): Promise<Figure[]> {
  const admin = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await admin.start();
  const simulator = new Simulator({ connectString, session: admin, maxContenders: Math.max(...sizes) });
  const figures: Figure[] = [];
  const runs: Array<{ n: number; herd: Drain; chain: Drain; chainMs: number[] }> = [];
  try {
    for (const n of sizes) {
      const chains: Drain[] = [];
      for (let i = 0; i < CHAIN_REPEATS; i += 1) chains.push(await drain(simulator, admin, port, `/sim/bench/chain/n${n}-${i}`, 'chained', n));
      const chain = [...chains].sort((a, b) => a.ms - b.ms)[Math.floor(CHAIN_REPEATS / 2)]!;
      const herd = await drain(simulator, admin, port, `/sim/bench/herd/n${n}`, 'herd', n);
      runs.push({ n, herd, chain, chainMs: chains.map((run) => run.ms) });
      // Behind a blocker every one of the N waits: the herd's i-th release wakes the N−i still queued (N(N+1)/2 in all), the chain's wakes one (N).
      figures.push(
        { section: SECTION, name: `N = ${n}: herd notifications to drain`, value: herd.notifications, unit: '', reference: { name: 'N(N+1)/2', value: (n * (n + 1)) / 2 }, target: { on: 'ratio', min: 1 } },
        { section: SECTION, name: `N = ${n}: chain notifications to drain`, value: chain.notifications, unit: '', reference: { name: 'N', value: n }, target: { on: 'ratio', max: 1 } },
        {
          section: SECTION,
          name: `N = ${n}: time to drain, herd`,
          value: herd.ms,
          unit: 'ms',
          reference: { name: `chain (median of ${CHAIN_REPEATS})`, value: chain.ms },
          // With ten waiters a handover's cost is its delete's write to ZooKeeper's log: the herd's extra wake-ups are within the runs' own variation.
          target: n >= HERD_SLOWER_FROM ? { on: 'ratio', min: 1 } : null,
          note:
            n >= HERD_SLOWER_FROM
              ? undefined
              : `No target below N = ${HERD_SLOWER_FROM}: each handover's delete is written to ZooKeeper's log first, and the herd's ${herd.notifications - chain.notifications} extra wake-ups cost less than the variation between runs (the chain's ${CHAIN_REPEATS} runs: ${chains.map((run) => run.ms.toFixed(1)).join(', ')} ms).`,
        },
      );
    }
    const first = runs[0]!;
    const last = runs.at(-1)!;
    const perHandover = (drained: Drain, n: number): string => (drained.ms / n).toFixed(2);
    const herdGrowth = `A handover is one delete (written to ZooKeeper's log before it is answered), then the wake-ups and listings it causes: in the herd every waiter still queued wakes and lists the queue, ${perHandover(first.herd, first.n)} ms per handover at N = ${first.n} against ${perHandover(last.herd, last.n)} ms at N = ${last.n}; at small N the delete's write dominates, so the power fitted over all N stays below 2.`;
    const chainGrowth =
      `In the chain one waiter wakes per handover and lists the queue (getChildren, as ZooKeeper's WriteLock and Curator do): ${perHandover(first.chain, first.n)} ms per handover at N = ${first.n} against ${perHandover(last.chain, last.n)} ms at N = ${last.n}. ` +
      `Its notifications grow as N, the child-name bytes it lists as N^${fittedPower(runs.map((run) => ({ x: run.n, y: run.chain.childBytes }))).toFixed(2)} (${first.chain.childBytes.toLocaleString('en-US')} bytes at N = ${first.n}, ${last.chain.childBytes.toLocaleString('en-US')} at N = ${last.n}), which pushes the power above 1 as N grows; ` +
      `a drain of a few milliseconds per handover also swings from run to run. Drains at each N, the median kept (ms): ${runs.map((run) => `${run.n}: ${run.chainMs.map((ms) => ms.toFixed(0)).join(' / ')}`).join('; ')}.`;
    const sum = (pick: (run: (typeof runs)[number]) => number): number => runs.reduce((total, run) => total + pick(run), 0);
    figures.push(
      { section: SECTION, name: 'herd: ZooKeeper mntr watchers fired, all N', value: sum((run) => run.herd.zookeeper), unit: '', reference: { name: 'contenders\u2019 count', value: sum((run) => run.herd.notifications) }, target: { on: 'ratio', min: 0.99, max: 1.01 } },
      { section: SECTION, name: 'chain: ZooKeeper mntr watchers fired, all N', value: sum((run) => run.chain.zookeeper), unit: '', reference: { name: 'contenders\u2019 count', value: sum((run) => run.chain.notifications) }, target: { on: 'ratio', min: 0.99, max: 1.01 } },
      { section: SECTION, name: 'herd: fitted growth of notifications (power of N)', value: fittedPower(runs.map((run) => ({ x: run.n, y: run.herd.notifications }))), unit: '', reference: { name: 'N²', value: 2 }, target: { on: 'ratio', min: 0.9, max: 1.1 } },
      { section: SECTION, name: 'chain: fitted growth of notifications (power of N)', value: fittedPower(runs.map((run) => ({ x: run.n, y: run.chain.notifications }))), unit: '', reference: { name: 'N', value: 1 }, target: { on: 'ratio', min: 0.9, max: 1.1 } },
      { section: SECTION, name: 'herd: fitted growth of the time to drain (power of N)', value: fittedPower(runs.map((run) => ({ x: run.n, y: run.herd.ms }))), unit: '', reference: { name: 'N²', value: 2 }, target: { on: 'ratio', min: 0.75 }, note: herdGrowth },
      { section: SECTION, name: 'chain: fitted growth of the time to drain (power of N)', value: fittedPower(runs.map((run) => ({ x: run.n, y: run.chain.ms }))), unit: '', reference: { name: 'N', value: 1 }, target: { on: 'ratio', max: 1.2 }, note: chainGrowth },
    );
    return figures;
  } finally {
    await simulator.close();
    admin.close();
  }
}
