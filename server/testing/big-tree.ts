/**
 * A tree the size of a real shared ensemble, for the discovery tests and benchmarks: a
 * Kafka-era cluster (`/cluster/topics/t<i>/partitions/<p>/state`) with lock parents scattered
 * at several depths under `/apps` and among the topics, built in multis of a thousand creates,
 * pipelined. Contenders are then put in each lock by two sessions: one holds, one waits.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { childPath, parentPath } from '../../lib/zk/path';
import { ZkSession } from '../zk/session';
import type { CreateMode } from '../zk/zk-types';

export interface TreeShape {
  topics: number;
  partitions: number;
  /** Lock parents, half among the topics, half under `/apps`. */
  locks: number;
}

export interface BuiltTree {
  /** Every lock parent, sorted. */
  lockPaths: string[];
  /** A persistent sequential node no session owns: a lock only a scan finds. */
  orphanLock: string;
  /** How many znodes the tree has below `/` (getAllChildrenNumber). */
  znodes: number;
}

const MULTI = 1000;
const IN_FLIGHT = 8;

/** Creates `paths` (parents first) in multis, several in flight. */
export async function createAll(session: ZkSession, paths: readonly string[], mode: CreateMode = 'persistent', data: Buffer | null = null): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  for (let start = 0; start < paths.length; start += MULTI) {
    const done: Promise<void> = session.createMany(paths.slice(start, start + MULTI), mode, data).finally(() => inFlight.delete(done));
    inFlight.add(done);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}

/** The lock parents of a shape: spread over the topics and over teams, services and jobs under `/apps` (depths 3 to 5). */
export function lockPathsOf(shape: TreeShape): string[] {
  const paths: string[] = [];
  const amongTopics = Math.floor(shape.locks / 2);
  const stride = Math.max(1, Math.floor(shape.topics / Math.max(1, amongTopics)));
  for (let i = 0; i < amongTopics; i += 1) paths.push(`/cluster/topics/t${(i * stride) % shape.topics}/lock`);
  for (let i = 0; paths.length < shape.locks; i += 1) {
    const team = `/apps/team${i % 17}`;
    if (i % 3 === 0) paths.push(`${team}/lock${i}`);
    else if (i % 3 === 1) paths.push(`${team}/svc${i % 5}/lock${i}`);
    else paths.push(`${team}/svc${i % 5}/jobs/lock${i}`);
  }
  return [...new Set(paths)].sort();
}

/** Builds the persistent tree of `shape` (the lock parents included, empty) and one orphaned persistent lock node. */
export async function buildTree(session: ZkSession, shape: TreeShape): Promise<BuiltTree> {
  const lockPaths = lockPathsOf(shape);
  const paths: string[] = ['/cluster', '/cluster/topics', '/apps', '/apps/orphaned'];
  const state = Buffer.from('{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1,2,3]}');
  const topicNodes: string[] = [];
  const stateNodes: string[] = [];
  for (let t = 0; t < shape.topics; t += 1) {
    const topic = `/cluster/topics/t${t}`;
    topicNodes.push(topic, `${topic}/partitions`);
    for (let p = 0; p < shape.partitions; p += 1) {
      topicNodes.push(`${topic}/partitions/${p}`);
      stateNodes.push(`${topic}/partitions/${p}/state`);
    }
  }
  // Parents before children: the cluster's nodes, then each lock's missing ancestors (shallower first), then the locks.
  const made = new Set([...paths, ...topicNodes]);
  const ancestors = new Set<string>();
  for (const lock of lockPaths) for (let at = parentPath(lock); !made.has(at) && at !== '/'; at = parentPath(at)) ancestors.add(at);
  const byDepth = (a: string, b: string): number => a.split('/').length - b.split('/').length;
  await createAll(session, [...paths, ...topicNodes, ...[...ancestors].sort(byDepth), ...lockPaths.filter((lock) => !made.has(lock))]);
  await createAll(session, stateNodes, 'persistent', state);
  const orphanLock = await session.create('/apps/orphaned/lock-', Buffer.from('10.0.0.9'), 'persistent-sequential');
  return { lockPaths, orphanLock: parentPath(orphanLock), znodes: await session.countDescendants('/') };
}

/** The locks of real systems the contenders make beside the tree's: Kafka's controller, a lock of its own whatever its siblings are. */
export const SYSTEM_LOCKS: readonly string[] = ['/cluster/controller'];

/** Two sessions put a contender in each lock, by recipe in turn: one holds, the other waits; and two ephemeral nodes that are not locks. */
export class TreeContenders {
  private constructor(
    readonly holder: ZkSession,
    readonly waiter: ZkSession,
  ) {}

  static async start(connectString: string, lockPaths: readonly string[]): Promise<TreeContenders> {
    const holder = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    const waiter = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    await Promise.all([holder.start(15_000), waiter.start(15_000)]);
    const contenders = new TreeContenders(holder, waiter);
    await contenders.place(lockPaths);
    // Ephemeral nodes beside persistent ones: their parents are not locks. The controller, Kafka's, is one of its own (SYSTEM_LOCKS).
    await holder.create('/cluster/controller', Buffer.from('{"version":1,"brokerid":1,"timestamp":"1700000000000"}'), 'ephemeral');
    await holder.create('/cluster/topics/t0/partitions/0/leader', null, 'ephemeral');
    return contenders;
  }

  /** Puts a holder and a waiter into each of `lockPaths`, the recipe chosen by its index. */
  async place(lockPaths: readonly string[]): Promise<void> {
    const held: string[] = [];
    const waiting: string[] = [];
    const holderId = BigInt(this.holder.sessionId ?? '0').toString();
    const waiterId = BigInt(this.waiter.sessionId ?? '0').toString();
    lockPaths.forEach((lock, index) => {
      switch (index % 4) {
        case 0:
          held.push(childPath(lock, `_c_${randomUUID()}-lock-`));
          waiting.push(childPath(lock, `_c_${randomUUID()}-lock-`));
          break;
        case 1:
          held.push(childPath(lock, `${randomBytes(16).toString('hex')}__lock__`));
          waiting.push(childPath(lock, `${randomBytes(16).toString('hex')}__lock__`));
          break;
        case 2:
          held.push(childPath(lock, `x-${holderId}-`));
          waiting.push(childPath(lock, `x-${waiterId}-`));
          break;
        default:
          // One ephemeral node per resource: the waiter has no node of its own.
          held.push(childPath(lock, 'resource'));
      }
    });
    const sequential = (path: string): boolean => path.endsWith('-') || path.endsWith('__');
    await createAll(this.holder, held.filter(sequential), 'ephemeral-sequential', Buffer.from('127.0.0.1'));
    await createAll(this.holder, held.filter((path) => !sequential(path)), 'ephemeral', Buffer.from('client-1'));
    await createAll(this.waiter, waiting, 'ephemeral-sequential', Buffer.from('127.0.0.1'));
  }

  /** Closes both sessions and resolves once ZooKeeper has removed their nodes (a server stopped before it would keep them for a session timeout). */
  async close(connectString: string): Promise<void> {
    const owners = [this.holder.sessionId, this.waiter.sessionId];
    this.holder.close();
    this.waiter.close();
    const observer = new ZkSession({ connectString, sessionTimeoutMs: 10_000 });
    await observer.start(15_000);
    try {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const controller = await observer.exists('/cluster/controller');
        if (controller === null || !owners.includes(controller.ephemeralOwner)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the contenders’ sessions did not end within 10 s');
    } finally {
      observer.close();
    }
  }
}
