/**
 * Footprint on ZooKeeper: the watches and requests the explorer costs to follow one lock, to
 * load it and per handover, read from ZooKeeper's own `wchc` and `cons`, against a Curator
 * TreeCache-style watcher (a child watch on the lock and a data watch on every node) following
 * the same lock in the same run.
 */
import { parseConsPackets } from '../lib/zk/four-letter';
import { fourLetterWord } from '../server/zk/four-letter';
import { ZkError, ZkSession } from '../server/zk/session';
import type { Figure } from './figures';
import { fillQueue, mntr, startExplorerProcess, Subscriber } from './harness';

const SECTION = '3. Footprint on ZooKeeper: the explorer against a TreeCache-style watcher on the same lock';

/** What Curator's TreeCache does for one level: list with a child watch, read every node with a data watch, and keep both armed. */
class TreeCacheLike {
  private readonly known = new Set<string>();
  private closed = false;
  constructor(
    readonly session: ZkSession,
    private readonly path: string,
  ) {}

  async start(): Promise<void> {
    await this.list();
  }

  private async list(): Promise<void> {
    if (this.closed) return;
    const { children } = await this.session.getChildren(this.path, () => void this.list().catch(() => undefined));
    const fresh = children.filter((name) => !this.known.has(name));
    for (const name of fresh) this.known.add(name);
    await Promise.all(fresh.map((name) => this.read(name)));
  }

  private async read(name: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.session.getData(`${this.path}/${name}`, (event) => {
        if (event.type === 'NODE_DELETED') this.known.delete(name);
        else void this.read(name).catch(() => undefined);
      });
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      this.known.delete(name);
    }
  }

  close(): void {
    this.closed = true;
    this.session.close();
  }
}

export async function benchFootprint(connectString: string, port: number, queue = 100, handovers = 50): Promise<Figure[]> {
  const lockPath = '/bench/footprint/lock';
  const owner = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await owner.start();
  const explorer = await startExplorerProcess(connectString);
  const health = (await (await fetch(`${explorer.url}/api/health`)).json()) as { zookeeper: { sessionId: string } };
  const explorerSession = health.zookeeper.sessionId;
  const cache = new TreeCacheLike(new ZkSession({ connectString, sessionTimeoutMs: 30_000 }), lockPath);
  await cache.session.start();
  const cacheSession = cache.session.sessionId!;
  const subscriber = await Subscriber.connect(explorer.url);
  try {
    const names = await fillQueue(owner, lockPath, queue);
    const packets = async (): Promise<Map<string, { received: number; sent: number }>> => parseConsPackets(await fourLetterWord('127.0.0.1', port, 'cons'));
    const of = (map: Map<string, { received: number; sent: number }>, session: string) => map.get(session) ?? { received: Number.NaN, sent: Number.NaN };

    // wchc leaves child watches out: mntr's total, read before and after each watcher starts, counts them all.
    const watchCount = async (): Promise<number> => Number((await mntr(port)).get('zk_watch_count'));
    const beforeLoad = await packets();
    const noWatches = await watchCount();
    await subscriber.subscribe(lockPath);
    const explorerWatching = await watchCount();
    await cache.start();
    const bothWatching = await watchCount();
    const loaded = await packets();
    const watches = new Map([
      [explorerSession, explorerWatching - noWatches],
      [cacheSession, bothWatching - explorerWatching],
    ]);

    // Handovers: the head leaves, a newcomer joins at the tail; the queue keeps its length.
    for (let i = 0; i < handovers; i += 1) {
      const head = names.shift()!;
      const gone = subscriber.seen('-', head);
      await owner.remove(`${lockPath}/${head}`);
      await gone;
      const joined = subscriber.seen('+', '*');
      const created = await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
      names.push(created.slice(lockPath.length + 1));
      await joined;
    }
    // Let the TreeCache-like watcher finish its reads of the last change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await packets();

    const cost = (session: string) => ({
      watches: watches.get(session) ?? Number.NaN,
      loadRequests: of(loaded, session).received - of(beforeLoad, session).received,
      requests: (of(after, session).received - of(loaded, session).received) / handovers,
      // Replies go one for one with requests; what ZooKeeper sends beyond them are watch notifications.
      notifications: (of(after, session).sent - of(loaded, session).sent - (of(after, session).received - of(loaded, session).received)) / handovers,
    });
    const mine = cost(explorerSession);
    const theirs = cost(cacheSession);
    const figure = (name: string, key: keyof typeof mine, unit: string, note?: string): Figure => ({
      section: SECTION,
      name,
      value: mine[key],
      unit,
      reference: { name: 'TreeCache-style', value: theirs[key] },
      target: { on: 'ratio', max: 1 },
      note,
    });
    return [
      figure(`watches held on a lock of ${queue}`, 'watches', '', 'From mntr\'s watch count, read before and after each starts: the explorer keeps one child watch per lock; a TreeCache keeps one more per node.'),
      figure(`requests to load the lock of ${queue}`, 'loadRequests', '', 'From cons (packets received from each session): one getChildren and the stats of every node in one multiRead, against one getData per node.'),
      figure(
        'requests per handover (one leaves, one joins)',
        'requests',
        '',
        'Both list the children after each change and read the newcomer once (the explorer for its stat, the TreeCache for its data): three requests. A TreeCache that lists once for two changes in quick succession saves one now and then.',
      ),
      figure('notifications per handover', 'notifications', ''),
    ];
  } finally {
    subscriber.close();
    cache.close();
    await explorer.stop();
    owner.close();
  }
}
