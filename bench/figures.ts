/**
 * A benchmark figure: a value measured side by side with its reference in the same run, the
 * ratio between them, and the target it is held to. The suite prints them as a table and
 * writes them to bench/RESULTS.md.
 */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** What the value is measured against, in the same run (a floor, another tool, a baseline). */
  reference: { name: string; value: number } | null;
  /** On the ratio to the reference when there is one, else on the value. */
  target: { on: 'ratio' | 'value'; max?: number; min?: number } | null;
  /** What a reader needs to read the figure; for a miss, why. */
  note?: string;
}

export function ratioOf(figure: Figure): number | null {
  return figure.reference === null || figure.reference.value === 0 ? null : figure.value / figure.reference.value;
}

export function verdict(figure: Figure): 'meets' | 'MISSES' | '' {
  if (figure.target === null) return '';
  const measured = figure.target.on === 'ratio' ? ratioOf(figure) : figure.value;
  if (measured === null || Number.isNaN(measured)) return 'MISSES';
  const { max, min } = figure.target;
  return (max === undefined || measured <= max) && (min === undefined || measured >= min) ? 'meets' : 'MISSES';
}

export function targetText(figure: Figure): string {
  const target = figure.target;
  if (target === null) return '—';
  const unit = target.on === 'ratio' ? `× ${figure.reference?.name ?? 'reference'}` : ` ${figure.unit}`;
  if (target.min !== undefined && target.max !== undefined) return `${target.min}–${target.max}${unit}`;
  return target.max !== undefined ? `≤ ${target.max}${unit}` : `≥ ${target.min}${unit}`;
}

/** A number as people read it: few digits, more for small values. */
export function formatValue(value: number, unit: string): string {
  if (Number.isNaN(value)) return 'n/a';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })}${unit === '' ? '' : ` ${unit}`}`;
}

function columns(figure: Figure): string[] {
  const ratio = ratioOf(figure);
  return [
    figure.name,
    formatValue(figure.value, figure.unit),
    figure.reference === null ? '—' : `${figure.reference.name}: ${formatValue(figure.reference.value, figure.unit)}`,
    ratio === null ? '—' : `${ratio.toFixed(2)}×`,
    targetText(figure),
    verdict(figure) || '—',
  ];
}

const HEADINGS = ['figure', 'value', 'reference (same run)', 'ratio', 'target', 'verdict'];

/** The figures as a plain-text table, one block per section. */
export function textTable(figures: readonly Figure[]): string {
  const rows = figures.map(columns);
  const widths = HEADINGS.map((heading, index) => Math.max(heading.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ');
  const out: string[] = [];
  let section = '';
  figures.forEach((figure, index) => {
    if (figure.section !== section) {
      section = figure.section;
      out.push('', section, line(HEADINGS));
    }
    out.push(line(rows[index]!));
  });
  return out.join('\n');
}

/** The figures as Markdown tables, one per section, each followed by the notes of its figures. */
export function markdownTables(figures: readonly Figure[]): string {
  const out: string[] = [];
  const sections = [...new Set(figures.map((figure) => figure.section))];
  for (const section of sections) {
    const mine = figures.filter((figure) => figure.section === section);
    out.push(`### ${section}`, '', `| ${HEADINGS.join(' | ')} |`, `|${HEADINGS.map((_, index) => (index === 0 ? ' --- ' : ' ---: ')).join('|')}|`);
    for (const figure of mine) out.push(`| ${columns(figure).join(' | ')} |`);
    const notes = mine.filter((figure) => figure.note !== undefined);
    if (notes.length > 0) out.push('', ...notes.map((figure) => `- **${figure.name}**${verdict(figure) === 'MISSES' ? ' (misses)' : ''}: ${figure.note}`));
    out.push('');
  }
  return out.join('\n');
}

/** Each figure's note under its name, a line each (what a bench run alone prints after its table). */
export function notesText(figures: readonly Figure[]): string {
  return figures
    .filter((figure) => figure.note !== undefined)
    .map((figure) => `- **${figure.name}**${verdict(figure) === 'MISSES' ? ' (misses)' : ''}: ${figure.note}`)
    .join('\n');
}
