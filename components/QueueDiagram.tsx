'use client';
import { useMemo } from 'react';
import type { LockNode } from '../lib/protocol';
import { formatDuration, shortNodeName } from '../lib/view/format';
import { DEFAULT_QUEUE_LAYOUT, layoutQueue } from '../lib/view/queue-layout';

interface QueueDiagramProps {
  nodes: readonly LockNode[];
  /** The current time, for the ticking ages. */
  now: number;
  selected: string | null;
  onSelect: (name: string) => void;
}

/**
 * The queue as a chain of cards, holder at the top, with an edge from each waiter to the node
 * it watches. The layout is computed in `lib`; React owns every element.
 */
export function QueueDiagram({ nodes, now, selected, onSelect }: QueueDiagramProps) {
  const layout = useMemo(() => layoutQueue(nodes), [nodes]);
  const { cardWidth, cardHeight } = DEFAULT_QUEUE_LAYOUT;
  return (
    <svg
      className="queue"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`Lock queue: ${nodes.length} node${nodes.length === 1 ? '' : 's'}`}
      data-testid="queue-diagram"
    >
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="edge-arrow" />
        </marker>
      </defs>
      <g className="edges">
        {layout.edges.map((edge) => (
          <path
            key={`${edge.from}->${edge.to}`}
            d={edge.d}
            className="watch-edge"
            markerEnd="url(#arrow)"
            data-testid="watch-edge"
            data-from={edge.from}
            data-to={edge.to}
          >
            <title>{`${edge.from} watches ${edge.to}`}</title>
          </path>
        ))}
      </g>
      {layout.nodes.map(({ node, index, x, y }) => {
        const holder = node.role === 'holder';
        return (
          <g
            key={node.name}
            className={`node-card ${holder ? 'is-holder' : 'is-waiter'}${selected === node.name ? ' is-selected' : ''}`}
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
                const next = layout.nodes[index + (event.key === 'ArrowDown' ? 1 : -1)];
                if (next === undefined) return;
                onSelect(next.node.name);
                const card = event.currentTarget.parentElement?.querySelector<SVGGElement>(`[data-name="${CSS.escape(next.node.name)}"]`);
                card?.focus();
              }
            }}
          >
            <title>{node.name}</title>
            <rect width={cardWidth} height={cardHeight} rx={10} className="card-bg" />
            <rect width={6} height={cardHeight} rx={3} className="card-accent" />
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
              {node.ephemeral ? `session ${node.sessionId}` : 'persistent node: survives its owner'} · czxid {node.czxid}
              {node.data?.text ? ` · ${node.data.text.length > 24 ? `${node.data.text.slice(0, 24)}…` : node.data.text}` : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
