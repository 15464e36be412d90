/**
 * The lock recipes a simulated contender runs, each a small lock client over a real session:
 * `acquire` resolves once the contender holds, `release` gives the lock back. They are the
 * lock recipes the explorer reads, named as their real clients name their nodes, so that the
 * explorer reads a simulated lock exactly as it reads a real one.
 */
import { standingOf } from '../../lib/lock/reader';
import { findOwnNode } from '../../lib/sim/own-node';
import type { LockMode, RecipeId, Strategy, ZnodeStat } from '../../lib/protocol';
import { childPath } from '../../lib/zk/path';
import { ZkError, type CreateMode } from '../zk/session';

/** What a strategy may do: ZooKeeper calls that are counted, and a wait for its own watches. */
export interface LockClient {
  path: string;
  /** Ids for protected names: a UUID (Curator), 32 hex characters (Kazoo), the session id in decimal (WriteLock). */
  uuid: string;
  hex: string;
  sessionDecimal(): string;
  protected: boolean;
  /** Data written into its nodes (its id), so that operators, and the single-node lock's recovery after a lost reply, can tell whose node it is. */
  data: Buffer;
  maxLeases: number;
  getChildren(path: string, watch: boolean): Promise<string[]>;
  exists(path: string, watch: boolean): Promise<ZnodeStat | null>;
  getData(path: string, watch: boolean): Promise<{ data: Buffer | null; stat: ZnodeStat } | null>;
  create(path: string, data: Buffer | null, mode: CreateMode): Promise<string>;
  remove(path: string): Promise<void>;
  /** Resolves at the next watch notification this contender receives. */
  notified(): Promise<void>;
  /** Counts a notification after which the contender still does not hold. */
  wasted(): void;
  /** Resolves when the session is connected again after a lost connection. */
  reconnected(): Promise<void>;
}

/** What a contender holds: its node and the fencing token of the hold. */
export interface Held {
  node: string;
  czxid: string | null;
  mode: LockMode;
}

export interface LockStrategy {
  acquire(client: LockClient): Promise<Held>;
  release(client: LockClient, held: Held): Promise<void>;
}

const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const isLoss = (error: unknown): boolean => error instanceof ZkError && error.code === 'CONNECTION_LOSS';

/**
 * Creates an ephemeral sequential node. After a lost reply the create may have happened: with
 * a protected name the contender finds its node by the GUID in the prefix and keeps it; a plain
 * name cannot be told from the others, so it creates again and leaves an orphan.
 */
async function createSequential(client: LockClient, parent: string, prefix: string, protectedName: boolean): Promise<string> {
  for (;;) {
    try {
      return basename(await client.create(`${parent}/${prefix}`, client.data, 'ephemeral-sequential'));
    } catch (error) {
      if (!isLoss(error)) throw error;
      await client.reconnected();
      if (protectedName) {
        const own = findOwnNode(await childrenAfterLoss(client, parent), prefix);
        if (own !== null) return own;
      }
    }
  }
}

/** The children of `parent`, read again until the connection holds. */
async function childrenAfterLoss(client: LockClient, parent: string): Promise<string[]> {
  for (;;) {
    try {
      return await client.getChildren(parent, false);
    } catch (error) {
      if (!isLoss(error)) throw error;
      await client.reconnected();
    }
  }
}

/** The czxid of the node a contender holds by: the fencing token of its hold. */
async function tokenOf(client: LockClient, path: string): Promise<string | null> {
  return (await client.exists(path, false))?.czxid ?? null;
}

interface QueueLock {
  /** The name prefix, with the contender's GUID when protected. */
  prefix(client: LockClient): string;
  watchWith: 'exists' | 'getData' | 'children' | 'none';
  /** The recipe whose rules (the explorer's own, see `standingOf`) say who holds and whom each waiter waits on. */
  recipe(client: LockClient): RecipeId;
  mode: Held['mode'];
}

/**
 * A queue lock: each contender creates a sequential node and holds when its rule says so.
 * Chained waiters watch one node (`exists` or `getData`) and wake once per release; herd
 * waiters watch the whole child list and all wake on every change; `none` never wakes.
 */
function queueLock(lock: QueueLock): LockStrategy {
  return {
    async acquire(client) {
      const prefix = lock.prefix(client);
      const mine = await createSequential(client, client.path, prefix, client.protected);
      // The fencing token is read beside the first look at the queue, not after the wake-up: a
      // handover then costs the holder one round trip (getChildren), as in Curator.
      const token = tokenOf(client, childPath(client.path, mine));
      token.catch(() => undefined);
      let woken = false;
      for (;;) {
        const names = await client.getChildren(client.path, lock.watchWith === 'children');
        const place = standingOf(lock.recipe(client), client.path, names, mine);
        if (place.kind === 'holds') return { node: mine, czxid: await token, mode: lock.mode };
        if (place.kind === 'missing') throw new ZkError('NO_NODE', `${mine} is gone from ${client.path}`);
        if (woken) client.wasted();
        woken = false;
        if (lock.watchWith === 'none') await new Promise<never>(() => undefined);
        if (lock.watchWith === 'exists' || lock.watchWith === 'getData') {
          const target = childPath(client.path, place.on);
          const found = lock.watchWith === 'exists' ? await client.exists(target, true) : await client.getData(target, true);
          // Gone before the watch was set: look again at once.
          if (found === null) continue;
        }
        await client.notified();
        woken = true;
      }
    },
    release: (client, held) => client.remove(childPath(client.path, held.node)),
  };
}

/** Kazoo's naming (`<hex32>__lock__`, `<hex32>__rlock__`) when protected, ZooKeeper's documented `read-` / `write-` otherwise. */
function readWriteLock(kind: 'read' | 'write'): LockStrategy {
  return queueLock({
    prefix: (client) => (client.protected ? `${client.hex}__${kind === 'read' ? 'rlock' : 'lock'}__` : `${kind}-`),
    watchWith: 'getData',
    recipe: (client) => (client.protected ? 'kazoo-rwlock' : 'zk-shared-lock'),
    mode: kind,
  });
}

/** The single-node lock: one ephemeral node everyone tries to create; losers watch it and all retry on delete. */
const singleNode: LockStrategy = {
  async acquire(client) {
    const node = childPath(client.path, 'lock');
    let woken = false;
    for (;;) {
      try {
        await client.create(node, client.data, 'ephemeral');
        return { node: 'lock', czxid: await tokenOf(client, node), mode: 'exclusive' };
      } catch (error) {
        if (isLoss(error)) {
          await client.reconnected();
          // The client's id is the node's data: after a lost reply it tells whether its own create went through.
          const found = await client.getData(node, false);
          if (found !== null && found.data !== null && found.data.equals(client.data)) {
            return { node: 'lock', czxid: found.stat.czxid, mode: 'exclusive' };
          }
          continue;
        }
        if (!(error instanceof ZkError && error.code === 'NODE_EXISTS')) throw error;
      }
      if (woken) client.wasted();
      woken = false;
      if ((await client.exists(node, true)) === null) continue;
      await client.notified();
      woken = true;
    }
  },
  release: (client) => client.remove(childPath(client.path, 'lock')),
};

/**
 * A semaphore laid out as Kazoo's: the path's data is the lease limit, leases are ephemeral
 * children named by GUID, and would-be holders queue in a Kazoo lock beside it
 * (`<path>-__lock__`). The head of that queue takes a lease when one is free, otherwise it
 * waits on the leases' child list; once it has a lease it leaves the queue.
 */
const semaphore: LockStrategy = {
  async acquire(client) {
    const queue = queueLock({ prefix: (c) => `${c.hex}__lock__`, watchWith: 'getData', recipe: () => 'kazoo-lock', mode: 'exclusive' });
    const gate: LockClient = { ...client, path: `${client.path}-__lock__`, protected: true };
    const place = await queue.acquire(gate);
    try {
      const lease = childPath(client.path, client.hex);
      for (;;) {
        const leases = await client.getChildren(client.path, true);
        if (leases.includes(client.hex)) return { node: client.hex, czxid: await tokenOf(client, lease), mode: 'lease' };
        if (leases.length < client.maxLeases) {
          try {
            await client.create(lease, client.data, 'ephemeral');
          } catch (error) {
            if (isLoss(error)) await client.reconnected();
            else if (!(error instanceof ZkError && error.code === 'NODE_EXISTS')) throw error;
          }
          continue;
        }
        await client.notified();
      }
    } finally {
      await queue.release(gate, place);
    }
  },
  release: (client, held) => client.remove(childPath(client.path, held.node)),
};

export function strategyFor(strategy: Strategy): LockStrategy {
  switch (strategy) {
    case 'herd':
      // The naive lock: a child watch on the parent, so every change wakes every waiter.
      return queueLock({ prefix: (c) => (c.protected ? `${c.hex}-lock-` : 'lock-'), watchWith: 'children', recipe: () => 'herd', mode: 'exclusive' });
    case 'chained':
      // ZooKeeper's WriteLock recipe: `x-<session id>-`, an `exists` watch on the node just before.
      return queueLock({ prefix: (c) => (c.protected ? `x-${c.sessionDecimal()}-` : 'lock-'), watchWith: 'exists', recipe: (c) => (c.protected ? 'zk-writelock' : 'sequential-lock'), mode: 'exclusive' });
    case 'chained-getdata':
      // Curator's variant: protected `_c_<uuid>-lock-` and `getData`, so that no watch is left on a node already gone.
      return queueLock({ prefix: (c) => (c.protected ? `_c_${c.uuid}-lock-` : 'lock-'), watchWith: 'getData', recipe: (c) => (c.protected ? 'curator-mutex' : 'sequential-lock'), mode: 'exclusive' });
    case 'read':
      return readWriteLock('read');
    case 'write':
      return readWriteLock('write');
    case 'semaphore':
      return semaphore;
    case 'single-node':
      return singleNode;
    case 'no-watch':
      return queueLock({ prefix: (c) => (c.protected ? `_c_${c.uuid}-lock-` : 'lock-'), watchWith: 'none', recipe: (c) => (c.protected ? 'curator-mutex' : 'sequential-lock'), mode: 'exclusive' });
  }
}
