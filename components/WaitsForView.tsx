'use client';
import { Link } from './EnsembleLink';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { Language } from '../lib/i18n/messages';
import type { WaitsForGraph } from '../lib/protocol';
import { DEFAULT_WIDTH, edgeGeometry, LABEL_LINE_PX, layoutWaitsFor, MARK_RADIUS, shortSession, type GraphLayout } from '../lib/view/waits-for-layout';
import { formatCount } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { richText, useLanguage, type Translate } from './language';
import { useWaitsFor } from './useWaitsFor';
import { pageOfEnsemble } from '../lib/view/ensemble-path';
import { useEnsemble } from './ensemble';

const lockHref = (lock: string): string => `/locks${encodeZnodePath(lock)}`;

/**
 * The picture: sessions as circles, the waiters of a lock that hold nothing as one box, an arrow
 * from each waiter to the holder it waits for. Drawn at one pixel a unit (labels at their real
 * size, 12 px and up), as wide as its frame; a mark is selected by a click, a tap or Enter.
 */
function GraphPicture({ layout, graph, selected, onSelect, t }: { layout: GraphLayout; graph: WaitsForGraph; selected: string | null; onSelect: (id: string | null) => void; t: Translate }) {
  const ensemble = useEnsemble();
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
      aria-label={t('waitsGraphLabel', { sessions: graph.sessions.length, groups: graph.groups.length, deadlocks: graph.deadlocks.length })}
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
            <title>{edge.from.kind === 'group' ? t('waitsEdgeGroup', { n: edge.from.count, lock: edge.lock, to: edge.to.id }) : t('waitsEdgeSession', { from: edge.from.id, lock: edge.lock, to: edge.to.id })}</title>
            <path d={geometry.d} className={`waits-line${edge.deadlocked ? ' dead' : ''}`} markerEnd={`url(#${edge.deadlocked ? 'waits-arrow-dead' : 'waits-arrow'})`} />
            {edge.label !== null ? (
              <a href={pageOfEnsemble(lockHref(edge.lock), ensemble)} tabIndex={-1}>
                <text x={edge.label.x} y={edge.label.y + 4 - ((edge.label.lines.length - 1) * LABEL_LINE_PX) / 2} className={`waits-edge-label${edge.deadlocked ? ' dead' : ''}`} textAnchor="middle" data-testid="waits-edge-label">
                  {edge.label.lines.map((line, index) => (
                    <tspan key={index} x={edge.label!.x} dy={index === 0 ? 0 : LABEL_LINE_PX}>
                      {line}
                    </tspan>
                  ))}
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
          <g key={mark.id} data-testid="waits-group" data-lock={mark.detail ?? ''} className={`waits-mark${selected === mark.id ? ' is-selected' : ''}`} aria-label={t('waitsGroupAria', { n: mark.count, lock: mark.detail ?? '' })} {...keyed(mark.id)}>
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
            aria-label={`${t('waitsSessionAria', { id: mark.id })}${mark.detail ? t('waitsFrom', { client: mark.detail }) : ''}${mark.deadlocked ? t('waitsDeadlockedAria') : ''}`}
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
function MarkDetails({ graph, id, onClose, t }: { graph: WaitsForGraph; id: string; onClose: () => void; t: Translate }) {
  const ensemble = useEnsemble();
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
    <section className="panel waits-details" aria-label={t('selectedLabel')} data-testid="waits-details" aria-live="polite">
      <button type="button" className="close" aria-label={t('closeLabel')} onClick={onClose}>
        ×
      </button>
      {session !== undefined ? (
        <>
          <h2>{richText(t('waitsSessionHeading'), { id: <span className="mono">{session.id}</span> })}</h2>
          <dl>
            <dt>{t('colClient')}</dt>
            <dd className="mono">{session.client ?? t('unknownWord')}</dd>
            <dt>{t('colHolds')}</dt>
            <dd>{session.holds.length === 0 ? t('nothingWord') : locks(session.holds)}</dd>
            <dt>{t('waitsIn')}</dt>
            <dd>{session.waitsIn.length === 0 ? t('nothingWord') : locks(session.waitsIn)}</dd>
          </dl>
          {session.deadlocked ? <p className="bad-text">{t('onCycle')}</p> : null}
          {/* A page load, not a client-side move: the sessions page marks the row the address names as it opens. */}
          <a href={pageOfEnsemble(`/sessions#session-${session.id}`, ensemble)} data-testid="waits-open-session">
            {t('openInSessions')}
          </a>
        </>
      ) : (
        <>
          <h2>{group!.count === 1 ? t('groupHeadingOne') : t('groupHeading', { n: group!.count })}</h2>
          <p>{richText(t('groupIn'), { lock: locks([group!.lock]) })}</p>
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
  const { language, t } = useLanguage();
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
  // Laid out again whenever the graph, the frame's width or the language changes (a change re-lays the part of the graph it touches).
  const [drawn, setDrawn] = useState<{ graph: WaitsForGraph; width: number; language: Language; layout: GraphLayout } | null>(null);
  const width = frameWidth ?? DEFAULT_WIDTH;
  if (graph !== null && frameWidth !== null && (drawn?.graph !== graph || drawn.width !== width || drawn.language !== language)) {
    const waiters = (count: number): string => (count === 1 ? t('waitersOne') : t('waitersMany', { n: count }));
    setDrawn({ graph, width, language, layout: layoutWaitsFor(graph, width, waiters) });
  }
  const layout = drawn?.graph === graph ? drawn.layout : null;

  if (graph === null) {
    return (
      <p className="loading" aria-busy="true" data-testid="waits-loading">
        <span className="spinner" aria-hidden="true" /> {t('readingWaits')}
      </p>
    );
  }
  return (
    <div className="waits-layout">
      <section className="panel waits-side" aria-label={t('deadlocksHeading')} data-testid="waits-deadlocks">
        <h2>
          {t('deadlocksHeading')} <span className={`badge ${graph.deadlocks.length > 0 ? 'bad' : 'good'}`}>{graph.deadlocks.length}</span>
        </h2>
        {graph.deadlocks.length === 0 ? (
          <p className="muted">{t('noCycle')}</p>
        ) : (
          graph.deadlocks.map((deadlock) => (
            <Fragment key={deadlock.sessions.join()}>
              <p className="deadlock-caption">{t('cycleOf', { n: deadlock.sessions.length, steps: deadlock.cycle.length })}</p>
              <ol className="deadlock-steps" data-testid="waits-deadlock">
                {deadlock.cycle.map((step) => (
                  <li key={step.session}>
                    {richText(t('stepWaits'), {
                      session: (
                        <Link href={`/sessions#session-${step.session}`} className="mono">
                          {step.session}
                        </Link>
                      ),
                      client: step.client ? <span className="muted"> ({step.client})</span> : null,
                      lock: (
                        <Link href={lockHref(step.waitsIn)} className="mono">
                          {step.waitsIn}
                        </Link>
                      ),
                      holder: <span className="mono">{shortSession(step.waitsFor)}</span>,
                    })}
                  </li>
                ))}
              </ol>
            </Fragment>
          ))
        )}
        <label className="check" htmlFor="only-cycles">
          <input id="only-cycles" type="checkbox" checked={onlyCycles} data-testid="only-cycles" onChange={(event) => setOnlyCycles(event.target.checked)} />
          <span>{t('onlyCycles')}</span>
        </label>
        <p className="muted small" data-testid="waits-legend">
          {graph.sessions.length === 1 ? t('legendSessionsOne') : t('legendSessions', { n: graph.sessions.length })}
          {graph.groups.length > 0 ? t('legendGroups', { n: graph.groups.reduce((sum, group) => sum + group.count, 0) }) : ''}
          {t('legendRest')}
        </p>
        {graph.omitted.sessions + graph.omitted.groups > 0 ? (
          <p className="muted small" data-testid="waits-omitted">
            {richText(t('omittedText'), {
              locks: graph.omitted.locks === 1 ? t('omittedLocksOne') : t('omittedLocks', { n: formatCount(graph.omitted.locks) }),
              sessions: graph.omitted.sessions === 1 ? t('omittedSessionsOne') : t('omittedSessions', { n: formatCount(graph.omitted.sessions) }),
              groups: graph.omitted.groups === 1 ? t('omittedGroupsOne') : t('omittedGroups', { n: formatCount(graph.omitted.groups) }),
              sessionsLink: <Link href="/sessions">{t('sessionsLinkWord')}</Link>,
            })}
          </p>
        ) : null}
      </section>
      <section className="waits-canvas" aria-label={t('waitsGraphName')} ref={frame}>
        {selected !== null ? <MarkDetails graph={graph} id={selected} onClose={() => setSelected(null)} t={t} /> : null}
        {layout === null ? (
          <p className="loading" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> {t('layingOut')}
          </p>
        ) : graph.sessions.length === 0 && graph.groups.length === 0 ? (
          <div className="empty" data-testid="waits-empty">
            <h2>{t('noHolderTitle')}</h2>
            <p>{t('noHolderText')}</p>
          </div>
        ) : (
          <GraphPicture layout={layout} graph={graph} selected={selected} onSelect={setSelected} t={t} />
        )}
      </section>
    </div>
  );
}
