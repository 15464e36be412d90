'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LockNode } from '../lib/protocol';
import { formatDuration, shortNodeName } from '../lib/view/format';
import { COMPACT_QUEUE_LAYOUT, DEFAULT_QUEUE_LAYOUT, edgePath, edgeVisible, layoutQueue, visibleRows } from '../lib/view/queue-layout';

interface QueueDiagramProps {
  nodes: readonly LockNode[];
  /** The current time, for the ticking ages. */
  now: number;
  selected: string | null;
  onSelect: (name: string) => void;
  /** Nodes a deletion just woke: they pulse, one for a chained lock, all of them for a herd. */
  woken: ReadonlySet<string>;
  /** One line per node instead of a card. */
  compact: boolean;
  /** Nodes an anomaly names, marked on their cards. */
  flagged: ReadonlySet<string>;
}

// The meta line fits a card of 420 units in the monospace face at 11.5 px.
const META_CHARACTERS = 56;

/** Owner session, client address, fencing token and data, cut to fit the card. */
function cardMeta(node: LockNode): string {
  const parts = [node.ephemeral ? node.sessionId : 'persistent: survives its owner', node.client, `czxid ${node.czxid}`, node.data?.text || null];
  const line = parts.filter((part): part is string => part !== null && part !== '').join(' · ');
  return line.length > META_CHARACTERS ? `${line.slice(0, META_CHARACTERS - 1)}…` : line;
}

/**
 * The queue as a chain of cards, holder at the top, with an edge from each waiter to the node
 * it watches. The layout is computed in `lib`; React owns every element, and only the rows on
 * screen are drawn, so that 10,000 waiters scroll as smoothly as ten.
 */
export function QueueDiagram({ nodes, now, selected, onSelect, woken, compact, flagged }: QueueDiagramProps) {
  const layout = useMemo(() => layoutQueue(nodes, compact ? COMPACT_QUEUE_LAYOUT : DEFAULT_QUEUE_LAYOUT), [nodes, compact]);
  const { cardWidth, cardHeight, gap, padding } = layout.options;
  const scroller = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const [view, setView] = useState({ top: 0, height: 900 });

  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const update = (): void => setView({ top: element.scrollTop, height: element.clientHeight });
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, []);

  useEffect(() => {
    const name = focusAfterRender.current;
    if (name === null) return;
    const card = scroller.current?.querySelector<SVGGElement>(`[data-testid="lock-node"][data-name="${CSS.escape(name)}"]`);
    if (card) {
      card.focus();
      focusAfterRender.current = null;
    }
  });

  // A deep link to a node far down the queue scrolls to it once.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    const element = scroller.current;
    if (selected === null || element === null || scrolledTo.current === selected) return;
    const index = layout.nodes.findIndex((entry) => entry.node.name === selected);
    if (index < 0) return;
    scrolledTo.current = selected;
    const top = padding + index * (cardHeight + gap);
    if (top < element.scrollTop || top + cardHeight > element.scrollTop + element.clientHeight) element.scrollTop = Math.max(0, top - element.clientHeight / 3);
  }, [selected, layout, padding, cardHeight, gap]);

  const rows = visibleRows(layout, view.top, view.height);
  const shown = layout.nodes.slice(rows.first, rows.last + 1);
  const edges = layout.edges.filter((edge) => edgeVisible(edge, rows));

  const move = (index: number): void => {
    const next = layout.nodes[index];
    if (next === undefined) return;
    onSelect(next.node.name);
    focusAfterRender.current = next.node.name;
    const element = scroller.current;
    if (element === null) return;
    const top = padding + index * (cardHeight + gap);
    if (top < element.scrollTop) element.scrollTop = top - gap;
    else if (top + cardHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + cardHeight + gap - element.clientHeight;
  };

  return (
    <div className="diagram-scroll" ref={scroller} data-testid="queue-scroll">
      <svg
        className="queue"
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={`Lock queue: ${nodes.length} node${nodes.length === 1 ? '' : 's'}`}
        data-testid="queue-diagram"
      >
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className="edge-arrow" />
          </marker>
        </defs>
        <g className="edges">
          {edges.map((edge) => {
            // Solid where ZooKeeper reports the watch, dashed where the recipe only says it should be there.
            const confirmed = layout.nodes[edge.fromIndex]?.node.watchConfirmed ?? null;
            const state = confirmed === true ? 'confirmed' : confirmed === false ? 'missing' : 'expected';
            return (
              <path
                key={`${edge.from}->${edge.to}`}
                d={edgePath(edge, layout.options)}
                className={`watch-edge ${state}${woken.has(edge.from) ? ' is-woken' : ''}`}
                markerEnd="url(#arrow)"
                data-testid="watch-edge"
                data-from={edge.from}
                data-to={edge.to}
                data-confirmed={state}
              >
                <title>
                  {state === 'confirmed'
                    ? `${edge.from} watches ${edge.to} (ZooKeeper confirms)`
                    : state === 'missing'
                      ? `${edge.from} should watch ${edge.to}, but ZooKeeper reports no such watch`
                      : `${edge.from} watches ${edge.to} (as its recipe says)`}
                </title>
              </path>
            );
          })}
        </g>
        {shown.map(({ node, index, x, y }) => {
          const holder = node.role === 'holder';
          return (
            <g
              key={node.name}
              className={`node-card ${holder ? 'is-holder' : 'is-waiter'}${selected === node.name ? ' is-selected' : ''}${woken.has(node.name) ? ' is-woken' : ''}`}
              data-woken={woken.has(node.name) ? 'true' : undefined}
              data-flagged={flagged.has(node.name) ? 'true' : undefined}
              style={{ transform: `translate(${x}px, ${y}px)` }}
              data-testid="lock-node"
              data-name={node.name}
              data-role={node.role}
              tabIndex={0}
              role="button"
              aria-pressed={selected === node.name}
              aria-label={`${node.name}: ${holder ? 'holds the lock' : `waiting, number ${index} in the queue`}`}
              onClick={() => onSelect(node.name)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(node.name);
                } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index + (event.key === 'ArrowDown' ? 1 : -1));
                } else if (event.key === 'Home' || event.key === 'End') {
                  event.preventDefault();
                  move(event.key === 'Home' ? 0 : layout.nodes.length - 1);
                }
              }}
            >
              <title>{node.name}</title>
              <rect width={cardWidth} height={cardHeight} rx={10} className="card-bg" />
              {woken.has(node.name) ? <rect width={cardWidth} height={cardHeight} rx={10} className="card-pulse" /> : null}
              {flagged.has(node.name) ? (
                <g className="card-flag" transform={`translate(${cardWidth - 10} ${cardHeight - 10})`} aria-hidden="true">
                  <circle r={7} />
                  <text y={4} textAnchor="middle">
                    !
                  </text>
                </g>
              ) : null}
              <rect width={6} height={cardHeight} rx={3} className="card-accent" />
              {compact ? (
                <text x={16} y={20} className="card-name compact">
                  <tspan className="card-role">{holder ? 'HOLDS ' : `#${index} `}</tspan>
                  {shortNodeName(node.name)}
                </text>
              ) : (
                <>
              <text x={20} y={24} className="card-role">
                {holder ? (node.mode === 'lease' ? 'HOLDS A LEASE' : 'HOLDS THE LOCK') : `WAITING · #${index}`}
                {node.mode !== 'exclusive' ? <tspan className="card-mode">{` · ${node.mode.toUpperCase()}`}</tspan> : null}
                {node.queue !== '' && node.queue !== node.name ? <tspan className="card-mode">{` · ${node.queue}`}</tspan> : null}
              </text>
              <text x={cardWidth - 14} y={24} className="card-age" textAnchor="end">
                {holder
                  ? node.roleSince === null
                    ? `created ${formatDuration(now - node.ctime)} ago`
                    : `held ${formatDuration(now - node.roleSince)}`
                  : `waiting ${formatDuration(now - node.ctime)}`}
              </text>
              <text x={20} y={47} className="card-name">
                {shortNodeName(node.name)}
              </text>
              <text x={20} y={66} className="card-meta">
                {cardMeta(node)}
              </text>
                </>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
