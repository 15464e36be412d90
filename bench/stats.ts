/** Small statistics for benchmark figures. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** A figure with its target, as one printed row. */
export function row(name: string, value: number, unit: string, target: number | null, lowerIsBetter = true): string {
  const verdict = target === null ? '' : (lowerIsBetter ? value <= target : value >= target) ? 'meets' : 'MISSES';
  const ratio = target === null ? '' : `${(value / target).toFixed(2)}× target`;
  return [name.padEnd(44), `${value.toFixed(1)} ${unit}`.padStart(12), target === null ? '' : `target ${lowerIsBetter ? '<' : '>'} ${target} ${unit}`, ratio, verdict]
    .filter(Boolean)
    .join('   ');
}

/** Least-squares slope of `y` against `x`. */
export function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((sum, point) => sum + point.x, 0) / n;
  const my = points.reduce((sum, point) => sum + point.y, 0) / n;
  const sxx = points.reduce((sum, point) => sum + (point.x - mx) ** 2, 0);
  return points.reduce((sum, point) => sum + (point.x - mx) * (point.y - my), 0) / sxx;
}
