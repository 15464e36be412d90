'use client';
import { line, scaleLinear } from 'd3';

const WIDTH = 560;
const HEIGHT = 280;
const MARGIN = { top: 16, right: 20, bottom: 40, left: 60 };

export interface ChartPoint {
  x: number;
  y: number;
}

interface DemoChartProps {
  /** The x axis runs from 0 to this. */
  xMax: number;
  /** What was measured, per side, and what theory says. */
  herd: readonly ChartPoint[];
  chain: readonly ChartPoint[];
  theory: { herd: readonly ChartPoint[]; chain: readonly ChartPoint[] };
  labels: { x: string; y: string; herd: string; chain: string; theory: string; summary: string; title: string };
  testId: string;
}

/**
 * The herd and the chain as they were measured, over the theory (dashed): D3 does the scales
 * and the paths, React draws them. Measured points are marked, so that a sweep of a few N reads.
 */
export function DemoChart({ xMax, herd, chain, theory, labels, testId }: DemoChartProps) {
  const highest = Math.max(1, ...[...herd, ...chain, ...theory.herd, ...theory.chain].map((point) => point.y));
  const x = scaleLinear().domain([0, Math.max(1, xMax)]).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear().domain([0, highest]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<ChartPoint>()
    .x((point) => x(point.x))
    .y((point) => y(point.y));
  const marks = (points: readonly ChartPoint[], side: string) =>
    points.map((point) => <circle key={`${side}-${point.x}`} cx={x(point.x)} cy={y(point.y)} r={points.length > 12 ? 0 : 3.5} className={`chart-mark ${side}`} />);
  return (
    <figure className="demo-chart" data-testid={testId}>
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
        {x.ticks(Math.min(10, xMax)).map((tick) => (
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
        <path d={path([...theory.herd]) ?? ''} className="chart-theory herd" />
        <path d={path([...theory.chain]) ?? ''} className="chart-theory chain" />
        <path d={path([...herd]) ?? ''} className="chart-line herd" data-testid={`${testId}-herd`} data-points={herd.length} />
        <path d={path([...chain]) ?? ''} className="chart-line chain" data-testid={`${testId}-chain`} data-points={chain.length} />
        {marks(herd, 'herd')}
        {marks(chain, 'chain')}
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
