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
  const links: Array<SimulationLinkDatum<Body>> = graph.edges
    .filter((edge) => byId.has(edge.from) && byId.has(edge.to))
    .map((edge) => ({ source: byId.get(edge.from)!, target: byId.get(edge.to)! }));
  const simulation = forceSimulation(bodies)
    .randomSource(random)
    .force('link', forceLink(links).distance(110).strength(0.5))
    .force('charge', forceManyBody().strength(-260).distanceMax(600))
    .force('collide', forceCollide<Body>((body) => (body.mark.kind === 'group' ? MARK_RADIUS * 2.6 : MARK_RADIUS * 2.2)))
    .force('x', forceX(0).strength(0.04))
    .force('y', forceY(0).strength(0.04))
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
  const pad = MARK_RADIUS * 4;
  const xs = marks.map((mark) => mark.x);
  const ys = marks.map((mark) => mark.y);
  const minX = Math.min(0, ...xs) - pad;
  const minY = Math.min(0, ...ys) - pad;
  const maxX = Math.max(0, ...xs) + pad;
  const maxY = Math.max(0, ...ys) + pad;
  return { marks, edges, bounds: { x: minX, y: minY, width: maxX - minX, height: maxY - minY } };
}

/** Where an edge starts and ends: on the rims of its two marks, not their centres, so that the arrowhead shows. */
export function edgeEnds(edge: GraphEdge): { x1: number; y1: number; x2: number; y2: number } {
  const dx = edge.to.x - edge.from.x;
  const dy = edge.to.y - edge.from.y;
  const length = Math.hypot(dx, dy) || 1;
  const rim = (mark: GraphMark): number => (mark.kind === 'group' ? MARK_RADIUS * 1.4 : MARK_RADIUS) + 2;
  return {
    x1: edge.from.x + (dx / length) * rim(edge.from),
    y1: edge.from.y + (dy / length) * rim(edge.from),
    x2: edge.to.x - (dx / length) * (rim(edge.to) + 4),
    y2: edge.to.y - (dy / length) * (rim(edge.to) + 4),
  };
}
