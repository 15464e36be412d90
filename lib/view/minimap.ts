/**
 * The marks of a queue's minimap: a mark per row in its state's colour while the rows fit the
 * minimap's height; where they outnumber its pixel lines, a mark per run of lines of one colour
 * and width, so that a queue of 100,000 is drawn in a few strokes, not one per row.
 */
import type { QueueLayout } from './queue-layout';

/** What a mark shows: a row that holds, one that waits, or one that holds a node an anomaly names. */
export type MinimapMarkKind = 'holder' | 'waiter' | 'flagged';

/** One rectangle of the minimap, in its pixels (CSS pixels when `lines` are). */
export interface MinimapMark {
  y: number;
  height: number;
  width: number;
  kind: MinimapMarkKind;
}

/** How a line shows what several rows drawn on it are: a flagged row above all, then a holder. */
const RANK: Record<MinimapMarkKind, number> = { waiter: 0, holder: 1, flagged: 2 };
const KINDS: readonly MinimapMarkKind[] = ['waiter', 'holder', 'flagged'];

/**
 * The marks of a minimap `height` pixels tall with `lines` lines (the thinnest a mark may be is
 * `height / lines`), whose widest mark is `width`: a row's mark is as wide as its share of the
 * layout's columns.
 */
export function minimapMarks(layout: Pick<QueueLayout, 'queue' | 'rowOf' | 'rowStarts' | 'options'>, flagged: ReadonlySet<string>, height: number, lines: number, width: number): MinimapMark[] {
  const rows = layout.rowStarts.length;
  if (rows === 0 || height <= 0) return [];
  const flaggedRows = rowsOf(layout, flagged);
  const kindOf = (row: number): MinimapMarkKind => (flaggedRows.has(row) ? 'flagged' : layout.queue[layout.rowStarts[row]!]!.role === 'holder' ? 'holder' : 'waiter');
  const widthOf = (row: number): number => {
    const count = (layout.rowStarts[row + 1] ?? layout.queue.length) - layout.rowStarts[row]!;
    return Math.max(6, width * Math.min(1, count / layout.options.columns));
  };
  const step = height / rows;
  if (rows <= lines) {
    // Each row has a line of its own at least: a mark each, a gap between them where they are tall enough.
    const markHeight = Math.max(1, step - (step > 3 ? 1 : 0));
    return Array.from({ length: rows }, (_, row) => ({ y: row * step, height: markHeight, width: widthOf(row), kind: kindOf(row) }));
  }
  // More rows than lines: each line takes the most telling kind and the widest mark of its rows, and equal lines in a row are one mark.
  const lineKind = new Int8Array(lines).fill(-1);
  const lineWidth = new Float64Array(lines);
  for (let row = 0; row < rows; row += 1) {
    const line = Math.min(lines - 1, Math.floor((row * lines) / rows));
    const rank = RANK[kindOf(row)];
    if (rank > lineKind[line]!) lineKind[line] = rank;
    lineWidth[line] = Math.max(lineWidth[line]!, widthOf(row));
  }
  const marks: MinimapMark[] = [];
  const lineHeight = height / lines;
  for (let line = 0; line < lines; line += 1) {
    const kind = KINDS[lineKind[line]!]!;
    const last = marks[marks.length - 1];
    if (last !== undefined && last.kind === kind && last.width === lineWidth[line]) last.height += lineHeight;
    else marks.push({ y: line * lineHeight, height: lineHeight, width: lineWidth[line]!, kind });
  }
  return marks;
}

/** The rows that hold a flagged node (none looked for when nothing is flagged). */
function rowsOf(layout: Pick<QueueLayout, 'queue' | 'rowOf'>, flagged: ReadonlySet<string>): Set<number> {
  const rows = new Set<number>();
  if (flagged.size === 0) return rows;
  for (let index = 0; index < layout.queue.length; index += 1) if (flagged.has(layout.queue[index]!.name)) rows.add(layout.rowOf[index]!);
  return rows;
}
