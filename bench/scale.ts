/**
 * Scale: one lock with N waiters, for N of 1,000, 10,000, 50,000 and 100,000 in one run against
 * the same ZooKeeper, each lock followed by an explorer in a process of its own. For each N: the
 * time from deleting the head node (a handover) and from adding a node at the tail (a join) to
 * the socket delta, against a bare watch + getChildren timed from the same write; the bytes
 * ZooKeeper sends the explorer per handover, against what the bare watcher receives; the REST
 * snapshot of the watched lock in its compact form against a bare getChildren of it; the
 * explorer's memory. Then the handover latency at each N against the one at 1,000 (the goal is
 * a flat line), plotted in bench/handover-vs-n.svg.
 * The other shapes (bench/shapes.ts) are the worst cases of one lock, each timed with a verdict
 * over the whole queue in force: waiters that watch nothing, a herd, readers sharing.
 *   node --import tsx bench/scale.ts [sizes, comma-separated] [handovers] [chained|unwatched|herd|readers]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startEmbeddedZooKeeper } from '../server/zk/embedded';
import { ZkSession } from '../server/zk/session';
import { notesText, textTable, type Figure } from './figures';
import { BareWatcher, emptyQueue, explainSlowest, settledStats, splitMedians, startExplorerProcess, Subscriber, type ExplorerStats, type TimedChange } from './harness';
import { QUEUE_SHAPES, shapeQueue, type QueueShape } from './shapes';
import { lineChart } from './plot';
import { median, quantile } from './stats';

const SECTION = '2. Scale: one lock with many waiters';
/** The worst cases of one lock (issue 50, item 3): a verdict over every node in force while each change is timed. */
export const WORST_SECTION = '2b. The worst cases of one lock: a verdict over the whole queue in force';
const sectionOf = (shape: QueueShape): string => (shape === 'chained' ? SECTION : WORST_SECTION);
export const SCALE_SIZES = [1_000, 10_000, 50_000, 100_000];
/** The sizes of the worst cases: the issue sets their targets at 50,000 and 100,000 against 1,000. */
export const WORST_SIZES = [1_000, 50_000, 100_000];
/** What each shape's waiters are called in the figures. */
const SHAPE_WORDS: Record<QueueShape, string> = { chained: 'waiters', unwatched: 'waiters that watch nothing', herd: 'herd waiters', readers: 'readers' };
/** The largest queue the flat-line target applies to (the footprint issue sets it at 50,000 and 100,000 waiters alike). */
const FLAT_TARGET_UP_TO = 100_000;
/** From this many waiters the explorer's memory target is the footprint issue's (300 MB); below, fitting a container of 1 GiB. */
const MEMORY_TARGET_FROM = 100_000;
/** The smallest queue the REST target applies to (the issue sets it at 50,000 waiters). */
const REST_TARGET_FROM = 50_000;
export const PLOT_FILE = 'bench/handover-vs-n.svg';

/** ZooKeeper's settings for the scale bench: a listing of 100,000 children is larger than the default 1 MB packet. */
export const SCALE_ZOOKEEPER_CONFIG = { 'jute.maxbuffer': 32 * 1024 * 1024 };

/** What one size measured, for the figures across sizes. */
interface Measured {
  waiters: number;
  /** The explorer's resident memory with the lock watched. */
  rssMb: number;
  handover: TimedChange[];
  figures: Figure[];
}

const label = (waiters: number): string => waiters.toLocaleString('en-US');

async function measure(connectString: string, waiters: number, handovers: number, shape: QueueShape): Promise<Measured> {
  const lockPath = `/bench/scale/${shape}-n${waiters}`;
  const owner = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
  await owner.start();
  const explorer = await startExplorerProcess(connectString);
  let bare: BareWatcher | null = null;
  let subscriber: Subscriber | null = null;
  // The queue, and enough more for the handovers of each phase below.
  const queue = await shapeQueue(shape, connectString, owner, lockPath, waiters + 2 * handovers + 15);
  const names = queue.names;
  let present = names.length + queue.others;
  const joined: string[] = [];
  const n = `${label(waiters)} ${SHAPE_WORDS[shape]}`;
  const section = sectionOf(shape);
  try {
    const idle = await explorer.stats();
    const socket = (subscriber = await Subscriber.connect(explorer.url));
    // As the lock page subscribes: its first snapshot in columns.
    await socket.subscribe(lockPath, 'columns');
    // Every change of a worst case is timed with its verdict over the whole queue in force.
    const inForce = await queue.inForce(explorer.url, waiters);
    const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
    let head = 0;
    /** One write, timed until `seen` says it arrived (the explorer's socket, or the bare watcher). */
    const timeOne = async <T>(seen: Promise<number>, write: () => Promise<T>): Promise<{ result: T; ms: number; writtenAt: number }> => {
      const t0 = performance.now();
      const result = await write();
      return { result, ms: (await seen) - t0, writtenAt: performance.timeOrigin + t0 };
    };
    type Timed = { name: string; ms: number; writtenAt: number };
    /** A handover, then a join at the tail, each timed by one watcher; the newcomer's client then does what its shape does (sets its watch). */
    const handoverAndJoin = async (watcher: Subscriber | BareWatcher): Promise<{ gone: Timed; come: Timed }> => {
      const name = names[head++]!;
      const gone = await timeOne(watcher instanceof Subscriber ? watcher.seen('-', name, 30_000) : watcher.seen('-', name), () => owner.remove(`${lockPath}/${name}`));
      await queue.settle();
      await pause(20);
      const come = await timeOne(watcher instanceof Subscriber ? watcher.seen('+', '*', 30_000) : watcher.seen('+', '*'), () => queue.join());
      joined.push(come.result);
      await queue.settle();
      await pause(20);
      return { gone: { name, ms: gone.ms, writtenAt: gone.writtenAt }, come: { name: come.result, ms: come.ms, writtenAt: come.writtenAt } };
    };
    // Latency, the explorer alone (the measuring process does nothing else meanwhile), then the floor alone: a bare
    // watcher re-lists the whole queue on each change, which would hold up this process's reading of the socket.
    const explorerRun: Array<{ gone: Timed; come: Timed }> = [];
    for (let i = 0; i < handovers; i += 1) explorerRun.push(await handoverAndJoin(socket));
    const watched = await explorer.stats();
    const floor = (bare = await BareWatcher.start(connectString, lockPath));
    const floorRun: Array<{ gone: Timed; come: Timed }> = [];
    let floorBytes = 0;
    for (let i = 0; i < handovers; i += 1) {
      const before = floor.bytesReceived;
      const one = await handoverAndJoin(floor);
      floorRun.push(one);
      floorBytes += floor.bytesReceived - before;
    }
    floor.close();
    bare = null;
    const timed = {
      '-': explorerRun.map((one, i) => ({ name: one.gone.name, writtenAt: one.gone.writtenAt, explorerMs: one.gone.ms, floorMs: floorRun[i]!.gone.ms })),
      '+': explorerRun.map((one, i) => ({ name: one.come.name, writtenAt: one.come.writtenAt, explorerMs: one.come.ms, floorMs: floorRun[i]!.come.ms })),
    };
    // Bytes: handovers alone, 300 ms apart, so that each pays for the pzxid read that follows a deletion.
    const handOver = async (): Promise<void> => {
      const name = names[head++]!;
      const seen = socket.seen('-', name, 30_000);
      await owner.remove(`${lockPath}/${name}`);
      await seen;
      present -= 1;
    };
    const counted = 10;
    const before = (await explorer.stats()).zookeeperBytes;
    for (let i = 0; i < counted; i += 1) {
      await handOver();
      await queue.settle();
      await pause(300);
    }
    const explorerBytes = (await explorer.stats()).zookeeperBytes - before;

    // The watched lock's snapshot in its compact form, against the bare listing of the same queue.
    let bytes = 0;
    const timeGet = async (): Promise<number> => {
      const t0 = performance.now();
      const response = await fetch(`${explorer.url}/api/locks${lockPath}?form=columns`);
      const text = await response.text();
      const body = JSON.parse(text) as { count: number };
      if (body.count !== present) throw new Error(`the snapshot has ${body.count} nodes, not ${present}`);
      bytes = Buffer.byteLength(text);
      return performance.now() - t0;
    };
    const timeList = async (): Promise<number> => {
      const t0 = performance.now();
      await owner.getChildren(lockPath);
      return performance.now() - t0;
    };
    // The first requests of a fresh process run unoptimised code: two of each go untimed.
    for (let i = 0; i < 2; i += 1) await Promise.all([timeGet(), timeList()]);
    const rest: number[] = [];
    const list: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      rest.push(await timeGet());
      list.push(await timeList());
    }
    // The same right after a change: the holder leaves, and the snapshot's columns are written anew.
    const afterChange: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await handOver();
      afterChange.push(await timeGet());
      await queue.settle();
    }
    // Whether the verdict held throughout: a herd read as a chain in one window would have been read whole.
    const after = inForce === null ? '' : `After the timed changes: ${await queue.verdicts(explorer.url)}.`;

    const figures: Figure[] = [];
    for (const [change, what, past] of [
      ['-', 'head handover', 'applying the deletion as the persistent watch told it and promoting the next node, with no read'],
      ['+', 'a contender joins at the tail', 'reading the new node’s stat (one multiRead) and placing it after the last node'],
    ] as const) {
      const samples = timed[change];
      const explorerMs = samples.map((sample) => sample.explorerMs);
      const floorMs = samples.map((sample) => sample.floorMs);
      figures.push(
        {
          section,
          name: `${n}: ${what} → socket delta, median`,
          value: median(explorerMs),
          unit: 'ms',
          reference: { name: 'floor', value: median(floorMs) },
          target: { on: 'value', max: 20 },
          note: splitMedians(samples, watched, change, past) + (inForce === null ? '' : ` ${inForce} ${after}`),
        },
        {
          section,
          name: `${n}: ${what} → socket delta, p95`,
          value: quantile(explorerMs, 0.95),
          unit: 'ms',
          reference: { name: 'floor', value: quantile(floorMs, 0.95) },
          target: { on: 'ratio', max: 2 },
          note: `${samples.length} changes, one after another. ${explainSlowest(samples, watched, change)}`,
        },
      );
    }
    // The issue sets the REST target for a lock of 50,000: for a short queue a bare getChildren takes about a millisecond, less than an HTTP request's own round trips.
    const restTarget = waiters >= REST_TARGET_FROM ? ({ on: 'ratio', max: 4 } as const) : null;
    const restScope = waiters >= REST_TARGET_FROM ? '' : ` No target at this size: the target is set from ${label(REST_TARGET_FROM)} waiters, where the list's own cost outweighs the request's fixed one (HTTP, a sync and an exists round trip to ZooKeeper, ~3 ms here).`;
    figures.push(
      {
        section,
        name: `${n}: bytes from ZooKeeper per handover`,
        value: explorerBytes / counted,
        unit: 'B',
        reference: { name: 'bare watch + getChildren', value: floorBytes / (2 * handovers) },
        target: { on: 'value', max: 1024 },
        note: `What ZooKeeper sent the explorer over ${counted} deletions 300 ms apart (the notification, its pzxid read a moment after each, and pings), per deletion; the bare watcher's per change (a deletion or a join: each has it list all ${n} names again), over ${2 * handovers} changes.`,
      },
      {
        section,
        name: `${n}: REST snapshot of the watched lock (columns), median`,
        value: median(rest),
        unit: 'ms',
        reference: { name: 'bare getChildren', value: median(list) },
        target: restTarget,
        note: `Five requests, ${Math.min(...rest).toFixed(0)}–${Math.max(...rest).toFixed(0)} ms (getChildren ${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)} ms), each read to the end and parsed. The explorer syncs with ZooKeeper, checks that it has every change made before the request, and writes ${(bytes / 1e6).toFixed(1)} MB (${Math.round(bytes / present)} bytes a node, with its owner, stat, data, predecessor and watch); a lock whose nodes did not change since the last request reuses their text.${restScope}`,
      },
      {
        section,
        name: `${n}: REST snapshot (columns) just after a change, median`,
        value: median(afterChange),
        unit: 'ms',
        reference: { name: 'bare getChildren', value: median(list) },
        target: restTarget,
        note: `${afterChange.length} requests, each right after a handover (its delta seen), ${Math.min(...afterChange).toFixed(0)}–${Math.max(...afterChange).toFixed(0)} ms: the anomalies still waiting for their moment are judged, and of the list's runs (a few hundred to a few thousand nodes each) only the one the handover changed is written again.${restScope}`,
      },
    );
    // The worst cases are timed, not weighed: their memory is the chained queue's, and settling takes up to 40 s a size.
    const settled = shape === 'chained' ? await settledStats(explorer) : null;
    if (settled !== null) figures.push(...memoryFigures(section, n, waiters, handovers, bytes, idle, watched, settled));
    return { waiters, rssMb: (settled?.stats ?? watched).rss / 1e6, handover: timed['-'], figures };
  } finally {
    bare?.close();
    subscriber?.close();
    await explorer.stop();
    queue.close();
    await emptyQueue(owner, lockPath, [...names, ...joined]);
    owner.close();
  }
}

/** The explorer's memory once it has settled following the lock, and its peak. */
function memoryFigures(section: string, n: string, waiters: number, handovers: number, bytes: number, idle: ExplorerStats, watched: ExplorerStats, settled: Awaited<ReturnType<typeof settledStats>>): Figure[] {
  return [
      {
        section,
        name: `${n}: explorer RSS, lock watched, settled`,
        value: settled.stats.rss / 1e6,
        unit: 'MB',
        reference: { name: 'right after the changes', value: watched.rss / 1e6 },
        target: { on: 'value', max: waiters >= MEMORY_TARGET_FROM ? 300 : 1024 },
        note: `Target: ${waiters >= MEMORY_TARGET_FROM ? '300 MB (the footprint issue)' : 'fits a container of 1 GiB'}. What the explorer holds while it follows the lock: read after a collection every 10 s until it stopped falling (${settled.reads.map((rss) => `${Math.round(rss / 1e6)}`).join(' → ')} MB over ${settled.afterMs / 1000} s), once the changes and the REST reads were done. Right after the ${handovers} handovers and joins, after a collection, it was ${Math.round(watched.rss / 1e6)} MB (idle before the lock was followed: ${Math.round(idle.rss / 1e6)} MB): V8 keeps the heap it grew for a burst of work until the process has been idle a few seconds, and gives back the buffers a collection freed a moment after it. Heap in use settled: ${Math.round(settled.stats.heapUsed / 1e6)} MB (bench/memory-probe.ts says where it goes).`,
      },
      {
        section,
        name: `${n}: explorer peak RSS over the run`,
        value: settled.stats.peakRss / 1e6,
        unit: 'MB',
        reference: { name: 'settled', value: settled.stats.rss / 1e6 },
        target: null,
        note: `No target: the most the process ever held, while it read the ${n} nodes the first time (their stats, and the page's first snapshot written out), through the changes and the REST snapshots of the whole queue (${(bytes / 1e6).toFixed(1)} MB each) measured above. A container must leave it room.`,
      },
  ];
}

/** Every size, one after another, then the handover latency across them (and its plot). */
export async function benchScale(connectString: string, sizes: readonly number[] = SCALE_SIZES, handovers = 30, plotFile: string | null = PLOT_FILE, shape: QueueShape = 'chained'): Promise<Figure[]> {
  const measured: Measured[] = [];
  for (const waiters of sizes) measured.push(await measure(connectString, waiters, handovers, shape));
  const figures = measured.flatMap((one) => one.figures);
  const [base, ...larger] = measured;
  if (base !== undefined) {
    const baseMedian = median(base.handover.map((sample) => sample.explorerMs));
    for (const one of larger) {
      figures.push({
        section: sectionOf(shape),
        name: `handover → socket delta at ${label(one.waiters)} ${SHAPE_WORDS[shape]}, against ${label(base.waiters)}, median`,
        value: median(one.handover.map((sample) => sample.explorerMs)),
        unit: 'ms',
        reference: { name: `${label(base.waiters)} ${SHAPE_WORDS[shape]}`, value: baseMedian },
        // The issue sets this target up to 100,000 waiters; beyond, the line is measured and drawn, not judged.
        target: one.waiters <= FLAT_TARGET_UP_TO ? { on: 'ratio', max: 1.5 } : null,
        note:
          `The goal is a flat line: a handover reads nothing and analyses no queue, whatever its length. Plotted in ${plotFile ?? 'no file (not written)'}.` +
          (one.waiters <= FLAT_TARGET_UP_TO
            ? ''
            : ` No target at this size (the issue sets it at ${label(FLAT_TARGET_UP_TO)} waiters): what still grows with the queue is the copy of its node list that each change makes (${label(one.waiters)} references), and the explorer's heap, ${Math.round(one.rssMb)} MB, which its garbage collections walk.`),
      });
    }
  }
  if (plotFile !== null && measured.length > 1) {
    const line = (pick: (samples: number[]) => number, of: 'explorerMs' | 'floorMs') => measured.map((one) => ({ x: one.waiters, y: pick(one.handover.map((sample) => sample[of])) }));
    writeFileSync(
      plotFile,
      lineChart('Head handover → socket delta, against the queue’s length', 'waiters in the queue (log scale)', 'ms', [
        { name: 'explorer, median', colour: '#2563eb', points: line(median, 'explorerMs') },
        { name: 'explorer, p95', colour: '#2563eb', dashed: true, points: line((values) => quantile(values, 0.95), 'explorerMs') },
        { name: 'bare watch, median', colour: '#9ca3af', points: line(median, 'floorMs') },
        { name: 'bare watch, p95', colour: '#9ca3af', dashed: true, points: line((values) => quantile(values, 0.95), 'floorMs') },
      ]),
    );
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const zookeeper = await startEmbeddedZooKeeper({ extraConfig: SCALE_ZOOKEEPER_CONFIG });
  try {
    const sizes = process.argv[2] ? process.argv[2].split(',').map(Number) : SCALE_SIZES;
    const shape = (process.argv[4] ?? 'chained') as QueueShape;
    if (!QUEUE_SHAPES.includes(shape)) throw new Error(`shape: ${QUEUE_SHAPES.join(', ')}, not ${shape}`);
    const figures = await benchScale(zookeeper.connectString, sizes, Number(process.argv[3] ?? 30), shape === 'chained' ? PLOT_FILE : null, shape);
    console.log(`${textTable(figures)}\n\n${notesText(figures)}`);
  } finally {
    await zookeeper.stop();
  }
}
