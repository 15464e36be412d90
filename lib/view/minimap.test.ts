import { describe, expect, it } from 'vitest';
import { formatSequence } from '../lock/sequence';
import { record, snapshotOf } from '../testing/records';
import { minimapMarks } from './minimap';
import { DEFAULT_QUEUE_LAYOUT, layoutQueue, placedNodes } from './queue-layout';

const chainOf = (count: number, columns = 1) => {
  const { nodes } = snapshotOf('/m', Array.from({ length: count }, (_, i) => record(`lock-${formatSequence(i)}`, `0x${i + 1}`)));
  return layoutQueue(nodes, { ...DEFAULT_QUEUE_LAYOUT, columns });
};

describe('minimapMarks', () => {
  it('draws a mark a row while the rows fit its lines, the holder first, a gap between tall marks', () => {
    const marks = minimapMarks(chainOf(4), new Set(), 400, 400, 36);
    expect(marks.map((mark) => mark.kind)).toEqual(['holder', 'waiter', 'waiter', 'waiter']);
    expect(marks.map((mark) => mark.y)).toEqual([0, 100, 200, 300]);
    expect(marks.every((mark) => mark.height === 99 && mark.width === 36)).toBe(true);
  });

  it('colours the row of a flagged node, whatever its role', () => {
    const layout = chainOf(4);
    const marks = minimapMarks(layout, new Set([placedNodes(layout)[2]!.node.name]), 400, 400, 36);
    expect(marks.map((mark) => mark.kind)).toEqual(['holder', 'waiter', 'flagged', 'waiter']);
  });

  it('draws a queue of more rows than lines in a few marks that cover every line, the holder and a flagged node still seen', () => {
    const layout = chainOf(10_000, 4);
    const rows = layout.rowStarts.length;
    const flagged = placedNodes(layout)[7_000]!.node.name;
    const marks = minimapMarks(layout, new Set([flagged]), 200, 400, 36);
    expect(rows).toBeGreaterThan(400);
    // The holder's line, the waiters before the flagged one, its line, the waiters after: one mark each.
    expect(marks.map((mark) => mark.kind)).toEqual(['holder', 'waiter', 'flagged', 'waiter']);
    const flaggedMark = marks[2]!;
    const flaggedRow = placedNodes(layout)[7_000]!.row;
    expect(flaggedMark.y).toBeLessThanOrEqual((flaggedRow / rows) * 200);
    expect(flaggedMark.y + flaggedMark.height).toBeGreaterThan((flaggedRow / rows) * 200);
    // Together they cover the whole height, line after line.
    expect(marks.reduce((sum, mark) => sum + mark.height, 0)).toBeCloseTo(200);
    marks.slice(1).forEach((mark, index) => expect(mark.y).toBeCloseTo(marks[index]!.y + marks[index]!.height));
  });

  it('draws a row of fewer cards than the columns narrower, and nothing for an empty queue', () => {
    const layout = chainOf(3, 4);
    // The holder alone in its row, then both waiters in one row of four columns.
    expect(minimapMarks(layout, new Set(), 100, 100, 36).map((mark) => mark.width)).toEqual([9, 18]);
    expect(minimapMarks(layoutQueue([]), new Set(), 100, 100, 36)).toEqual([]);
  });
});
