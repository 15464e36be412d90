import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { NO_FIGURES } from './classroom';
import { appendFrame, frameMotion, type Frame } from './timeline';

const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'];
const full = snapshotOf('/c', names.map((name) => record(name)));
const released = snapshotOf('/c', names.slice(1).map((name) => record(name)), full, 1);
const frame = (at: number, chained = full, releases = 0): Frame => ({
  at,
  snapshots: { herd: null, chained },
  figures: { herd: NO_FIGURES, chained: { ...NO_FIGURES, releases } },
});

describe('the timeline', () => {
  it('records a frame per change and none when nothing changed', () => {
    let frames = appendFrame([], frame(0));
    frames = appendFrame(frames, frame(10));
    expect(frames).toHaveLength(1);
    frames = appendFrame(frames, frame(20, released, 1));
    expect(frames.map((entry) => entry.at)).toEqual([0, 20]);
  });

  it('keeps the last frames only', () => {
    let frames: Frame[] = [];
    for (let i = 0; i < 10; i += 1) frames = appendFrame(frames, frame(i, full, i), 4);
    expect(frames.map((entry) => entry.at)).toEqual([6, 7, 8, 9]);
  });

  it('replays who a release woke', () => {
    const motion = frameMotion(frame(0), frame(1, released, 1), 'chained');
    expect([...motion.woken]).toEqual(['lock-0000000001']);
    expect(frameMotion(undefined, frame(1, released, 1), 'chained').wakes).toEqual([]);
  });
});
