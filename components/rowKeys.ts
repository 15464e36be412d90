import type { KeyboardEvent } from 'react';

const KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * Keyboard moves through a table's rows as through a list: arrow keys to the next or previous
 * row's first link, Home and End to the first and last. Put on the `tbody`.
 */
export function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>): void {
  if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const row = (event.target as HTMLElement).closest('tr');
  if (row === null) return;
  const rows = [...event.currentTarget.rows];
  const at = rows.indexOf(row);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : at + (event.key === 'ArrowDown' ? 1 : -1);
  const target = rows[next]?.querySelector<HTMLElement>('a[href], button');
  if (target) {
    event.preventDefault();
    target.focus();
  }
}
