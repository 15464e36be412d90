import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../lock/queue';
import { formatSequence } from '../lock/sequence';
import { record, snapshotOf } from '../testing/records';
import { DEFAULT_QUEUE_LAYOUT, edgePath, edgeVisible, layoutQueue, visibleRows } from './queue-layout';

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
    expect(edgeVisible({ from: 'a', to: 'b', fromIndex: 200, toIndex: 50 }, rows)).toBe(true);
    expect(edgeVisible({ from: 'a', to: 'b', fromIndex: 99, toIndex: 98 }, rows)).toBe(false);
  });
});
