'use client';
import { line, scaleLinear } from 'd3';
import { useEffect, useRef, useState } from 'react';

/** Before its frame is measured (and on the server). */
const DEFAULT_WIDTH = 560;
const MARGIN = { top: 16, right: 20, bottom: 44, left: 64 };

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
  // Drawn at one pixel a unit, as wide as its frame: its ticks are the size the style says (rem: they grow with a projector's larger type), never scaled down.
  const frame = useRef<HTMLElement>(null);
  // The frame's inner width and the root's font size, measured after the first render (the server's is the default).
  const [{ width, rem }, setSize] = useState({ width: DEFAULT_WIDTH, rem: 16 });
  useEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const measure = (): void => {
      const style = getComputedStyle(element);
      const inner = Math.max(280, Math.floor(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
      const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setSize((current) => (Math.abs(current.width - inner) > 2 || current.rem !== root ? { width: inner, rem: root } : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const height = Math.round(Math.min(Math.max(width * 0.5, 13 * rem), 26 * rem));
  const margin = { top: MARGIN.top, right: MARGIN.right, bottom: MARGIN.bottom * (rem / 16), left: MARGIN.left * (rem / 16) };
  const highest = Math.max(1, ...[...herd, ...chain, ...theory.herd, ...theory.chain].map((point) => point.y));
  const x = scaleLinear().domain([0, Math.max(1, xMax)]).range([margin.left, width - margin.right]);
  const y = scaleLinear().domain([0, highest]).nice().range([height - margin.bottom, margin.top]);
  // As many of the releases numbered as their labels have room for (two digits and a space between, 2.5 rem each): fourteen in a third of 1280 px ran into "10111213".
  const xTicks = Math.max(1, Math.min(10, xMax, Math.floor((width - margin.left - margin.right) / (2.5 * rem))));
  const path = line<ChartPoint>()
    .x((point) => x(point.x))
    .y((point) => y(point.y));
  const marks = (points: readonly ChartPoint[], side: string) =>
    points.map((point) => <circle key={`${side}-${point.x}`} cx={x(point.x)} cy={y(point.y)} r={points.length > 12 ? 0 : 3.5} className={`chart-mark ${side}`} />);
  return (
    <figure className="demo-chart" data-testid={testId} ref={frame}>
      <figcaption>{labels.title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={labels.summary}>
        {y.ticks(5).map((tick) => (
          <g key={`y${tick}`} transform={`translate(0 ${y(tick)})`} className="chart-grid">
            <line x1={margin.left} x2={width - margin.right} />
            <text x={margin.left - 8} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {x.ticks(xTicks).map((tick) => (
          <text key={`x${tick}`} x={x(tick)} y={height - margin.bottom + 1.2 * rem} textAnchor="middle" className="chart-tick">
            {tick}
          </text>
        ))}
        <text x={(margin.left + width - margin.right) / 2} y={height - 4} textAnchor="middle" className="chart-axis">
          {labels.x}
        </text>
        <text transform={`translate(${rem} ${(margin.top + height - margin.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="chart-axis">
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
