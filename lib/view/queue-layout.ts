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

/** Zoomed out: one line per node, so that a long queue fits on a projector screen. */
export const COMPACT_QUEUE_LAYOUT: QueueLayoutOptions = { cardWidth: 420, cardHeight: 30, gap: 6, gutter: 96, padding: 16 };

/** A node card placed in the drawing: its top-left corner and its place in the queue. */
export interface PlacedNode {
  node: LockNode;
  index: number;
  x: number;
  y: number;
}

/** A watch edge from a waiter to the node it waits on, or (`toIndex` -1) to the parent whose children it watches. */
export interface PlacedEdge {
  from: string;
  to: string;
  fromIndex: number;
  toIndex: number;
}

/** The row index that stands for the lock's parent: a herd waiter's edge fans out to it. */
export const PARENT_ROW = -1;

export interface QueueLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
  options: QueueLayoutOptions;
}

/** Lays the queue out top to bottom, holder first, one row per node. */
export function layoutQueue(nodes: readonly LockNode[], options: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): QueueLayout {
  const { cardHeight, gap, gutter, padding } = options;
  const x = padding + gutter;
  const placed = nodes.map((node, index): PlacedNode => ({ node, index, x, y: padding + index * (cardHeight + gap) }));
  const indexOf = new Map(nodes.map((node, index) => [node.name, index]));
  const edges: PlacedEdge[] = [];
  nodes.forEach((node, fromIndex) => {
    if (node.predecessor === null && node.watch?.type === 'children') {
      edges.push({ from: node.name, to: node.watch.path, fromIndex, toIndex: PARENT_ROW });
      return;
    }
    const toIndex = node.predecessor === null ? undefined : indexOf.get(node.predecessor);
    if (toIndex !== undefined) edges.push({ from: node.name, to: node.predecessor as string, fromIndex, toIndex });
  });
  const rows = Math.max(nodes.length, 1);
  return {
    nodes: placed,
    edges,
    width: padding * 2 + gutter + options.cardWidth,
    height: padding * 2 + rows * cardHeight + (rows - 1) * gap,
    options,
  };
}

/**
 * The SVG path of an edge: from the waiter's left side to the left side of the node it
 * watches; longer jumps bulge further out, so that edges which skip nodes (a reader waiting on
 * an earlier writer) stay apart.
 */
export function edgePath(edge: PlacedEdge, options: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): string {
  const { cardHeight, gap, gutter, padding } = options;
  const x = padding + gutter;
  // The parent sits just above the first card's left corner.
  const rowY = (index: number): number => (index === PARENT_ROW ? padding / 2 : padding + index * (cardHeight + gap) + cardHeight / 2);
  const reach = Math.min(gutter - 8, 28 + 10 * Math.min(Math.abs(edge.fromIndex - Math.max(edge.toIndex, 0)), 6));
  const path = d3Path();
  path.moveTo(x, rowY(edge.fromIndex));
  path.bezierCurveTo(x - reach, rowY(edge.fromIndex), x - reach, rowY(edge.toIndex), x - 6, rowY(edge.toIndex));
  return path.toString();
}

/** The rows on screen (with a margin) for a scroll position: only these are drawn. */
export function visibleRows(layout: QueueLayout, scrollTop: number, viewportHeight: number, margin = 4): { first: number; last: number } {
  const { cardHeight, gap, padding } = layout.options;
  const row = cardHeight + gap;
  const first = Math.max(0, Math.floor((scrollTop - padding) / row) - margin);
  const last = Math.min(layout.nodes.length - 1, Math.ceil((scrollTop + viewportHeight - padding) / row) + margin);
  return { first, last };
}

/** Whether an edge crosses the visible rows. */
export function edgeVisible(edge: PlacedEdge, rows: { first: number; last: number }): boolean {
  return Math.max(edge.fromIndex, edge.toIndex) >= rows.first && Math.min(edge.fromIndex, edge.toIndex) <= rows.last;
}
