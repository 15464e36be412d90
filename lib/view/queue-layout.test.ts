import { describe, expect, it } from 'vitest';
import { buildSnapshot, type ChildRecord } from '../lock/queue';
import { formatSequence } from '../lock/sequence';
import { record, snapshotOf } from '../testing/records';
import { allEdges, columnsFor, DEFAULT_QUEUE_LAYOUT, edgeEnd, edgePath, edgeVisible, edgesInRows, HERD_BUNDLE, layoutQueue, MAX_CARD_WIDTH, MIN_CARD_WIDTH, nodesInRows, placedNodes, PARENT_HEIGHT, stubPath, visibleRows, widerRows, type PlacedEdge } from './queue-layout';

describe('layoutQueue', () => {
  const { nodes } = snapshotOf('/l', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));

  it('puts the holder at the top and each waiter one row further down', () => {
    const layout = layoutQueue(nodes);
    const { cardHeight, gap } = DEFAULT_QUEUE_LAYOUT;
    expect(placedNodes(layout).map((entry) => entry.y)).toEqual([16, 16 + cardHeight + gap, 16 + 2 * (cardHeight + gap)]);
  });

  it('draws one edge per waiter, to the node it watches', () => {
    const layout = layoutQueue(nodes);
    expect(allEdges(layout).map((edge) => [edge.from, edge.to, edge.fromIndex, edge.toIndex])).toEqual([
      ['lock-0000000001', 'lock-0000000000', 1, 0],
      ['lock-0000000002', 'lock-0000000001', 2, 1],
    ]);
    expect(edgePath(allEdges(layout)[0]!)).toMatch(/^M/);
  });

  it('snakes a chain across the width: rows left to right, then right to left, each link a short edge', () => {
    const { nodes: chain } = snapshotOf('/c', Array.from({ length: 8 }, (_, i) => record(`lock-${formatSequence(i)}`, `0x${i + 1}`)));
    const layout = layoutQueue(chain, { ...DEFAULT_QUEUE_LAYOUT, columns: 3 });
    // The holder alone; then 1 2 3 →, ← 4 5 6 under them, and 7 at the turn below 6.
    expect(placedNodes(layout).map((placed) => [placed.row, placed.column])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 2],
      [2, 1],
      [2, 0],
      [3, 0],
    ]);
    expect(layout.rowStarts).toEqual([0, 1, 4, 7]);
    const { cardWidth, cardHeight, columnGap, gutter, padding } = DEFAULT_QUEUE_LAYOUT;
    const left = (column: number): number => padding + gutter + column * (cardWidth + columnGap);
    const byFrom = new Map(allEdges(layout).map((edge) => [edge.from, edge]));
    // The first waiter watches the holder in the row above: an edge by the gutter, as in one column.
    expect(byFrom.get('lock-0000000001')!.chain).toBeUndefined();
    // Across, to the card on the left: from this card's left side to that one's right side.
    const across = byFrom.get('lock-0000000002')!;
    expect(across.chain).toBe(true);
    expect(edgePath(across)).toBe(`M${left(1)},${placedNodes(layout)[2]!.y + cardHeight / 2}L${left(0) + cardWidth + 6},${placedNodes(layout)[2]!.y + cardHeight / 2}`);
    // At the turn, straight up into the card above.
    const turn = byFrom.get('lock-0000000004')!;
    expect([turn.fromRow, turn.toRow, turn.fromColumn, turn.toColumn]).toEqual([2, 1, 2, 2]);
    expect(edgeEnd(turn)).toEqual({ x: left(2) + cardWidth / 2, y: placedNodes(layout)[3]!.y + cardHeight + 5 });
    // Right to left: to the card on the right.
    expect(edgeEnd(byFrom.get('lock-0000000005')!).x).toBe(left(2) - 6);
    // In one column nothing snakes.
    expect(allEdges(layoutQueue(chain)).some((edge) => edge.chain === true)).toBe(false);
  });

  it('narrows cards, down to MIN_CARD_WIDTH, where that fits one more column', () => {
    const two = 2 * DEFAULT_QUEUE_LAYOUT.padding + DEFAULT_QUEUE_LAYOUT.gutter + 2 * MIN_CARD_WIDTH + DEFAULT_QUEUE_LAYOUT.columnGap;
    // Room for one card of 360 and a bit: two of MIN_CARD_WIDTH fit.
    expect(columnsFor(two, DEFAULT_QUEUE_LAYOUT)).toBe(1);
    const narrowed = widerRows(DEFAULT_QUEUE_LAYOUT, two);
    expect(narrowed.cardWidth).toBe(MIN_CARD_WIDTH);
    expect(columnsFor(two, narrowed)).toBe(2);
    // Less room: the cards stay as they are.
    expect(widerRows(DEFAULT_QUEUE_LAYOUT, two - 10)).toBe(DEFAULT_QUEUE_LAYOUT);
  });

  it('widens cards, up to MAX_CARD_WIDTH, to fill a row of two or more where one more column does not fit', () => {
    const { padding, gutter, columnGap } = DEFAULT_QUEUE_LAYOUT;
    // A canvas of 1,416 (a 1920 screen beside the side panel): three cards of 360 and 172 to spare, too little for a fourth of MIN_CARD_WIDTH.
    const wide = widerRows(DEFAULT_QUEUE_LAYOUT, 1416);
    expect(columnsFor(1416, wide)).toBe(3);
    const rowEnd = padding + gutter + 3 * wide.cardWidth + 2 * columnGap;
    expect(1416 - padding - rowEnd).toBeGreaterThanOrEqual(0);
    expect(1416 - padding - rowEnd).toBeLessThan(3);
    // A very wide canvas: six columns at most, each no wider than MAX_CARD_WIDTH.
    expect(widerRows(DEFAULT_QUEUE_LAYOUT, 4000).cardWidth).toBe(MAX_CARD_WIDTH);
    // One column stays as fitted: a phone's card is already the screen's width.
    expect(widerRows(DEFAULT_QUEUE_LAYOUT, 2 * padding + gutter + 360 + 40)).toBe(DEFAULT_QUEUE_LAYOUT);
  });

  it('is as tall as its rows, and one row tall when empty', () => {
    expect(layoutQueue([]).height).toBe(2 * DEFAULT_QUEUE_LAYOUT.padding + DEFAULT_QUEUE_LAYOUT.cardHeight);
  });
});

describe('a herd lock', () => {
  const herdOf = (count: number) => {
    const names = Array.from({ length: count }, (_, i) => `lock-${formatSequence(i)}`);
    return buildSnapshot({ path: '/h', self: null, root: { path: '/h', exists: true, children: names.map((name) => record(name)) }, auxiliary: [], declared: 'herd' }, null, 0);
  };

  it('fans an edge from every waiter to the parent whose children it watches, drawn above the queue', () => {
    const herd = herdOf(3);
    expect(herd.recipe.id).toBe('herd');
    const layout = layoutQueue(herd.nodes);
    expect(allEdges(layout).map((edge) => [edge.from, edge.to, edge.toIndex])).toEqual([
      ['lock-0000000001', '/h', -1],
      ['lock-0000000002', '/h', -1],
    ]);
    expect(layout.parent).toMatchObject({ path: '/h', watchers: 2, y: DEFAULT_QUEUE_LAYOUT.padding });
    // The rows make room for the parent.
    expect(placedNodes(layout)[0]!.y).toBe(DEFAULT_QUEUE_LAYOUT.padding + PARENT_HEIGHT + DEFAULT_QUEUE_LAYOUT.gap);
    for (const edge of allEdges(layout)) {
      const end = edgeEnd(edge, layout.options);
      expect(end.y).toBeGreaterThanOrEqual(layout.parent!.y);
      expect(end.y).toBeLessThanOrEqual(layout.parent!.y + layout.parent!.height);
    }
    // In one column, as wide as a card; over rows of two, as wide as the rows: its label is not cut to one narrow card.
    expect(layout.parent!.width).toBe(DEFAULT_QUEUE_LAYOUT.cardWidth);
    const narrow = { ...DEFAULT_QUEUE_LAYOUT, cardWidth: 112, columns: 2 };
    const wide = layoutQueue(herdOf(5).nodes, narrow);
    expect(wide.parent!.width).toBe(2 * 112 + narrow.columnGap);
    expect(wide.parent!.x + wide.parent!.width).toBe(wide.width - narrow.padding);
  });

  it('bundles more than HERD_BUNDLE watchers into one edge from the last of them', () => {
    const layout = layoutQueue(herdOf(HERD_BUNDLE + 2).nodes);
    expect(allEdges(layout)).toHaveLength(1);
    const [bundle] = allEdges(layout) as [PlacedEdge];
    expect(bundle).toMatchObject({ bundle: true, to: '/h', fromIndex: HERD_BUNDLE + 1, toRow: -1 });
    expect(bundle.members).toHaveLength(HERD_BUNDLE + 1);
    expect(layout.parent!.watchers).toBe(HERD_BUNDLE + 1);
    // The trunk ends on the parent's left side.
    expect(edgeEnd(bundle, layout.options)).toEqual({ x: layout.parent!.x - 6, y: layout.parent!.y + PARENT_HEIGHT / 2 });
    expect(allEdges(layoutQueue(herdOf(HERD_BUNDLE + 1).nodes))).toHaveLength(HERD_BUNDLE);
  });

  it('fills the width row after row, where columns fit: a herd waits in no order', () => {
    const layout = layoutQueue(herdOf(40).nodes, { ...DEFAULT_QUEUE_LAYOUT, columns: 4 });
    const placed = placedNodes(layout);
    // The holder alone on the first row, then 39 waiters four to a row.
    expect(placed.filter((node) => node.row === 0)).toHaveLength(1);
    expect(placed.filter((node) => node.row === 1).map((node) => node.column)).toEqual([0, 1, 2, 3]);
    expect(layout.rowStarts).toHaveLength(1 + Math.ceil(39 / 4));
    // Each waiter's stub reaches the trunk without crossing a card: from the left of a row's first card, from the top of the others along the gap above.
    const [bundle] = allEdges(layout) as [PlacedEdge];
    expect(bundle.bundle).toBe(true);
    expect(bundle.fromRow).toBe(10);
    const { cardWidth, cardHeight, gap } = layout.options;
    for (const member of placed.slice(1)) {
      const stub = stubPath(member, layout.options);
      const [, startX, startY] = /^M([\d.]+),([\d.]+)/.exec(stub)!.map(Number) as [number, number, number];
      if (member.column === 0) expect([startX, startY]).toEqual([member.x, member.y + cardHeight / 2]);
      else {
        expect([startX, startY]).toEqual([member.x + cardWidth / 2, member.y]);
        expect(stub).toContain(`V${member.y - gap / 2}H`);
      }
    }
    // A lock of one column keeps one waiter a row.
    expect(layoutQueue(herdOf(40).nodes).rowStarts).toHaveLength(40);
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

  it('finds every edge that crosses a window from the rows around it, and the long ones kept aside', () => {
    // A chain of 400 in two columns in which every 37th waiter watches a node 60 to 120 places up (rows far off any window).
    const chain = snapshotOf('/c', Array.from({ length: 400 }, (_, i) => record(`lock-${formatSequence(i)}`, `0x${i + 1}`))).nodes;
    const nodes = chain.map((node, i) => (i > 120 && i % 37 === 0 ? { ...node, predecessor: chain[i - 60 - (i % 61)]!.name } : node));
    const wide = layoutQueue(nodes, { ...DEFAULT_QUEUE_LAYOUT, columns: 2 });
    const placed = placedNodes(wide);
    const indexOf = new Map(nodes.map((node, i) => [node.name, i]));
    // Every waiter's edge, from the nodes themselves.
    const every = nodes.flatMap((node, i) => {
      const to = node.predecessor === null ? undefined : indexOf.get(node.predecessor);
      return to === undefined ? [] : [{ from: node.name, to: nodes[to]!.name, fromRow: placed[i]!.row, toRow: placed[to]!.row }];
    });
    expect(every.some((edge) => edge.fromRow - edge.toRow > 20)).toBe(true);
    for (const first of [0, 5, 40, 77, 150, 199]) {
      const rows = { first, last: Math.min(first + 6, wide.rowStarts.length - 1) };
      const expected = every.filter((edge) => Math.max(edge.fromRow, edge.toRow) >= rows.first && Math.min(edge.fromRow, edge.toRow) <= rows.last).map((edge) => `${edge.from}->${edge.to}`);
      expect(edgesInRows(wide, rows).map((edge) => `${edge.from}->${edge.to}`), `rows ${first}`).toEqual(expected);
    }
    expect(allEdges(wide)).toHaveLength(every.length);
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
    expect(placedNodes(layout).map((entry) => [entry.row, entry.column])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
      [3, 0],
    ]);
    expect(layout.rowStarts).toEqual([0, 1, 4, 5]);
    expect(layout.width).toBe(2 * wide.padding + wide.gutter + 3 * wide.cardWidth + 2 * wide.columnGap);
    // The three readers are one group, framed, with one edge to the writer they all watch.
    expect(layout.groups).toEqual([{ kind: 'readers', firstIndex: 1, lastIndex: 3, firstRow: 1, lastRow: 1, columns: 3 }]);
    const readerEdges = allEdges(layout).filter((edge) => edge.fromRow === 1);
    expect(readerEdges.map((edge) => [edge.from, edge.to, edge.members])).toEqual([[nodes[1]!.name, nodes[0]!.name, [1, 2, 3]]]);
    // The writer behind them watches the last reader, and its edge ends on that card.
    const writer = allEdges(layout).find((edge) => edge.fromIndex === 4)!;
    expect(writer.to).toBe(nodes[3]!.name);
  });

  it('wraps a group wider than the columns into further rows, and keeps one column on a narrow screen', () => {
    const kinds = ['WRIT', 'READ', 'READ', 'READ', 'READ'] as const;
    const { nodes } = snapshotOf('/rw', kinds.map((kind, i) => curator(i, kind)));
    expect(layoutQueue(nodes, { ...wide, columns: 2 }).rowStarts).toEqual([0, 1, 3]);
    expect(layoutQueue(nodes).rowStarts).toEqual([0, 1, 2, 3, 4]);
    // However the group wraps, it has one edge, from its first reader.
    const wrapped = layoutQueue(nodes, { ...wide, columns: 2 });
    expect(wrapped.groups.map((group) => [group.firstRow, group.lastRow, group.columns])).toEqual([[1, 2, 2]]);
    expect(allEdges(wrapped)).toHaveLength(1);
  });

  it('puts every holder of a semaphore side by side', () => {
    const leases = snapshotOf('/sem', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));
    const holders = leases.nodes.map((node) => ({ ...node, role: 'holder' as const, mode: 'lease' as const, predecessor: null, watch: null }));
    const layout = layoutQueue(holders, wide);
    expect(placedNodes(layout).map((entry) => entry.row)).toEqual([0, 0, 0]);
    expect(layout.groups).toEqual([{ kind: 'holders', firstIndex: 0, lastIndex: 2, firstRow: 0, lastRow: 0, columns: 3 }]);
  });

  it('fits as many columns as the width allows, at least one', () => {
    const { cardWidth, columnGap, gutter, padding } = DEFAULT_QUEUE_LAYOUT;
    expect(columnsFor(2 * padding + gutter + cardWidth, DEFAULT_QUEUE_LAYOUT)).toBe(1);
    expect(columnsFor(2 * padding + gutter + 2 * cardWidth + columnGap, DEFAULT_QUEUE_LAYOUT)).toBe(2);
    expect(columnsFor(300, DEFAULT_QUEUE_LAYOUT)).toBe(1);
    expect(columnsFor(100_000, DEFAULT_QUEUE_LAYOUT)).toBe(6);
  });
});

describe('every edge ends on the card it names', () => {
  /** Whether a point lies on the card of `name` (its box, with a few units of room for the arrowhead). */
  const onCard = (layout: ReturnType<typeof layoutQueue>, name: string, point: { x: number; y: number }): boolean => {
    const card = placedNodes(layout).find((placed) => placed.node.name === name)!;
    const { cardWidth, cardHeight } = layout.options;
    return point.x >= card.x - 8 && point.x <= card.x + cardWidth + 8 && point.y >= card.y - 8 && point.y <= card.y + cardHeight + 8;
  };

  it('in a read-write lock whose readers wrap into rows of three, each writer’s arrow ends on the reader it watches', () => {
    // A writer holds; nine readers wait together behind it (three rows of three); a writer waits behind the last reader.
    const names = ['writeLock-0000000000', ...Array.from({ length: 9 }, (_, i) => `readLock-${formatSequence(i + 1)}`), 'writeLock-0000000010', 'writeLock-0000000011'];
    const { nodes: rw } = snapshotOf('/rw', names.map((name, i) => record(name, `0x${i + 1}`)));
    const layout = layoutQueue(rw, { ...DEFAULT_QUEUE_LAYOUT, columns: 3 });
    expect(placedNodes(layout).some((placed) => placed.column === 2)).toBe(true);
    for (const edge of allEdges(layout)) expect(onCard(layout, edge.to, edgeEnd(edge, layout.options)), `${edge.from} -> ${edge.to}`).toBe(true);
    const writer = allEdges(layout).find((edge) => edge.from === 'writeLock-0000000010')!;
    expect(writer.to).toBe('readLock-0000000009');
    expect(onCard(layout, 'readLock-0000000007', edgeEnd(writer, layout.options))).toBe(false);
  });

  it('in a semaphore whose holders sit side by side, and in a chain', () => {
    for (const columns of [1, 2, 3]) {
      const { nodes: chain } = snapshotOf('/c', Array.from({ length: 6 }, (_, i) => record(`lock-${formatSequence(i)}`, `0x${i + 1}`)));
      const layout = layoutQueue(chain, { ...DEFAULT_QUEUE_LAYOUT, columns });
      for (const edge of allEdges(layout)) expect(onCard(layout, edge.to, edgeEnd(edge, layout.options))).toBe(true);
    }
  });
});
