/**
 * The persistent recursive watches of one session (ZooKeeper 3.6+), by their root: each added
 * once however many listen, added again on every new connection (the server forgot them),
 * removed with the last listener, and each notification handed to the listeners of every root
 * that holds its path.
 */
import type { Client } from 'node-zookeeper-client';
import { addRecursiveWatch, removeWatches, type Notification } from './wire/connection';
import { parentPath } from '../../lib/zk/path';
import { EVENT_TYPES, ZkError, type Watcher } from './zk-types';

/** What a server that does not do persistent watches answers: before 3.6, UNIMPLEMENTED; with the optimized watch manager, MARSHALLING_ERROR. Anything else (a refused login, a lost connection) says nothing of persistent watches. */
const REFUSALS = new Set(['UNIMPLEMENTED', 'MARSHALLING_ERROR']);

/** Runs a request of the wire layer on the session's current client, its errors as ZkErrors. */
export type WireCall = <T>(path: string, run: (client: Client) => Promise<T>) => Promise<T>;

export class PersistentWatches {
  private readonly trees = new Map<string, { listeners: Set<Watcher>; armed: Promise<void> }>();
  private refusedBecause: string | null = null;

  constructor(private readonly callWire: WireCall) {}

  /** Why persistent watches are not used (the server refused one), or null while they are. */
  get refused(): string | null {
    return this.refusedBecause;
  }

  /** Whether any is set: notifications need no look otherwise. */
  get size(): number {
    return this.trees.size;
  }

  /**
   * Follows `path` and everything below it with one persistent recursive watch (ZooKeeper 3.6+):
   * each creation, deletion and data change below it arrives as one event with the node's path,
   * and the watch is never re-armed. It is added again after every reconnect and new session;
   * what changed in between is not replayed, so a caller reads again on `reconnected` and
   * `session`. Resolves with the function that stops following (the last one removes the watch
   * from ZooKeeper). Rejects when the server refuses persistent watches (UNIMPLEMENTED before
   * 3.6, an error with the optimized watch manager): follow with one-shot watches instead.
   */
  async watch(path: string, watcher: Watcher): Promise<() => Promise<void>> {
    let tree = this.trees.get(path);
    if (tree === undefined) {
      const created: { listeners: Set<Watcher>; armed: Promise<void> } = { listeners: new Set(), armed: this.arm(path) };
      tree = created;
      this.trees.set(path, created);
      created.armed.catch(() => {
        if (this.trees.get(path) === created) this.trees.delete(path);
      });
    }
    tree.listeners.add(watcher);
    await tree.armed;
    return async () => {
      const current = this.trees.get(path);
      if (current === undefined || !current.listeners.delete(watcher) || current.listeners.size > 0) return;
      this.trees.delete(path);
      await this.callWire(path, (client) => removeWatches(client, path)).catch(
        (error: unknown) => {
          // Gone with the connection or the session: nothing is left to remove.
          if (!(error instanceof ZkError && ['CONNECTION_LOSS', 'SESSION_EXPIRED', 'CLOSED', 'NO_WATCHER'].includes(error.code))) throw error;
        },
      );
    };
  }

  private arm(path: string): Promise<void> {
    const armed = this.callWire(path, (client) => addRecursiveWatch(client, path));
    armed.catch((error: unknown) => {
      // Refused by the server itself (before 3.6: UNIMPLEMENTED; the optimized watch manager: MARSHALLING_ERROR), not lost with a connection.
      if (error instanceof ZkError && REFUSALS.has(error.code) && this.refusedBecause === null) {
        this.refusedBecause = `ZooKeeper refused a persistent recursive watch (${error.code}): locks are followed with one-shot watches`;
        console.warn(this.refusedBecause);
      }
    });
    return armed;
  }

  /** Hands a notification to the listeners of every tree that holds its path. */
  notify(notification: Notification): void {
    const type = EVENT_TYPES[notification.type];
    // Recursive watches never fire for children; a child watch of the same session on the same path may (ZOOKEEPER-4475).
    if (type === undefined || type === 'NODE_CHILDREN_CHANGED' || this.trees.size === 0) return;
    // Each listener once, however many of its trees hold the path (ZooKeeper itself notifies a connection once).
    const listeners = new Set<Watcher>();
    // The path and each of its ancestors looked up: as cheap with ten thousand trees as with one.
    for (let at = notification.path; ; at = parentPath(at)) {
      for (const listener of this.trees.get(at)?.listeners ?? []) listeners.add(listener);
      if (at === '/' || at === '') break;
    }
    for (const listener of listeners) listener({ type, path: notification.path });
  }

  /** Adds every persistent watch again on a new connection: the server forgot them with the old one. */
  rearm(): void {
    for (const [path, tree] of this.trees) {
      tree.armed = this.arm(path);
      tree.armed.catch((error: unknown) => console.warn(`could not watch ${path} again: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}
