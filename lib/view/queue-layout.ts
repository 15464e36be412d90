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

/** The widest a card is drawn to fill a row: wider, its line of owner and zxid only gets emptier. */
export const MAX_CARD_WIDTH = 440;

/**
 * The options with cards narrowed (down to MIN_CARD_WIDTH) when that fits one more column in
 * `width` units; else, with two columns or more, widened (up to MAX_CARD_WIDTH) to fill the row,
 * so that a wide screen is not left with an empty band beside the queue.
 */
export function widerRows(options: QueueLayoutOptions, width: number, limit = 6): QueueLayoutOptions {
  const columns = columnsFor(width, options, limit);
  const room = width - 2 * options.padding - options.gutter + options.columnGap;
  if (columns < limit) {
    const narrower = Math.floor(room / (columns + 1) - options.columnGap);
    if (narrower >= MIN_CARD_WIDTH && narrower < options.cardWidth) return { ...options, cardWidth: narrower };
  }
  const filling = Math.min(MAX_CARD_WIDTH, Math.floor(room / columns - options.columnGap));
  return columns >= 2 && filling > options.cardWidth ? { ...options, cardWidth: filling } : options;
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

/**
 * A queue laid out. Where each node goes is kept in typed arrays, by its place in the queue; the
 * objects the drawing needs (`PlacedNode`, `PlacedEdge`) are made for the rows on screen only
 * (`nodesInRows`, `edgesInRows`), so that a change of a queue of 100,000 costs one pass over it
 * without making 200,000 objects.
 */
export interface QueueLayout {
  /** The nodes laid out, in queue order. */
  queue: readonly LockNode[];
  /** Each node's row, by its place in the queue. */
  rowOf: Int32Array;
  /** Each node's column, by its place in the queue. */
  columnOf: Uint8Array;
  /**
   * Where each node's edge goes, by its place in the queue: the place of the node it watches,
   * `PARENT_ROW` when it watches the parent's children, `NO_EDGE` when it has none drawn (a
   * holder; a reader whose group's edge stands for it).
   */
  edgeTo: Int32Array;
  /** Whether each node is a link of a chain laid out in snaking rows (its edge goes to the card beside it). */
  links: Uint8Array;
  /** A herd of more than `HERD_BUNDLE` watching the parent: their one thick edge; null when there is none. */
  bundle: PlacedEdge | null;
  /** Edges that span more than `SHORT_SPAN` rows: the few that can cross the screen from rows far off it. */
  longEdges: PlacedEdge[];
  groups: PlacedGroup[];
  /** The framed groups of readers waiting together, by the place of their first. */
  readerGroups: Map<number, PlacedGroup>;
  parent: PlacedParent | null;
  /** For each row, the index of its first node: rows are runs of the queue. */
  rowStarts: number[];
  width: number;
  height: number;
  options: QueueLayoutOptions;
}

/** `edgeTo` of a node without an edge of its own. */
export const NO_EDGE = -2;

/** Edges over at most this many rows are found from the rows around the screen; longer ones are kept aside. */
const SHORT_SPAN = 8;

/**
 * Which nodes share a row: every holder together (a semaphore's leases, readers holding at
 * once), and waiting readers that follow one another, since they will be granted together.
 */
function groupKey(node: LockNode): string | null {
  if (node.role === 'holder') return 'holders';
  return node.mode === 'read' ? `readers ${node.predecessor}` : null;
}

/** Whether a node is a waiter of a herd: it watches the parent's children, not a node of the queue, so that its place in a row tells nothing of whom it waits for. */
function herdWaiter(node: LockNode | undefined): boolean {
  return node !== undefined && node.role === 'waiter' && node.predecessor === null && node.watch?.type === 'children';
}

/** Whether a node waits on the node just before it in the queue, neither one of a group (their `groupKey`s null): a link of a chain. */
function chainLink(node: LockNode, key: string | null, previous: LockNode | undefined, previousKey: string | null): boolean {
  return key === null && previousKey === null && node.role === 'waiter' && previous !== undefined && previous.role === 'waiter' && node.predecessor === previous.name;
}

/**
 * Lays the queue out top to bottom, holders first, one row per node or per group side by side.
 * A chain (each waiter watching the one just before it) fills the width: its rows snake, left
 * to right then right to left, so that every link is a short edge to the next card, across or
 * straight up at a turn. A herd (every waiter watching the parent) fills the width too, row
 * after row, each waiter's stub joining one trunk in the gutter.
 */
export function layoutQueue(nodes: readonly LockNode[], base: QueueLayoutOptions = DEFAULT_QUEUE_LAYOUT): QueueLayout {
  const parentWatch = nodes.find((node) => node.predecessor === null && node.watch?.type === 'children')?.watch?.path ?? null;
  const options: QueueLayoutOptions = { ...base, header: parentWatch === null ? 0 : PARENT_HEIGHT + base.gap };
  const { cardWidth, gutter, padding, columns, columnGap } = options;
  const rowOf = new Int32Array(nodes.length);
  const columnOf = new Uint8Array(nodes.length);
  // Made to size and cut to the rows there are: grown by push, a list of 100,000 is copied some twenty times.
  const rowStarts: number[] = new Array<number>(nodes.length);
  let rowCount = 0;
  const groups: PlacedGroup[] = [];
  let row = -1;
  let column = 0;
  let previousKey: string | null = null;
  let widest = 1;
  // Within a chain: the slot along its current row, and whether that row runs right to left.
  let slot = 0;
  let backwards = false;
  // Whether each node is a link of a chain snaking across the columns (see `chainLink`), told once here from the group keys for the edges too.
  const links = new Uint8Array(nodes.length);
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index]!;
    const key = groupKey(node);
    const sameGroup = key !== null && key === previousKey;
    // In one column a chain does not snake: no link is told.
    const link = columns > 1 && chainLink(node, key, nodes[index - 1], previousKey);
    if (link) links[index] = 1;
    // A herd's waiters all wait on the parent: they fill the rows left to right, as many as the width holds.
    const herdNext = key === null && herdWaiter(node) && herdWaiter(nodes[index - 1]) && row >= 0 && slot + 1 < columns;
    if (herdNext) {
      slot += 1;
    } else if (link && slot + 1 < columns) {
      slot += 1;
    } else if (link) {
      // The chain turns: the next row starts under the card that ended this one.
      row += 1;
      slot = 0;
      backwards = !backwards;
      rowStarts[rowCount++] = index;
    } else if (row < 0 || !sameGroup || column + 1 >= columns) {
      row += 1;
      slot = 0;
      backwards = false;
      rowStarts[rowCount++] = index;
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
    rowOf[index] = row;
    columnOf[index] = column;
  }
  rowStarts.length = rowCount;
  const framed = groups.filter((group) => group.lastIndex > group.firstIndex);
  const rows = Math.max(rowCount, 1);
  const layout: QueueLayout = {
    queue: nodes,
    rowOf,
    columnOf,
    edgeTo: new Int32Array(nodes.length).fill(NO_EDGE),
    links,
    bundle: null,
    longEdges: [],
    groups: framed,
    readerGroups: new Map(framed.filter((group) => group.kind === 'readers').map((group) => [group.firstIndex, group])),
    parent: null,
    rowStarts,
    width: padding * 2 + gutter + widest * cardWidth + (widest - 1) * columnGap,
    height: padding * 2 + options.header + rows * options.cardHeight + (rows - 1) * options.gap,
    options,
  };
  const herd = placeEdges(layout);
  // As wide as the rows under it, whose parent it is: on cards narrowed to two columns its one card's width cut "watched by 10" to "…ched by 10".
  if (parentWatch !== null) layout.parent = { path: parentWatch, watchers: herd.length, x: padding + gutter, y: padding, width: widest * cardWidth + (widest - 1) * columnGap, height: PARENT_HEIGHT };
  return layout;
}

/**
 * Where each waiter's edge goes (`edgeTo`): to the node it watches; one for a group of readers
 * waiting on the same node (from the group's frame); one thick edge for a herd of more than
 * `HERD_BUNDLE`. Keeps aside the edges too long to be found near the screen. Returns the herd:
 * the places of the waiters that watch the parent's children.
 */
function placeEdges(layout: QueueLayout): number[] {
  const { queue: nodes, edgeTo, rowOf, readerGroups } = layout;
  const herd: number[] = [];
  // A waiter's predecessor is mostly the node just before it: the index by name is built only when one is not.
  let indexOf: Map<string, number> | null = null;
  for (let fromIndex = 0; fromIndex < nodes.length; fromIndex += 1) {
    const node = nodes[fromIndex]!;
    if (node.predecessor === null) {
      if (node.watch?.type === 'children') {
        herd.push(fromIndex);
        edgeTo[fromIndex] = PARENT_ROW;
      }
      continue;
    }
    let toIndex: number | undefined = fromIndex - 1;
    if (nodes[toIndex]?.name !== node.predecessor) {
      indexOf ??= new Map(nodes.map((other, index) => [other.name, index]));
      toIndex = indexOf.get(node.predecessor);
    }
    if (toIndex !== undefined) edgeTo[fromIndex] = toIndex;
    // The group's other readers watch the same node: its one edge stands for them all.
    const group = readerGroups.size === 0 ? undefined : readerGroups.get(fromIndex);
    if (group !== undefined) fromIndex = group.lastIndex;
  }
  if (herd.length > HERD_BUNDLE) {
    const first = nodes[herd[0]!]!;
    const last = herd[herd.length - 1]!;
    layout.bundle = {
      from: first.name,
      fromIndex: last,
      fromRow: rowOf[last]!,
      fromColumn: 0,
      to: first.watch!.path,
      toIndex: PARENT_ROW,
      toRow: PARENT_ROW,
      toColumn: 0,
      members: herd,
      bundle: true,
    };
  }
  for (let fromIndex = 0; fromIndex < nodes.length; fromIndex += 1) {
    const to = edgeTo[fromIndex]!;
    if (to === NO_EDGE) continue;
    const toRow = to === PARENT_ROW ? PARENT_ROW : rowOf[to]!;
    if (Math.abs(rowOf[fromIndex]! - toRow) <= SHORT_SPAN) continue;
    const edge = edgeFrom(layout, fromIndex);
    if (edge !== null) layout.longEdges.push(edge);
  }
  return herd;
}

/** The edge drawn from the node at `fromIndex` (null when none is: no edge of its own, or one of a bundled herd). */
function edgeFrom(layout: QueueLayout, fromIndex: number): PlacedEdge | null {
  const to = layout.edgeTo[fromIndex]!;
  if (to === NO_EDGE || (to === PARENT_ROW && layout.bundle !== null)) return null;
  const node = layout.queue[fromIndex]!;
  const from = { from: node.name, fromIndex, fromRow: layout.rowOf[fromIndex]!, fromColumn: layout.columnOf[fromIndex]! };
  if (to === PARENT_ROW) return { ...from, to: node.watch!.path, toIndex: PARENT_ROW, toRow: PARENT_ROW, toColumn: 0 };
  const edge: PlacedEdge = { ...from, to: layout.queue[to]!.name, toIndex: to, toRow: layout.rowOf[to]!, toColumn: layout.columnOf[to]! };
  // A group of readers waiting together: its edge leaves the group's frame for all of them.
  const group = layout.readerGroups.get(fromIndex);
  if (group !== undefined) edge.members = Array.from({ length: group.lastIndex - group.firstIndex + 1 }, (_, offset) => fromIndex + offset);
  if (layout.links[fromIndex] === 1) edge.chain = true;
  return edge;
}

/** The node at `index`, placed. */
export function placedNode(layout: QueueLayout, index: number): PlacedNode {
  const { cardWidth, columnGap, gutter, padding } = layout.options;
  const row = layout.rowOf[index]!;
  const column = layout.columnOf[index]!;
  return { node: layout.queue[index]!, index, row, column, x: padding + gutter + column * (cardWidth + columnGap), y: rowTop(row, layout.options) };
}

/** Every node placed: for a picture of a few hundred, and for tests. */
export function placedNodes(layout: QueueLayout): PlacedNode[] {
  return Array.from({ length: layout.queue.length }, (_, index) => placedNode(layout, index));
}

/** The edges that cross rows `first` to `last`, in queue order of the waiters they leave from; a herd's bundle first. */
export function edgesInRows(layout: QueueLayout, rows: { first: number; last: number }): PlacedEdge[] {
  const edges: PlacedEdge[] = [];
  const lastRow = layout.rowStarts.length - 1;
  const start = layout.rowStarts[Math.max(0, rows.first - SHORT_SPAN)] ?? layout.queue.length;
  const end = layout.rowStarts[Math.min(lastRow, rows.last + SHORT_SPAN) + 1] ?? layout.queue.length;
  for (let index = start; index < end; index += 1) {
    const to = layout.edgeTo[index]!;
    if (to === NO_EDGE) continue;
    const toRow = to === PARENT_ROW ? PARENT_ROW : layout.rowOf[to]!;
    const fromRow = layout.rowOf[index]!;
    if (Math.abs(fromRow - toRow) > SHORT_SPAN || Math.max(fromRow, toRow) < rows.first || Math.min(fromRow, toRow) > rows.last) continue;
    const edge = edgeFrom(layout, index);
    if (edge !== null) edges.push(edge);
  }
  const long = layout.longEdges.filter((edge) => edgeVisible(edge, rows));
  const ordered = long.length === 0 ? edges : [...edges, ...long].sort((a, b) => a.fromIndex - b.fromIndex);
  return layout.bundle !== null && edgeVisible(layout.bundle, rows) ? [layout.bundle, ...ordered] : ordered;
}

/** Every edge of the layout: for a picture of a few hundred, and for tests. */
export function allEdges(layout: QueueLayout): PlacedEdge[] {
  return edgesInRows(layout, { first: 0, last: layout.rowStarts.length - 1 });
}

/** Whether the node at `index` is one of a herd drawn as one bundled edge. */
export function inBundle(layout: QueueLayout, index: number): boolean {
  return layout.bundle !== null && layout.edgeTo[index] === PARENT_ROW;
}

/** Where a row's cards start, top edge, in drawing units. */
export function rowTop(row: number, options: QueueLayoutOptions): number {
  return options.padding + options.header + row * (options.cardHeight + options.gap);
}

/** The x of a herd's trunk, in the gutter left of the cards. */
export function trunkX(options: QueueLayoutOptions): number {
  return options.padding + options.gutter * 0.45;
}

/**
 * The short line from a waiter of a herd to its trunk, one per visible member: from the left side
 * of a row's first card; from the top of any other, along the gap above its row (those of one row
 * make one line there, that no card hides).
 */
export function stubPath(member: PlacedNode, options: QueueLayoutOptions): string {
  if (member.column === 0) return `M${member.x},${member.y + options.cardHeight / 2}H${trunkX(options)}`;
  const x = member.x + options.cardWidth / 2;
  const y = member.y - options.gap / 2;
  return `M${x},${member.y}V${y}H${trunkX(options)}`;
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
  if (edge.toRow >= 0 && edge.toRow === edge.fromRow - 1 && (edge.fromColumn > 0 || edge.toColumn > 0)) {
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
  const start = layout.rowStarts[rows.first] ?? layout.queue.length;
  const end = layout.rowStarts[rows.last + 1] ?? layout.queue.length;
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => placedNode(layout, start + offset));
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
