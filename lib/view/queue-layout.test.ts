import { describe, expect, it } from 'vitest';
import { buildSnapshot, type ChildRecord } from '../lock/queue';
import { formatSequence } from '../lock/sequence';
import { record, snapshotOf } from '../testing/records';
import { columnsFor, DEFAULT_QUEUE_LAYOUT, edgeEnd, edgePath, edgeVisible, layoutQueue, nodesInRows, visibleRows, type PlacedEdge } from './queue-layout';

describe('layoutQueue', () => {
  const { nodes } = snapshotOf('/l', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));

  it('puts the holder at the top and each waiter one row further down', () => {
    const layout = layoutQueue(nodes);
    const { cardHeight, gap } = DEFAULT_QUEUE_LAYOUT;
    expect(layout.nodes.map((entry) => entry.y)).toEqual([16, 16 + cardHeight + gap, 16 + 2 * (cardHeight + gap)]);
  });

  it('draws one edge per waiter, to the node it watches', () => {
    const layout = layoutQueue(nodes);
    expect(layout.edges.map((edge) => [edge.from, edge.to, edge.fromIndex, edge.toIndex])).toEqual([
      ['lock-0000000001', 'lock-0000000000', 1, 0],
      ['lock-0000000002', 'lock-0000000001', 2, 1],
    ]);
    expect(edgePath(layout.edges[0]!)).toMatch(/^M/);
  });

  it('is as tall as its rows, and one row tall when empty', () => {
    expect(layoutQueue([]).height).toBe(2 * DEFAULT_QUEUE_LAYOUT.padding + DEFAULT_QUEUE_LAYOUT.cardHeight);
  });
});

describe('a herd lock', () => {
  it('fans an edge from every waiter to the parent whose children it watches', () => {
    const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'];
    const herd = buildSnapshot({ path: '/h', self: null, root: { path: '/h', exists: true, children: names.map((name) => record(name)) }, auxiliary: [], declared: 'herd' }, null, 0);
    expect(herd.recipe.id).toBe('herd');
    const layout = layoutQueue(herd.nodes);
    expect(layout.edges.map((edge) => [edge.from, edge.to, edge.toIndex])).toEqual([
      ['lock-0000000001', '/h', -1],
      ['lock-0000000002', '/h', -1],
    ]);
  });
});

describe('drawing only what is on screen', () => {
  const many = snapshotOf('/l', Array.from({ length: 10_000 }, (_, i) => record(`lock-${formatSequence(i)}`))).nodes;
  const layout = layoutQueue(many);

  it('draws a screenful of rows, with a margin, wherever the queue is scrolled', () => {
    expect(visibleRows(layout, 0, 800)).toEqual({ first: 0, last: 12 });
    const middle = visibleRows(layout, 98 * 5000, 800);
    expect(middle.first).toBeGreaterThan(4990);
    expect(middle.last - middle.first).toBeLessThan(20);
    expect(visibleRows(layout, layout.height, 800).last).toBe(9999);
  });

  it('keeps an edge that crosses the screen even when both its ends are off it', () => {
    const rows = { first: 100, last: 110 };
    const edge = (fromRow: number, toRow: number): PlacedEdge => ({ from: 'a', to: 'b', fromIndex: fromRow, toIndex: toRow, fromRow, toRow, fromColumn: 0, toColumn: 0 });
    expect(edgeVisible(edge(200, 50), rows)).toBe(true);
    expect(edgeVisible(edge(99, 98), rows)).toBe(false);
  });

  it('hands out the nodes of the visible rows only', () => {
    expect(nodesInRows(layout, { first: 10, last: 12 }).map((entry) => entry.index)).toEqual([10, 11, 12]);
  });
});

describe('side by side', () => {
  const uuid = (i: number): string => `0000000${i}-0000-4000-8000-000000000000`;
  const curator = (i: number, kind: 'READ' | 'WRIT'): ChildRecord => record(`_c_${uuid(i)}-__${kind}__${formatSequence(i)}`);
  const wide = { ...DEFAULT_QUEUE_LAYOUT, columns: 3 };

  it('draws waiting readers that follow one another in one row, each watching the writer before them', () => {
    // write (holds), read, read, read, write, read
    const kinds = ['WRIT', 'READ', 'READ', 'READ', 'WRIT', 'READ'] as const;
    const { nodes } = snapshotOf('/rw', kinds.map((kind, i) => curator(i, kind)));
    const layout = layoutQueue(nodes, wide);
    expect(layout.nodes.map((entry) => [entry.row, entry.column])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
      [3, 0],
    ]);
    expect(layout.rowStarts).toEqual([0, 1, 4, 5]);
    expect(layout.width).toBe(2 * wide.padding + wide.gutter + 3 * wide.cardWidth + 2 * wide.columnGap);
    const readerEdges = layout.edges.filter((edge) => edge.fromRow === 1);
    expect(readerEdges.map((edge) => [edge.fromColumn, edge.toRow])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    // The readers right of the first reach the writer straight across the gap above their row.
    const path = edgePath(readerEdges[1]!, wide);
    expect(path).toMatch(/^M/);
    expect(path).not.toContain('L');
  });

  it('wraps a group wider than the columns into further rows, and keeps one column on a narrow screen', () => {
    const kinds = ['WRIT', 'READ', 'READ', 'READ', 'READ'] as const;
    const { nodes } = snapshotOf('/rw', kinds.map((kind, i) => curator(i, kind)));
    expect(layoutQueue(nodes, { ...wide, columns: 2 }).rowStarts).toEqual([0, 1, 3]);
    expect(layoutQueue(nodes).rowStarts).toEqual([0, 1, 2, 3, 4]);
    // A reader two rows below its writer goes round by the gap above its row and the gutter.
    const wrapped = layoutQueue(nodes, { ...wide, columns: 2 }).edges.find((edge) => edge.fromRow === 2 && edge.fromColumn === 1);
    expect(edgePath(wrapped!, { ...wide, columns: 2 })).toContain('L');
  });

  it('puts every holder of a semaphore side by side', () => {
    const leases = snapshotOf('/sem', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));
    const holders = leases.nodes.map((node) => ({ ...node, role: 'holder' as const, mode: 'lease' as const, predecessor: null, watch: null }));
    expect(layoutQueue(holders, wide).nodes.map((entry) => entry.row)).toEqual([0, 0, 0]);
  });

  it('fits as many columns as the width allows, at least one', () => {
    const { cardWidth, columnGap, gutter, padding } = DEFAULT_QUEUE_LAYOUT;
    expect(columnsFor(2 * padding + gutter + cardWidth, DEFAULT_QUEUE_LAYOUT)).toBe(1);
    expect(columnsFor(2 * padding + gutter + 2 * cardWidth + columnGap, DEFAULT_QUEUE_LAYOUT)).toBe(2);
    expect(columnsFor(300, DEFAULT_QUEUE_LAYOUT)).toBe(1);
    expect(columnsFor(100_000, DEFAULT_QUEUE_LAYOUT)).toBe(3);
  });
});

describe('every edge ends on the card it names', () => {
  /** Whether a point lies on the card of `name` (its box, with a few units of room for the arrowhead). */
  const onCard = (layout: ReturnType<typeof layoutQueue>, name: string, point: { x: number; y: number }): boolean => {
    const card = layout.nodes.find((placed) => placed.node.name === name)!;
    const { cardWidth, cardHeight } = layout.options;
    return point.x >= card.x - 8 && point.x <= card.x + cardWidth + 8 && point.y >= card.y - 8 && point.y <= card.y + cardHeight + 8;
  };

  it('in a read-write lock whose readers wrap into rows of three, each writer’s arrow ends on the reader it watches', () => {
    // A writer holds; nine readers wait together behind it (three rows of three); a writer waits behind the last reader.
    const names = ['writeLock-0000000000', ...Array.from({ length: 9 }, (_, i) => `readLock-${formatSequence(i + 1)}`), 'writeLock-0000000010', 'writeLock-0000000011'];
    const { nodes: rw } = snapshotOf('/rw', names.map((name, i) => record(name, `0x${i + 1}`)));
    const layout = layoutQueue(rw, { ...DEFAULT_QUEUE_LAYOUT, columns: 3 });
    expect(layout.nodes.some((placed) => placed.column === 2)).toBe(true);
    for (const edge of layout.edges) expect(onCard(layout, edge.to, edgeEnd(edge, layout.options)), `${edge.from} -> ${edge.to}`).toBe(true);
    const writer = layout.edges.find((edge) => edge.from === 'writeLock-0000000010')!;
    expect(writer.to).toBe('readLock-0000000009');
    expect(onCard(layout, 'readLock-0000000007', edgeEnd(writer, layout.options))).toBe(false);
  });

  it('in a semaphore whose holders sit side by side, and in a chain', () => {
    for (const columns of [1, 2, 3]) {
      const { nodes: chain } = snapshotOf('/c', Array.from({ length: 6 }, (_, i) => record(`lock-${formatSequence(i)}`, `0x${i + 1}`)));
      const layout = layoutQueue(chain, { ...DEFAULT_QUEUE_LAYOUT, columns });
      for (const edge of layout.edges) expect(onCard(layout, edge.to, edgeEnd(edge, layout.options))).toBe(true);
    }
  });
});
