import { diffSnapshots } from '../../lib/lock/delta';
import { snapshotLock, type ChildRecord } from '../../lib/lock/queue';
import type { LockDelta, LockSnapshot } from '../../lib/protocol';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { readChildren } from './read';

/**
 * Follows one lock parent: one `getChildren` watch re-armed after every event, an `exists`
 * watch while the parent is missing (Curator's container parents come and go), and one read
 * per new child. Refreshes never overlap: events during a refresh coalesce into one more.
 */
export class LockWatcher {
  private current: LockSnapshot;
  private readonly records = new Map<string, ChildRecord>();
  private running = false;
  private dirty = false;
  private stopped = false;
  private settleFirst!: (error?: unknown) => void;
  /** Settles after the first read: resolves with the lock loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;

  constructor(
    private readonly session: ZkSession,
    readonly path: string,
    private readonly onDelta: (delta: LockDelta) => void,
  ) {
    this.current = snapshotLock(path, false, 0, []);
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleFirst = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A subscriber that never awaits `ready` must not cause an unhandled rejection.
    this.ready.catch(() => undefined);
    this.refresh();
  }

  get snapshot(): LockSnapshot {
    return this.current;
  }

  /** Reads the lock again: after a watch fires, a reconnect or a new session. */
  refresh(): void {
    if (this.stopped) return;
    if (this.running) {
      this.dirty = true;
      return;
    }
    this.running = true;
    void this.loop();
  }

  stop(): void {
    // node-zookeeper-client cannot remove a watch; the next notification is simply ignored.
    this.stopped = true;
  }

  private readonly onWatch: Watcher = () => this.refresh();

  private async loop(): Promise<void> {
    do {
      this.dirty = false;
      try {
        await this.read();
        this.settleFirst();
      } catch (error) {
        this.settleFirst(error);
        // A lost connection is retried on `reconnected` / `session`; anything else is reported.
        if (!(error instanceof ZkError && (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED'))) {
          console.warn(`lock ${this.path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } while (this.dirty && !this.stopped);
    this.running = false;
  }

  private async read(): Promise<void> {
    let names: string[];
    try {
      ({ children: names } = await this.session.getChildren(this.path, this.onWatch));
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      const stat = await this.session.exists(this.path, this.onWatch);
      // Created between the two calls: read it again, now with a child watch.
      if (stat !== null) this.dirty = true;
      this.records.clear();
      this.publish(false);
      return;
    }
    const present = new Set(names);
    for (const name of this.records.keys()) if (!present.has(name)) this.records.delete(name);
    const fresh = names.filter((name) => !this.records.has(name));
    for (const record of await readChildren(this.session, this.path, fresh)) this.records.set(record.name, record);
    if (!this.stopped) this.publish(true);
  }

  private publish(exists: boolean): void {
    const next = snapshotLock(this.path, exists, this.current.version + 1, [...this.records.values()]);
    const delta = diffSnapshots(this.current, next);
    if (delta === null) return;
    this.current = next;
    this.onDelta(delta);
  }
}
