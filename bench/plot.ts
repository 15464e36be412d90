/**
 * A line chart as a standalone SVG file, for figures measured against a size (the handover
 * latency against the queue's length): a logarithmic x axis, a linear y axis from zero.
 */

export interface Series {
  name: string;
  colour: string;
  dashed?: boolean;
  points: Array<{ x: number; y: number }>;
}

const WIDTH = 720;
const HEIGHT = 360;
const MARGIN = { top: 40, right: 180, bottom: 48, left: 64 };

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Round steps for the y axis: 1, 2 or 5 times a power of ten, about five of them. */
function ticks(max: number): number[] {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? power * 10;
  const out: number[] = [];
  for (let value = 0; value <= max + step / 2; value += step) out.push(value);
  return out;
}

export function lineChart(title: string, xLabel: string, yLabel: string, series: readonly Series[]): string {
  const xs = [...new Set(series.flatMap((line) => line.points.map((point) => point.x)))].sort((a, b) => a - b);
  const yMax = Math.max(1, ...series.flatMap((line) => line.points.map((point) => point.y))) * 1.1;
  const yTicks = ticks(yMax);
  const top = yTicks[yTicks.length - 1]!;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const [lo, hi] = [Math.log10(xs[0] ?? 1), Math.log10(xs[xs.length - 1] ?? 10)];
  const x = (value: number): number => MARGIN.left + (hi === lo ? plotWidth / 2 : ((Math.log10(value) - lo) / (hi - lo)) * plotWidth);
  const y = (value: number): number => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="600" fill="#111827">${escape(title)}</text>`,
  ];
  for (const value of yTicks) {
    parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(value)}" y2="${y(value)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y(value) + 4}" text-anchor="end" fill="#4b5563">${value}</text>`);
  }
  for (const value of xs) {
    parts.push(`<line x1="${x(value)}" x2="${x(value)}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" stroke="#f3f4f6"/>`);
    parts.push(`<text x="${x(value)}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle" fill="#4b5563">${value.toLocaleString('en-US')}</text>`);
  }
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 8}" text-anchor="middle" fill="#111827">${escape(xLabel)}</text>`);
  parts.push(`<text transform="translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#111827">${escape(yLabel)}</text>`);
  series.forEach((line, index) => {
    const path = line.points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.x).toFixed(1)},${y(point.y).toFixed(1)}`).join(' ');
    parts.push(`<path d="${path}" fill="none" stroke="${line.colour}" stroke-width="2.5"${line.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    for (const point of line.points) parts.push(`<circle cx="${x(point.x).toFixed(1)}" cy="${y(point.y).toFixed(1)}" r="3.5" fill="${line.colour}"><title>${escape(`${line.name}: ${point.y.toFixed(1)} at ${point.x.toLocaleString('en-US')}`)}</title></circle>`);
    const legendY = MARGIN.top + 10 + index * 22;
    const legendX = MARGIN.left + plotWidth + 16;
    parts.push(`<line x1="${legendX}" x2="${legendX + 24}" y1="${legendY}" y2="${legendY}" stroke="${line.colour}" stroke-width="2.5"${line.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    parts.push(`<text x="${legendX + 30}" y="${legendY + 4}" fill="#111827">${escape(line.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
