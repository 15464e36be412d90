/**
 * Live latency: from a write in ZooKeeper to the explorer's socket event, against the floor any
 * live view has on the same server: a bare client's child watch firing plus one getChildren,
 * timed from the same write, in the same process as the socket subscriber.
 */
import { randomUUID } from 'node:crypto';
import { ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { BareWatcher, explainSlowest, fillQueue, splitMedians, startExplorerProcess, Subscriber, timeSideBySide, type TimedChange } from './harness';
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
    // A queue of 20 that stays 20: each sample a contender joins at the tail, then the holder releases and the next one holds.
    const queue = await fillQueue(writer, lockPath, 20);
    bare = await BareWatcher.start(connectString, lockPath);
    const floor = bare;
    await subscriber.subscribe(lockPath);

    const timings = { '+': [] as TimedChange[], '-': [] as TimedChange[] };
    const measure = async <T>(change: '+' | '-', name: string, write: () => Promise<T>, nameOf: (result: T) => string): Promise<T> => {
      const timed = await timeSideBySide(subscriber, floor, change, name, write);
      timings[change].push({ name: nameOf(timed.result), writtenAt: timed.writtenAt, explorerMs: timed.explorerMs, floorMs: timed.floorMs });
      return timed.result;
    };
    const nodeName = (path: string): string => path.slice(lockPath.length + 1);
    for (let i = 0; i < samples; i += 1) {
      const created = await measure('+', '*', () => writer.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential'), nodeName);
      queue.push(nodeName(created));
      await new Promise((resolve) => setTimeout(resolve, 10));
      const head = queue.shift()!;
      await measure('-', head, () => writer.remove(`${lockPath}/${head}`), () => head);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Where the explorer's time goes: until its delta went out (its own record), and from there to the socket event.
    const stats = await explorer.stats();
    const past = { '+': 'the stat read', '-': 'its own process woken by the same watch, and building the change' } as const;
    const figures: Figure[] = [];
    for (const [change, what, why] of [
      ['-', 'the holder releases (its node goes, the next one holds)', 'The floor is read by a client in the measuring process itself; the explorer reads the same listing in its own process and sends the change over socket.io to that process.'],
      [
        '+',
        'a contender joins the queue',
        'A new node is drawn with its owner session, czxid and creation time, which no getChildren gives: the explorer reads its stat (one more round trip, in one multiRead for a burst) before the event goes out. The floor stops at the names.',
      ],
    ] as const) {
      const explorerMs = timings[change].map((sample) => sample.explorerMs);
      const floorMs = timings[change].map((sample) => sample.floorMs);
      figures.push(
        { section: SECTION, name: `${what}, median`, value: median(explorerMs), unit: 'ms', reference: { name: 'floor', value: median(floorMs) }, target: { on: 'ratio', max: 1.2 }, note: `${why} ${splitMedians(timings[change], stats, change, past[change])}` },
        { section: SECTION, name: `${what}, p99`, value: quantile(explorerMs, 0.99), unit: 'ms', reference: { name: 'floor', value: quantile(floorMs, 0.99) }, target: { on: 'ratio', max: 2 }, note: explainSlowest(timings[change], stats, change) },
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
