/**
 * Responsiveness while simulating: the time the explorer takes to answer what a page asks (a
 * node's details, the lock's snapshot, the health), idle and then with 300 herd contenders
 * running on one lock (and while they are spawned), every contender a real session in the
 * explorer's simulator. The simulator runs in a thread of its own; this measures that the
 * explorer's own event loop stays free. The explorer runs in a process of its own.
 *   node --import tsx bench/responsive.ts [contenders] [requests]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { textTable, type Figure } from './figures';
import { startExplorerProcess, Subscriber } from './harness';
import { quantile } from './stats';

const SECTION = '6. Responsiveness: the explorer’s API while its simulator runs';
const LOCK = '/sim/bench/responsive';

interface Sample {
  what: string;
  ms: number;
}

/** One request of each kind a page makes, over and over, `gapMs` apart, until `until` resolves or `count` rounds are done. */
async function sample(url: string, count: number, until: Promise<unknown> | null, gapMs = 20): Promise<Sample[]> {
  const samples: Sample[] = [];
  let done = false;
  void until?.then(() => (done = true));
  const time = async (what: string, path: string): Promise<void> => {
    const t0 = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (!response.ok && response.status !== 404) throw new Error(`${path} answered ${response.status}`);
    samples.push({ what, ms: performance.now() - t0 });
  };
  for (let round = 0; round < count && !done; round += 1) {
    const lock = (await (await fetch(`${url}/api/locks${LOCK}`)).json()) as { nodes: Array<{ path: string }> };
    const node = lock.nodes[Math.floor(lock.nodes.length / 2)];
    await time('node details', node === undefined ? `/api/nodes${LOCK}/none` : `/api/nodes${node.path}`);
    await time('lock snapshot', `/api/locks${LOCK}`);
    await time('health', '/api/health');
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return samples;
}

const p95 = (samples: readonly Sample[]): number => quantile(samples.map((s) => s.ms), 0.95);
const worst = (samples: readonly Sample[]): string =>
  ['node details', 'lock snapshot', 'health'].map((what) => `${what} ${p95(samples.filter((s) => s.what === what)).toFixed(1)} ms`).join(', ');

export async function benchResponsive(connectString: string, contenders = 300, rounds = 100): Promise<Figure[]> {
  const explorer = await startExplorerProcess(connectString, [], ['--simulation']);
  const subscriber = await Subscriber.connect(explorer.url);
  try {
    const post = (path: string, body: unknown, method = 'POST'): Promise<Response> =>
      fetch(`${explorer.url}${path}`, { method, headers: { 'content-type': 'application/json', origin: explorer.url }, body: body === null ? null : JSON.stringify(body) });
    // A page follows the lock, as it would while someone looks at the herd.
    await subscriber.subscribe(LOCK);
    const idle = await sample(explorer.url, rounds, null);
    const spawning = post('/api/sim/contenders', { path: LOCK, count: contenders, strategy: 'herd', holdMs: 20, rounds: 0, thinkMs: 0, sessionTimeoutMs: 30_000 }).then(async (response) => {
      if (response.status !== 201) throw new Error(`spawn answered ${response.status}: ${await response.text()}`);
    });
    const duringSpawn = await sample(explorer.url, 10_000, spawning);
    await spawning;
    const from = Date.now();
    const running = await sample(explorer.url, rounds, null);
    const to = Date.now();
    const after = await explorer.stats();
    const list = (await (await fetch(`${explorer.url}/api/sim/contenders`)).json()) as { contenders: Array<{ acquisitions: number; notifications: number }> };
    const acquisitions = list.contenders.reduce((sum, c) => sum + c.acquisitions, 0);
    const notifications = list.contenders.reduce((sum, c) => sum + c.notifications, 0);
    const stalls = after.stalls.filter((stall) => stall.at >= from && stall.at <= to);
    await post('/api/sim/contenders', null, 'DELETE');
    const n = contenders.toLocaleString('en-US');
    return [
      {
        section: SECTION,
        name: `${n} herd contenders running: API p95`,
        value: p95(running),
        unit: 'ms',
        reference: { name: 'idle', value: p95(idle) },
        target: { on: 'value', max: 100 },
        note:
          `${running.length} requests (a node's details, the lock's snapshot, the health, in turn, 20 ms apart) while the ${n} contenders took the lock ${acquisitions.toLocaleString('en-US')} times in all and received ${notifications.toLocaleString('en-US')} notifications; p95 by kind: ${worst(running)}. ` +
          `The explorer's event loop was blocked by tasks over 10 ms ${stalls.length} times meanwhile, ${stalls.reduce((sum, stall) => sum + stall.ms, 0).toFixed(0)} ms in all.`,
      },
      {
        section: SECTION,
        name: `while ${n} herd contenders are spawned: API p95`,
        value: p95(duringSpawn),
        unit: 'ms',
        reference: { name: 'idle', value: p95(idle) },
        target: { on: 'value', max: 100 },
        note: `${duringSpawn.length} requests while the simulator opened ${n} sessions and queued them; p95 by kind: ${worst(duringSpawn)}.`,
      },
    ];
  } finally {
    subscriber.close();
    await explorer.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const zookeeper = await startEmbeddedZooKeeper();
  try {
    console.log(textTable(await benchResponsive(zookeeper.connectString, Number(process.argv[2] ?? 300), Number(process.argv[3] ?? 100))));
  } finally {
    await zookeeper.stop();
  }
}
