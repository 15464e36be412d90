/**
 * The classroom's run as a state machine: `classroom(state, event)` says what each thing that
 * happens (a click, a key, a count from the contenders, a tick of the replay) does to the run.
 * The page's hooks only turn timers, sockets and keys into events.
 */
import type { ContenderInfo, LockSnapshot } from '../protocol';
import { extendCurve, since, NO_FIGURES, type RunPoint, type Side, type SideFigures } from './classroom';
import { appendFrame, type Frame } from './timeline';

export type Phase = 'idle' | 'preparing' | 'ready' | 'running' | 'paused' | 'drained';

/** ZooKeeper's counts of watchers fired by child changes and by deletions, summed over the members. */
export interface ZkCounts {
  children: number;
  deleted: number;
}

export interface Run {
  contenders: number;
  paths: Record<Side, string>;
  /** Run by itself once the queues formed (Run), or wait for releases one at a time (Release one). */
  autoRun: boolean;
  /** The figures when the queues had formed: what joining cost is left out of the run's. */
  baseline: Record<Side, SideFigures> | null;
  /** ZooKeeper's watch counters when the queues had formed. */
  zkBaseline: ZkCounts | null;
}

export interface ClassroomState {
  phase: Phase;
  run: Run | null;
  /** Each side's notifications against its releases, one point per release count. */
  curves: Record<Side, RunPoint[]>;
  /** The timeline: a frame per change of either queue once they formed. */
  frames: Frame[];
  /** The frame shown; null: live. */
  cursor: number | null;
  replaying: boolean;
  error: string | null;
}

export type ClassroomEvent =
  /** The contenders of a new run are being spawned; with `autoRun` it runs as soon as the queues form. */
  | { type: 'prepare'; contenders: number; paths: Record<Side, string>; autoRun?: boolean }
  /** Both queues formed: the counts from here on are the run's. */
  | { type: 'formed'; baseline: Record<Side, SideFigures>; zk: ZkCounts | null }
  /** Start, pause or resume (one button, one key). */
  | { type: 'toggle' }
  /** The contenders' counters and the queues as they are now. */
  | { type: 'observed'; at: number; figures: Record<Side, SideFigures>; snapshots: Record<Side, LockSnapshot | null> }
  | { type: 'failed'; error: string }
  | { type: 'reset' }
  /** The timeline: show frame `index` (null or past the end: live), replay from the start, a replay step, back to live. */
  | { type: 'seek'; index: number | null }
  | { type: 'replay' }
  | { type: 'tick' }
  | { type: 'live' };

const NO_CURVE: RunPoint[] = [{ releases: 0, notifications: 0 }];
const NO_CURVES: Record<Side, RunPoint[]> = { herd: NO_CURVE, chained: NO_CURVE };

export const IDLE: ClassroomState = { phase: 'idle', run: null, curves: NO_CURVES, frames: [], cursor: null, replaying: false, error: null };

/** The run's own figures: the contenders' counters since the queues formed (zero before). */
export function runFigures(run: Run | null, raw: Record<Side, SideFigures>): Record<Side, SideFigures> {
  if (run?.baseline == null) return { herd: NO_FIGURES, chained: NO_FIGURES };
  return { herd: since(raw.herd, run.baseline.herd), chained: since(raw.chained, run.baseline.chained) };
}

/** Whether both queues have formed: every contender there, one holding, all others waiting. */
export function queuesFormed(run: Run, bySide: Record<Side, readonly ContenderInfo[]>): boolean {
  return (['herd', 'chained'] as const).every((side) => {
    const mine = bySide[side];
    const count = (state: ContenderInfo['state']): number => mine.filter((contender) => contender.state === state).length;
    return mine.length === run.contenders && count('holding') === 1 && count('waiting') === run.contenders - 1;
  });
}

/** ZooKeeper's counts since the queues formed (`baseline`: its counts then); null while either is unknown. */
export function zkSinceFormed(baseline: ZkCounts | null, now: ZkCounts | null): ZkCounts | null {
  if (now === null || baseline === null) return null;
  return { children: now.children - baseline.children, deleted: now.deleted - baseline.deleted };
}

/** A reading of ZooKeeper's counters since the queues formed, with the span of time (the page's clock) it may stand for. */
export interface ZkReading {
  zk: ZkCounts;
  /** The contenders' own notifications (both sides) when the reading came. */
  notified: number;
  /** From before ZooKeeper was asked until after its answer came (ms). */
  from: number;
  to: number;
}

/**
 * The watchers ZooKeeper fired for anybody but the run's contenders (the explorer, other clients):
 * its counts less the contenders' own, from a reading taken while the contenders' count stood still
 * (`changes`: when it changed). A reading taken while it moved pairs ZooKeeper's count of one moment
 * with the contenders' of another: the figure would drop, then jump back. It only grows: a count of
 * fired watchers never goes down.
 */
export function settledOutside(previous: number | null, reading: ZkReading, changes: readonly number[]): number | null {
  if (changes.some((at) => at >= reading.from && at <= reading.to)) return previous;
  return Math.max(previous ?? 0, reading.zk.children + reading.zk.deleted - reading.notified);
}

/** Whether a side can be released from: the run formed and is not over. */
export function canStep(phase: Phase): boolean {
  return phase === 'ready' || phase === 'paused';
}

/** What one event does to the classroom. */
export function classroom(state: ClassroomState, event: ClassroomEvent): ClassroomState {
  switch (event.type) {
    case 'prepare':
      if (state.phase !== 'idle' && state.phase !== 'drained') return state;
      return { ...IDLE, phase: 'preparing', run: { contenders: event.contenders, paths: event.paths, autoRun: event.autoRun ?? false, baseline: null, zkBaseline: null } };
    case 'formed':
      if (state.phase !== 'preparing' || state.run === null) return state;
      return { ...state, phase: state.run.autoRun ? 'running' : 'ready', run: { ...state.run, baseline: event.baseline, zkBaseline: event.zk } };
    case 'toggle':
      if (canStep(state.phase)) return { ...state, phase: 'running' };
      if (state.phase === 'running') return { ...state, phase: 'paused' };
      // Pressed again while the queues form: it will wait to be started instead of running.
      if (state.phase === 'preparing' && state.run !== null) return { ...state, run: { ...state.run, autoRun: !state.run.autoRun } };
      return state;
    case 'observed': {
      const run = state.run;
      if (run?.baseline == null) return state;
      const { figures } = event;
      const curves = { herd: extendCurve(state.curves.herd, figures.herd), chained: extendCurve(state.curves.chained, figures.chained) };
      const frames = appendFrame(state.frames, { at: event.at, snapshots: event.snapshots, figures });
      const drained = figures.herd.releases >= run.contenders && figures.chained.releases >= run.contenders;
      const phase = drained ? 'drained' : state.phase;
      if (curves.herd === state.curves.herd && curves.chained === state.curves.chained && frames === state.frames && phase === state.phase) return state;
      return { ...state, curves, frames, phase };
    }
    case 'failed':
      return { ...state, error: event.error, phase: state.phase === 'preparing' ? 'idle' : state.phase };
    case 'reset':
      return IDLE;
    case 'seek':
      return { ...state, replaying: false, cursor: event.index === null || event.index >= state.frames.length - 1 ? null : Math.max(0, event.index) };
    case 'replay':
      return state.frames.length < 2 ? state : { ...state, cursor: 0, replaying: true };
    case 'tick': {
      if (!state.replaying) return state;
      const next = (state.cursor ?? -1) + 1;
      // Back at the live end: the replay is over.
      return next >= state.frames.length - 1 ? { ...state, cursor: null, replaying: false } : { ...state, cursor: next };
    }
    case 'live':
      return { ...state, cursor: null, replaying: false };
  }
}
