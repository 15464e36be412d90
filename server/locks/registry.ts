import { EventEmitter } from 'node:events';
import { NO_SILENT_SESSIONS, silentSessionsSeen, type Introspected, type ReportChange, type SilentSessions } from '../../lib/lock/report';
import type { DumpReport } from '../../lib/zk/four-letter';
import type { LockContext } from '../../lib/lock/machine';
import { kazooSemaphoreQueue } from '../../lib/lock/recipes/kazoo-semaphore';
import { limitGraph, WaitsFor } from '../../lib/lock/waits-for';
import type { Deadlock, LockDelta, LockNode, LockSnapshot, RecipeId, WaitsForGraph, ZnodeStat } from '../../lib/protocol';
import { ZkError, type ZkSession } from '../zk/session';
import { CoarseTimers } from './coarse-timers';
import { LOCK_TIMER_GRID_MS, LockWatcher, type LockClock } from './watcher';

/** The most sessions and groups the waits-for graph draws: beyond a few hundred marks no layout is readable. */
export const MAX_GRAPH_MARKS = 200;
/**
 * The deadlocks are looked for again this long after the waits-for graph changed, once for a
 * burst: a partition's thousands of deletions are one look, not one each (each lock's anomalies
 * are judged 200 ms after its change anyway).
 */
export const DEADLOCK_DELAY_MS = 50;

interface RegistryEvents {
  /** A watched lock changed; `gone` are the nodes it removed or replaced, as they were. */
  delta: [delta: LockDelta, gone: readonly LockNode[]];
  /** The waits-for graph across the watched locks changed (who holds, or who waits where). */
  graph: [];
}

export interface RegistryOptions {
  /** What ZooKeeper reports of watches and client addresses; null when it cannot be asked. */
  introspection?: () => Introspected | null;
  /** A holder that holds longer is named a stale holder (ms). */
  staleHolderMs?: number;
  /** ZooKeeper's `dump`: each session's expiry, which tells a session kept without a connection; null when it cannot be asked. */
  dump?: () => DumpReport | null;
  /**
   * Asks for a `dump` at the next report, soon: a lock owner's session is neither connected nor
   * in the last dump (it connected, took its node and crashed between two reports), and only a
   * dump tells when ZooKeeper expires it. Default: none.
   */
  askDump?: () => void;
  /** The ensemble's clock (ms since the epoch): `Date.now` by default. Its locks' timers are set on a wheel of their own that reads it. */
  now?: () => number;
}

/**
 * The locks somebody is looking at (a browser, the discovery of every lock under the roots):
 * one watcher per path, shared by all its subscribers and stopped when the last one leaves.
 * After a reconnect or a new session every watcher re-reads. The waits-for graph across them is
 * kept from their changes, and every lock on a cycle carries the deadlock among its anomalies.
 */
export class LockRegistry extends EventEmitter<RegistryEvents> {
  private readonly entries = new Map<string, { watcher: LockWatcher; subscribers: Set<string> }>();
  private readonly declarations = new Map<string, RecipeId>();
  private readonly waitsFor: WaitsFor;
  /** Set while a look at the deadlocks is due (see DEADLOCK_DELAY_MS). */
  private graphTimer: NodeJS.Timeout | null = null;
  private readonly introspection: () => Introspected | null;
  private readonly dump: () => DumpReport | null;
  private readonly askDump: () => void;
  /** Sessions without a connection in the last two reports, with their expiry (see `observeConnections`). */
  private silent: SilentSessions = NO_SILENT_SESSIONS;
  readonly staleHolderMs: number;
  private readonly clock: LockClock;

  constructor(
    private readonly session: ZkSession,
    options: RegistryOptions = {},
  ) {
    super();
    this.introspection = options.introspection ?? (() => null);
    this.staleHolderMs = options.staleHolderMs ?? 60_000;
    this.dump = options.dump ?? (() => null);
    this.askDump = options.askDump ?? (() => undefined);
    const now = options.now ?? Date.now;
    this.clock = { now, timers: new CoarseTimers(LOCK_TIMER_GRID_MS, now) };
    this.waitsFor = new WaitsFor((sessionId) => this.introspection()?.clients.get(sessionId) ?? null);
    session.on('session', this.refreshAll);
    session.on('reconnected', this.refreshAll);
  }

  /** Subscribes `subscriber` to `path`; resolves with the watcher once the lock has been read. */
  async acquire(path: string, subscriber: string): Promise<LockWatcher> {
    let entry = this.entries.get(path);
    if (entry === undefined) {
      const watcher = new LockWatcher(this.session, path, (delta, gone) => this.changed(delta, gone), {
        live: true,
        declared: () => this.declarations.get(path) ?? null,
        introspection: this.introspection,
        anomalyContext: () => this.anomalyContext(path),
        clock: this.clock,
      });
      entry = { watcher, subscribers: new Set() };
      this.entries.set(path, entry);
    }
    entry.subscribers.add(subscriber);
    try {
      await entry.watcher.ready;
    } catch (error) {
      this.release(path, subscriber);
      throw error;
    }
    return entry.watcher;
  }

  /** Declares the recipe of a lock whose contenders the explorer runs itself (a herd cannot be told from its names). */
  declare(path: string, recipe: RecipeId): void {
    if (this.declarations.get(path) === recipe) return;
    this.declarations.set(path, recipe);
    this.entries.get(path)?.watcher.republish();
  }

  /** A new report of ZooKeeper: every watched lock weighs it (watches to judge, a herd to tell). */
  observeReport(report: Introspected | null, changed: boolean, change: ReportChange | null = null): void {
    this.observeConnections(report);
    if (changed) this.waitsFor.invalidate();
    for (const { watcher } of this.entries.values()) watcher.observeReport(report, changed, change);
    // The graph names each session's client address: a new report may know them.
    if (changed) this.graphChanged();
  }

  /**
   * The string a followed lock's node already holds for `path`, when `path` is one: ZooKeeper's
   * reports name every watched node again, and at 100,000 waiters each poll's copies of their
   * paths would be megabytes more. The lock is the node's parent, or its grandparent (a
   * semaphore's `leases/` and `locks/`).
   */
  placedPath(path: string): string | undefined {
    const slash = path.lastIndexOf('/');
    if (slash <= 0 || this.entries.size === 0) return undefined;
    const parent = path.slice(0, slash);
    const name = path.slice(slash + 1);
    const found = this.entries.get(parent)?.watcher.placedPath(parent, name);
    if (found !== undefined) return found;
    const up = parent.lastIndexOf('/');
    return up <= 0 ? undefined : this.entries.get(parent.slice(0, up))?.watcher.placedPath(parent, name);
  }

  release(path: string, subscriber: string): void {
    const entry = this.entries.get(path);
    if (entry === undefined) return;
    entry.subscribers.delete(subscriber);
    if (entry.subscribers.size === 0) {
      entry.watcher.stop();
      this.entries.delete(path);
      this.waitsFor.drop(path);
      this.graphChanged();
    }
  }

  releaseAll(subscriber: string): void {
    for (const path of [...this.entries.keys()]) this.release(path, subscriber);
  }

  /** The watched paths and how many subscribe to each. */
  watched(): Array<{ path: string; subscribers: number }> {
    return [...this.entries].map(([path, entry]) => ({ path, subscribers: entry.subscribers.size }));
  }

  /** Whether the session owns an ephemeral node in a lock the explorer follows. */
  ownsNodes(session: string): boolean {
    return this.waitsFor.owns(session);
  }

  /** The current snapshot of a watched lock, or undefined when nobody watches it or it has not been read yet. */
  current(path: string): LockSnapshot | undefined {
    const watcher = this.entries.get(path)?.watcher;
    if (watcher === undefined || !watcher.read) return undefined;
    // Anomalies still waiting for their moment are judged now, so that every view gives the same answer.
    watcher.settleAnomalies();
    return watcher.snapshot;
  }

  /** The snapshot last published for a watched lock, as it is (anomalies not judged again). */
  published(path: string): LockSnapshot | undefined {
    const watcher = this.entries.get(path)?.watcher;
    return watcher?.read ? watcher.snapshot : undefined;
  }

  /**
   * The lock as ZooKeeper has it now: a watched lock once its watcher has caught up with every
   * change made before this was asked; any other lock read once, without a watch.
   */
  async snapshot(path: string): Promise<LockSnapshot> {
    const entry = this.entries.get(path);
    if (entry !== undefined) return entry.watcher.fresh();
    const once = new LockWatcher(this.session, path, () => undefined, {
      live: false,
      declared: () => this.declarations.get(path) ?? null,
      introspection: this.introspection,
      anomalyContext: () => this.anomalyContext(path),
      clock: this.clock,
    });
    await once.ready;
    return once.withAnomalies();
  }

  /**
   * Brings many watched locks up to date at once: one sync, the stats of all their parents in
   * multiReads, then each lock waits only if it is behind (see `LockWatcher.catchUp`). Ten
   * thousand locks cost a few requests, not twenty thousand.
   */
  async freshMany(paths: readonly string[]): Promise<void> {
    const watchers = paths.map((path) => this.entries.get(path)?.watcher).filter((watcher): watcher is LockWatcher => watcher !== undefined);
    await Promise.all(watchers.map((watcher) => watcher.ready.catch(() => undefined)));
    const asked = this.clock.now();
    const parents = [...new Set(watchers.flatMap((watcher) => watcher.parentPaths()))];
    const synced = this.session.sync('/').catch(() => undefined);
    const reads = await this.session.getDataMany(parents);
    await synced;
    const known = new Map<string, ZnodeStat | null>();
    parents.forEach((path, index) => {
      const read = reads[index];
      // A parent whose data the explorer may not read (NO_AUTH) is asked by `exists` in catchUp.
      if (read instanceof ZkError) {
        if (read.code === 'NO_NODE') known.set(path, null);
      } else if (read !== undefined) known.set(path, read.stat);
    });
    await Promise.all(watchers.map((watcher) => watcher.catchUp(asked, known)));
  }

  /** Every deadlock across the watched locks. */
  deadlocks(): Deadlock[] {
    return this.waitsFor.deadlocks();
  }

  /** Who waits for whom across the watched locks: the sessions on a cycle and the busiest locks, up to MAX_GRAPH_MARKS marks, and how many were left out. */
  graph(): WaitsForGraph {
    return limitGraph(this.waitsFor.graph(), MAX_GRAPH_MARKS);
  }

  close(): void {
    this.session.off('session', this.refreshAll);
    this.session.off('reconnected', this.refreshAll);
    for (const { watcher } of this.entries.values()) watcher.stop();
    this.entries.clear();
    if (this.graphTimer !== null) clearTimeout(this.graphTimer);
    this.graphTimer = null;
  }

  private anomalyContext(path: string): LockContext {
    return { staleHolderMs: this.staleHolderMs, deadlocks: this.waitsFor.deadlocksOf(path), disconnected: this.silent.confirmed };
  }

  /**
   * Takes the sessions a new report shows without a connection, over two reports (see
   * `silentSessionsSeen`): the locks one of them holds, or held, judge their anomalies again.
   * An owner no report or dump knows (it connected, took its node and crashed between two) has a
   * dump asked soon.
   */
  private observeConnections(report: Introspected | null): void {
    const dumped = this.dump();
    if (report !== null && dumped !== null && this.waitsFor.ownerUnknownTo(report.clients, dumped.expiries)) this.askDump();
    const { state, changed } = silentSessionsSeen(this.silent, report, dumped);
    this.silent = state;
    if (changed.size === 0) return;
    for (const { watcher } of this.entries.values()) {
      if (!watcher.read) continue;
      if (watcher.snapshot.nodes.some((node) => node.role === 'holder' && changed.has(node.sessionId))) watcher.refreshAnomalies();
    }
  }

  /**
   * A lock changed: the waits-for graph takes the nodes that went and came, and locks whose
   * deadlocks changed are told. `gone` are the removed and updated nodes as they were.
   */
  private changed(delta: LockDelta, gone: readonly LockNode[]): void {
    this.emit('delta', delta, gone);
    if (delta.removed.length + delta.added.length + delta.updated.length === 0) return;
    // Only who holds and who waits matters to the graph: a handover changes two nodes.
    if (gone.length === delta.updated.length && delta.added.length === 0 && gone.every((node, index) => sameStanding(node, delta.updated[index]!))) return;
    // A Kazoo semaphore is read with its queue (`<path>-__lock__`), whose nodes are its waiters: the graph has them once, in the
    // semaphore, not again in the queue followed as a lock of its own.
    // (`published`, not `current`: a delta must not judge the lock's anomalies, O(n) in a long queue.)
    const semaphore = this.published(delta.path)?.recipe.id === 'kazoo-semaphore';
    if (semaphore || this.semaphoreOfQueue(delta.path) !== null) {
      if (this.waitsFor.drop(semaphore ? kazooSemaphoreQueue(delta.path) : delta.path)) this.graphChanged();
      if (!semaphore) return;
    }
    this.waitsFor.apply(delta.path, gone, [...delta.added, ...delta.updated]);
    this.graphChanged();
  }

  /** The followed Kazoo semaphore whose queue (`<semaphore>-__lock__`) is at `path`; null when `path` is no such queue. */
  semaphoreOfQueue(path: string): string | null {
    const suffix = kazooSemaphoreQueue('');
    if (!path.endsWith(suffix)) return null;
    const semaphore = path.slice(0, -suffix.length);
    return this.published(semaphore)?.recipe.id === 'kazoo-semaphore' ? semaphore : null;
  }

  /** The waits-for graph changed: in a moment, once for a burst, the graph is pushed and each lock whose part in the deadlocks changed judges its anomalies again. */
  private graphChanged(): void {
    if (this.graphTimer !== null) return;
    this.graphTimer = setTimeout(() => {
      this.graphTimer = null;
      this.emit('graph');
      for (const lock of this.waitsFor.partsChanged()) this.entries.get(lock)?.watcher.refreshAnomalies();
    }, DEADLOCK_DELAY_MS);
  }

  private readonly refreshAll = (): void => {
    for (const { watcher } of this.entries.values()) watcher.refresh();
  };
}

function sameStanding(a: LockNode, b: LockNode): boolean {
  return a.sessionId === b.sessionId && a.role === b.role && a.ephemeral === b.ephemeral;
}
