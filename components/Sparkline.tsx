import { useMemo } from 'react';
import { line, scaleLinear } from 'd3';

/** A small line of recent values; d3 computes the path, React draws it. */
export function Sparkline({ values, width = 72, height = 18, label }: { values: readonly number[]; width?: number; height?: number; label: string }) {
  const d = useMemo(() => {
    if (values.length < 2) return null;
    const x = scaleLinear().domain([0, values.length - 1]).range([1, width - 1]);
    const y = scaleLinear()
      .domain([0, Math.max(1, ...values)])
      .range([height - 2, 2]);
    return line<number>()
      .x((_, index) => x(index))
      .y((value) => y(value))(values as number[]);
  }, [values, width, height]);
  return (
    <svg className="sparkline" width={width} height={height} role="img" aria-label={label}>
      {d ? <path d={d} /> : <line x1={1} x2={width - 1} y1={height - 2} y2={height - 2} />}
    </svg>
  );
}
