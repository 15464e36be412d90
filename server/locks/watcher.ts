import { describeData } from '../../lib/lock/data';
import { diffSnapshots } from '../../lib/lock/delta';
import { buildSnapshot, handover, missingLock, withAnomalies, type ChildRecord, type LockInput, type ParentListing } from '../../lib/lock/queue';
import { auxiliaryParents, type Introspected } from '../../lib/lock/recipes';
import type { LockDelta, LockSnapshot, NodeData, RecipeId, ZnodeStat } from '../../lib/protocol';
import { ZkError, type Watcher, type ZkSession } from '../zk/session';
import { readChildren } from './read';

const ANOMALY_DELAY_MS = 200;

interface Parent {
  exists: boolean;
  records: Map<string, ChildRecord>;
  /** One stable function per parent, since the client de-duplicates watchers by identity. */
  watcher: Watcher;
}

export interface LockWatcherOptions {
  /** False reads the lock once and sets no watch (a REST snapshot of a lock nobody watches). */
  live: boolean;
  /** The recipe declared for this lock by the explorer's own simulator, if any. */
  declared?: () => RecipeId | null;
  /** What ZooKeeper reports of watches and client addresses, if the explorer can ask it. */
  introspection?: () => Introspected | null;
}

/**
 * Follows one lock: a `getChildren` watch on its parent (and on the other parents its recipe
 * uses, such as a semaphore's `leases/`), re-armed after every event; an `exists` watch while a
 * parent is missing (Curator's container parents come and go); one read per new child. Only the
 * parent whose watch fired is read again, and refreshes never overlap: events that come during
 * one are read in the next.
 */
export class LockWatcher {
  private current: LockSnapshot;
  private self: { stat: ZnodeStat; data: NodeData | null } | null = null;
  private readonly parents = new Map<string, Parent>();
  private readonly dirty = new Set<string>();
  private running = false;
  private stopped = false;
  private loaded = false;
  /** What this round of reads changed, for the handover shortcut: names gone from the lock path, nodes come, anything else. */
  private change = { removed: [] as string[], added: 0, other: false };
  private settleFirst!: (error?: unknown) => void;
  /** Settles after the first read: resolves with the lock loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;

  constructor(
    private readonly session: ZkSession,
    readonly path: string,
    private readonly onDelta: (delta: LockDelta) => void,
    private readonly options: LockWatcherOptions = { live: true },
  ) {
    this.current = missingLock(path);
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleFirst = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A subscriber that never awaits `ready` must not cause an unhandled rejection.
    this.ready.catch(() => undefined);
    this.addParent(path);
    this.refresh();
  }

  /** Whether the lock has been read once: before that its snapshot is an empty placeholder. */
  get read(): boolean {
    return this.loaded;
  }

  get snapshot(): LockSnapshot {
    return this.current;
  }

  /** Reads the given parents again (all of them when none is given): after a reconnect or a new session. */
  refresh(...paths: string[]): void {
    if (this.stopped) return;
    for (const path of paths.length > 0 ? paths : this.parents.keys()) this.dirty.add(path);
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    // node-zookeeper-client cannot remove a watch; the next notification is simply ignored.
    this.stopped = true;
  }

  private addParent(path: string): void {
    if (this.parents.has(path)) return;
    this.parents.set(path, { exists: false, records: new Map(), watcher: () => this.refresh(path) });
    this.dirty.add(path);
  }

  private async loop(): Promise<void> {
    this.change = { removed: [], added: 0, other: false };
    let failure: unknown;
    while (this.dirty.size > 0 && !this.stopped) {
      const [path] = this.dirty;
      if (path === undefined) break;
      this.dirty.delete(path);
      try {
        await this.readParent(path);
      } catch (error) {
        failure = error;
        // A lost connection is retried on `reconnected` / `session`; anything else is reported.
        if (!(error instanceof ZkError && (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED'))) {
          console.warn(`lock ${this.path}: ${error instanceof Error ? error.message : String(error)}`);
        }
        break;
      }
    }
    this.running = false;
    if (failure !== undefined) {
      this.settleFirst(failure);
      return;
    }
    if (!this.stopped) this.publish();
    this.settleFirst();
  }

  private async readParent(path: string): Promise<void> {
    const parent = this.parents.get(path);
    if (parent === undefined) return;
    const watcher = this.options.live ? parent.watcher : undefined;
    const isRoot = path === this.path;
    let names: string[];
    try {
      const listing = await this.session.getChildren(path, watcher);
      names = listing.children;
      if (isRoot) {
        // The path's own data matters to a few recipes (Kazoo keeps a semaphore's max_leases there): read it when it appears.
        if (this.self === null) this.change.other = true;
        const data = this.self === null ? describeData((await this.session.getData(path)).data) : this.self.data;
        this.self = { stat: listing.stat, data };
      } else {
        this.change.other = true;
      }
    } catch (error) {
      if (!(error instanceof ZkError && error.code === 'NO_NODE')) throw error;
      const stat = await this.session.exists(path, watcher);
      // Created between the two calls: read it again, now with a child watch.
      if (stat !== null && this.options.live) this.dirty.add(path);
      parent.exists = false;
      parent.records.clear();
      if (isRoot) this.self = null;
      this.change.other = true;
      return;
    }
    if (!parent.exists) this.change.other = true;
    parent.exists = true;
    const present = new Set(names);
    for (const name of parent.records.keys()) {
      if (present.has(name)) continue;
      parent.records.delete(name);
      if (isRoot) this.change.removed.push(name);
    }
    const fresh = names.filter((name) => !parent.records.has(name));
    this.change.added += fresh.length;
    for (const record of await readChildren(this.session, path, fresh)) parent.records.set(record.name, record);
    if (isRoot) this.updateAuxiliaryParents(names);
  }

  private updateAuxiliaryParents(names: string[]): void {
    const wanted = new Set(auxiliaryParents(this.path, names, this.self?.data ?? null));
    for (const path of [...this.parents.keys()]) {
      if (path !== this.path && !wanted.has(path)) this.parents.delete(path);
    }
    for (const path of wanted) this.addParent(path);
  }

  private listing(path: string): ParentListing {
    const parent = this.parents.get(path);
    return { path, exists: parent?.exists ?? false, children: parent ? [...parent.records.values()] : [] };
  }

  /** Everything read of the lock so far, as the model takes it. */
  input(): Omit<LockInput, 'hint'> {
    return {
      path: this.path,
      self: this.self,
      root: this.listing(this.path),
      auxiliary: [...this.parents.keys()].filter((path) => path !== this.path).map((path) => this.listing(path)),
      declared: this.options.declared?.() ?? null,
      introspection: this.options.introspection?.() ?? null,
    };
  }

  /** Reads the lock again from what is already known: after its declared recipe or ZooKeeper's report changed. */
  republish(): void {
    if (this.loaded && !this.stopped) this.publish();
  }

  private publish(): void {
    // The common case first: the holder went and the next one holds; no need to analyse the whole queue again.
    const change = this.change;
    this.change = { removed: [], added: 0, other: true };
    if (this.loaded && !change.other) {
      const fast = handover(this.current, change.removed, change.added, Date.now());
      if (fast !== null) {
        this.current = fast.snapshot;
        this.onDelta(fast.delta);
        this.scheduleAnomalies();
        return;
      }
    }
    const input = this.input();
    // Before the first read there is nothing to date roles from: holders then held since an unknown time.
    const next = buildSnapshot(input, this.loaded ? this.current : null, Date.now(), this.current.version + 1);
    this.loaded = true;
    if (!this.options.live) {
      // A one-time read has nobody to tell: no delta, and anomalies are the reader's to add.
      this.current = next;
      return;
    }
    const delta = diffSnapshots(this.current, next);
    if (delta !== null) {
      this.current = next;
      this.onDelta(delta);
    }
    this.scheduleAnomalies();
  }

  private anomaliesPending = false;

  /**
   * Brings the anomalies up to date shortly after the change itself went out: at most once per
   * ANOMALY_DELAY_MS, so that a burst of handovers pays for them once, not once per handover.
   */
  private scheduleAnomalies(): void {
    if (this.anomaliesPending) return;
    this.anomaliesPending = true;
    setTimeout(() => {
      this.anomaliesPending = false;
      if (this.stopped) return;
      const updated = withAnomalies(this.current);
      if (updated === null) return;
      this.current = updated.snapshot;
      this.onDelta(updated.delta);
    }, ANOMALY_DELAY_MS);
  }
}
