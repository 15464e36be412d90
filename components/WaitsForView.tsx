'use client';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { lcg } from '../lib/random';
import type { WaitsForGraph } from '../lib/protocol';
import { edgeGeometry, layoutWaitsFor, MARK_RADIUS, type GraphLayout } from '../lib/view/waits-for-layout';
import { formatCount } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { useWaitsFor } from './useWaitsFor';

/** Labels under every mark while they stay legible; past that, only the marks on a cycle are labelled. */
const LABEL_ALL_UP_TO = 60;

const shortSession = (id: string): string => (id.length > 10 ? `…${id.slice(-6)}` : id);
const lockHref = (lock: string): string => `/locks${encodeZnodePath(lock)}`;

/** The picture: sessions as circles, the waiters of a lock that hold nothing as one box, an arrow from each waiter to the holder it waits for. */
function GraphPicture({ layout, graph }: { layout: GraphLayout; graph: WaitsForGraph }) {
  const labelAll = layout.marks.length <= LABEL_ALL_UP_TO;
  const { x, y, width, height } = layout.bounds;
  const sessions = new Map(graph.sessions.map((session) => [session.id, session]));
  return (
    <svg
      className="waits-graph"
      viewBox={`${x} ${y} ${width} ${height}`}
      // A large graph gets a tall picture (the page scrolls) rather than small print.
      style={{ height: `${Math.round(Math.min(1800, Math.max(560, height * 0.8)))}px` }}
      role="group"
      aria-label={`Waits-for graph: ${graph.sessions.length} sessions that hold locks, ${graph.groups.length} groups of waiters, ${graph.deadlocks.length} deadlocks`}
      data-testid="waits-graph"
    >
      <defs>
        <marker id="waits-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="waits-arrow" />
        </marker>
        <marker id="waits-arrow-dead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="waits-arrow dead" />
        </marker>
      </defs>
      {layout.edges.map((edge) => {
        const geometry = edgeGeometry(edge);
        return (
          <g key={`${edge.from.id}>${edge.to.id}@${edge.lock}`} data-testid="waits-edge" data-from={edge.from.id} data-to={edge.to.id} data-lock={edge.lock} data-deadlocked={edge.deadlocked}>
            <title>{`${edge.from.kind === 'group' ? `${edge.from.count} waiters` : edge.from.id} wait${edge.from.kind === 'group' ? '' : 's'} in ${edge.lock} for ${edge.to.id}`}</title>
            <path d={geometry.d} className={`waits-line${edge.deadlocked ? ' dead' : ''}`} markerEnd={`url(#${edge.deadlocked ? 'waits-arrow-dead' : 'waits-arrow'})`} />
            {edge.deadlocked || labelAll ? (
              <a href={lockHref(edge.lock)}>
                <text x={geometry.labelX} y={geometry.labelY - 6} className={`waits-edge-label${edge.deadlocked ? ' dead' : ''}`} textAnchor="middle">
                  {edge.lock}
                </text>
              </a>
            ) : null}
          </g>
        );
      })}
      {layout.marks.map((mark) =>
        mark.kind === 'group' ? (
          <a key={mark.id} href={lockHref(mark.detail ?? '/')} data-testid="waits-group" data-lock={mark.detail ?? ''}>
            <title>{`${mark.count} waiters in ${mark.detail} that hold no lock`}</title>
            <rect x={mark.x - MARK_RADIUS * 1.5} y={mark.y - MARK_RADIUS} width={MARK_RADIUS * 3} height={MARK_RADIUS * 2} rx={6} className="waits-group" />
            <text x={mark.x} y={mark.y + 4} textAnchor="middle" className="waits-group-count">
              {mark.count}
            </text>
            <text x={mark.x} y={mark.y + MARK_RADIUS + 13} textAnchor="middle" className="waits-label muted-text">
              {mark.count === 1 ? 'waiter' : 'waiters'}
            </text>
          </a>
        ) : (
          <a key={mark.id} href={`/sessions#session-${mark.id}`} data-testid="waits-session" data-session={mark.id} data-deadlocked={mark.deadlocked}>
            <title>{`session ${mark.id}${mark.detail ? ` from ${mark.detail}` : ''}; holds ${sessions.get(mark.id)?.holds.join(', ') ?? ''}${(sessions.get(mark.id)?.waitsIn.length ?? 0) > 0 ? `; waits in ${sessions.get(mark.id)!.waitsIn.join(', ')}` : ''}`}</title>
            <circle cx={mark.x} cy={mark.y} r={MARK_RADIUS} className={`waits-session${mark.deadlocked ? ' dead' : ''}`} />
            {labelAll || mark.deadlocked ? (
              <>
                <text x={mark.x} y={mark.y + MARK_RADIUS + (mark.deadlocked ? 16 : 13)} textAnchor="middle" className="waits-label">
                  {shortSession(mark.id)}
                </text>
                {mark.detail ? (
                  <text x={mark.x} y={mark.y + MARK_RADIUS + (mark.deadlocked ? 31 : 25)} textAnchor="middle" className="waits-label muted-text">
                    {mark.detail}
                  </text>
                ) : null}
              </>
            ) : null}
          </a>
        ),
      )}
    </svg>
  );
}

/** The sessions on a cycle and the edges between them: what an operator with a deadlock needs first. */
function cyclesOnly(graph: WaitsForGraph): WaitsForGraph {
  return { ...graph, sessions: graph.sessions.filter((session) => session.deadlocked), groups: [], edges: graph.edges.filter((edge) => edge.deadlocked), omitted: { sessions: 0, groups: 0, locks: 0 } };
}

/** Who waits for whom across every lock followed, live, with every deadlock in red and listed beside. */
export function WaitsForView() {
  const everything = useWaitsFor();
  const [onlyCycles, setOnlyCycles] = useState(false);
  const graph = useMemo(() => (everything === null || !onlyCycles ? everything : cyclesOnly(everything)), [everything, onlyCycles]);
  // Laid out again whenever the graph changes, from the last picture's positions, so that a change moves little.
  const [drawn, setDrawn] = useState<{ graph: WaitsForGraph; layout: GraphLayout } | null>(null);
  if (graph !== null && drawn?.graph !== graph) {
    const placed = new Map((drawn?.layout.marks ?? []).map((mark) => [mark.id, { x: mark.x, y: mark.y }]));
    setDrawn({ graph, layout: layoutWaitsFor(graph, placed, lcg(20261122)) });
  }
  const layout = drawn?.graph === graph ? drawn.layout : null;

  if (graph === null || layout === null) {
    return (
      <p className="loading" aria-busy="true" data-testid="waits-loading">
        <span className="spinner" aria-hidden="true" /> Reading who waits for whom…
      </p>
    );
  }
  return (
    <div className="waits-layout">
      <section className="panel waits-side" aria-label="Deadlocks" data-testid="waits-deadlocks">
        <h2>
          Deadlocks <span className={`badge ${graph.deadlocks.length > 0 ? 'bad' : 'good'}`}>{graph.deadlocks.length}</span>
        </h2>
        {graph.deadlocks.length === 0 ? (
          <p className="muted">No cycle: every session that waits is waiting for one that can go on.</p>
        ) : (
          graph.deadlocks.map((deadlock) => (
            <ol key={deadlock.sessions.join()} className="deadlock-steps" data-testid="waits-deadlock">
              {deadlock.cycle.map((step) => (
                <li key={step.session}>
                  <Link href={`/sessions#session-${step.session}`} className="mono">
                    {step.session}
                  </Link>
                  {step.client ? <span className="muted"> ({step.client})</span> : null} waits in{' '}
                  <Link href={lockHref(step.waitsIn)} className="mono">
                    {step.waitsIn}
                  </Link>{' '}
                  for <span className="mono">{shortSession(step.waitsFor)}</span>
                </li>
              ))}
            </ol>
          ))
        )}
        <label className="check" htmlFor="only-cycles">
          <input id="only-cycles" type="checkbox" checked={onlyCycles} data-testid="only-cycles" onChange={(event) => setOnlyCycles(event.target.checked)} />
          <span>Only the sessions on a cycle</span>
        </label>
        <p className="muted small" data-testid="waits-legend">
          {graph.sessions.length} session{graph.sessions.length === 1 ? '' : 's'} hold locks
          {graph.groups.length > 0 ? `; ${graph.groups.reduce((sum, group) => sum + group.count, 0)} waiters that hold nothing are drawn as one box per lock` : ''}. An arrow goes from a waiter to
          the session holding the lock it waits in; red arrows close a cycle. Hover a mark for its session and locks; click it to open it.
        </p>
        {graph.omitted.sessions + graph.omitted.groups > 0 ? (
          <p className="muted small" data-testid="waits-omitted">
            To stay readable the picture draws every session on a cycle and the busiest locks: {formatCount(graph.omitted.locks)} quieter lock
            {graph.omitted.locks === 1 ? '' : 's'}, {formatCount(graph.omitted.sessions)} session{graph.omitted.sessions === 1 ? '' : 's'} and{' '}
            {formatCount(graph.omitted.groups)} group{graph.omitted.groups === 1 ? '' : 's'} of waiters are left out. The <Link href="/sessions">sessions</Link> page lists them all.
          </p>
        ) : null}
      </section>
      <section className="waits-canvas" aria-label="Waits-for graph">
        {graph.sessions.length === 0 && graph.groups.length === 0 ? (
          <div className="empty" data-testid="waits-empty">
            <h2>Nobody holds a lock right now</h2>
            <p>Sessions appear here as soon as one holds a lock the explorer follows (every lock under its roots, and every lock page open).</p>
          </div>
        ) : (
          <GraphPicture layout={layout} graph={graph} />
        )}
      </section>
    </div>
  );
}
