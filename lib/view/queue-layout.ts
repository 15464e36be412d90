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
  /** The most cards side by side in one row (holders of a semaphore, readers waiting together). */
  columns: number;
  /** Space between cards side by side. */
  columnGap: number;
  /**
   * Room above the first row for the lock's parent znode, drawn when waiters watch its children
   * (a herd, a semaphore's next in line); 0 when nobody does. Set by `layoutQueue`.
   */
  header: number;
}

export const DEFAULT_QUEUE_LAYOUT: QueueLayoutOptions = { cardWidth: 360, cardHeight: 76, gap: 22, gutter: 96, padding: 16, columns: 1, columnGap: 18, header: 0 };

/** The height of the parent znode's box. */
export const PARENT_HEIGHT = 30;

/** More waiters than this watching the parent's children are drawn as one thick edge with a count. */
export const HERD_BUNDLE = 20;

/** Zoomed out: one line per node, so that a long queue fits on a projector screen. */
export const COMPACT_QUEUE_LAYOUT: QueueLayoutOptions = { ...DEFAULT_QUEUE_LAYOUT, cardHeight: 30, gap: 6 };

/** Zoomed all the way out: a mark per node, to see the shape of thousands at once. */
export const MARKS_QUEUE_LAYOUT: QueueLayoutOptions = { ...DEFAULT_QUEUE_LAYOUT, cardWidth: 140, cardHeight: 10, gap: 4, gutter: 56 };

/** How many cards fit side by side in `width` units (at least one, at most `limit`). */
export function columnsFor(width: number, options: QueueLayoutOptions, limit = 6): number {
  const room = width - 2 * options.padding - options.gutter + options.columnGap;
  return Math.max(1, Math.min(limit, Math.floor(room / (options.cardWidth + options.columnGap))));
}

/** The narrowest a card is drawn so that one more column fits beside it. */
export const MIN_CARD_WIDTH = 310;

/** The options with cards narrowed (down to MIN_CARD_WIDTH) when that fits one more column in `width` units. */
export function widerRows(options: QueueLayoutOptions, width: number, limit = 6): QueueLayoutOptions {
  const columns = columnsFor(width, options, limit);
  if (columns >= limit) return options;
  const room = width - 2 * options.padding - options.gutter + options.columnGap;
  const narrower = Math.floor(room / (columns + 1) - options.columnGap);
  return narrower >= MIN_CARD_WIDTH && narrower < options.cardWidth ? { ...options, cardWidth: narrower } : options;
}

/** A node card placed in the drawing: its top-left corner, its place in the queue, and its row and column. */
export interface PlacedNode {
  node: LockNode;
  index: number;
  row: number;
  column: number;
  x: number;
  y: number;
}

/**
 * A watch edge from a waiter to the node it waits on, or (`toIndex` -1) to the parent whose
 * children it watches. Indices are places in the queue; rows are where those places are drawn.
 */
export interface PlacedEdge {
  from: string;
  to: string;
  fromIndex: number;
  toIndex: number;
  fromRow: number;
  toRow: number;
  fromColumn: number;
  toColumn: number;
  /**
   * The places of the waiters one edge stands for, when it stands for more than `from`: readers
   * waiting together on the same node (the edge leaves their group's frame), or a herd of more
   * than `HERD_BUNDLE` watching the parent (one thick edge; `fromRow` is the last one's row).
   */
  members?: readonly number[];
  /** A herd's edges bundled into one: a trunk in the gutter, with a stub from each waiter. */
  bundle?: boolean;
  /** A link of a chain laid out in snaking rows: to the card beside it, or straight up at a turn. */
  chain?: boolean;
}

/** The row (and index) that stands for the lock's parent: a herd waiter's edge fans out to it. */
export const PARENT_ROW = -1;

/** Nodes drawn in one frame: every holder at once, or readers waiting on the same node, granted together. */
export interface PlacedGroup {
  kind: 'holders' | 'readers';
  firstIndex: number;
  lastIndex: number;
  firstRow: number;
  lastRow: number;
  /** How many columns wide its widest row is. */
  columns: number;
}

/** The lock's parent znode, drawn above the queue when waiters watch its children. */
export interface PlacedParent {
  path: string;
  /** How many waiters watch its children. */
  watchers: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface QueueLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  groups: PlacedGroup[];
  parent: PlacedParent | null;
  /** For each row, the index of its first node: rows are runs of the queue. */
  rowStarts: number[];
  width: number;
  height: number;
  options: QueueLayoutOptions;
}

/**
 * Which nodes share a row: every holder together (a semaphore's leases, readers holding at
 * once), and waiting readers that follow one another, since they will be granted together.
 */
function groupKey(node: LockNode): string | null {
  if (node.role === 'holder') return 'holders';
  return node.mode === 'read' ? `readers ${node.predecessor}` : null;
}

/** Whether a node waits on the node just before it in the queue, neither one of a group (their `groupKey`s null): a link of a chain. */
function chainLink(node: LockNode, key: string | null, previous: LockNode | undefined, previousKey: string | null): boolean {
  return key === null && previousKey === null && node.role === 'waiter' && previous !== undefined && previous.role === 'waiter' && node.predecessor === previous.name;
}

/**
 * Lays the queue out top to bottom, holders first, one row per node or per group side by side.
 * A chain (each waiter watching the one just before it) fills the width: its rows snake, left
 * to right then right to left, so that every link is a short edge to the next card, across or
 * straight up at a turn.
 */
export function layoutQueue(nodes: readonly LockNode[], base: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): QueueLayout {
  const parentWatch = nodes.find((node) => node.predecessor === null && node.watch?.type === 'children')?.watch?.path ?? null;
  const options: QueueLayoutOptions = { ...base, header: parentWatch === null ? 0 : PARENT_HEIGHT + base.gap };
  const { cardHeight, cardWidth, gutter, padding, columns, columnGap } = options;
  const placed: PlacedNode[] = [];
  const rowStarts: number[] = [];
  const groups: PlacedGroup[] = [];
  let row = -1;
  let column = 0;
  let previousKey: string | null = null;
  let widest = 1;
  // Within a chain: the slot along its current row, and whether that row runs right to left.
  let slot = 0;
  let backwards = false;
  // Whether each node is a link of a chain (see `chainLink`), told once here from the group keys for the edges too.
  const links = new Uint8Array(nodes.length);
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index]!;
    const key = groupKey(node);
    const sameGroup = key !== null && key === previousKey;
    if (chainLink(node, key, nodes[index - 1], previousKey)) links[index] = 1;
    const link = columns > 1 && links[index] === 1;
    if (link && slot + 1 < columns) {
      slot += 1;
    } else if (link) {
      // The chain turns: the next row starts under the card that ended this one.
      row += 1;
      slot = 0;
      backwards = !backwards;
      rowStarts.push(index);
    } else if (row < 0 || !sameGroup || column + 1 >= columns) {
      row += 1;
      slot = 0;
      backwards = false;
      rowStarts.push(index);
    } else {
      slot += 1;
    }
    column = backwards ? columns - 1 - slot : slot;
    widest = Math.max(widest, column + 1);
    const group = groups[groups.length - 1];
    if (sameGroup && group !== undefined) {
      group.lastIndex = index;
      group.lastRow = row;
      group.columns = Math.max(group.columns, column + 1);
    } else if (key !== null) {
      groups.push({ kind: node.role === 'holder' ? 'holders' : 'readers', firstIndex: index, lastIndex: index, firstRow: row, lastRow: row, columns: 1 });
    }
    previousKey = key;
    placed.push({ node, index, row, column, x: padding + gutter + column * (cardWidth + columnGap), y: rowTop(row, options) });
  }
  const framed = groups.filter((group) => group.lastIndex > group.firstIndex);
  const edges = placeEdges(placed, nodes, framed, columns > 1 ? links : null);
  const rows = Math.max(rowStarts.length, 1);
  const watchers = parentWatch === null ? 0 : edges.reduce((sum, edge) => sum + (edge.toRow === PARENT_ROW ? (edge.members?.length ?? 1) : 0), 0);
  return {
    nodes: placed,
    edges,
    groups: framed,
    parent: parentWatch === null ? null : { path: parentWatch, watchers, x: padding + gutter, y: padding, width: cardWidth, height: PARENT_HEIGHT },
    rowStarts,
    width: padding * 2 + gutter + widest * cardWidth + (widest - 1) * columnGap,
    height: padding * 2 + options.header + rows * cardHeight + (rows - 1) * options.gap,
    options,
  };
}

/**
 * One edge per waiter, to the node it watches; one for a group of readers waiting on the same
 * node (from the group's frame), and one thick edge for a herd of more than `HERD_BUNDLE`.
 */
function placeEdges(placed: readonly PlacedNode[], nodes: readonly LockNode[], groups: readonly PlacedGroup[], links: Uint8Array | null): PlacedEdge[] {
  const edges: PlacedEdge[] = [];
  const herd: number[] = [];
  const readersOf = new Map(groups.filter((group) => group.kind === 'readers').map((group) => [group.firstIndex, group]));
  // A waiter's predecessor is mostly the node just before it: the index by name is built only when one is not.
  let indexOf: Map<string, number> | null = null;
  for (let fromIndex = 0; fromIndex < placed.length; fromIndex += 1) {
    const from = placed[fromIndex]!;
    const { node } = from;
    const group = readersOf.size === 0 ? undefined : readersOf.get(fromIndex);
    const members = group === undefined ? undefined : Array.from({ length: group.lastIndex - group.firstIndex + 1 }, (_, offset) => fromIndex + offset);
    if (node.predecessor === null) {
      if (node.watch?.type === 'children') {
        herd.push(fromIndex);
        edges.push({ from: node.name, fromIndex, fromRow: from.row, fromColumn: from.column, to: node.watch.path, toIndex: PARENT_ROW, toRow: PARENT_ROW, toColumn: 0 });
      }
      continue;
    }
    let toIndex: number | undefined = fromIndex - 1;
    if (placed[toIndex]?.node.name !== node.predecessor) {
      indexOf ??= new Map(nodes.map((other, index) => [other.name, index]));
      toIndex = indexOf.get(node.predecessor);
    }
    const to = toIndex === undefined ? undefined : placed[toIndex];
    if (to !== undefined) {
      const edge: PlacedEdge = { from: node.name, fromIndex, fromRow: from.row, fromColumn: from.column, to: to.node.name, toIndex: to.index, toRow: to.row, toColumn: to.column };
      if (members !== undefined) edge.members = members;
      if (links !== null && links[fromIndex] === 1) edge.chain = true;
      edges.push(edge);
    }
    // The group's other readers watch the same node: its one edge stands for them all.
    if (group !== undefined) fromIndex = group.lastIndex;
  }
  if (herd.length <= HERD_BUNDLE) return edges;
  const last = placed[herd[herd.length - 1]!]!;
  const bundle: PlacedEdge = { ...edges.find((edge) => edge.toRow === PARENT_ROW)!, fromIndex: last.index, fromRow: last.row, fromColumn: 0, members: herd, bundle: true };
  return [bundle, ...edges.filter((edge) => edge.toRow !== PARENT_ROW)];
}

/** Where a row's cards start, top edge, in drawing units. */
export function rowTop(row: number, options: QueueLayoutOptions): number {
  return options.padding + options.header + row * (options.cardHeight + options.gap);
}

/** The x of a herd's trunk, in the gutter left of the cards. */
export function trunkX(options: QueueLayoutOptions): number {
  return options.padding + options.gutter * 0.45;
}

/** The short lines from each waiter of a herd to its trunk: one per visible member. */
export function stubPath(member: PlacedNode, options: QueueLayoutOptions): string {
  const y = member.y + options.cardHeight / 2;
  return `M${member.x},${y}H${trunkX(options)}`;
}

/**
 * The SVG path of an edge; it always ends on the card the edge names. Between first cards of
 * their rows: a curve in the left gutter from one card's left side to the other's (longer jumps
 * bulge further out, so that edges which skip nodes stay apart). To a card in the row just above:
 * straight across the gap, from the top of one card to the bottom of the other. Otherwise out to
 * the gutter (a card with cards on its left first goes up into the gap above its row), up the
 * gutter, and in: to the left side of a first card, or along the gap below a card further right
 * and up into it.
 */
export function edgePath(edge: PlacedEdge, options: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): string {
  const { cardHeight, cardWidth, columnGap, gap, gutter, padding } = options;
  const left = padding + gutter;
  const columnX = (column: number): number => left + column * (cardWidth + columnGap);
  // The parent's box sits above the first row.
  const rowY = (row: number): number => (row === PARENT_ROW ? padding + PARENT_HEIGHT / 2 : rowTop(row, options) + cardHeight / 2);
  if (edge.bundle === true) {
    // A herd's trunk: up the gutter from the last waiter's row, and into the parent's left side.
    const x = trunkX(options);
    const bottom = rowY(edge.fromRow);
    const parentY = rowY(PARENT_ROW);
    return `M${x},${bottom}V${parentY + 10}Q${x},${parentY} ${x + 10},${parentY}L${left - 6},${parentY}`;
  }
  if (edge.chain === true) return chainPath(edge, options);
  const reach = Math.min(gutter - 8, 28 + 10 * Math.min(Math.abs(edge.fromRow - Math.max(edge.toRow, 0)), 6));
  const path = d3Path();
  const top = rowTop(edge.fromRow, options);
  if (edge.toRow === edge.fromRow - 1 && (edge.fromColumn > 0 || edge.toColumn > 0)) {
    const startX = columnX(edge.fromColumn) + cardWidth / 2;
    const endX = columnX(edge.toColumn) + cardWidth / 2;
    const bottom = rowTop(edge.toRow, options) + cardHeight;
    path.moveTo(startX, top);
    path.bezierCurveTo(startX, top - gap / 2, endX, bottom + gap / 2, endX, bottom + 5);
    return path.toString();
  }
  // Out to the gutter, at `y`.
  let y: number;
  if (edge.fromColumn === 0) {
    y = rowY(edge.fromRow);
    path.moveTo(left, y);
  } else {
    const startX = columnX(edge.fromColumn) + cardWidth / 2;
    y = top - gap / 2;
    path.moveTo(startX, top);
    path.quadraticCurveTo(startX, y, startX - gap / 2, y);
    path.lineTo(left - reach / 2, y);
  }
  const fromX = edge.fromColumn === 0 ? left : left - reach / 2;
  if (edge.toColumn === 0 || edge.toRow === PARENT_ROW) {
    path.bezierCurveTo(fromX - reach / 2, y, left - reach, rowY(edge.toRow), left - 6, rowY(edge.toRow));
    return path.toString();
  }
  // In along the gap below the target's row, then up into the target card.
  const lane = rowTop(edge.toRow, options) + cardHeight + gap / 2;
  const endX = columnX(edge.toColumn) + cardWidth / 2;
  path.bezierCurveTo(fromX - reach / 2, y, left - reach, lane, left - reach / 2, lane);
  path.lineTo(endX - gap / 2, lane);
  path.quadraticCurveTo(endX, lane, endX, lane - gap / 2 + 5);
  return path.toString();
}

/** A chain's link: straight across to the card beside it, or straight up into the card above at a turn of the rows. */
function chainPath(edge: PlacedEdge, options: QueueLayoutOptions): string {
  const { cardHeight, cardWidth, columnGap, gap, gutter, padding } = options;
  const columnX = (column: number): number => padding + gutter + column * (cardWidth + columnGap);
  // The arrowhead stops short of the card it points at, as every edge's does.
  const short = Math.min(6, columnGap / 3);
  if (edge.fromRow === edge.toRow) {
    const y = rowTop(edge.fromRow, options) + cardHeight / 2;
    return edge.toColumn < edge.fromColumn
      ? `M${columnX(edge.fromColumn)},${y}L${columnX(edge.toColumn) + cardWidth + short},${y}`
      : `M${columnX(edge.fromColumn) + cardWidth},${y}L${columnX(edge.toColumn) - short},${y}`;
  }
  const x = columnX(edge.fromColumn) + cardWidth / 2;
  return `M${x},${rowTop(edge.fromRow, options)}L${x},${rowTop(edge.toRow, options) + cardHeight + Math.min(5, gap / 3)}`;
}

/** Where an edge's path ends (its arrowhead), in drawing units: on the card it names. */
export function edgeEnd(edge: PlacedEdge, options: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): { x: number; y: number } {
  const numbers = edgePath(edge, options).match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? [];
  return { x: Number(numbers[numbers.length - 2]), y: Number(numbers[numbers.length - 1]) };
}

/** The rows on screen (with a margin) for a scroll position: only these are drawn. */
export function visibleRows(layout: QueueLayout, scrollTop: number, viewportHeight: number, margin = 4): { first: number; last: number } {
  const { cardHeight, gap, padding } = layout.options;
  const row = cardHeight + gap;
  const top = padding + layout.options.header;
  const first = Math.max(0, Math.floor((scrollTop - top) / row) - margin);
  const last = Math.min(layout.rowStarts.length - 1, Math.ceil((scrollTop + viewportHeight - top) / row) + margin);
  return { first, last };
}

/** The placed nodes of rows `first` to `last`. */
export function nodesInRows(layout: QueueLayout, rows: { first: number; last: number }): PlacedNode[] {
  const start = layout.rowStarts[rows.first] ?? layout.nodes.length;
  const end = layout.rowStarts[rows.last + 1] ?? layout.nodes.length;
  return layout.nodes.slice(start, end);
}

/** Whether an edge crosses the visible rows. */
export function edgeVisible(edge: PlacedEdge, rows: { first: number; last: number }): boolean {
  return Math.max(edge.fromRow, edge.toRow) >= rows.first && Math.min(edge.fromRow, edge.toRow) <= rows.last;
}

/**
 * Each node's place among the waiters (1 for the first waiter), by its index in the queue: a
 * waiter is numbered from the waiters before it, however many hold (readers, leases).
 */
export function waiterPlaces(nodes: readonly LockNode[]): Int32Array {
  const places = new Int32Array(nodes.length);
  let waiters = 0;
  for (let index = 0; index < nodes.length; index += 1) {
    if (nodes[index]!.role === 'waiter') waiters += 1;
    places[index] = waiters;
  }
  return places;
}
