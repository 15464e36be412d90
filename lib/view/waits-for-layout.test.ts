import { describe, expect, it } from 'vitest';
import { lcg } from '../testing/records';
import type { WaitsForGraph } from '../protocol';
import { edgeGeometry, layoutWaitsFor, MARK_RADIUS, overlaps, textWidth } from './waits-for-layout';

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

  it('is the same picture whatever order the report lists the sessions in', () => {
    const graph = bigGraph();
    const shuffled = { ...graph, sessions: [...graph.sessions].reverse(), edges: [...graph.edges].reverse() };
    const a = layoutWaitsFor(graph, new Map(), lcg(7));
    const b = layoutWaitsFor(shuffled, new Map(), lcg(7));
    const at = (layout: typeof a) => new Map(layout.marks.map((mark) => [mark.id, [mark.x, mark.y]]));
    expect(at(b)).toEqual(at(a));
  });

  for (const width of [1200, 1700, 350]) {
    it(`draws 200 sessions in a frame ${width} px wide: no two marks with their labels overlap, no edge label lies on a mark or another label`, () => {
      const { marks, edges, bounds } = layoutWaitsFor(bigGraph(), new Map(), lcg(7), width);
      const clashes: string[] = [];
      for (let i = 0; i < marks.length; i += 1) {
        for (let j = i + 1; j < marks.length; j += 1) if (overlaps(marks[i]!.box, marks[j]!.box)) clashes.push(`${marks[i]!.id}/${marks[j]!.id}`);
      }
      const labels = edges.flatMap((edge) => (edge.label === null ? [] : [{ edge, box: edge.label.box }]));
      for (const [index, { edge, box }] of labels.entries()) {
        for (const mark of marks) if (overlaps(box, mark.box)) clashes.push(`${edge.lock} on ${mark.id}`);
        for (const other of labels.slice(index + 1)) if (overlaps(box, other.box)) clashes.push(`${edge.lock} on ${other.edge.lock}`);
      }
      expect(clashes).toEqual([]);
      // Every cycle's edge says its lock.
      expect(edges.filter((edge) => edge.deadlocked && edge.label === null)).toEqual([]);
      // Drawn one pixel a unit: as wide as the frame (a phone's frame scrolls), every box inside.
      expect(bounds.width).toBeLessThanOrEqual(Math.max(width, 340) + 1);
      for (const box of [...marks.map((mark) => mark.box), ...labels.map((label) => label.box)]) {
        expect(box.x).toBeGreaterThanOrEqual(bounds.x - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(bounds.x + bounds.width + 0.5);
        expect(box.y).toBeGreaterThanOrEqual(bounds.y - 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(bounds.y + bounds.height + 0.5);
      }
    });
  }

  it('names the lock on every edge of a small graph (a chain of ten, a deadlocked pair, a group of waiters)', () => {
    const id = (i: number): string => `0x10000a3b4c5${(i + 16).toString(16).padStart(4, '0')}`;
    const sessions = Array.from({ length: 12 }, (_, i) => ({ id: id(i), client: `127.0.0.1:${41000 + i}`, holds: [`/app/billing/accounts-${i}`], waitsIn: [], deadlocked: i >= 10 }));
    const edges = Array.from({ length: 9 }, (_, i) => ({ from: id(i + 1), to: id(i), lock: `/app/billing/accounts-${i}`, deadlocked: false }));
    edges.push({ from: id(10), to: id(11), lock: '/app/billing/accounts-11', deadlocked: true }, { from: id(11), to: id(10), lock: '/app/billing/accounts-10', deadlocked: true });
    const graph: WaitsForGraph = { sessions, groups: [{ id: 'waiters:/app/herd', lock: '/app/herd', count: 40 }], edges: [...edges, { from: 'waiters:/app/herd', to: id(0), lock: '/app/herd', deadlocked: false }], deadlocks: [], omitted: { sessions: 0, groups: 0, locks: 0 } };
    for (const width of [1200, 1800]) {
      const layout = layoutWaitsFor(graph, new Map(), lcg(7), width);
      expect(layout.edges.filter((edge) => edge.from.kind === 'session' && edge.label === null).map((edge) => edge.lock)).toEqual([]);
    }
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

describe('labels in another language', () => {
  it('measures a Chinese character as wide as the font is tall, and lays a group out under its translated count', () => {
    expect(textWidth('个等待者', 12)).toBe(48);
    const graph: WaitsForGraph = {
      sessions: [{ id: '0x1', client: null, holds: ['/a'], waitsIn: [], deadlocked: false }],
      groups: [{ id: 'group:/a', lock: '/a', count: 3 }],
      edges: [{ from: 'group:/a', to: '0x1', lock: '/a', deadlocked: false }],
      deadlocks: [],
      omitted: { sessions: 0, groups: 0, locks: 0 },
    };
    const group = layoutWaitsFor(graph, new Map(), lcg(1), 800, (count) => `${count} 个等待者`).marks.find((mark) => mark.kind === 'group')!;
    expect(group.label[0]).toBe('3 个等待者');
    expect(group.box.width).toBeGreaterThanOrEqual(textWidth('3 个等待者'));
  });
});
