import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3';
import type { WaitsForGraph } from '../protocol';

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
}

export interface GraphEdge {
  from: GraphMark;
  to: GraphMark;
  lock: string;
  deadlocked: boolean;
}

export interface GraphLayout {
  marks: GraphMark[];
  edges: GraphEdge[];
  /** The box around every mark, with room for labels. */
  bounds: { x: number; y: number; width: number; height: number };
}

export const MARK_RADIUS = 16;

interface Body extends SimulationNodeDatum {
  mark: GraphMark;
}

/**
 * Places sessions and groups so that each edge is short and no two marks overlap (d3-force, run
 * to rest here rather than animated, so that the picture does not move under the reader). Marks
 * that were drawn before start where they were, so that a change moves little. `random` makes
 * the layout reproducible.
 */
export function layoutWaitsFor(graph: WaitsForGraph, previous: ReadonlyMap<string, { x: number; y: number }>, random: () => number): GraphLayout {
  const marks: GraphMark[] = [
    ...graph.sessions.map((session) => ({ id: session.id, kind: 'session' as const, x: 0, y: 0, detail: session.client, deadlocked: session.deadlocked, count: 1 })),
    ...graph.groups.map((group) => ({ id: group.id, kind: 'group' as const, x: 0, y: 0, detail: group.lock, deadlocked: false, count: group.count })),
  ];
  const bodies: Body[] = marks.map((mark, index) => {
    const was = previous.get(mark.id);
    // New marks start on a spiral, so that the first layout is the same on every load.
    const angle = index * 2.399963;
    const radius = 30 * Math.sqrt(index + 1);
    return { mark, x: was?.x ?? Math.cos(angle) * radius, y: was?.y ?? Math.sin(angle) * radius };
  });
  const byId = new Map(bodies.map((body) => [body.mark.id, body]));
  const links: Array<SimulationLinkDatum<Body> & { deadlocked: boolean }> = graph.edges
    .filter((edge) => byId.has(edge.from) && byId.has(edge.to))
    .map((edge) => ({ source: byId.get(edge.from)!, target: byId.get(edge.to)!, deadlocked: edge.deadlocked }));
  // About the radius of the cloud the marks settle in.
  const top = 45 * Math.sqrt(bodies.length);
  const simulation = forceSimulation(bodies)
    .randomSource(random)
    // A cycle's marks keep room between them for their labels.
    .force('link', forceLink(links).distance((link) => (link.deadlocked ? 190 : 110)).strength(0.5))
    // A small graph spreads out: there is room, and its labels need it.
    .force('charge', forceManyBody().strength(bodies.length < 30 ? -600 : -260).distanceMax(600))
    .force('collide', forceCollide<Body>((body) => (body.mark.deadlocked ? MARK_RADIUS * 5 : body.mark.kind === 'group' ? MARK_RADIUS * 2.6 : MARK_RADIUS * 2.2)))
    // Cycles are pulled to the top, where the eye goes first and the page opens.
    .force('x', forceX<Body>(0).strength((body) => (body.mark.deadlocked ? 0.1 : 0.04)))
    .force('y', forceY<Body>((body) => (body.mark.deadlocked ? -top : 0)).strength((body) => (body.mark.deadlocked ? 0.1 : 0.04)))
    .stop();
  // A picture drawn before is only nudged (a cooler start), so that a change moves little; a new one is laid out in full.
  const fresh = bodies.filter((body) => !previous.has(body.mark.id)).length;
  const warm = bodies.length > 0 && fresh * 4 < bodies.length;
  simulation.alpha(warm ? 0.1 : 1).tick(warm ? 80 : 300);
  for (const body of bodies) {
    body.mark.x = body.x ?? 0;
    body.mark.y = body.y ?? 0;
  }
  const edges = graph.edges
    .filter((edge) => byId.has(edge.from) && byId.has(edge.to))
    .map((edge) => ({ from: byId.get(edge.from)!.mark, to: byId.get(edge.to)!.mark, lock: edge.lock, deadlocked: edge.deadlocked }));
  const pad = MARK_RADIUS * 5;
  const xs = marks.map((mark) => mark.x);
  const ys = marks.map((mark) => mark.y);
  let minX = Math.min(0, ...xs) - pad;
  let minY = Math.min(0, ...ys) - pad;
  let width = Math.max(0, ...xs) + pad - minX;
  let height = Math.max(0, ...ys) + pad - minY;
  // A small graph keeps its natural size instead of being blown up to fill the frame.
  if (width < MIN_WIDTH) {
    minX -= (MIN_WIDTH - width) / 2;
    width = MIN_WIDTH;
  }
  if (height < MIN_HEIGHT) {
    minY -= (MIN_HEIGHT - height) / 2;
    height = MIN_HEIGHT;
  }
  return { marks, edges, bounds: { x: minX, y: minY, width, height } };
}

const MIN_WIDTH = 900;
const MIN_HEIGHT = 560;

/**
 * An edge as a gentle arc (so that two sessions waiting for each other get two arrows, not one
 * line), from the rim of one mark to the rim of the other, with a point for its label.
 */
export function edgeGeometry(edge: GraphEdge): { d: string; x1: number; y1: number; x2: number; y2: number; labelX: number; labelY: number } {
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
  };
}
