'use client';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { lcg } from '../lib/random';
import type { WaitsForGraph } from '../lib/protocol';
import { DEFAULT_WIDTH, edgeGeometry, LABEL_LINE_PX, layoutWaitsFor, MARK_RADIUS, shortSession, type GraphLayout } from '../lib/view/waits-for-layout';
import { formatCount } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { useWaitsFor } from './useWaitsFor';

const lockHref = (lock: string): string => `/locks${encodeZnodePath(lock)}`;

/**
 * The picture: sessions as circles, the waiters of a lock that hold nothing as one box, an arrow
 * from each waiter to the holder it waits for. Drawn at one pixel a unit (labels at their real
 * size, 12 px and up), as wide as its frame; a mark is selected by a click, a tap or Enter.
 */
function GraphPicture({ layout, graph, selected, onSelect }: { layout: GraphLayout; graph: WaitsForGraph; selected: string | null; onSelect: (id: string | null) => void }) {
  const { x, y, width, height } = layout.bounds;
  const keyed = (id: string) => ({
    tabIndex: 0,
    role: 'button',
    'aria-pressed': selected === id,
    onClick: () => onSelect(selected === id ? null : id),
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onSelect(selected === id ? null : id);
    },
  });
  return (
    <svg
      className="waits-graph"
      viewBox={`${x} ${y} ${width} ${height}`}
      width={width}
      height={height}
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
        const near = selected !== null && (edge.from.id === selected || edge.to.id === selected);
        return (
          <g
            key={`${edge.from.id}>${edge.to.id}@${edge.lock}`}
            data-testid="waits-edge"
            data-from={edge.from.id}
            data-to={edge.to.id}
            data-lock={edge.lock}
            data-deadlocked={edge.deadlocked}
            className={near ? 'is-near' : undefined}
          >
            <title>{`${edge.from.kind === 'group' ? `${edge.from.count} waiters` : edge.from.id} wait${edge.from.kind === 'group' ? '' : 's'} in ${edge.lock} for ${edge.to.id}`}</title>
            <path d={geometry.d} className={`waits-line${edge.deadlocked ? ' dead' : ''}`} markerEnd={`url(#${edge.deadlocked ? 'waits-arrow-dead' : 'waits-arrow'})`} />
            {edge.label !== null ? (
              <a href={lockHref(edge.lock)} tabIndex={-1}>
                <text x={edge.label.x} y={edge.label.y + 4} className={`waits-edge-label${edge.deadlocked ? ' dead' : ''}`} textAnchor="middle" data-testid="waits-edge-label">
                  {edge.lock}
                </text>
              </a>
            ) : null}
          </g>
        );
      })}
      {layout.marks.map((mark) => {
        // The whole box of the mark and its label takes the click or the tap: a target larger than the circle.
        const hit = <rect x={mark.box.x} y={mark.box.y} width={mark.box.width} height={mark.box.height} className="waits-hit" />;
        const lines = mark.label.map((line, index) => (
          <text
            key={index}
            x={mark.x}
            y={mark.y + MARK_RADIUS + 4 + LABEL_LINE_PX * (index + 1) - 4}
            textAnchor="middle"
            className={`waits-label${index > 0 ? ' muted-text' : ''}`}
            data-testid="waits-label"
          >
            {line}
          </text>
        ));
        return mark.kind === 'group' ? (
          <g key={mark.id} data-testid="waits-group" data-lock={mark.detail ?? ''} className={`waits-mark${selected === mark.id ? ' is-selected' : ''}`} aria-label={`${mark.count} waiters in ${mark.detail} that hold no lock`} {...keyed(mark.id)}>
            {hit}
            <rect x={mark.x - MARK_RADIUS * 1.5} y={mark.y - MARK_RADIUS} width={MARK_RADIUS * 3} height={MARK_RADIUS * 2} rx={6} className="waits-group" />
            <text x={mark.x} y={mark.y + 4} textAnchor="middle" className="waits-group-count">
              {mark.count}
            </text>
            {lines}
          </g>
        ) : (
          <g
            key={mark.id}
            data-testid="waits-session"
            data-session={mark.id}
            data-deadlocked={mark.deadlocked}
            className={`waits-mark${selected === mark.id ? ' is-selected' : ''}`}
            aria-label={`session ${mark.id}${mark.detail ? ` from ${mark.detail}` : ''}${mark.deadlocked ? ', deadlocked' : ''}`}
            {...keyed(mark.id)}
          >
            {hit}
            <circle cx={mark.x} cy={mark.y} r={MARK_RADIUS} className={`waits-session${mark.deadlocked ? ' dead' : ''}`} />
            {lines}
          </g>
        );
      })}
    </svg>
  );
}

/** What the selected mark is: its session (or group), where it connects from, what it holds and waits in, with links. */
function MarkDetails({ graph, id, onClose }: { graph: WaitsForGraph; id: string; onClose: () => void }) {
  const session = graph.sessions.find((candidate) => candidate.id === id);
  const group = graph.groups.find((candidate) => candidate.id === id);
  if (session === undefined && group === undefined) return null;
  const locks = (paths: readonly string[]) =>
    paths.map((path, index) => (
      <span key={path}>
        {index > 0 ? ', ' : ''}
        <Link href={lockHref(path)} className="mono">
          {path}
        </Link>
      </span>
    ));
  return (
    <section className="panel waits-details" aria-label="Selected" data-testid="waits-details" aria-live="polite">
      <button type="button" className="close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      {session !== undefined ? (
        <>
          <h2>
            Session <span className="mono">{session.id}</span>
          </h2>
          <dl>
            <dt>Client</dt>
            <dd className="mono">{session.client ?? 'unknown'}</dd>
            <dt>Holds</dt>
            <dd>{session.holds.length === 0 ? 'nothing' : locks(session.holds)}</dd>
            <dt>Waits in</dt>
            <dd>{session.waitsIn.length === 0 ? 'nothing' : locks(session.waitsIn)}</dd>
          </dl>
          {session.deadlocked ? <p className="bad-text">On a deadlock cycle: it waits for a session that waits for it.</p> : null}
          {/* A page load, not a client-side move: the sessions page marks the row the address names as it opens. */}
          <a href={`/sessions#session-${session.id}`} data-testid="waits-open-session">
            Open in the sessions table
          </a>
        </>
      ) : (
        <>
          <h2>
            {group!.count} waiter{group!.count === 1 ? '' : 's'} that hold nothing
          </h2>
          <p>
            In {locks([group!.lock])}: each waits for the lock&apos;s holder.
          </p>
        </>
      )}
    </section>
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
  const [selected, setSelected] = useState<string | null>(null);
  // The picture is as wide as its frame: measured, and laid out again when it changes by more than a little.
  const frame = useRef<HTMLElement>(null);
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  const ready = graph !== null;
  useEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const measure = (): void => {
      const width = Math.floor(element.clientWidth - 2);
      setFrameWidth((current) => (current === null || Math.abs(current - width) > 24 ? width : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);
  // Laid out again whenever the graph changes, from the last picture's positions, so that a change moves little; afresh for a new width.
  const [drawn, setDrawn] = useState<{ graph: WaitsForGraph; width: number; layout: GraphLayout } | null>(null);
  const width = frameWidth ?? DEFAULT_WIDTH;
  if (graph !== null && frameWidth !== null && (drawn?.graph !== graph || drawn.width !== width)) {
    const placed = new Map(drawn?.width === width ? drawn.layout.marks.map((mark) => [mark.id, { x: mark.x, y: mark.y }]) : []);
    setDrawn({ graph, width, layout: layoutWaitsFor(graph, placed, lcg(20261122), width) });
  }
  const layout = drawn?.graph === graph ? drawn.layout : null;

  if (graph === null) {
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
          the session holding the lock it waits in; red arrows close a cycle. Select a mark (click, tap, or Tab and Enter) for its session, client and locks.
        </p>
        {graph.omitted.sessions + graph.omitted.groups > 0 ? (
          <p className="muted small" data-testid="waits-omitted">
            To stay readable the picture draws every session on a cycle and the busiest locks: {formatCount(graph.omitted.locks)} quieter lock
            {graph.omitted.locks === 1 ? '' : 's'}, {formatCount(graph.omitted.sessions)} session{graph.omitted.sessions === 1 ? '' : 's'} and{' '}
            {formatCount(graph.omitted.groups)} group{graph.omitted.groups === 1 ? '' : 's'} of waiters are left out. The <Link href="/sessions">sessions</Link> page lists them all.
          </p>
        ) : null}
      </section>
      <section className="waits-canvas" aria-label="Waits-for graph" ref={frame}>
        {selected !== null ? <MarkDetails graph={graph} id={selected} onClose={() => setSelected(null)} /> : null}
        {layout === null ? (
          <p className="loading" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Laying out…
          </p>
        ) : graph.sessions.length === 0 && graph.groups.length === 0 ? (
          <div className="empty" data-testid="waits-empty">
            <h2>Nobody holds a lock right now</h2>
            <p>Sessions appear here as soon as one holds a lock the explorer follows (every lock under its roots, and every lock page open).</p>
          </div>
        ) : (
          <GraphPicture layout={layout} graph={graph} selected={selected} onSelect={setSelected} />
        )}
      </section>
    </div>
  );
}
