import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3';
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
  /** Where the edge's lock is written (its centre), clear of every mark and other label; null where no place on the arc is free (its title still says it). */
  label: { x: number; y: number; box: Box } | null;
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
/** Space kept between two boxes. */
const GAP_PX = 6;
/** The width a picture is laid out for when its frame's is not known yet. */
export const DEFAULT_WIDTH = 1100;

/** A session as its label writes it: the end of its id, which tells it from its neighbours. */
export const shortSession = (id: string): string => (id.length > 10 ? `…${id.slice(-6)}` : id);

/** A group's count in English: "3 waiters". */
const englishWaiters = (count: number): string => `${count} ${count === 1 ? 'waiter' : 'waiters'}`;

/** The lines under a mark: a session's id and client address; a group's count (in the page's language) and lock. */
function labelOf(mark: Pick<GraphMark, 'id' | 'kind' | 'detail' | 'count'>, waiters: (count: number) => string): string[] {
  if (mark.kind === 'group') return [waiters(mark.count), ...(mark.detail === null ? [] : [mark.detail])];
  return [shortSession(mark.id), ...(mark.detail === null ? [] : [mark.detail])];
}

/** How wide `text` is written at `fontPx` (the labels' size unless told). */
export function textWidth(text: string, fontPx = LABEL_FONT_PX): number {
  // A Chinese character is as wide as the font is tall; others about CHAR_EM of it.
  return writtenWidth(text, CHAR_EM, 1) * fontPx;
}

/** The box of a mark centred at (x, y) with its label under it. */
function boxAt(mark: GraphMark, x: number, y: number): Box {
  const half = mark.kind === 'group' ? MARK_RADIUS * 1.5 : MARK_RADIUS;
  const font = (line: number): number => (line === 0 && mark.deadlocked ? DEAD_LABEL_FONT_PX : LABEL_FONT_PX);
  const width = Math.max(half * 2, ...mark.label.map((line, index) => textWidth(line, font(index))));
  const height = MARK_RADIUS * 2 + 4 + mark.label.length * LABEL_LINE_PX;
  return { x: x - width / 2, y: y - MARK_RADIUS, width, height };
}

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/**
 * Moves marks apart until no two boxes overlap: each overlapping pair is pushed apart along the
 * axis where they overlap least, horizontally only within `[left, right]` (the frame), else
 * vertically (the picture grows down, the page scrolls).
 */
function separate(marks: GraphMark[], left: number, right: number, pinned: ReadonlySet<GraphMark>): void {
  const boxes = marks.map((mark) => boxAt(mark, mark.x, mark.y));
  for (let round = 0; round < 150; round += 1) {
    let moved = false;
    for (let i = 0; i < marks.length; i += 1) {
      for (let j = i + 1; j < marks.length; j += 1) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (!overlaps(a, b, GAP_PX)) continue;
        moved = true;
        const pushX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) + GAP_PX;
        const pushY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) + GAP_PX;
        const aFirst = a.x + a.width / 2 < b.x + b.width / 2 || (a.x + a.width / 2 === b.x + b.width / 2 && i < j);
        const [first, second] = aFirst ? [i, j] : [j, i];
        const roomLeft = boxes[first]!.x - left;
        const roomRight = right - (boxes[second]!.x + boxes[second]!.width);
        // A mark drawn before stays put where the other can move instead.
        const share = (mover: number, other: number): number => (pinned.has(marks[other]!) && !pinned.has(marks[mover]!) ? 1 : pinned.has(marks[mover]!) && !pinned.has(marks[other]!) ? 0 : 0.5);
        if (pushX <= pushY && roomLeft + roomRight >= pushX) {
          const toLeft = Math.min(roomLeft, Math.max(pushX - roomRight, pushX * share(first, second)));
          marks[first]!.x -= toLeft;
          marks[second]!.x += pushX - toLeft;
        } else {
          const aAbove = a.y + a.height / 2 < b.y + b.height / 2 || (a.y + a.height / 2 === b.y + b.height / 2 && i < j);
          const [upper, lower] = aAbove ? [i, j] : [j, i];
          marks[upper]!.y -= pushY * share(upper, lower);
          marks[lower]!.y += pushY * share(lower, upper);
        }
        boxes[i] = boxAt(marks[i]!, marks[i]!.x, marks[i]!.y);
        boxes[j] = boxAt(marks[j]!, marks[j]!.x, marks[j]!.y);
      }
    }
    if (!moved) break;
  }
  // What the pushes left (a crowd in a narrow frame): from the top down, a mark still on one placed before moves just below it. Nothing overlaps after this.
  const order = marks.map((_, index) => index).sort((a, b) => Number(pinned.has(marks[b]!)) - Number(pinned.has(marks[a]!)) || boxes[a]!.y - boxes[b]!.y || boxes[a]!.x - boxes[b]!.x);
  const placed: Box[] = [];
  for (const index of order) {
    const mark = marks[index]!;
    for (;;) {
      const box = boxAt(mark, mark.x, mark.y);
      const below = placed.filter((other) => overlaps(box, other, GAP_PX)).reduce((lowest, other) => Math.max(lowest, other.y + other.height + GAP_PX + 0.5), Number.NEGATIVE_INFINITY);
      if (below === Number.NEGATIVE_INFINITY) {
        placed.push(box);
        mark.box = box;
        break;
      }
      mark.y += below - box.y;
    }
  }
}

/** Where an edge's lock is written: the first place along its arc, either side, that is clear of every mark and of the labels placed before. */
function placeLabel(edge: Omit<GraphEdge, 'label'>, marks: readonly GraphMark[], placed: readonly Box[]): GraphEdge['label'] {
  const geometry = edgeGeometry(edge);
  const width = textWidth(edge.lock, edge.deadlocked ? LABEL_FONT_PX + 1 : LABEL_FONT_PX);
  const height = LABEL_LINE_PX + 2;
  for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
    const point = geometry.at(t);
    for (const shift of [-height / 2 - 2, height / 2 + 2, 0, -height - 4, height + 4]) {
      const box = { x: point.x - width / 2, y: point.y + shift - height / 2, width, height };
      if (marks.some((mark) => overlaps(box, mark.box, 2)) || placed.some((other) => overlaps(box, other, 2))) continue;
      return { x: point.x, y: point.y + shift, box };
    }
  }
  return null;
}

interface Body extends SimulationNodeDatum {
  mark: GraphMark;
}

/**
 * Places sessions and groups so that each edge is short and no two marks overlap (d3-force, run
 * to rest here rather than animated, so that the picture does not move under the reader). Marks
 * that were drawn before start where they were, so that a change moves little. `random` makes
 * the layout reproducible.
 */
export function layoutWaitsFor(
  graph: WaitsForGraph,
  previous: ReadonlyMap<string, { x: number; y: number }>,
  random: () => number,
  frameWidth = DEFAULT_WIDTH,
  waiters: (count: number) => string = englishWaiters,
): GraphLayout {
  const byName = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  // In the order of their ids, not of the report: the same graph is the same picture on every load.
  const marks: GraphMark[] = [
    ...[...graph.sessions].sort(byName).map((session) => ({ id: session.id, kind: 'session' as const, detail: session.client, deadlocked: session.deadlocked, count: 1 })),
    ...[...graph.groups].sort(byName).map((group) => ({ id: group.id, kind: 'group' as const, detail: group.lock, deadlocked: false, count: group.count })),
  ].map((mark) => ({ ...mark, x: 0, y: 0, label: labelOf(mark, waiters), box: { x: 0, y: 0, width: 0, height: 0 } }));
  const bodies: Body[] = marks.map((mark, index) => {
    const was = previous.get(mark.id);
    // New marks start on a spiral, so that the first layout is the same on every load.
    const angle = index * 2.399963;
    const radius = 30 * Math.sqrt(index + 1);
    return { mark, x: was?.x ?? Math.cos(angle) * radius, y: was?.y ?? Math.sin(angle) * radius };
  });
  const byId = new Map(bodies.map((body) => [body.mark.id, body]));
  const sortedEdges = [...graph.edges].sort((a, b) => byName({ id: `${a.from}>${a.to}@${a.lock}` }, { id: `${b.from}>${b.to}@${b.lock}` }));
  const links: Array<SimulationLinkDatum<Body> & { deadlocked: boolean; lock: string }> = sortedEdges
    .filter((edge) => byId.has(edge.from) && byId.has(edge.to))
    .map((edge) => ({ source: byId.get(edge.from)!, target: byId.get(edge.to)!, deadlocked: edge.deadlocked, lock: edge.lock }));
  // About the radius of the cloud the marks settle in.
  const top = 45 * Math.sqrt(bodies.length);
  const simulation = forceSimulation(bodies)
    .randomSource(random)
    // A cycle's marks keep room between them for their labels.
    // Room on each edge for its lock's name.
    .force(
      'link',
      forceLink(links)
        .distance((link) => (link.deadlocked ? 80 : 24) + textWidth(link.lock) + (boxAt((link.source as Body).mark, 0, 0).width + boxAt((link.target as Body).mark, 0, 0).width) / 2)
        .strength(0.5),
    )
    // A small graph spreads out: there is room, and its labels need it.
    .force('charge', forceManyBody().strength(bodies.length < 30 ? -600 : -260).distanceMax(600))
    // Each mark keeps the room of its label.
    .force('collide', forceCollide<Body>((body) => (body.mark.deadlocked ? MARK_RADIUS * 5 : 0) + Math.max(boxAt(body.mark, 0, 0).width, MARK_RADIUS * 4) * 0.6))
    // Cycles are pulled to the top, where the eye goes first and the page opens.
    .force('x', forceX<Body>(0).strength((body) => (body.mark.deadlocked ? 0.1 : 0.04)))
    .force('y', forceY<Body>((body) => (body.mark.deadlocked ? -top : 0)).strength((body) => (body.mark.deadlocked ? 0.1 : 0.04)))
    .stop();
  // A picture drawn before is only nudged (a cooler start), so that a change moves little; a new one is laid out in full.
  const fresh = bodies.filter((body) => !previous.has(body.mark.id)).length;
  const warm = bodies.length > 0 && fresh * 4 < bodies.length;
  // Warm, the marks drawn before hold still and the new ones find their place among them.
  const pinned = new Set(warm ? marks.filter((mark) => previous.has(mark.id)) : []);
  if (warm) for (const body of bodies) if (pinned.has(body.mark)) [body.fx, body.fy] = [body.x, body.y];
  simulation.alpha(warm ? 0.3 : 1).tick(warm ? 120 : 300);
  for (const body of bodies) {
    body.mark.x = body.x ?? 0;
    body.mark.y = body.y ?? 0;
  }
  // The frame's width, at one pixel a unit: a cloud wider than it is narrowed (the marks, not their labels), then no two boxes may overlap.
  const pad = MARK_RADIUS;
  const half = Math.max(MIN_WIDTH, frameWidth) / 2 - pad;
  const widest = Math.max(0, ...marks.map((mark) => Math.abs(mark.x) + boxAt(mark, 0, 0).width / 2));
  if (widest > half && !warm) for (const mark of marks) mark.x *= half / widest;
  // A small cloud in a wide frame spreads out (twice its size at most): its edges get room for their locks' names.
  else if (widest > 0 && widest < half * 0.85 && !warm) {
    const factor = Math.min(2, (half * 0.85) / widest);
    for (const mark of marks) [mark.x, mark.y] = [mark.x * factor, mark.y * Math.min(factor, 1.4)];
  }
  // A new mark starts inside the frame.
  for (const mark of marks) {
    const room = Math.max(0, half - boxAt(mark, 0, 0).width / 2);
    mark.x = Math.min(room, Math.max(-room, mark.x));
  }
  separate(marks, -half, half, pinned);
  const edges: GraphEdge[] = [];
  const labels: Box[] = [];
  // The cycles' edges are labelled first: they matter most.
  const drawn = sortedEdges.filter((edge) => byId.has(edge.from) && byId.has(edge.to)).sort((a, b) => Number(b.deadlocked) - Number(a.deadlocked));
  for (const edge of drawn) {
    const line = { from: byId.get(edge.from)!.mark, to: byId.get(edge.to)!.mark, lock: edge.lock, deadlocked: edge.deadlocked };
    // A waiter group's own label names its lock already.
    const label = line.from.kind === 'group' ? null : placeLabel(line, marks, labels);
    if (label !== null) labels.push(label.box);
    edges.push({ ...line, label });
  }
  const boxes = [...marks.map((mark) => mark.box), ...labels];
  const minX = Math.min(-half, ...boxes.map((box) => box.x)) - pad;
  let minY = Math.min(0, ...boxes.map((box) => box.y)) - pad;
  const width = Math.max(half, ...boxes.map((box) => box.x + box.width)) + pad - minX;
  let height = Math.max(0, ...boxes.map((box) => box.y + box.height)) + pad - minY;
  if (height < MIN_HEIGHT) {
    minY -= (MIN_HEIGHT - height) / 2;
    height = MIN_HEIGHT;
  }
  // Whole pixels: drawn at exactly one pixel a unit.
  return { marks, edges, bounds: { x: minX, y: minY, width: Math.ceil(width), height: Math.ceil(height) } };
}

/** A phone's width less its margins: narrower frames are laid out for this and scroll sideways. */
const MIN_WIDTH = 340;
const MIN_HEIGHT = 420;

/**
 * An edge as a gentle arc (so that two sessions waiting for each other get two arrows, not one
 * line), from the rim of one mark to the rim of the other, with a point for its label.
 */
export function edgeGeometry(edge: Pick<GraphEdge, 'from' | 'to'>): {
  d: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  labelX: number;
  labelY: number;
  /** The point of the arc at `t` (0 at its start, 1 at its end). */
  at: (t: number) => { x: number; y: number };
} {
  const dx = edge.to.x - edge.from.x;
  const dy = edge.to.y - edge.from.y;
  const length = Math.hypot(dx, dy) || 1;
  // Bent to the right of the direction of travel: the arrow back goes the other way round.
  const bend = Math.min(40, length * 0.18);
  const cx = (edge.from.x + edge.to.x) / 2 - (dy / length) * bend;
  const cy = (edge.from.y + edge.to.y) / 2 + (dx / length) * bend;
  const rim = (mark: GraphMark): number => (mark.kind === 'group' ? MARK_RADIUS * 1.5 : MARK_RADIUS) + 2;
  const toward = (mark: GraphMark, x: number, y: number, distance: number): { x: number; y: number } => {
    const ux = x - mark.x;
    const uy = y - mark.y;
    const norm = Math.hypot(ux, uy) || 1;
    return { x: mark.x + (ux / norm) * distance, y: mark.y + (uy / norm) * distance };
  };
  const start = toward(edge.from, cx, cy, rim(edge.from));
  const end = toward(edge.to, cx, cy, rim(edge.to) + 4);
  return {
    d: `M${start.x},${start.y} Q${cx},${cy} ${end.x},${end.y}`,
    x1: start.x,
    y1: start.y,
    x2: end.x,
    y2: end.y,
    // The middle of the arc.
    labelX: 0.25 * start.x + 0.5 * cx + 0.25 * end.x,
    labelY: 0.25 * start.y + 0.5 * cy + 0.25 * end.y,
    at: (t) => ({ x: (1 - t) * (1 - t) * start.x + 2 * (1 - t) * t * cx + t * t * end.x, y: (1 - t) * (1 - t) * start.y + 2 * (1 - t) * t * cy + t * t * end.y }),
  };
}
