import { describe, expect, it } from 'vitest';
import type { ContenderInfo } from '../protocol';
import { NO_FIGURES, type SideFigures } from './classroom';
import { classroom, IDLE, queuesFormed, runFigures, settledOutside, zkSinceFormed, type ClassroomEvent, type ClassroomState } from './run';

const paths = { herd: '/sim/classroom/a/herd', chained: '/sim/classroom/a/chain' };
const figures = (releases: number, notifications: number): SideFigures => ({ ...NO_FIGURES, contenders: 3, releases, notifications });
const both = (herd: SideFigures, chained: SideFigures) => ({ herd, chained });
const observed = (at: number, herd: SideFigures, chained: SideFigures): ClassroomEvent => ({ type: 'observed', at, figures: both(herd, chained), snapshots: { herd: null, chained: null } });
const play = (events: ClassroomEvent[], from: ClassroomState = IDLE): ClassroomState => events.reduce(classroom, from);

describe('the classroom run', () => {
  const formed = play([
    { type: 'prepare', contenders: 3, paths },
    { type: 'formed', baseline: both(figures(0, 2), figures(0, 2)), zk: { children: 10, deleted: 4 } },
  ]);

  it('prepares, forms, runs, pauses and resumes with one toggle', () => {
    expect(play([{ type: 'prepare', contenders: 3, paths }]).phase).toBe('preparing');
    // Toggling while preparing cannot run yet: the queues have not formed.
    expect(play([{ type: 'prepare', contenders: 3, paths }, { type: 'toggle' }]).phase).toBe('preparing');
    expect(formed.phase).toBe('ready');
    // Run: one press prepares and runs as soon as the queues formed; a second press while they form makes it wait.
    const baseline = { type: 'formed', baseline: both(figures(0, 2), figures(0, 2)), zk: null } as const;
    expect(play([{ type: 'prepare', contenders: 3, paths, autoRun: true }, baseline]).phase).toBe('running');
    expect(play([{ type: 'prepare', contenders: 3, paths, autoRun: true }, { type: 'toggle' }, baseline]).phase).toBe('ready');
    expect(play([{ type: 'toggle' }], formed).phase).toBe('running');
    expect(play([{ type: 'toggle' }, { type: 'toggle' }], formed).phase).toBe('paused');
    expect(play([{ type: 'toggle' }, { type: 'toggle' }, { type: 'toggle' }], formed).phase).toBe('running');
  });

  it('counts from the moment the queues formed, and is drained when both sides released everyone', () => {
    const raw = both(figures(1, 4), figures(1, 3));
    expect(runFigures(formed.run, raw)).toEqual(both(figures(1, 2), figures(1, 1)));
    expect(runFigures(null, raw)).toEqual(both(NO_FIGURES, NO_FIGURES));
    expect(zkSinceFormed(formed.run?.zkBaseline ?? null, { children: 15, deleted: 6 })).toEqual({ children: 5, deleted: 2 });
    const running = play([{ type: 'toggle' }, observed(1, figures(1, 2), figures(1, 1)), observed(2, figures(2, 3), figures(2, 2))], formed);
    expect(running.phase).toBe('running');
    expect(running.curves.herd).toEqual([{ releases: 0, notifications: 0 }, { releases: 1, notifications: 2 }, { releases: 2, notifications: 3 }]);
    expect(running.frames.map((frame) => frame.at)).toEqual([1, 2]);
    expect(play([observed(3, figures(3, 3), figures(3, 2))], running).phase).toBe('drained');
    // Nothing is recorded before the queues formed.
    expect(play([{ type: 'prepare', contenders: 3, paths }, observed(1, figures(1, 2), figures(1, 1))]).frames).toEqual([]);
  });

  it('seeks, replays frame by frame back to live, and resets', () => {
    const recorded = play([observed(1, figures(1, 2), figures(1, 1)), observed(2, figures(2, 3), figures(2, 2)), observed(3, figures(2, 4), figures(2, 2))], formed);
    expect(recorded.frames).toHaveLength(3);
    expect(play([{ type: 'seek', index: 1 }], recorded).cursor).toBe(1);
    expect(play([{ type: 'seek', index: 2 }], recorded).cursor).toBeNull();
    const replay = play([{ type: 'replay' }], recorded);
    expect([replay.cursor, replay.replaying]).toEqual([0, true]);
    expect(play([{ type: 'tick' }], replay).cursor).toBe(1);
    expect(play([{ type: 'tick' }, { type: 'tick' }], replay)).toMatchObject({ cursor: null, replaying: false });
    expect(play([{ type: 'live' }], replay)).toMatchObject({ cursor: null, replaying: false });
    expect(play([{ type: 'reset' }], recorded)).toBe(IDLE);
  });

  it('goes back to idle when spawning fails, and keeps its phase when a release fails', () => {
    expect(play([{ type: 'prepare', contenders: 3, paths }, { type: 'failed', error: 'no' }])).toMatchObject({ phase: 'idle', error: 'no' });
    expect(play([{ type: 'toggle' }, { type: 'failed', error: 'gone' }], formed)).toMatchObject({ phase: 'running', error: 'gone' });
  });

  it('knows the queues formed only with every contender there, one holding', () => {
    const contender = (state: ContenderInfo['state'], path: string) => ({ state, path }) as ContenderInfo;
    const side = (path: string, holding: number, waiting: number) => [...Array(holding).fill(contender('holding', path)), ...Array(waiting).fill(contender('waiting', path))];
    expect(queuesFormed(formed.run!, { herd: side(paths.herd, 1, 2), chained: side(paths.chained, 1, 2) })).toBe(true);
    expect(queuesFormed(formed.run!, { herd: side(paths.herd, 1, 1), chained: side(paths.chained, 1, 2) })).toBe(false);
    expect(queuesFormed(formed.run!, { herd: side(paths.herd, 0, 3), chained: side(paths.chained, 1, 2) })).toBe(false);
  });
});

describe("ZooKeeper's count of watchers fired for others than the run's contenders", () => {
  const reading = (children: number, deleted: number, notified: number, from: number, to: number) => ({ zk: { children, deleted }, notified, from, to });

  it('is its counts less the contenders own, read while the contenders count stood still', () => {
    expect(settledOutside(null, reading(12, 3, 11, 1_000, 1_400), [200, 900])).toBe(4);
  });

  it('keeps the figure it had when the contenders count moved while ZooKeeper was asked (no drop, no jump)', () => {
    // A release woke 10 waiters between ZooKeeper's answer and the contenders' report: 22 + 3 - 11 would read 14, then 4 again.
    expect(settledOutside(4, reading(22, 3, 11, 1_000, 1_400), [1_200])).toBe(4);
    expect(settledOutside(null, reading(22, 3, 11, 1_000, 1_400), [1_000])).toBeNull();
    // ZooKeeper's answer came before the contenders counted the wake-ups: 12 + 3 - 21 would read 0.
    expect(settledOutside(4, reading(12, 3, 21, 1_000, 1_400), [1_400])).toBe(4);
  });

  it('never goes down', () => {
    expect(settledOutside(6, reading(12, 3, 11, 1_000, 1_400), [])).toBe(6);
    expect(settledOutside(6, reading(14, 3, 11, 1_000, 1_400), [])).toBe(6);
    expect(settledOutside(6, reading(16, 3, 11, 1_000, 1_400), [])).toBe(8);
  });
});
