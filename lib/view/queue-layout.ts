import { path as d3Path } from 'd3';
import type { LockNode } from '../protocol';

/** Sizes of the queue drawing, in SVG user units. */
export interface QueueLayoutOptions {
  cardWidth: number;
  cardHeight: number;
  gap: number;
  /** Room on the left for the watch edges. */
  gutter: number;
  padding: number;
}

export const DEFAULT_QUEUE_LAYOUT: QueueLayoutOptions = { cardWidth: 420, cardHeight: 76, gap: 22, gutter: 96, padding: 16 };

/** A node card placed in the drawing: its top-left corner and its place in the queue. */
export interface PlacedNode {
  node: LockNode;
  index: number;
  x: number;
  y: number;
}

/** A watch edge from a waiter to the node it waits on, as an SVG path. */
export interface PlacedEdge {
  from: string;
  to: string;
  d: string;
}

export interface QueueLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

/**
 * Lays the queue out top to bottom, holder first, with one curved edge per waiter from its
 * left side to the left side of the node it watches; longer jumps bulge further out, so that
 * edges which skip nodes (a reader waiting on an earlier writer) stay apart.
 */
export function layoutQueue(nodes: readonly LockNode[], options: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): QueueLayout {
  const { cardWidth, cardHeight, gap, gutter, padding } = options;
  const x = padding + gutter;
  const placed = nodes.map((node, index): PlacedNode => ({ node, index, x, y: padding + index * (cardHeight + gap) }));
  const byName = new Map(placed.map((entry) => [entry.node.name, entry]));
  const edges: PlacedEdge[] = [];
  for (const entry of placed) {
    const target = entry.node.predecessor === null ? undefined : byName.get(entry.node.predecessor);
    if (target === undefined) continue;
    const y0 = entry.y + cardHeight / 2;
    const y1 = target.y + cardHeight / 2;
    const reach = Math.min(gutter - 8, 28 + 10 * Math.min(Math.abs(entry.index - target.index) - 1, 6));
    const path = d3Path();
    path.moveTo(x, y0);
    path.bezierCurveTo(x - reach, y0, x - reach, y1, x - 6, y1);
    edges.push({ from: entry.node.name, to: target.node.name, d: path.toString() });
  }
  const rows = Math.max(nodes.length, 1);
  return {
    nodes: placed,
    edges,
    width: padding * 2 + gutter + cardWidth,
    height: padding * 2 + rows * cardHeight + (rows - 1) * gap,
  };
}
