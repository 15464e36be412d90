import dagre from '@dagrejs/dagre';
import { curveCatmullRom, line } from 'd3';
import type { WaitsForGraph } from '../protocol';
import { writtenWidth } from './format';

/** One mark of the waits-for picture: a session, or the waiters of one lock that hold nothing. */
export interface GraphMark {
  id: string;
  kind: 'session' | 'group';
  x: number;
  y: number;
  /** A session's client address, or the group's lock. */
  detail: string | null;
  deadlocked: boolean;
  /** For a group: how many waiters it stands for. */
  count: number;
  /** The lines written under the mark. */
  label: string[];
  /** The mark and its label together (top-left corner and size, px): no two marks' boxes overlap. */
  box: Box;
}

/** A rectangle in the picture's pixels: its top-left corner and its size. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphEdge {
  from: GraphMark;
  to: GraphMark;
  lock: string;
  deadlocked: boolean;
  /** Where the edge's lock is written (its centre, its lines), in a slot of its own clear of every mark and other label; null for a group's edge (the group's label names the lock). */
  label: { x: number; y: number; box: Box; lines: string[] } | null;
  /** The route between the marks, from the waiter's box to the holder's (the layout's bends). */
  points: Array<{ x: number; y: number }>;
}

export interface GraphLayout {
  marks: GraphMark[];
  edges: GraphEdge[];
  /** The box around every mark, with room for labels. */
  bounds: { x: number; y: number; width: number; height: number };
}

export const MARK_RADIUS = 16;
/** The size of every label (px): the picture is drawn at one pixel a unit, never scaled down. */
export const LABEL_FONT_PX = 12;
/** A deadlocked session's first line is larger. */
export const DEAD_LABEL_FONT_PX = 14;
/** From a label's baseline to the next. */
export const LABEL_LINE_PX = 16;
/** The labels are monospaced: a character's advance is 0.6 of the font size (with a margin). */
const CHAR_EM = 0.62;
/** The width a picture is laid out for when its frame's is not known yet. */
export const DEFAULT_WIDTH = 1100;

/** A session as its label writes it: the end of its id, which tells it from its neighbours. */
export const shortSession = (id: string): string => (id.length > 10 ? `…${id.slice(-6)}` : id);

/** A group's count in English: "3 waiters". */
const englishWaiters = (count: number): string => `${count} ${count === 1 ? 'waiter' : 'waiters'}`;

/** The most locks a lone holder's label names; more are counted ("+2"). */
const LONE_LOCKS = 2;

/**
 * The lines under a mark: a session's id and client address; a group's count (in the page's
 * language) and lock, in lines of at most `lineWidth`. A session no arrow reaches or leaves (it
 * holds, nobody waits) has no edge to name its lock: its label names what it holds (`lone`).
 */
function labelOf(mark: Pick<GraphMark, 'id' | 'kind' | 'detail' | 'count'>, waiters: (count: number) => string, lineWidth: number, lone: readonly string[] = []): string[] {
  if (mark.kind === 'group') return [waiters(mark.count), ...(mark.detail === null ? [] : wrapped(mark.detail, lineWidth))];
  const held = lone.slice(0, LONE_LOCKS).flatMap((lock) => wrapped(lock, lineWidth));
  if (lone.length > LONE_LOCKS) held.push(`+${lone.length - LONE_LOCKS}`);
  return [shortSession(mark.id), ...(mark.detail === null ? [] : [mark.detail]), ...held];
}

/**
 * A lock's path in lines of at most `maxPx` (at `fontPx`), broken after a `/` or a `-`, nothing
 * left out: the lines joined are the path. Two long real names side by side (a deadlock's) fit a
 * phone's screen; a piece longer than a line stays whole.
 */
export function wrapped(path: string, maxPx: number, fontPx = LABEL_FONT_PX): string[] {
  if (textWidth(path, fontPx) <= maxPx) return [path];
  const lines: string[] = [];
  let line = '';
  for (const piece of path.split(/(?<=[/-])/)) {
    if (line !== '' && textWidth(line + piece, fontPx) > maxPx) {
      lines.push(line);
      line = '';
    }
    line += piece;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The widest a lock's name is written on one line in a frame `frame` wide: under half of it, so that the two names of a deadlock stand side by side. */
function lineWidthIn(frame: number): number {
  return Math.max(MIN_LINE_PX, Math.floor(frame * 0.45));
}
const MIN_LINE_PX = 130;

/** How wide `text` is written at `fontPx` (the labels' size unless told). */
export function textWidth(text: string, fontPx = LABEL_FONT_PX): number {
  // A Chinese character is as wide as the font is tall; others about CHAR_EM of it.
  return writtenWidth(text, CHAR_EM, 1) * fontPx;
}

/** Half the width of a mark's shape: a session's circle, a group's wider box. */
function halfWidthOf(mark: Pick<GraphMark, 'kind'>): number {
  return mark.kind === 'group' ? MARK_RADIUS * 1.5 : MARK_RADIUS;
}

/** The box of a mark centred at (x, y) with its label under it. */
function boxAt(mark: GraphMark, x: number, y: number): Box {
  const half = halfWidthOf(mark);
  const font = (line: number): number => (line === 0 && mark.deadlocked ? DEAD_LABEL_FONT_PX : LABEL_FONT_PX);
  const width = Math.max(half * 2, ...mark.label.map((line, index) => textWidth(line, font(index))));
  const height = MARK_RADIUS * 2 + 4 + mark.label.length * LABEL_LINE_PX;
  return { x: x - width / 2, y: y - MARK_RADIUS, width, height };
}

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/** How far an edge's lock name stands beside its edge (px): dagre gives it a slot of its own to the edge's right, so that no edge, its own neither, runs through it. */
const LABEL_OFFSET = 6;
/** How far past its label's top and bottom an edge runs straight beside it (px). */
const LABEL_CLEARANCE = 3;
/** Between two marks of one rank, two ranks, two pictures of unconnected sessions (px). */
const NODE_SEP = 28;
const RANK_SEP = 34;
const COMPONENT_GAP = 40;

/** One connected part of the graph, laid out on its own (its marks and edges at its own origin) and then placed in the frame. */
interface Part {
  marks: GraphMark[];
  edges: GraphEdge[];
  width: number;
  height: number;
  deadlocked: boolean;
}

/**
 * Lays out one connected part in layers (dagre): each waiter above the holder it waits for (or,
 * where that is wider than the frame and waiters beside their holders is not, left of it), every
 * edge routed between the marks and its lock's name placed beside it in a slot of its own, so that
 * no edge runs through a mark's label or a lock's name (its own neither) and no label lies on a mark or another label.
 */
function layoutPart(marks: GraphMark[], edges: ReadonlyArray<Omit<GraphEdge, 'label' | 'points'>>, frame: number): Part {
  const font = (edge: Pick<GraphEdge, 'deadlocked'>): number => (edge.deadlocked ? LABEL_FONT_PX + 1 : LABEL_FONT_PX);
  const lineWidth = lineWidthIn(frame);
  const lines = edges.map((edge) => wrapped(edge.lock, lineWidth, font(edge)));
  const attempt = (rankdir: 'TB' | 'LR'): { graph: dagre.graphlib.Graph; width: number; height: number; across: boolean } => {
    const graph = new dagre.graphlib.Graph({ directed: true, multigraph: true });
    graph.setGraph({ rankdir, nodesep: NODE_SEP, ranksep: RANK_SEP, edgesep: 12, marginx: 0, marginy: 0 });
    graph.setDefaultEdgeLabel(() => ({}));
    for (const mark of marks) {
      const box = boxAt(mark, 0, 0);
      graph.setNode(mark.id, { width: box.width, height: box.height });
    }
    for (const [index, edge] of edges.entries()) {
      // A waiter group's own label names its lock already: its edge carries no label.
      const labelled = edge.from.kind === 'session';
      const written = lines[index]!;
      graph.setEdge(edge.from.id, edge.to.id, labelled ? { width: Math.max(...written.map((line) => textWidth(line, font(edge)))) + 4, height: written.length * LABEL_LINE_PX + 2, labelpos: 'r', labeloffset: LABEL_OFFSET } : {}, String(index));
    }
    dagre.layout(graph);
    const { width = 0, height = 0 } = graph.graph();
    return { graph, width, height, across: rankdir === 'LR' };
  };
  let laid = attempt('TB');
  if (laid.width > frame) {
    const across = attempt('LR');
    if (across.width < laid.width) laid = across;
  }
  const placed = marks.map((mark) => {
    const node = laid.graph.node(mark.id);
    const box = boxAt(mark, 0, 0);
    // dagre places the centre of the mark's box (its circle and the label under it); the mark's centre is its circle's.
    const x = node.x;
    const y = node.y - box.height / 2 + MARK_RADIUS;
    return { ...mark, x, y, box: boxAt(mark, x, y) };
  });
  const byId = new Map(placed.map((mark) => [mark.id, mark]));
  const routed = edges.map((edge, index): GraphEdge => {
    const drawn = laid.graph.edge(edge.from.id, edge.to.id, String(index)) as dagre.GraphEdge & { x?: number; y?: number; width?: number; height?: number };
    const from = byId.get(edge.from.id)!;
    const to = byId.get(edge.to.id)!;
    const label =
      edge.from.kind === 'session' && drawn.x !== undefined && drawn.y !== undefined
        ? { x: drawn.x, y: drawn.y, lines: lines[index]!, box: { x: drawn.x - (drawn.width ?? 0) / 2, y: drawn.y - (drawn.height ?? 0) / 2, width: drawn.width ?? 0, height: drawn.height ?? 0 } }
        : null;
    const points = drawn.points.map((point) => ({ x: point.x, y: point.y }));
    return { ...edge, from, to, label, points: label === null ? points : passingBeside(points, label.box, laid.across) };
  });
  return { marks: placed, edges: routed, width: laid.width, height: laid.height, deadlocked: placed.some((mark) => mark.deadlocked) };
}

/**
 * The route of a labelled edge, with the point where it meets its label's rank made two: at the
 * label's near side, level with its top and with its bottom (its left and right, laid across),
 * so that the edge runs along its label, not through it; the curve passes through every point.
 */
function passingBeside(points: Array<{ x: number; y: number }>, box: Box, across: boolean): Array<{ x: number; y: number }> {
  const centre = across ? box.x + box.width / 2 : box.y + box.height / 2;
  let at = 0;
  for (let i = 1; i < points.length; i += 1) {
    if (Math.abs((across ? points[i]!.x : points[i]!.y) - centre) < Math.abs((across ? points[at]!.x : points[at]!.y) - centre)) at = i;
  }
  // The first and last points are on the marks: a label's point is one between.
  if (at === 0 || at === points.length - 1) return points;
  const point = points[at]!;
  const before = points[at - 1]!;
  const [low, high] = across ? [box.x - LABEL_CLEARANCE, box.x + box.width + LABEL_CLEARANCE] : [box.y - LABEL_CLEARANCE, box.y + box.height + LABEL_CLEARANCE];
  // In the direction the edge goes: an edge of a cycle turned back runs up (or left).
  const [first, second] = (across ? before.x : before.y) <= (across ? point.x : point.y) ? [low, high] : [high, low];
  const pair = across ? [{ x: first, y: point.y }, { x: second, y: point.y }] : [{ x: point.x, y: first }, { x: point.x, y: second }];
  return [...points.slice(0, at), ...pair, ...points.slice(at + 1)];
}

/** Moves a laid-out part by (dx, dy). */
function shift(part: Part, dx: number, dy: number): void {
  const moved = (box: Box): Box => ({ ...box, x: box.x + dx, y: box.y + dy });
  for (const mark of part.marks) {
    mark.x += dx;
    mark.y += dy;
    mark.box = moved(mark.box);
  }
  for (const edge of part.edges) {
    edge.points = edge.points.map((point) => ({ x: point.x + dx, y: point.y + dy }));
    if (edge.label !== null) edge.label = { ...edge.label, x: edge.label.x + dx, y: edge.label.y + dy, box: moved(edge.label.box) };
  }
}

/**
 * The picture: each connected part of the graph laid out in layers (`layoutPart`), the parts
 * then placed in rows as wide as the frame, the deadlocks first (where the eye goes and the page
 * opens), then the largest parts, a smaller part filling a row's room where it fits. The same
 * graph is the same picture on every load, whatever the order of the report; a change re-lays only
 * the part it touches and the parts after it (the deadlocks, first, stay where they were).
 */
export function layoutWaitsFor(graph: WaitsForGraph, frameWidth = DEFAULT_WIDTH, waiters: (count: number) => string = englishWaiters): GraphLayout {
  const byName = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const frame = Math.max(MIN_WIDTH, frameWidth) - 2 * PAD;
  const lineWidth = lineWidthIn(frame);
  // In the order of their ids, not of the report: the same graph is the same picture on every load.
  const joined = new Set(graph.edges.flatMap((edge) => (edge.from === edge.to ? [] : [edge.from, edge.to])));
  const loneHolds = new Map(graph.sessions.filter((session) => !joined.has(session.id)).map((session) => [session.id, [...session.holds].sort()]));
  const marks: GraphMark[] = [
    ...[...graph.sessions].sort(byName).map((session) => ({ id: session.id, kind: 'session' as const, detail: session.client, deadlocked: session.deadlocked, count: 1 })),
    ...[...graph.groups].sort(byName).map((group) => ({ id: group.id, kind: 'group' as const, detail: group.lock, deadlocked: false, count: group.count })),
  ].map((mark) => ({ ...mark, x: 0, y: 0, label: labelOf(mark, waiters, lineWidth, loneHolds.get(mark.id)), box: { x: 0, y: 0, width: 0, height: 0 } }));
  const byId = new Map(marks.map((mark) => [mark.id, mark]));
  const edges = [...graph.edges]
    .filter((edge) => byId.has(edge.from) && byId.has(edge.to) && edge.from !== edge.to)
    .sort((a, b) => byName({ id: `${a.from}>${a.to}@${a.lock}` }, { id: `${b.from}>${b.to}@${b.lock}` }))
    .map((edge) => ({ from: byId.get(edge.from)!, to: byId.get(edge.to)!, lock: edge.lock, deadlocked: edge.deadlocked }));
  // The connected parts, by a union of each edge's ends.
  const root = new Map(marks.map((mark) => [mark.id, mark.id]));
  const find = (id: string): string => {
    let at = id;
    while (root.get(at) !== at) at = root.get(at)!;
    root.set(id, at);
    return at;
  };
  for (const edge of edges) root.set(find(edge.from.id), find(edge.to.id));
  // Each part's marks and edges, gathered in one pass over each (a graph of thousands of parts is not filtered once a part).
  const members = new Map<string, { marks: GraphMark[]; edges: typeof edges }>();
  for (const mark of marks) {
    const id = find(mark.id);
    const part = members.get(id);
    if (part === undefined) members.set(id, { marks: [mark], edges: [] });
    else part.marks.push(mark);
  }
  for (const edge of edges) members.get(find(edge.from.id))!.edges.push(edge);
  const parts = [...members.values()]
    .map((part) => layoutPart(part.marks, part.edges, frame))
    .sort((a, b) => Number(b.deadlocked) - Number(a.deadlocked) || b.marks.length - a.marks.length || byName(a.marks[0]!, b.marks[0]!));
  // Rows as wide as the frame, each part centred in the row's height; a part wider than the frame has a row of its own (the picture then scrolls sideways).
  // A part goes into the first row with room left for it that it makes no taller (a lone holder beside a deadlock), else into the last or a new one: no row's gap is left empty when a later part fits it.
  const rows: Array<{ parts: Part[]; width: number; height: number }> = [];
  for (const part of parts) {
    const last = rows.at(-1);
    const fits = (row: (typeof rows)[number]): boolean => row.width + COMPONENT_GAP + part.width <= frame;
    const row = rows.find((candidate) => candidate !== last && part.height <= candidate.height && fits(candidate)) ?? (last !== undefined && fits(last) ? last : undefined);
    if (row === undefined) rows.push({ parts: [part], width: part.width, height: part.height });
    else {
      shift(part, row.width + COMPONENT_GAP, 0);
      row.parts.push(part);
      row.width += COMPONENT_GAP + part.width;
      row.height = Math.max(row.height, part.height);
    }
  }
  let y = 0;
  for (const row of rows) {
    for (const part of row.parts) shift(part, 0, y + (row.height - part.height) / 2);
    y += row.height + COMPONENT_GAP;
  }
  const placed = parts.flatMap((part) => part.marks);
  const routed = parts.flatMap((part) => part.edges);
  const boxes = [...placed.map((mark) => mark.box), ...routed.flatMap((edge) => (edge.label === null ? [] : [edge.label.box]))];
  const right = Math.max(frame, ...boxes.map((box) => box.x + box.width), ...routed.flatMap((edge) => edge.points.map((point) => point.x)));
  const bottom = Math.max(0, ...boxes.map((box) => box.y + box.height), ...routed.flatMap((edge) => edge.points.map((point) => point.y)));
  const height = Math.max(MIN_HEIGHT, bottom + 2 * PAD);
  // Whole pixels: drawn at exactly one pixel a unit.
  return { marks: placed, edges: routed, bounds: { x: -PAD, y: -PAD - (height - bottom - 2 * PAD) / 2, width: Math.ceil(right + 2 * PAD), height: Math.ceil(height) } };
}

/** Room around the picture (px). */
const PAD = MARK_RADIUS;
/** A phone's width less its margins: narrower frames are laid out for this and scroll sideways. */
const MIN_WIDTH = 340;
const MIN_HEIGHT = 420;

/** A smooth curve through points (a B-spline: through the ends, near the bends). */
const curve = line<{ x: number; y: number }>()
  .x((point) => point.x)
  .y((point) => point.y)
  .curve(curveCatmullRom.alpha(0.5));

/**
 * An edge as drawn: along the layout's route, from the rim of the waiter's mark (or under its
 * label, where the route leaves below it) to just short of the holder's rim (or of the bottom of
 * its label, where the route comes in from below), where the arrow head ends; with the middle of
 * the route.
 */
export function edgeGeometry(edge: Pick<GraphEdge, 'from' | 'to' | 'points'>): { d: string; x1: number; y1: number; x2: number; y2: number; labelX: number; labelY: number } {
  const rim = (mark: GraphMark): number => halfWidthOf(mark) + 2;
  const route = edge.points.length >= 2 ? edge.points : [{ x: edge.from.x, y: edge.from.y }, { x: edge.to.x, y: edge.to.y }];
  // The last bend before the holder: the arrow comes in along it.
  const before = route.length >= 3 ? route[route.length - 2]! : route[0]!;
  const ux = before.x - edge.to.x;
  const uy = before.y - edge.to.y;
  const norm = Math.hypot(ux, uy) || 1;
  // A route that comes in from below (a cycle's edge turned back) ends under the holder's label, where the layout ends it, not across the label.
  const last = route[route.length - 1]!;
  const arrivesBelow = last.y > edge.to.y + MARK_RADIUS;
  const end = arrivesBelow ? { x: last.x, y: last.y + 4 } : { x: edge.to.x + (ux / norm) * (rim(edge.to) + 4), y: edge.to.y + (uy / norm) * (rim(edge.to) + 4) };
  // From the waiter's mark: a route that leaves upward or sideways starts on the circle's rim, one that leaves below its label where the layout starts it.
  const first = route[0]!;
  const after = route[1]!;
  const leavesBelow = first.y > edge.from.y + MARK_RADIUS;
  const vx = after.x - edge.from.x;
  const vy = after.y - edge.from.y;
  const along = Math.hypot(vx, vy) || 1;
  const start = leavesBelow ? first : { x: edge.from.x + (vx / along) * rim(edge.from), y: edge.from.y + (vy / along) * rim(edge.from) };
  const drawn = [start, ...route.slice(1, -1), end];
  const middle = route[Math.floor(route.length / 2)]!;
  return { d: curve(drawn) ?? '', x1: start.x, y1: start.y, x2: end.x, y2: end.y, labelX: middle.x, labelY: middle.y };
}
