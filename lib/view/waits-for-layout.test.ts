import { describe, expect, it } from 'vitest';
import { lcg } from '../testing/records';
import type { WaitsForGraph } from '../protocol';
import { edgeGeometry, layoutWaitsFor, MARK_RADIUS } from './waits-for-layout';

/** 200 sessions: 100 locks each held by one and waited in by the next, plus a cycle of two. */
function bigGraph(): WaitsForGraph {
  const id = (i: number): string => `0x${(i + 1).toString(16)}`;
  const sessions = Array.from({ length: 200 }, (_, i) => ({ id: id(i), client: `10.0.0.${i % 250}:5000`, holds: [`/l${i}`], waitsIn: [`/l${i + 1}`], deadlocked: i < 2 }));
  const edges = Array.from({ length: 199 }, (_, i) => ({ from: id(i), to: id(i + 1), lock: `/l${i + 1}`, deadlocked: false }));
  edges.push({ from: id(1), to: id(0), lock: '/l0', deadlocked: true });
  return { sessions, groups: [{ id: 'waiters:/l5', lock: '/l5', count: 40 }], edges: [...edges, { from: 'waiters:/l5', to: id(5), lock: '/l5', deadlocked: false }], deadlocks: [], omitted: { sessions: 0, groups: 0, locks: 0 } };
}

describe('the waits-for layout', () => {
  it('is the same for the same graph and seed', () => {
    const a = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    const b = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    expect(a.marks.map((mark) => [mark.x, mark.y])).toEqual(b.marks.map((mark) => [mark.x, mark.y]));
  });

  it('keeps 200 sessions apart: almost no two marks overlap', () => {
    const { marks } = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    let overlapping = 0;
    for (let i = 0; i < marks.length; i += 1) {
      for (let j = i + 1; j < marks.length; j += 1) {
        if (Math.hypot(marks[i]!.x - marks[j]!.x, marks[i]!.y - marks[j]!.y) < MARK_RADIUS * 2) overlapping += 1;
      }
    }
    expect(overlapping).toBeLessThanOrEqual(2);
  });

  it('starts marks drawn before where they were, so that a change moves little', () => {
    const first = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    const previous = new Map(first.marks.map((mark) => [mark.id, { x: mark.x, y: mark.y }]));
    const second = layoutWaitsFor(bigGraph(), previous, lcg(8));
    const moved = second.marks.map((mark) => Math.hypot(mark.x - previous.get(mark.id)!.x, mark.y - previous.get(mark.id)!.y));
    expect(Math.max(...moved)).toBeLessThan(60);
  });

  it('ends each edge on the rim of the mark it points at', () => {
    const { edges } = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    const edge = edges.find((candidate) => candidate.deadlocked)!;
    const { x1, y1, x2, y2 } = edgeGeometry(edge);
    expect(Math.hypot(x2 - edge.to.x, y2 - edge.to.y)).toBeCloseTo(MARK_RADIUS + 6, 5);
    expect(Math.hypot(x1 - edge.from.x, y1 - edge.from.y)).toBeCloseTo(MARK_RADIUS + 2, 5);
  });

  it('draws two sessions waiting for each other as two arcs that do not coincide', () => {
    const { edges } = layoutWaitsFor(bigGraph(), new Map(), lcg(7));
    const there = edgeGeometry(edges.find((edge) => edge.from.id === '0x1' && edge.to.id === '0x2')!);
    const back = edgeGeometry(edges.find((edge) => edge.from.id === '0x2' && edge.to.id === '0x1')!);
    expect(Math.hypot(there.labelX - back.labelX, there.labelY - back.labelY)).toBeGreaterThan(20);
  });
});
