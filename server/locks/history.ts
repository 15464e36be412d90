/**
 * The history of every followed lock (`lib/lock/history.ts`), fed by the registry's deltas, and
 * the events Prometheus counts (a hold ended, a wait ended, a hold began). How a hold ended is
 * the rule of `lib/lock/hold-end.ts`, fed ZooKeeper's reports and the explorer's own breaks here.
 */
import { EventEmitter } from 'node:events';
import { breaking, holdEnded, holdEndState, reportSeen } from '../../lib/lock/hold-end';
import { LockHistoryModel, type HistoryEvents as ModelEvents } from '../../lib/lock/history';
import type { Introspected } from '../../lib/lock/report';
import type { HoldEnd, LockActivity, LockDelta, LockHistory, LockNode } from '../../lib/protocol';
import type { LockRegistry } from './registry';

/** The window the history's figures are over (ms). */
export const HISTORY_WINDOW_MS = 5 * 60_000;
/** How long a lock's activity figures are reused while it does not change (ms). */
export const ACTIVITY_FRESH_MS = 5000;
/** And while it does: a lock handing over ten times a second is summarized once a second, not at each push of the list. */
export const ACTIVITY_CHANGING_MS = 1000;
/** How long a session no report lists any more, and that owns a node in a followed lock, is remembered as once connected (ms). */
const SEEN_KEPT_MS = 30 * 60_000;
/** The most locks whose history is kept (the least recently changed go first). */
const MAX_LOCKS = 10_000;

interface HistoryEvents {
  held: [path: string, seconds: number];
  waited: [path: string, seconds: number];
  began: [path: string];
}

export interface HistoryOptions {
  capacity: number;
  introspection: () => Introspected | null;
  /** The clock (ms); the system's by default. */
  now?: () => number;
}

export class LockHistories extends EventEmitter<HistoryEvents> {
  private readonly locks = new Map<string, LockHistoryModel>();
  /** The explorer's breaks and the sessions ZooKeeper's reports listed: how each hold ended. */
  private readonly ends = holdEndState();
  private readonly now: () => number;
  private readonly events = new WeakMap<LockHistoryModel, ModelEvents>();
  private readonly activities = new Map<string, { activity: LockActivity; changes: number; at: number }>();

  constructor(
    private readonly registry: LockRegistry,
    private readonly options: HistoryOptions,
  ) {
    super();
    this.now = options.now ?? Date.now;
    registry.on('delta', this.onDelta);
  }

  /** The history of a lock the explorer follows (without what ended before `since`, when given); undefined for one it has not followed. */
  view(path: string, since: number | null = null, windowMs = HISTORY_WINDOW_MS): LockHistory | undefined {
    return this.locks.get(path)?.view(this.now(), windowMs, since === null ? true : { since });
  }

  /** Since when the explorer has kept the history of a lock (ms), and how many changes it has seen; null for one it has not followed. */
  followed(path: string): { since: number; changes: number } | null {
    const history = this.locks.get(path);
    return history === undefined ? null : { since: history.since, changes: history.changes };
  }

  /** How busy a followed lock was over the window; null for one not followed. Kept a few seconds while it does not change, a second while it does: the lock list asks it of every lock on every push. */
  activity(path: string): LockActivity | null {
    const history = this.locks.get(path);
    if (history === undefined) return null;
    const now = this.now();
    const cached = this.activities.get(path);
    if (cached !== undefined && now - cached.at < (cached.changes === history.changes ? ACTIVITY_FRESH_MS : ACTIVITY_CHANGING_MS)) return cached.activity;
    const activity = history.activity(now, HISTORY_WINDOW_MS);
    this.activities.set(path, { activity, changes: history.changes, at: now });
    return activity;
  }

  /** A new report of ZooKeeper: the sessions it lists were connected then. */
  observeReport(report: Introspected | null): void {
    if (report !== null) reportSeen(this.ends, report, (session) => this.registry.ownsNodes(session), SEEN_KEPT_MS);
  }

  /** Whether a session is remembered as once connected: the last report listed it, or it went since and owns a node in a lock. */
  remembers(session: string): boolean {
    return this.ends.seen.has(session);
  }

  /** The explorer is about to delete this lock node to break the lock: its hold ends as broken. */
  markBroken(nodePath: string): void {
    breaking(this.ends, nodePath);
  }

  stop(): void {
    this.registry.off('delta', this.onDelta);
  }

  private readonly onDelta = (delta: LockDelta, gone: readonly LockNode[] = []): void => {
    if (delta.added.length + delta.removed.length + delta.updated.length === 0) return;
    const at = delta.read?.at ?? this.now();
    let history = this.locks.get(delta.path);
    if (history === undefined) {
      history = new LockHistoryModel(delta.path, this.options.capacity, at);
      if (this.locks.size >= MAX_LOCKS) {
        const oldest = this.locks.keys().next().value!;
        this.locks.delete(oldest);
        this.activities.delete(oldest);
      }
    } else this.locks.delete(delta.path);
    // Kept in the order of their last change: the first is the one to go.
    this.locks.set(delta.path, history);
    history.apply(delta, gone, at, this.endOfNode, this.eventsOf(history));
  };

  /** What a lock's changes tell whoever counts them, made once for each lock (a busy lock changes hundreds of times a second). */
  private eventsOf(history: LockHistoryModel): ModelEvents {
    let events = this.events.get(history);
    if (events === undefined) {
      const path = history.path;
      events = {
        held: (seconds, before) => {
          if (!before) this.emit('held', path, seconds);
        },
        waited: (seconds) => this.emit('waited', path, seconds),
        began: () => this.emit('began', path),
      };
      this.events.set(history, events);
    }
    return events;
  }

  private readonly endOfNode = (node: LockNode): HoldEnd => holdEnded(this.ends, node, this.options.introspection());
}
