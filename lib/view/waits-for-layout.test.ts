import { describe, expect, it } from 'vitest';
import type { WaitsForGraph } from '../protocol';
import { edgeGeometry, layoutWaitsFor, MARK_RADIUS, overlaps, textWidth, wrapped } from './waits-for-layout';

/** 200 sessions: 100 locks each held by one and waited in by the next, plus a cycle of two. */
function bigGraph(): WaitsForGraph {
  const id = (i: number): string => `0x${(i + 1).toString(16)}`;
  const sessions = Array.from({ length: 200 }, (_, i) => ({ id: id(i), client: `10.0.0.${i % 250}:5000`, holds: [`/l${i}`], waitsIn: [`/l${i + 1}`], deadlocked: i < 2 }));
  const edges = Array.from({ length: 199 }, (_, i) => ({ from: id(i), to: id(i + 1), lock: `/l${i + 1}`, deadlocked: false }));
  edges.push({ from: id(1), to: id(0), lock: '/l0', deadlocked: true });
  return { sessions, groups: [{ id: 'waiters:/l5', lock: '/l5', count: 40 }], edges: [...edges, { from: 'waiters:/l5', to: id(5), lock: '/l5', deadlocked: false }], deadlocks: [], omitted: { sessions: 0, groups: 0, locks: 0 } };
}

describe('the waits-for layout', () => {
  it('names what a lone holder holds under its mark: no arrow names its lock (Kafka’s controller, an elector)', () => {
    const session = (id: string, holds: string[]) => ({ id, client: '127.0.0.1:1', holds, waitsIn: [], deadlocked: false });
    const graph: WaitsForGraph = {
      sessions: [session('0x10000672a28010a', ['/kafka-prod/controller']), session('0x2', ['/a', '/b', '/c']), session('0x3', ['/m'])],
      groups: [{ id: 'waiters:/m', lock: '/m', count: 2 }],
      edges: [{ from: 'waiters:/m', to: '0x3', lock: '/m', deadlocked: false }],
      deadlocks: [],
      omitted: { sessions: 0, groups: 0, locks: 0 },
    };
    const labels = new Map(layoutWaitsFor(graph).marks.map((mark) => [mark.id, mark.label]));
    expect(labels.get('0x10000672a28010a')).toEqual(['…28010a', '127.0.0.1:1', '/kafka-prod/controller']);
    expect(labels.get('0x2')).toEqual(['0x2', '127.0.0.1:1', '/a', '/b', '+1']);
    // One its waiters' box points to is named by that box.
    expect(labels.get('0x3')).toEqual(['0x3', '127.0.0.1:1']);
  });

  it('fills the room a row leaves with a later, smaller part: a lone holder (Kafka’s controller) sits beside the deadlock, not in a row of its own', () => {
    const session = (id: string, deadlocked = false, holds: string[] = []) => ({ id, client: '127.0.0.1:45322', holds, waitsIn: [], deadlocked });
    const name = '/showcase-0/inventory/warehouse-eu-central-1/stock-level-read-write-lock';
    // The deadlock, then the waiters of two locks held by one session (a row of its own, too wide to leave room), then the controller.
    const groups = [{ id: `waiters:${name}/a`, lock: `${name}/a`, count: 3 }, { id: `waiters:${name}/b`, lock: `${name}/b`, count: 2 }];
    const without: WaitsForGraph = {
      sessions: [session('0xd1', true), session('0xd2', true), session('0xa0')],
      groups,
      edges: [
        { from: '0xd1', to: '0xd2', lock: '/showcase/orders/customer-credit-limit/lock', deadlocked: true },
        { from: '0xd2', to: '0xd1', lock: '/showcase/orders/order-allocation/lock', deadlocked: true },
        ...groups.map((group) => ({ from: group.id, to: '0xa0', lock: group.lock, deadlocked: false })),
      ],
      deadlocks: [],
      omitted: { sessions: 0, groups: 0, locks: 0 },
    };
    const graph: WaitsForGraph = { ...without, sessions: [...without.sessions, session('0xf1', false, ['/showcase/kafka-prod/controller'])] };
    const layout = layoutWaitsFor(graph, 1400);
    const box = (id: string) => layout.marks.find((mark) => mark.id === id)!.box;
    const [d1, d2, controller] = [box('0xd1'), box('0xd2'), box('0xf1')];
    expect(controller.y).toBeGreaterThanOrEqual(d1.y);
    expect(controller.y + controller.height).toBeLessThanOrEqual(d2.y + d2.height);
    expect(controller.x).toBeGreaterThan(d1.x + d1.width);
    // No taller than the same graph without it: it found room.
    expect(layout.bounds.height).toBe(layoutWaitsFor(without, 1400).bounds.height);
    const boxes = layout.marks.map((mark) => mark.box);
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
  });

  it('is the same for the same graph', () => {
    const a = layoutWaitsFor(bigGraph());
    const b = layoutWaitsFor(bigGraph());
    expect(a.marks.map((mark) => [mark.x, mark.y])).toEqual(b.marks.map((mark) => [mark.x, mark.y]));
  });

  it('is the same picture whatever order the report lists the sessions in', () => {
    const graph = bigGraph();
    const shuffled = { ...graph, sessions: [...graph.sessions].reverse(), edges: [...graph.edges].reverse() };
    const a = layoutWaitsFor(graph);
    const b = layoutWaitsFor(shuffled);
    const at = (layout: typeof a) => new Map(layout.marks.map((mark) => [mark.id, [mark.x, mark.y]]));
    expect(at(b)).toEqual(at(a));
  });

  for (const width of [1200, 1700, 350]) {
    it(`draws 200 sessions in a frame ${width} px wide: no two marks with their labels overlap, no edge label lies on a mark or another label`, () => {
      const { marks, edges, bounds } = layoutWaitsFor(bigGraph(), width);
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
      const layout = layoutWaitsFor(graph, width);
      expect(layout.edges.filter((edge) => edge.from.kind === 'session' && edge.label === null).map((edge) => edge.lock)).toEqual([]);
    }
  });

  it('re-lays only the part a change touches: the deadlock, drawn first, stays where it was when a waiter joins a chain', () => {
    const before = showcaseLike();
    const after: WaitsForGraph = { ...before, groups: [...before.groups, { id: 'waiters:/app/chain-3', lock: '/app/chain-3', count: 2 }], edges: [...before.edges, { from: 'waiters:/app/chain-3', to: '0xc3', lock: '/app/chain-3', deadlocked: false }] };
    const at = (layout: ReturnType<typeof layoutWaitsFor>) => new Map(layout.marks.map((mark) => [mark.id, [mark.x, mark.y]]));
    const [first, second] = [at(layoutWaitsFor(before, 1400)), at(layoutWaitsFor(after, 1400))];
    for (const id of ['0xd1', '0xd2']) expect(second.get(id)).toEqual(first.get(id));
  });

  for (const width of [1400, 1900, 390]) {
    it(`routes no edge through a mark it does not join, nor through a label, its own neither, at ${width} px`, () => {
      const { marks, edges } = layoutWaitsFor(showcaseLike(), width);
      const crossings: string[] = [];
      for (const edge of edges) {
        const route = edge.points;
        for (let i = 1; i < route.length; i += 1) {
          for (const mark of marks) {
            if (mark === edge.from || mark === edge.to) continue;
            if (segmentHits(route[i - 1]!, route[i]!, mark.box)) crossings.push(`${edge.from.id}>${edge.to.id} through ${mark.id}`);
          }
          // Its own label too: a deadlock's arc struck through its own lock's name where the name sat on the edge's middle.
          for (const other of edges) {
            if (other.label === null) continue;
            if (segmentHits(route[i - 1]!, route[i]!, other.label.box)) crossings.push(`${edge.from.id}>${edge.to.id} through the label of ${other === edge ? 'itself' : other.lock}`);
          }
        }
      }
      expect(crossings).toEqual([]);
    });

    it(`draws no edge's curve through a lock's name, its own neither, at ${width} px (the showcase's mix, and 200 sessions)`, () => {
      const crossings: string[] = [];
      for (const { edges } of [layoutWaitsFor(showcaseLike(), width), layoutWaitsFor(bigGraph(), width)]) {
        for (const edge of edges) {
          const drawn = curvePoints(edgeGeometry(edge).d);
          for (const other of edges) {
            if (other.label === null) continue;
            if (drawn.some((point) => inside(point, other.label!.box))) crossings.push(`${edge.from.id}>${edge.to.id} through the label of ${other === edge ? 'itself' : other.lock}`);
          }
        }
      }
      expect(crossings).toEqual([]);
    });
  }

  it('ends each edge just short of the rim of the mark it points at (or under its label, from below), and starts it on the waiter\'s rim or below its label', () => {
    const { edges } = layoutWaitsFor(bigGraph());
    for (const edge of edges.filter((candidate) => candidate.deadlocked || candidate.from.kind === 'group')) {
      const { x1, y1, x2, y2 } = edgeGeometry(edge);
      const rim = (edge.to.kind === 'group' ? MARK_RADIUS * 1.5 : MARK_RADIUS) + 6;
      const toRim = Math.abs(Math.hypot(x2 - edge.to.x, y2 - edge.to.y) - rim) < 1e-6;
      expect(toRim || y2 >= edge.to.box.y + edge.to.box.height, `${edge.from.id}>${edge.to.id} ends on the rim or under the label`).toBe(true);
      const onRim = Math.abs(Math.hypot(x1 - edge.from.x, y1 - edge.from.y) - ((edge.from.kind === 'group' ? MARK_RADIUS * 1.5 : MARK_RADIUS) + 2)) < 1e-6;
      expect(onRim || y1 >= edge.from.box.y + edge.from.box.height - 1).toBe(true);
    }
  });

  it('fits a phone: long lock names are written in lines broken after a / or a -, so that the deadlock of two long names scrolls nowhere', () => {
    const layout = layoutWaitsFor(showcaseLike(), 390);
    expect(layout.bounds.width).toBeLessThanOrEqual(390);
    for (const edge of layout.edges) if (edge.label !== null) expect(edge.label.lines.join('')).toBe(edge.lock);
    const dead = layout.edges.find((edge) => edge.lock === '/showcase/orders/customer-credit-limit/lock')!;
    expect(dead.label!.lines.length).toBeGreaterThan(1);
    expect(dead.label!.box.height).toBeGreaterThanOrEqual(dead.label!.lines.length * 16);
    // Wide enough, the name stays on one line.
    expect(layoutWaitsFor(showcaseLike(), 1900).edges.find((edge) => edge.lock === dead.lock)!.label!.lines).toEqual([dead.lock]);
    const name = '/a/very-long-segment-without-a-break-anywhere-at-all/lock';
    expect(wrapped(name, 100)).toEqual(['/a/very-long-', 'segment-', 'without-a-', 'break-', 'anywhere-at-', 'all/lock']);
    expect(wrapped(name, 100).every((line) => textWidth(line) <= 100)).toBe(true);
  });

  it('draws two sessions waiting for each other as two edges whose locks are written apart', () => {
    const { edges } = layoutWaitsFor(bigGraph());
    const there = edges.find((edge) => edge.from.id === '0x1' && edge.to.id === '0x2')!;
    const back = edges.find((edge) => edge.from.id === '0x2' && edge.to.id === '0x1')!;
    expect(Math.hypot(there.label!.x - back.label!.x, there.label!.y - back.label!.y)).toBeGreaterThan(20);
    expect(edgeGeometry(there).d).not.toBe(edgeGeometry(back).d);
  });
});

/** Points along an SVG path of moves and cubic Béziers (what d3's line draws), 20 on each curve. */
function curvePoints(d: string): Array<{ x: number; y: number }> {
  const numbers = (text: string): number[] => text.split(/[ ,]+/).filter(Boolean).map(Number);
  const points: Array<{ x: number; y: number }> = [];
  let at = { x: 0, y: 0 };
  for (const [, command, args] of d.matchAll(/([MLC])([^MLC]*)/g)) {
    const n = numbers(args!);
    if (command === 'C') {
      for (let i = 0; i + 5 < n.length; i += 6) {
        const [x1, y1, x2, y2, x, y] = n.slice(i, i + 6) as [number, number, number, number, number, number];
        for (let step = 1; step <= 20; step += 1) {
          const t = step / 20;
          const u = 1 - t;
          points.push({ x: u * u * u * at.x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x, y: u * u * u * at.y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y });
        }
        at = { x, y };
      }
    } else {
      for (let i = 0; i + 1 < n.length; i += 2) points.push((at = { x: n[i]!, y: n[i + 1]! }));
    }
  }
  return points;
}

/** Whether a point lies in the box, shrunk by a pixel. */
function inside(point: { x: number; y: number }, box: { x: number; y: number; width: number; height: number }): boolean {
  return point.x > box.x + 1 && point.x < box.x + box.width - 1 && point.y > box.y + 1 && point.y < box.y + box.height - 1;
}

/** Whether the segment from a to b passes through the box (shrunk by a pixel: touching is no crossing). */
function segmentHits(a: { x: number; y: number }, b: { x: number; y: number }, box: { x: number; y: number; width: number; height: number }): boolean {
  const inner = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
  for (let step = 0; step <= 40; step += 1) {
    const t = step / 40;
    const x = a.x + (b.x - a.x) * t;
    const y = a.y + (b.y - a.y) * t;
    if (x > inner.x && x < inner.x + inner.width && y > inner.y && y < inner.y + inner.height) return true;
  }
  return false;
}

/** A mix like the showcase's: a deadlock of two, a chain of six, a holder with two groups of waiters, single waits, long paths. */
function showcaseLike(): WaitsForGraph {
  const session = (id: string, deadlocked = false) => ({ id, client: `127.0.0.1:${40000 + parseInt(id.slice(2), 16)}`, holds: [], waitsIn: [], deadlocked });
  const sessions = [session('0xd1', true), session('0xd2', true), ...Array.from({ length: 6 }, (_, i) => session(`0xc${i + 1}`)), session('0xa1'), session('0xb1'), session('0xb2')];
  const edges = [
    { from: '0xd1', to: '0xd2', lock: '/showcase/orders/customer-credit-limit/lock', deadlocked: true },
    { from: '0xd2', to: '0xd1', lock: '/showcase/orders/order-allocation/lock', deadlocked: true },
    ...Array.from({ length: 5 }, (_, i) => ({ from: `0xc${i + 2}`, to: `0xc${i + 1}`, lock: `/app/chain-${i + 1}`, deadlocked: false })),
    { from: 'waiters:/showcase/inventory/warehouse-eu-central-1/stock-level-read-write-lock', to: '0xa1', lock: '/showcase/inventory/warehouse-eu-central-1/stock-level-read-write-lock', deadlocked: false },
    { from: 'waiters:/showcase/reporting/nightly-export-worker-slots', to: '0xa1', lock: '/showcase/reporting/nightly-export-worker-slots', deadlocked: false },
    { from: '0xb2', to: '0xb1', lock: '/showcase/search/index-compaction-scheduler/lock', deadlocked: false },
  ];
  const groups = [
    { id: 'waiters:/showcase/inventory/warehouse-eu-central-1/stock-level-read-write-lock', lock: '/showcase/inventory/warehouse-eu-central-1/stock-level-read-write-lock', count: 3 },
    { id: 'waiters:/showcase/reporting/nightly-export-worker-slots', lock: '/showcase/reporting/nightly-export-worker-slots', count: 2 },
    { id: 'waiters:/sim/showcase/thundering-herd-demo/lock', lock: '/sim/showcase/thundering-herd-demo/lock', count: 39 },
  ];
  sessions.push(session('0xe1'));
  edges.push({ from: 'waiters:/sim/showcase/thundering-herd-demo/lock', to: '0xe1', lock: '/sim/showcase/thundering-herd-demo/lock', deadlocked: false });
  return { sessions, groups, edges, deadlocks: [], omitted: { sessions: 0, groups: 0, locks: 0 } };
}

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
    const group = layoutWaitsFor(graph, 800, (count) => `${count} 个等待者`).marks.find((mark) => mark.kind === 'group')!;
    expect(group.label[0]).toBe('3 个等待者');
    expect(group.box.width).toBeGreaterThanOrEqual(textWidth('3 个等待者'));
  });
});
