/**
 * Live latency: from a write in ZooKeeper to the explorer's socket event, against the floor any
 * live view has on the same server: a bare client's child watch firing plus one getChildren,
 * timed from the same write, in the same process as the socket subscriber.
 */
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { BareWatcher, fillQueue, startExplorerProcess, Subscriber, timeSideBySide } from './harness';
import { median, quantile } from './stats';

const SECTION = '1. Live latency: write → socket event, against a bare watch + getChildren';

export async function benchLatency(connectString: string, samples = 150): Promise<Figure[]> {
  const lockPath = '/bench/latency/lock';
  const writer = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await writer.start();
  const explorer = await startExplorerProcess(connectString);
  const subscriber = await Subscriber.connect(explorer.url);
  let bare: BareWatcher | null = null;
  try {
    await fillQueue(writer, lockPath, 20);
    bare = await BareWatcher.start(connectString, lockPath);
    const floor = bare;
    await subscriber.subscribe(lockPath);

    const explorerMs = { '+': [] as number[], '-': [] as number[] };
    const floorMs = { '+': [] as number[], '-': [] as number[] };
    const measure = async <T>(change: '+' | '-', name: string, write: () => Promise<T>): Promise<T> => {
      const timed = await timeSideBySide(subscriber, floor, change, name, write);
      explorerMs[change].push(timed.explorerMs);
      floorMs[change].push(timed.floorMs);
      return timed.result;
    };
    for (let i = 0; i < samples; i += 1) {
      // A contender joins the queue, then leaves it: both kinds of change a lock sees.
      const created = await measure('+', '*', () => writer.create(`${lockPath}/lock-`, null, 'ephemeral-sequential'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      await measure('-', created.slice(lockPath.length + 1), () => writer.remove(created));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const figures: Figure[] = [];
    for (const [change, what, note] of [
      [
        '-',
        'a node leaves (a release: the next one holds)',
        'The floor is read by a client in the measuring process itself; the explorer reads the same listing in its own process and then sends the change over socket.io to that process. What it adds over the floor is that processing and that hop, on a machine whose cores ZooKeeper, the explorer and the measuring process share.',
      ],
      [
        '+',
        'a node joins the queue',
        'A new node is drawn with its owner session, czxid and creation time, which no getChildren gives: the explorer reads its stat (one more round trip, in one multiRead for a burst) before the event goes out. The floor stops at the names.',
      ],
    ] as const) {
      figures.push(
        { section: SECTION, name: `${what}, median`, value: median(explorerMs[change]), unit: 'ms', reference: { name: 'floor', value: median(floorMs[change]) }, target: { on: 'ratio', max: 1.2 }, note },
        { section: SECTION, name: `${what}, p99`, value: quantile(explorerMs[change], 0.99), unit: 'ms', reference: { name: 'floor', value: quantile(floorMs[change], 0.99) }, target: { on: 'ratio', max: 2 } },
      );
    }
    return figures;
  } finally {
    bare?.close();
    subscriber.close();
    await explorer.stop();
    writer.close();
  }
}
