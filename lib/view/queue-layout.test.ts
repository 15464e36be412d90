import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { DEFAULT_QUEUE_LAYOUT, layoutQueue } from './queue-layout';

describe('layoutQueue', () => {
  const { nodes } = snapshotOf('/l', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));

  it('puts the holder at the top and each waiter one row further down', () => {
    const layout = layoutQueue(nodes);
    const { cardHeight, gap } = DEFAULT_QUEUE_LAYOUT;
    expect(layout.nodes.map((entry) => entry.y)).toEqual([16, 16 + cardHeight + gap, 16 + 2 * (cardHeight + gap)]);
  });

  it('draws one edge per waiter, to the node it watches', () => {
    const layout = layoutQueue(nodes);
    expect(layout.edges.map((edge) => [edge.from, edge.to])).toEqual([
      ['lock-0000000001', 'lock-0000000000'],
      ['lock-0000000002', 'lock-0000000001'],
    ]);
    expect(layout.edges[0]?.d).toMatch(/^M/);
  });

  it('is as tall as its rows, and one row tall when empty', () => {
    expect(layoutQueue([]).height).toBe(2 * DEFAULT_QUEUE_LAYOUT.padding + DEFAULT_QUEUE_LAYOUT.cardHeight);
  });
});
