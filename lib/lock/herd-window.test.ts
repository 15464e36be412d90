import { describe, expect, it } from 'vitest';
import type { Introspected } from './report';
import { record, snapshotOf } from '../testing/records';
import { herdChild, herdJudge, herdWatch } from './herd-window';

const seq = (i: number): string => String(i).padStart(10, '0');

/** The nodes of a plain lock whose children 0..n-1 are owned by sessions 0x1..0xn (the first holds). */
function nodes(first: number, n: number): ReturnType<typeof snapshotOf>['nodes'] {
  return snapshotOf('/l', Array.from({ length: n - first }, (_, i) => record(`lock-${seq(first + i)}`, `0x${first + i + 1}`))).nodes;
}

/** A report at `at` whose sessions 0x1..0xn last sent the request ids `ids`. */
function report(at: number, ids: readonly number[]): Introspected {
  return { watchers: new Map(), clients: new Map(), at, lastRequest: new Map(ids.map((id, i) => [`0x${i + 1}`, String(id)])) };
}

describe('a herd told from the window between two reports', () => {
  it('is not told from new waiters setting their watches: a chain of 10 just spawned', () => {
    const window = herdWatch();
    // Three waiters are there at the first report; seven more come before the next, and the three list the children and watch.
    expect(herdJudge(window, report(1000, [1, 1, 1, 1]), nodes(0, 4))).toBe(false);
    for (let i = 0; i < 6; i += 1) herdChild(window, true, 1100 + i * 10);
    expect(herdJudge(window, report(1500, [1, 3, 3, 3, 1, 1, 1, 1, 1, 1]), nodes(0, 10))).toBe(false);
    expect(window.evidence).toBeNull();
  });

  it('is told when every settled waiter wakes at one release', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdChild(window, false, 1700);
    // The holder went; the four waiters all listed the children again.
    expect(herdJudge(window, report(2000, [0, 2, 2, 2, 2]), nodes(1, 5))).toBe(true);
    expect(window.evidence).toMatchObject({ by: 'cons', woke: 3, waiting: 3 });
  });

  it('is still told among settled waiters while new ones arrive', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), nodes(0, 5));
    // Three come; each creation wakes the four who wait, and the three newcomers set their watches.
    for (let i = 0; i < 3; i += 1) herdChild(window, true, 1600 + i * 10);
    expect(herdJudge(window, report(2000, [1, 4, 4, 4, 4, 2, 2, 2]), nodes(0, 8))).toBe(true);
    expect(window.evidence).toEqual({ by: 'cons', deleted: 0, created: 3, woke: 4, waiting: 4 });
  });

  it('stays told when a release falls just before a report: its waiters woke before that report, the window after sees the deletion alone', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdChild(window, false, 1700);
    expect(herdJudge(window, report(2000, [0, 2, 2, 2, 2]), nodes(1, 5))).toBe(true);
    // The next holder lets go 100 ms before a report (inside its margin): the three left wake at once, before ZooKeeper is asked.
    herdChild(window, false, 2900);
    expect(herdJudge(window, report(3000, [0, 0, 3, 3, 3]), nodes(2, 5))).toBe(false);
    // The window after counts that deletion, and sees nobody wake for it: no chain for that, the herd stays named.
    expect(herdJudge(window, report(3500, [0, 0, 3, 3, 3]), nodes(2, 5))).toBe(false);
    expect(window.evidence).toMatchObject({ by: 'cons' });
  });

  it('is not told from a chain whose contenders hold, let go and queue again: a session back in the queue with a new node did not wake', () => {
    const window = herdWatch();
    const looping = (first: number, owners: readonly number[]) =>
      snapshotOf('/l', owners.map((owner, i) => record(`lock-${seq(first + i)}`, `0x${owner}`))).nodes;
    // Sessions 0x1..0x5 queue in order, 0x1 holding; a long window (its reports paused) sees three handovers, each holder queueing again.
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), looping(0, [1, 2, 3, 4, 5]));
    herdJudge(window, report(1500, [1, 1, 1, 1, 1]), looping(0, [1, 2, 3, 4, 5]));
    for (const at of [2000, 3000, 5900]) {
      herdChild(window, false, at);
      herdChild(window, true, at + 10);
    }
    // 0x1, 0x2 and 0x3 held in turn and are back at the end with new nodes (the last release just before the report, counted in the
    // next window); 0x4 holds; 0x5 waits with its node, and sent a request of its own. Counted by session, 3 of 3 "woke" after 2 deletions.
    expect(herdJudge(window, report(6000, [5, 5, 5, 2, 2]), looping(3, [4, 5, 1, 2, 3]))).toBe(false);
    expect(window.evidence).toBeNull();
  });

  it('stays told when a busy host’s waiters answer a release late: a window whose deletion came a second before its report shows no chain', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdJudge(window, report(3000, [1, 1, 1, 1, 1]), nodes(0, 5));
    herdChild(window, false, 3500);
    expect(herdJudge(window, report(5000, [0, 2, 2, 2, 2]), nodes(1, 5))).toBe(true);
    // The next release 1 s before a report: none of the three left has listed the children yet.
    herdChild(window, false, 6000);
    expect(herdJudge(window, report(7000, [0, 0, 2, 2, 2]), nodes(2, 5))).toBe(false);
    expect(window.evidence).toMatchObject({ by: 'cons' });
    // They did by the next report, which sees no child change: nothing concluded either way.
    expect(herdJudge(window, report(9000, [0, 0, 3, 3, 3]), nodes(2, 5))).toBe(false);
    expect(window.evidence).toMatchObject({ by: 'cons' });
  });

  it('is no longer told after two windows in a row that show a chain, not after one', () => {
    const window = herdWatch();
    herdJudge(window, report(1000, [1, 1, 1, 1, 1, 1]), nodes(0, 6));
    herdJudge(window, report(3000, [1, 1, 1, 1, 1, 1]), nodes(0, 6));
    herdChild(window, false, 3200);
    expect(herdJudge(window, report(5000, [0, 2, 2, 2, 2, 2]), nodes(1, 6))).toBe(true);
    // From now on a release, long before the report, wakes only the next in line.
    herdChild(window, false, 5200);
    expect(herdJudge(window, report(7000, [0, 0, 3, 2, 2, 2]), nodes(2, 6))).toBe(false);
    expect(window.evidence).not.toBeNull();
    herdChild(window, false, 7200);
    expect(herdJudge(window, report(9000, [0, 0, 0, 3, 2, 2]), nodes(3, 6))).toBe(true);
    expect(window.evidence).toBeNull();
  });

  it('is not told from waiters ZooKeeper sees watching their own predecessor, whatever woke them: Curator’s timed-out attempts leave their watch on the holder', () => {
    const window = herdWatch();
    const lock = (first: number): ReturnType<typeof nodes> => nodes(first, 6);
    /** Every waiter watching the node before it, as `wchc` says; `stale` sessions also still watch the holder. */
    const watched = (at: number, ids: readonly number[], first: number, stale: readonly string[] = []): Introspected => {
      const watchers = new Map<string, string[]>();
      const clients = new Map<string, string>();
      for (const node of lock(first)) {
        clients.set(node.sessionId, '127.0.0.1:1');
        if (node.watch !== null) watchers.set(node.watch.path, [...(watchers.get(node.watch.path) ?? []), node.sessionId]);
      }
      const holder = `/l/lock-${seq(first)}`;
      watchers.set(holder, [...(watchers.get(holder) ?? []), ...stale]);
      return { ...report(at, ids), watchers, clients };
    };
    herdJudge(window, watched(1000, [1, 1, 1, 1, 1, 1], 0, ['0x4', '0x5', '0x6']), lock(0));
    herdJudge(window, watched(1500, [1, 1, 1, 1, 1, 1], 0, ['0x4', '0x5', '0x6']), lock(0));
    // The holder lets go: its successor takes the lock and three waiters behind, woken by their stale watches, list the children again.
    herdChild(window, false, 1700);
    expect(herdJudge(window, watched(3500, [0, 2, 1, 2, 2, 2], 1), lock(1))).toBe(false);
    expect(window.evidence).toBeNull();
    // The same wakes from waiters whose watches ZooKeeper does not show (a herd watching the children) are a herd.
    const herd = herdWatch();
    herdJudge(herd, report(1000, [1, 1, 1, 1, 1, 1]), lock(0));
    herdJudge(herd, report(1500, [1, 1, 1, 1, 1, 1]), lock(0));
    herdChild(herd, false, 1700);
    expect(herdJudge(herd, report(3500, [0, 2, 1, 2, 2, 2]), lock(1))).toBe(true);
  });
});
