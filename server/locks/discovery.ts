/**
 * Finds every lock under the configured roots and keeps the list live with watches, never by
 * polling: a child watch on each persistent interior node (where a new lock parent can appear),
 * the lock watcher of the registry on each lock parent, and no watch at all on contender nodes
 * or other ephemeral leaves. The scan is bounded; hitting a bound marks the list partial.
 * Interior nodes keep one-shot child watches, not a persistent recursive watch on the root: a
 * recursive watch there would deliver every contender's every change in every lock below it, and
 * every data change of a busy tree, to find the rare new lock parent; a child watch costs one
 * notification per new child of that one node.
 */
import { EventEmitter } from 'node:events';
import { detectRecipe } from '../../lib/lock/reader';
import { kazooSemaphoreQueue } from '../../lib/lock/recipes/kazoo-semaphore';
import { summarizeSessions, type SessionContext } from '../../lib/lock/sessions';
import { summarizeLock } from '../../lib/lock/summary';
import type { Diagnostics, LockActivity, LockList, LockSnapshot, SessionList, ZnodeStat } from '../../lib/protocol';
import { NO_SESSION } from '../../lib/zk/ids';
import { childPath, isWithin } from '../../lib/zk/path';
import type { LockRegistry } from './registry';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';

export interface DiscoveryOptions {
  roots: string[];
  /** The most znodes one scan reads before it stops and says the list is partial. */
  maxNodes: number;
  /** The deepest level below a root that is scanned. */
  maxDepth: number;
  /** How often at most the list is pushed while locks change (ms). */
  pushIntervalMs: number;
  /** How busy each lock was lately (from its history), for the dashboard's hot locks. */
  activity?: (path: string) => LockActivity | null;
}

interface DiscoveryEvents {
  list: [list: LockList];
}

const SUBSCRIBER = 'discovery';
// ZooKeeper's own subtree (quotas, config) holds no locks.
const SYSTEM_TREE = '/zookeeper';
const CONCURRENCY = 16;

type Known = { kind: 'interior'; depth: number; children: Set<string>; watcher: Watcher } | { kind: 'lock'; depth: number };

export class LockDiscovery extends EventEmitter<DiscoveryEvents> {
  private readonly known = new Map<string, Known>();
  private readonly queue: Array<{ path: string; depth: number }> = [];
  private readonly queued = new Set<string>();
  private active = 0;
  /** What each visited path accounts for: itself and the children it stat'ed; the bound applies to their sum. */
  private readonly charges = new Map<string, number>();
  private scanned = 0;
  private partialReason: string | null = null;
  private complete = false;
  private stopped = false;
  private pushTimer: NodeJS.Timeout | null = null;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly session: ZkSession,
    private readonly registry: LockRegistry,
    private readonly options: DiscoveryOptions,
  ) {
    super();
    registry.on('delta', this.onDelta);
    session.on('session', this.rescan);
  }

  /** Starts the first scan; `idle()` resolves when it is done. */
  start(): void {
    for (const root of this.options.roots) this.enqueue(root, 0);
  }

  /** Resolves when no scan work is pending. */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  list(): LockList {
    return {
      roots: this.options.roots,
      locks: this.lockSnapshots().map((snapshot) => summarizeLock(snapshot, this.options.activity?.(snapshot.path) ?? null)),
      partial: this.partialReason !== null,
      partialReason: this.partialReason,
      complete: this.complete,
      scannedNodes: this.scanned,
    };
  }

  /**
   * The list with every change ZooKeeper had made to the locks found when this was asked: the
   * scan's pending work is done first, then each lock is brought up to date (see `LockWatcher.fresh`).
   */
  async freshList(): Promise<LockList> {
    await this.idle();
    const locks = [...this.known].filter(([, entry]) => entry.kind === 'lock').map(([path]) => path);
    for (let i = 0; i < locks.length; i += CONCURRENCY) {
      await Promise.all(locks.slice(i, i + CONCURRENCY).map((path) => this.registry.fresh(path)));
    }
    return this.list();
  }

  /** The snapshots of the locks found, by path; a Kazoo semaphore's queue is part of its semaphore, not a lock of its own. */
  private lockSnapshots(): LockSnapshot[] {
    const snapshots: LockSnapshot[] = [];
    for (const [path, entry] of this.known) {
      const snapshot = entry.kind === 'lock' ? this.registry.current(path) : undefined;
      if (snapshot !== undefined) snapshots.push(snapshot);
    }
    const folded = new Set(snapshots.filter((snapshot) => snapshot.recipe.id === 'kazoo-semaphore').map((snapshot) => kazooSemaphoreQueue(snapshot.path)));
    return snapshots.filter((snapshot) => !folded.has(snapshot.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Everything wrong with the locks found, as each lock's own snapshot says it, and the deadlocks across them. */
  diagnostics(): Diagnostics {
    const snapshots = this.lockSnapshots();
    return {
      anomalies: snapshots.flatMap((snapshot) => snapshot.anomalies.map((anomaly) => ({ path: snapshot.path, ...anomaly }))),
      deadlocks: this.registry.deadlocks(),
      staleHolderMs: this.registry.staleHolderMs,
    };
  }

  /** Every session owning nodes in the discovered locks, with what `context` adds about them. */
  sessions(context: SessionContext = {}): SessionList {
    return summarizeSessions(this.lockSnapshots(), context);
  }

  stop(): void {
    this.stopped = true;
    this.registry.off('delta', this.onDelta);
    this.session.off('session', this.rescan);
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.registry.releaseAll(SUBSCRIBER);
    this.known.clear();
  }

  private readonly onDelta = (delta: { path: string }): void => {
    if (this.known.get(delta.path)?.kind === 'lock') this.schedulePush();
  };

  /** After a new session every watch is gone: read the interior nodes again. */
  private readonly rescan = (): void => {
    for (const [path, entry] of this.known) if (entry.kind === 'interior') this.enqueue(path, entry.depth);
  };

  private enqueue(path: string, depth: number): void {
    if (this.stopped || this.queued.has(path)) return;
    this.queued.add(path);
    this.queue.push({ path, depth });
    this.pump();
  }

  private pump(): void {
    while (this.active < CONCURRENCY && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.queued.delete(next.path);
      this.active += 1;
      void this.visit(next.path, next.depth)
        .catch((error: unknown) => {
          if (!(error instanceof ZkError && ['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED'].includes(error.code))) {
            console.warn(`discovery of ${next.path}: ${error instanceof Error ? error.message : String(error)}`);
          }
        })
        .finally(() => {
          this.active -= 1;
          this.pump();
          if (this.active === 0 && this.queue.length === 0) {
            this.complete = true;
            this.schedulePush();
            for (const resolve of this.idleWaiters.splice(0)) resolve();
          }
        });
    }
  }

  /**
   * Sets what `path` accounts for, unless that would take the scanned tree past the bound.
   * Visiting a known node again replaces its charge, so that a long life of changes does not
   * use up the bound: it applies to the tree as it is.
   */
  private charge(path: string, count: number): boolean {
    const previous = this.charges.get(path) ?? 0;
    if (this.scanned - previous + count > this.options.maxNodes) {
      this.partialReason = `the scan stopped at ${this.options.maxNodes} znodes (DISCOVERY_MAX_NODES)`;
      return false;
    }
    this.scanned += count - previous;
    this.charges.set(path, count);
    return true;
  }

  private async visit(path: string, depth: number): Promise<void> {
    if (this.stopped || isWithin(path, SYSTEM_TREE)) return;
    const known = this.known.get(path);
    if (known?.kind === 'lock') return;
    if (!this.charge(path, Math.max(1, this.charges.get(path) ?? 0))) return;
    const watcher: Watcher = known?.kind === 'interior' ? known.watcher : () => this.enqueue(path, depth);
    let names: string[];
    try {
      ({ children: names } = await this.session.getChildren(path, watcher));
    } catch (error) {
      if (error instanceof ZkError && error.code === 'NO_NODE') {
        this.forget(path);
        // A root that does not exist yet is found the moment it is created.
        if (this.options.roots.includes(path) && (await this.session.exists(path, watcher)) !== null) this.enqueue(path, depth);
        return;
      }
      throw error;
    }
    if (this.stopped) return;
    const recipe = detectRecipe(names, null, null).id;
    if (recipe !== 'unknown' && recipe !== 'single-node') {
      await this.becomeLock(path, depth);
      return;
    }
    if (!this.charge(path, 1 + names.length)) return;
    const stats = await Promise.all(names.map((name) => this.statOf(childPath(path, name))));
    const ephemeralLeaves = stats.filter((stat) => stat !== null && stat.ephemeralOwner !== NO_SESSION && stat.numChildren === 0);
    if (names.length > 0 && ephemeralLeaves.length === names.length) {
      // The single-node layout: one ephemeral node per resource, each a held lock.
      await this.becomeLock(path, depth);
      return;
    }
    const previous = known?.kind === 'interior' ? known.children : new Set<string>();
    this.known.set(path, { kind: 'interior', depth, children: new Set(names), watcher });
    for (const name of previous) if (!names.includes(name)) this.forget(childPath(path, name));
    names.forEach((name, index) => {
      const stat = stats[index];
      const child = childPath(path, name);
      // Ephemeral nodes cannot have children, so they are never lock parents.
      if (stat === null || stat === undefined || stat.ephemeralOwner !== NO_SESSION || this.known.has(child)) return;
      if (depth + 1 > this.options.maxDepth) {
        this.partialReason = `the scan stopped at depth ${this.options.maxDepth}`;
        return;
      }
      this.enqueue(child, depth + 1);
    });
    this.schedulePush();
  }

  private async statOf(path: string): Promise<ZnodeStat | null> {
    try {
      return await this.session.exists(path);
    } catch (error) {
      if (error instanceof ZkError && error.code === 'NO_NODE') return null;
      throw error;
    }
  }

  private async becomeLock(path: string, depth: number): Promise<void> {
    const previous = this.known.get(path);
    if (previous?.kind === 'interior') for (const name of previous.children) this.forget(childPath(path, name));
    this.known.set(path, { kind: 'lock', depth });
    this.charge(path, 1);
    await this.registry.acquire(path, SUBSCRIBER);
    this.schedulePush();
  }

  /** Drops a path that went away, with everything known below it. */
  private forget(path: string): void {
    for (const known of [...this.known.keys()]) {
      if (!isWithin(known, path)) continue;
      if (this.known.get(known)?.kind === 'lock') this.registry.release(known, SUBSCRIBER);
      this.known.delete(known);
    }
    for (const [charged, count] of [...this.charges]) {
      if (!isWithin(charged, path)) continue;
      this.scanned -= count;
      this.charges.delete(charged);
    }
    this.schedulePush();
  }

  private schedulePush(): void {
    if (this.stopped || this.pushTimer !== null) return;
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      this.emit('list', this.list());
    }, this.options.pushIntervalMs);
  }
}
