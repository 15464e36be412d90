import type { KeyboardEvent } from 'react';

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * The row a key moves to from row `at` of `count`, as through a list (may fall outside it at
 * either end); null for a key that does not move, or with a modifier held.
 */
export function rowKeyTarget(event: KeyboardEvent<HTMLElement>, at: number, count: number): number | null {
  if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return null;
  return event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : at + (event.key === 'ArrowDown' ? 1 : -1);
}

/**
 * Keyboard moves through a table's rows as through a list: arrow keys to the next or previous
 * row's first link, Home and End to the first and last. Put on the `tbody`.
 */
export function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>): void {
  const row = (event.target as HTMLElement).closest('tr');
  if (row === null) return;
  const rows = [...event.currentTarget.rows];
  const next = rowKeyTarget(event, rows.indexOf(row), rows.length);
  if (next === null) return;
  const target = rows[next]?.querySelector<HTMLElement>('a[href], button');
  if (target) {
    event.preventDefault();
    target.focus();
  }
}
