/**
 * The classroom's record of a run: a frame per change of either queue, to scrub back and replay.
 * Each frame keeps both snapshots and both sides' figures as they were.
 */
import { diffSnapshots } from '../lock/delta';
import type { LockSnapshot } from '../protocol';
import { wokenBy, type Wake } from '../view/pulses';
import type { Side, SideFigures } from './classroom';

export interface Frame {
  /** When it was recorded (ms). */
  at: number;
  snapshots: Record<Side, LockSnapshot | null>;
  figures: Record<Side, SideFigures>;
}

const sameFigures = (a: SideFigures, b: SideFigures): boolean => (Object.keys(a) as Array<keyof SideFigures>).every((key) => a[key] === b[key]);

/** Adds `frame` unless nothing changed since the last one; keeps the last `limit` frames. */
export function appendFrame(frames: readonly Frame[], frame: Frame, limit = 5000): Frame[] {
  const last = frames.at(-1);
  if (
    last !== undefined &&
    last.snapshots.herd?.version === frame.snapshots.herd?.version &&
    last.snapshots.chained?.version === frame.snapshots.chained?.version &&
    sameFigures(last.figures.herd, frame.figures.herd) &&
    sameFigures(last.figures.chained, frame.figures.chained)
  ) {
    return frames as Frame[];
  }
  const next = [...frames, frame];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** What moved between two frames on one side: the nodes woken, for the drawing to replay. */
export function frameMotion(previous: Frame | undefined, frame: Frame, side: Side): { woken: Set<string>; wakes: Wake[] } {
  const before = previous?.snapshots[side] ?? null;
  const after = frame.snapshots[side];
  if (before === null || after === null || before.path !== after.path) return { woken: new Set(), wakes: [] };
  const delta = diffSnapshots(before, after);
  if (delta === null) return { woken: new Set(), wakes: [] };
  const wakes = wokenBy(before, delta);
  return { woken: new Set(wakes.flatMap((wake) => wake.woken)), wakes };
}
