/**
 * The shapes of one long queue the scale bench measures (bench/scale.ts): how its clients behave,
 * and so which verdict of the explorer is in force over the whole queue while each change is
 * timed. `chained` is the healthy lock; the others are the worst cases of issue 50's item 3,
 * where one verdict concerns every node: waiters that watch nothing, a herd, readers sharing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { ZkSession } from '../server/zk/session';
import { fillQueue } from './harness';

/**
 * How the queue's clients behave: `chained`, each waiter watching the node before it (the happy
 * path); `unwatched`, waiters whose nodes nobody watches (raw ephemeral-sequential nodes, a
 * crashed or buggy client), each of which the explorer names in its no-watch verdict; `herd`,
 * waiters of many sessions that each watch the lock's children and list them again on every
 * change (the naive lock), which ZooKeeper's report shows waking; `readers`, a Curator
 * read-write lock whose readers all hold, with one writer waiting behind them.
 */
export type QueueShape = 'chained' | 'unwatched' | 'herd' | 'readers';
export const QUEUE_SHAPES: readonly QueueShape[] = ['chained', 'unwatched', 'herd', 'readers'];

/** A queue of one shape, filled, with what its clients do as it changes. */
export interface ShapedQueue {
  /** The nodes the bench removes, first to go first (a handover at the head). */
  names: string[];
  /** How many nodes the lock has besides `names` (the read-write lock's writer). */
  others: number;
  /** A newcomer joins at the tail as its client would (its watch set); resolves with its name. */
  join(): Promise<string>;
  /** After a change has been timed: what the clients do about it (a herd's sessions list the children again). */
  settle(): Promise<void>;
  /** Waits until the explorer's verdict of this shape is in force over the whole queue; says which, for the figures' notes. */
  inForce(url: string, waiters: number): Promise<string | null>;
  /** What the explorer says of the lock now: its recipe and its verdicts with their counts. */
  verdicts(url: string): Promise<string>;
  /** Closes the sessions of its own clients (the caller removes the nodes it made). */
  close(): void;
}

/** The sessions of a herd: enough that more of them wake in a report's window than nodes are deleted in it. */
const HERD_SESSIONS = 16;
/**
 * ZooKeeper's report comes every 2 s, and a window in which no more sessions woke than nodes went
 * reads as a chain (lib/lock/herd.ts): a herd of 16 sessions keeps its deletions 300 ms apart.
 */
const HERD_DELETION_GAP_MS = 300;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The explorer's REST snapshot of the lock in columns, as much of it as the shapes ask. */
interface LockBody {
  recipe: { id: string };
  count: number;
  anomalies: Array<{ kind: string; count?: number; params?: { n?: number } }>;
}

async function lockBody(url: string, lockPath: string): Promise<LockBody> {
  return (await (await fetch(`${url}/api/locks${lockPath}?form=columns`)).json()) as LockBody;
}

/** Polls the lock's snapshot every second until `done` says so (each poll after `between`), for at most two minutes. */
async function until(url: string, lockPath: string, what: string, done: (body: LockBody) => boolean, between: () => Promise<void> = async () => undefined): Promise<LockBody> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const body = await lockBody(url, lockPath);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`${lockPath}: ${what} not in force within 120 s (recipe ${body.recipe.id}, anomalies ${body.anomalies.map((one) => `${one.kind}×${one.count ?? 1}`).join(', ') || 'none'})`);
    await between();
    await pause(1000);
  }
}

const countOf = (body: LockBody, kind: string): number => {
  const found = body.anomalies.find((anomaly) => anomaly.kind === kind);
  return found === undefined ? 0 : (found.count ?? 1);
};

const label = (n: number): string => n.toLocaleString('en-US');

/** The lock's recipe and verdicts as the explorer says them now, in a few words. */
async function verdictsOf(url: string, lockPath: string): Promise<string> {
  const body = await lockBody(url, lockPath);
  const kinds = body.anomalies.map((one) => `${one.kind}${one.count === undefined ? '' : ` (${label(one.count)} nodes)`}`);
  return `the explorer read the lock as ${body.recipe.id} with ${kinds.length === 0 ? 'no verdict' : kinds.join(', ')}`;
}

/** Fills `lockPath` with `count` nodes to remove (and whatever else the shape needs) as `shape`'s clients would. */
export async function shapeQueue(shape: QueueShape, connectString: string, owner: ZkSession, lockPath: string, count: number): Promise<ShapedQueue> {
  switch (shape) {
    case 'chained':
    case 'unwatched':
      return lineQueue(shape, owner, lockPath, count);
    case 'herd':
      return herdQueue(connectString, owner, lockPath, count);
    case 'readers':
      return readersQueue(owner, lockPath, count);
  }
}

/** A queue of Curator mutex nodes of one session: each newcomer watching the one before it (`chained`), or nobody watching anything. */
async function lineQueue(shape: 'chained' | 'unwatched', owner: ZkSession, lockPath: string, count: number): Promise<ShapedQueue> {
  const names = await fillQueue(owner, lockPath, count, shape === 'chained');
  let tail = names[names.length - 1]!;
  return {
    names,
    others: 0,
    async join() {
      const created = (await owner.create(`${lockPath}/_c_${randomUUID()}-lock-`, null, 'ephemeral-sequential')).slice(lockPath.length + 1);
      if (shape === 'chained') await owner.exists(`${lockPath}/${tail}`, () => undefined);
      tail = created;
      return created;
    },
    settle: async () => undefined,
    async inForce(url, waiters) {
      if (shape === 'chained') return null;
      // The report must have missed each waiter's watch twice, a second after it began to wait.
      const body = await until(url, lockPath, 'the no-watch verdict', (one) => countOf(one, 'no-watch') >= waiters);
      return `Timed with the no-watch verdict over ${label(countOf(body, 'no-watch'))} waiters in force.`;
    },
    verdicts: (url) => verdictsOf(url, lockPath),
    close: () => undefined,
  };
}

/**
 * The herd's clients in a process of their own, as its sessions would be on other hosts: at
 * 100,000 nodes each of their listings is megabytes this process would parse, and collect, while
 * it times the explorer. Line commands on its stdin (`join`, `settle`), one answer line each.
 */
class HerdClients {
  private readonly answers: Array<(line: string) => void> = [];

  private constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => this.answers.shift()?.(line));
  }

  /** Starts the herd's process; resolves once its `count` nodes are made and listed, with their names in queue order. */
  static async start(connectString: string, lockPath: string, count: number): Promise<{ clients: HerdClients; names: string[] }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/shapes.ts', '--herd', connectString, lockPath, String(count)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const clients = new HerdClients(child);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the herd's clients exited with ${code}`))));
    exited.catch(() => undefined);
    const names = JSON.parse(await Promise.race([clients.next(), exited])) as string[];
    return { clients, names };
  }

  private next(): Promise<string> {
    return new Promise((resolve) => this.answers.push(resolve));
  }

  /** Sends a command and resolves with its answer line. */
  ask(command: 'join' | 'settle'): Promise<string> {
    const answer = this.next();
    this.child.stdin!.write(`${command}\n`);
    return answer;
  }

  close(): void {
    this.child.stdin!.end();
  }
}

/**
 * The `--herd` mode: HERD_SESSIONS sessions each own a share of the nodes (`lock-` names, as the
 * explorer's simulator names its herd) and hold one child watch on the lock. Prints the names in
 * queue order; then `join` creates one more (its name answered) and `settle` has every session
 * whose watch fired list the children again, setting it anew (`settled` answered).
 */
async function runHerdClients(connectString: string, lockPath: string, count: number): Promise<void> {
  const sessions: ZkSession[] = [];
  for (let i = 0; i < HERD_SESSIONS; i += 1) {
    const session = new ZkSession({ connectString, sessionTimeoutMs: 60_000 });
    sessions.push(session);
    await session.start();
  }
  await sessions[0]!.mkdirp(lockPath);
  const created: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => sessions[(start + i) % HERD_SESSIONS]!.create(`${lockPath}/lock-`, Buffer.from(`10.1.${(start + i) % HERD_SESSIONS}.1`), 'ephemeral-sequential'));
    created.push(...(await Promise.all(batch)).map((path) => path.slice(lockPath.length + 1)));
  }
  created.sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1));
  // Which sessions' child watches fired since they last listed the children.
  const fired = new Set<ZkSession>();
  const list = (session: ZkSession): Promise<unknown> => session.getChildren(lockPath, () => fired.add(session));
  await Promise.all(sessions.map(list));
  process.stdout.write(`${JSON.stringify(created)}\n`);
  let joins = 0;
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (line) => {
    void (async () => {
      if (line === 'join') {
        const session = sessions[joins++ % HERD_SESSIONS]!;
        process.stdout.write(`${(await session.create(`${lockPath}/lock-`, Buffer.from('10.1.0.2'), 'ephemeral-sequential')).slice(lockPath.length + 1)}\n`);
      } else {
        const woken = [...fired];
        fired.clear();
        await Promise.all(woken.map(list));
        process.stdout.write('settled\n');
      }
    })();
  });
  commands.on('close', () => {
    for (const session of sessions) session.close();
    process.exit(0);
  });
}

/**
 * The naive lock of the seeds, as many sessions run it (see `runHerdClients`). Its sessions list
 * the children again only once the change that fired them has been timed (`settle`): each listing
 * is the herd's cost to ZooKeeper, not the explorer's.
 */
async function herdQueue(connectString: string, owner: ZkSession, lockPath: string, count: number): Promise<ShapedQueue> {
  const { clients, names } = await HerdClients.start(connectString, lockPath, count);
  let lastChangeAt = 0;
  const settle = async (): Promise<void> => {
    await clients.ask('settle');
    // The next change waits its turn (see HERD_DELETION_GAP_MS).
    const since = Date.now() - lastChangeAt;
    if (since < HERD_DELETION_GAP_MS) await pause(HERD_DELETION_GAP_MS - since);
    lastChangeAt = Date.now();
  };
  return {
    names,
    others: 0,
    join: () => clients.ask('join'),
    settle,
    async inForce(url) {
      // ZooKeeper's report must see the sessions wake after a change: a newcomer of the owner's comes and goes between polls.
      const body = await until(
        url,
        lockPath,
        'the herd verdict',
        (one) => one.recipe.id === 'herd' && countOf(one, 'herd') > 0,
        async () => {
          const name = await owner.create(`${lockPath}/lock-`, null, 'ephemeral-sequential');
          await settle();
          await owner.remove(name);
          await settle();
        },
      );
      return `Timed with the herd verdict in force (one anomaly naming ${label(body.anomalies.find((one) => one.kind === 'herd')?.params?.n ?? 0)} waiters: ZooKeeper's cons showed the ${HERD_SESSIONS} sessions that own them, in a process of their own, waking on each change), each change at least ${HERD_DELETION_GAP_MS} ms after the last so that the herd keeps showing in every report's window.`;
    },
    verdicts: (url) => verdictsOf(url, lockPath),
    close: () => clients.close(),
  };
}

/**
 * Curator's read-write lock with `count` readers that all hold and one writer behind them,
 * watching the last reader with getData as Curator's writer does; newcomers are readers that
 * wait on that writer (watching it). Its head handover is a reader leaving the holders.
 */
async function readersQueue(owner: ZkSession, lockPath: string, count: number): Promise<ShapedQueue> {
  await owner.mkdirp(lockPath);
  const readers: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, () => owner.create(`${lockPath}/_c_${randomUUID()}-__READ__`, Buffer.from('10.2.0.1'), 'ephemeral-sequential'));
    readers.push(...(await Promise.all(batch)).map((path) => path.slice(lockPath.length + 1)));
  }
  readers.sort((a, b) => (a.slice(-10) < b.slice(-10) ? -1 : 1));
  const writer = await owner.create(`${lockPath}/_c_${randomUUID()}-__WRIT__`, Buffer.from('10.2.0.2'), 'ephemeral-sequential');
  // One watcher for all: the client keeps each function given for a path until the watch fires (and warns past ten).
  const watched = (): void => undefined;
  await owner.getData(`${lockPath}/${readers[readers.length - 1]!}`, watched);
  return {
    names: readers,
    others: 1,
    async join() {
      const created = await owner.create(`${lockPath}/_c_${randomUUID()}-__READ__`, Buffer.from('10.2.0.3'), 'ephemeral-sequential');
      await owner.getData(writer, watched);
      return created.slice(lockPath.length + 1);
    },
    settle: async () => undefined,
    async inForce(url) {
      const body = await until(url, lockPath, 'the read-write lock', (one) => one.recipe.id === 'curator-rwlock');
      return `Timed with the ${label(body.count - 1)} readers of a ${body.recipe.id} holding at once and one writer waiting behind them${body.anomalies.length === 0 ? '' : ` (verdicts: ${body.anomalies.map((one) => one.kind).join(', ')})`}.`;
    },
    verdicts: (url) => verdictsOf(url, lockPath),
    close: () => undefined,
  };
}

if (process.argv[2] === '--herd') await runHerdClients(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
