/**
 * The runner of the lock garbage (`lib/lock/garbage.ts`): fed the stats of the leaves the scan
 * lists, the followed locks' deltas (a lock emptied is read again a second later), and ZooKeeper's
 * reports (ghosts); it answers the garbage view and runs the clean-up of empty parents: each read
 * again just before, then deleted by a `multi` of a check of its version and the delete, at a
 * bounded rate, so that a contender arriving in between wins.
 */
import { EventEmitter } from 'node:events';
import {
  childCreated,
  cleanupFailure,
  cleanupPlan,
  cleanupVerdict,
  emptyParentsOf,
  garbageGroups,
  garbageState,
  ghostsSeen,
  leakedNodes,
  lockFollowed,
  lockInFiles,
  nodeStatted,
  pathGone,
  persistentInLock,
  unreadSince,
} from '../../lib/lock/garbage';
import type { Introspected } from '../../lib/lock/report';
import type { CleanupRun, CleanupSkip, EmptyParent, GarbageCounts, GarbageGroup, GhostEphemeral, LeakedNode, LockDelta, LockSnapshot, PersistentInLock, ZnodeStat } from '../../lib/protocol';
import type { DumpReport } from '../../lib/zk/four-letter';
import { isWithin } from '../../lib/zk/path';
import type { FollowedFiles } from '../replay/follow';
import type { LockRegistry } from './registry';
import { ZkError, type ZkSession } from '../zk/session';

/** How long after a followed lock empties its parent is read again (ms): the reads of many locks emptying go together. */
const EMPTIED_READ_MS = 1_000;
/** Parents read again and deleted together in one step of a clean-up. */
const CLEANUP_STEP = 100;
/** The skipped parents a run names (the rest are counted). */
const SKIPPED_NAMED = 200;

export interface GarbageOptions {
  roots: readonly string[];
  now(): number;
  /** The last report of ZooKeeper's connections (every member's: null unless all answered) and its `dump`. */
  connections(): Introspected | null;
  dump(): DumpReport | null;
  /** Deletions a second a clean-up makes at most. */
  cleanupRate: number;
}

export class LockGarbage extends EventEmitter<{ run: [CleanupRun] }> {
  private readonly state = garbageState();
  private readonly emptied = new Set<string>();
  private emptiedTimer: NodeJS.Timeout | null = null;
  private lastDump: DumpReport | null = null;
  private run: CleanupRun | null = null;
  private stopRequested = false;
  private nextRunId = 1;
  /** The lock list of the files last taken (`takeFiles`): the same array until they move on. */
  private filesLocks: readonly string[] | null = null;
  /** The files' locks read once already. */
  private readonly filesRead = new Set<string>();
  private stopped = false;

  constructor(
    private readonly session: ZkSession,
    private readonly registry: LockRegistry,
    private readonly options: GarbageOptions,
  ) {
    super();
    registry.on('delta', this.onDelta);
  }

  stop(): void {
    this.stopped = true;
    this.stopRequested = true;
    this.registry.off('delta', this.onDelta);
    if (this.emptiedTimer !== null) clearTimeout(this.emptiedTimer);
  }

  /** The scan listed these nodes without children, with their stats. */
  readonly leavesRead = (leaves: ReadonlyArray<{ path: string; stat: ZnodeStat | null }>): void => {
    const now = this.options.now();
    for (const { path, stat } of leaves) nodeStatted(this.state, path, stat, now);
  };

  /** ZooKeeper's files, where followed: the lock parents they show (taken again once the files have moved on). */
  takeFiles(files: FollowedFiles | null): void {
    const replay = files?.current()?.replay;
    if (replay === undefined) return;
    const locks = replay.locks();
    if (locks === this.filesLocks) return;
    this.filesLocks = locks;
    for (const path of locks) {
      lockInFiles(this.state, path, replay.recipeEver(path));
      // A lock of the files not yet looked at is read once: a lone parent it left empty is found so, where no scan reads a lone leaf.
      if (this.filesRead.has(path)) continue;
      this.filesRead.add(path);
      if (!this.state.empty.has(path) && this.registry.published(path) === undefined) this.emptied.add(path);
    }
    if (this.emptied.size > 0 && this.emptiedTimer === null) void this.readEmptied();
  }

  private readonly onDelta = (delta: LockDelta): void => {
    const { path } = delta;
    if (!delta.exists) {
      pathGone(this.state, path);
      return;
    }
    if (delta.added.length > 0) childCreated(this.state, path);
    if (!this.state.seenLocks.has(path) || delta.recipe !== null) {
      const recipe = delta.recipe?.id ?? this.registry.published(path)?.recipe.id;
      if (recipe !== undefined) lockFollowed(this.state, path, recipe);
    }
    if (delta.removed.length > 0 && this.registry.published(path)?.nodes.length === 0) this.readSoon(path);
  };

  /** A followed lock emptied: its parent is read a little later (many emptying at once are read together). */
  private readSoon(path: string): void {
    this.emptied.add(path);
    if (this.emptiedTimer !== null) return;
    this.emptiedTimer = setTimeout(() => {
      this.emptiedTimer = null;
      void this.readEmptied();
    }, EMPTIED_READ_MS);
    this.emptiedTimer.unref();
  }

  /** A scan of the whole tree ended: the empty parents it did not read again are read now (in multiReads), so that one deleted meanwhile leaves the list. */
  readonly scanEnded = (began: number): void => {
    for (const path of unreadSince(this.state, began)) this.emptied.add(path);
    if (this.emptied.size > 0 && this.emptiedTimer === null) void this.readEmptied();
  };

  private async readEmptied(): Promise<void> {
    const paths = [...this.emptied];
    this.emptied.clear();
    try {
      const reads = await this.session.getDataMany(paths);
      if (this.stopped) return;
      const now = this.options.now();
      paths.forEach((path, index) => {
        const read = reads[index];
        if (read instanceof ZkError && read.code !== 'NO_NODE') return;
        // Still followed with contenders by now: the deltas said so.
        if ((this.registry.published(path)?.nodes.length ?? 0) > 0) return;
        nodeStatted(this.state, path, read === undefined || read instanceof ZkError ? null : read.stat, now);
      });
    } catch {
      // A lost connection: the next scan (every session's first) reads the tree again.
    }
  }

  /** A new report of ZooKeeper's: the ghosts are judged at each new `dump`. */
  observeReport(): void {
    const dump = this.options.dump();
    if (dump === null || dump === this.lastDump) return;
    this.lastDump = dump;
    const connections = this.options.connections();
    ghostsSeen(this.state, { ephemerals: dump.ephemerals, tracked: dump.expiries, connected: connections?.clients ?? null, at: this.options.now() });
  }

  /** The locks followed now, with their nodes. */
  private *followedLocks() {
    for (const { path } of this.registry.watched()) {
      const lock = this.registry.published(path);
      if (lock !== undefined && lock.exists) yield lock;
    }
  }

  leaked(): LeakedNode[] {
    return [...this.followedLocks()].flatMap((lock) => this.leakedIn(lock)).sort((a, b) => a.ctime - b.ctime);
  }

  /** One lock's leaked nodes, by the last report of every member's connections. */
  leakedIn(lock: LockSnapshot): LeakedNode[] {
    const report = this.options.connections();
    // Without a report every session is taken as alive: a waiter's watch cannot be judged then, but a node queued behind again can.
    return leakedNodes(lock, (session) => report === null || report.clients.has(session));
  }

  persistentInLocks(): PersistentInLock[] {
    return [...this.followedLocks()].flatMap(persistentInLock);
  }

  ghosts(): { ghosts: GhostEphemeral[]; known: boolean } {
    return { ghosts: this.state.ghosts, known: this.state.ghostsKnown };
  }

  groups(): GarbageGroup[] {
    return garbageGroups(this.state);
  }

  emptyParents(group: string | null): EmptyParent[] {
    return emptyParentsOf(this.state, group);
  }

  counts(): GarbageCounts {
    return { emptyParents: this.state.empty.size, leaked: this.leaked().length, ghosts: this.state.ghosts.length, persistentInLocks: this.persistentInLocks().length };
  }

  get cleanupRate(): number {
    return this.options.cleanupRate;
  }

  /** The clean-up under way or last run. */
  lastRun(): CleanupRun | null {
    return this.run === null ? null : { ...this.run, skipped: { ...this.run.skipped }, skippedPaths: [...this.run.skippedPaths] };
  }

  /** What a clean-up of `groups` would delete now. */
  plan(groups: readonly string[] | null, minIdleMs: number): { plan: EmptyParent[]; recent: number } {
    return cleanupPlan(this.state, groups, minIdleMs, this.options.now());
  }

  /**
   * Starts a clean-up of the empty parents of `groups` (null: all), known empty for `minIdleMs` at
   * least; refused while one runs. `log` is told each action.
   */
  startCleanup(groups: readonly string[] | null, minIdleMs: number, log: (line: string) => void): CleanupRun {
    if (this.run?.state === 'running') throw new Error('a clean-up is running');
    const { plan, recent } = this.plan(groups, minIdleMs);
    const inRoots = plan.filter((parent) => this.options.roots.some((root) => isWithin(parent.path, root) && parent.path !== root));
    const run: CleanupRun = {
      id: this.nextRunId++,
      state: 'running',
      groups: groups === null ? null : [...groups],
      planned: inRoots.length,
      recent,
      deleted: 0,
      skipped: {},
      skippedPaths: [],
      left: inRoots.length,
      rate: this.options.cleanupRate,
      startedAt: this.options.now(),
      endedAt: null,
      error: null,
    };
    this.run = run;
    this.stopRequested = false;
    log(`garbage clean-up #${run.id}: ${run.planned} empty parents planned${groups === null ? '' : ` in ${groups.join(', ')}`}, ${recent} emptied lately left, at most ${run.rate} a second`);
    void this.cleanUp(run, inRoots, log);
    return run;
  }

  /** Stops the clean-up under way after its current step. */
  stopCleanup(): boolean {
    if (this.run?.state !== 'running') return false;
    this.stopRequested = true;
    return true;
  }

  private async cleanUp(run: CleanupRun, plan: readonly EmptyParent[], log: (line: string) => void): Promise<void> {
    const step = Math.max(1, Math.min(CLEANUP_STEP, Math.ceil(run.rate)));
    try {
      for (let start = 0; start < plan.length; start += step) {
        if (this.stopRequested) {
          run.state = 'stopped';
          break;
        }
        const began = performance.now();
        const parents = plan.slice(start, start + step);
        const reads = await this.session.getDataMany(parents.map((parent) => parent.path));
        await Promise.all(parents.map((parent, index) => this.cleanOne(run, parent, reads[index]!, log)));
        run.left = plan.length - start - parents.length;
        this.emit('run', run);
        const due = (1000 * parents.length) / run.rate - (performance.now() - began);
        if (due > 0 && start + step < plan.length) await new Promise((resolve) => setTimeout(resolve, due));
      }
      if (run.state === 'running') run.state = 'done';
    } catch (error) {
      run.state = 'failed';
      run.error = error instanceof Error ? error.message : String(error);
    }
    run.endedAt = this.options.now();
    log(`garbage clean-up #${run.id} ${run.state}: ${run.deleted} deleted, ${Object.entries(run.skipped).map(([why, count]) => `${count} ${why}`).join(', ') || 'none'} skipped, ${run.left} left${run.error === null ? '' : ` (${run.error})`}`);
    this.emit('run', run);
  }

  private async cleanOne(run: CleanupRun, parent: EmptyParent, read: { stat: ZnodeStat } | ZkError, log: (line: string) => void): Promise<void> {
    const skip = (why: CleanupSkip): void => {
      run.skipped[why] = (run.skipped[why] ?? 0) + 1;
      if (run.skippedPaths.length < SKIPPED_NAMED) run.skippedPaths.push({ path: parent.path, why });
      log(`garbage clean-up #${run.id}: left ${parent.path}: ${why}`);
    };
    if (read instanceof ZkError && read.code !== 'NO_NODE') {
      skip(cleanupFailure(read.code));
      return;
    }
    const verdict = cleanupVerdict(parent, read instanceof ZkError ? null : read.stat);
    if (verdict !== 'delete') {
      if (verdict === 'gone') pathGone(this.state, parent.path);
      else nodeStatted(this.state, parent.path, read instanceof ZkError ? null : read.stat, this.options.now());
      skip(verdict);
      return;
    }
    try {
      await this.session.removeIfVersion(parent.path, parent.version);
      pathGone(this.state, parent.path);
      run.deleted += 1;
      log(`garbage clean-up #${run.id}: deleted ${parent.path} (version ${parent.version}, cversion ${parent.cversion}, pzxid ${parent.pzxid})`);
    } catch (error) {
      if (!(error instanceof ZkError)) throw error;
      // A contender that came between the read and the delete makes it fail: it wins, the parent stays.
      if (error.code === 'CONNECTION_LOSS' || error.code === 'SESSION_EXPIRED') throw error;
      if (error.code === 'NOT_EMPTY') childCreated(this.state, parent.path);
      skip(cleanupFailure(error.code));
    }
  }
}
