import { EventEmitter } from 'node:events';
import type { LockDelta, LockSnapshot, RecipeId } from '../../lib/protocol';
import type { ZkSession } from '../zk/session';
import { withAnomalies } from '../../lib/lock/queue';
import type { Introspected } from '../../lib/lock/recipes';
import { LockWatcher } from './watcher';

interface RegistryEvents {
  /** A watched lock changed. */
  delta: [delta: LockDelta];
}

/**
 * The locks somebody is looking at (a browser, the discovery of every lock under the roots):
 * one watcher per path, shared by all its subscribers and stopped when the last one leaves.
 * After a reconnect or a new session every watcher re-reads.
 */
export class LockRegistry extends EventEmitter<RegistryEvents> {
  private readonly entries = new Map<string, { watcher: LockWatcher; subscribers: Set<string> }>();
  private readonly declarations = new Map<string, RecipeId>();

  constructor(
    private readonly session: ZkSession,
    private readonly introspection: () => Introspected | null = () => null,
  ) {
    super();
    session.on('session', this.refreshAll);
    session.on('reconnected', this.refreshAll);
  }

  /** Subscribes `subscriber` to `path`; resolves with the watcher once the lock has been read. */
  async acquire(path: string, subscriber: string): Promise<LockWatcher> {
    let entry = this.entries.get(path);
    if (entry === undefined) {
      const watcher = new LockWatcher(this.session, path, (delta) => this.emit('delta', delta), {
        live: true,
        declared: () => this.declarations.get(path) ?? null,
        introspection: this.introspection,
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

  /** Every watched lock is read again from what is known: ZooKeeper's report of watches changed. */
  republishAll(): void {
    for (const { watcher } of this.entries.values()) watcher.republish();
  }

  release(path: string, subscriber: string): void {
    const entry = this.entries.get(path);
    if (entry === undefined) return;
    entry.subscribers.delete(subscriber);
    if (entry.subscribers.size === 0) {
      entry.watcher.stop();
      this.entries.delete(path);
    }
  }

  releaseAll(subscriber: string): void {
    for (const path of [...this.entries.keys()]) this.release(path, subscriber);
  }

  /** The watched paths and how many subscribe to each. */
  watched(): Array<{ path: string; subscribers: number }> {
    return [...this.entries].map(([path, entry]) => ({ path, subscribers: entry.subscribers.size }));
  }

  /** The current snapshot of a watched lock, or undefined when nobody watches it or it has not been read yet. */
  current(path: string): LockSnapshot | undefined {
    const watcher = this.entries.get(path)?.watcher;
    return watcher?.read ? watcher.snapshot : undefined;
  }

  /** The live snapshot when the lock is watched, otherwise one read without any watch. */
  async snapshot(path: string): Promise<LockSnapshot> {
    const entry = this.entries.get(path);
    if (entry !== undefined) {
      await entry.watcher.ready;
      return entry.watcher.snapshot;
    }
    const once = new LockWatcher(this.session, path, () => undefined, {
      live: false,
      declared: () => this.declarations.get(path) ?? null,
      introspection: this.introspection,
    });
    await once.ready;
    return withAnomalies(once.snapshot)?.snapshot ?? once.snapshot;
  }

  close(): void {
    this.session.off('session', this.refreshAll);
    this.session.off('reconnected', this.refreshAll);
    for (const { watcher } of this.entries.values()) watcher.stop();
    this.entries.clear();
  }

  private readonly refreshAll = (): void => {
    for (const { watcher } of this.entries.values()) watcher.refresh();
  };
}
