'use client';
import { line, scaleLinear } from 'd3';
import { notificationsAfter, type RunPoint } from '../lib/demo/classroom';

const WIDTH = 560;
const HEIGHT = 280;
const MARGIN = { top: 16, right: 20, bottom: 40, left: 60 };

interface DemoChartProps {
  contenders: number;
  herd: readonly RunPoint[];
  chain: readonly RunPoint[];
  labels: { x: string; y: string; herd: string; chain: string; theory: string; summary: string; title: string };
}

/**
 * Notifications delivered against releases, as the run goes, over the theory: N(N−1)/2 for the
 * herd (a parabola), N−1 for the chain (a line). D3 does the scales and paths; React draws.
 */
export function DemoChart({ contenders, herd, chain, labels }: DemoChartProps) {
  const theoryHerd = Array.from({ length: contenders + 1 }, (_, releases) => ({ releases, notifications: notificationsAfter('herd', contenders, releases) }));
  const theoryChain = Array.from({ length: contenders + 1 }, (_, releases) => ({ releases, notifications: notificationsAfter('chained', contenders, releases) }));
  const highest = Math.max(1, theoryHerd.at(-1)?.notifications ?? 1, ...herd.map((point) => point.notifications), ...chain.map((point) => point.notifications));
  const x = scaleLinear().domain([0, Math.max(1, contenders)]).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear().domain([0, highest]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<RunPoint>()
    .x((point) => x(point.releases))
    .y((point) => y(point.notifications));
  return (
    <figure className="demo-chart" data-testid="demo-chart">
      <figcaption>{labels.title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={labels.summary}>
        {y.ticks(5).map((tick) => (
          <g key={`y${tick}`} transform={`translate(0 ${y(tick)})`} className="chart-grid">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} />
            <text x={MARGIN.left - 8} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {x.ticks(Math.min(10, contenders)).map((tick) => (
          <text key={`x${tick}`} x={x(tick)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" className="chart-tick">
            {tick}
          </text>
        ))}
        <text x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle" className="chart-axis">
          {labels.x}
        </text>
        <text transform={`translate(14 ${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="chart-axis">
          {labels.y}
        </text>
        <path d={path(theoryHerd) ?? ''} className="chart-theory herd" />
        <path d={path(theoryChain) ?? ''} className="chart-theory chain" />
        <path d={path([...herd]) ?? ''} className="chart-line herd" data-testid="chart-herd" data-points={herd.length} />
        <path d={path([...chain]) ?? ''} className="chart-line chain" data-testid="chart-chain" data-points={chain.length} />
      </svg>
      <div className="chart-legend" aria-hidden="true">
        <span>
          <span className="swatch herd" /> {labels.herd}
        </span>
        <span>
          <span className="swatch chain" /> {labels.chain}
        </span>
        <span>
          <span className="swatch theory" /> {labels.theory}
        </span>
      </div>
    </figure>
  );
}
