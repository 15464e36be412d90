import type { Locator } from '@playwright/test';

export interface TableFit {
  scrollWidth: number;
  clientWidth: number;
  /** Each column as `header: width px (widest cell: "its text")`, so that a table too wide says which column made it so. */
  columns: string[];
}

/** How a scrolling table box fits its content: its widths, and each column's width with the text of its widest cell. */
export async function tableFit(scroller: Locator): Promise<TableFit> {
  return scroller.evaluate((box) => {
    const table = box.querySelector('table');
    const columns: string[] = [];
    if (table !== null) {
      const headers = [...table.querySelectorAll('thead th')];
      headers.forEach((header, index) => {
        let widest = { width: 0, text: '' };
        for (const row of table.querySelectorAll('tbody tr')) {
          const cell = row.children[index] as HTMLElement | undefined;
          if (cell === undefined) continue;
          // The content's own width, not the column's: the cell that holds the column open.
          const range = document.createRange();
          range.selectNodeContents(cell);
          const width = Math.round(range.getBoundingClientRect().width);
          if (width > widest.width) widest = { width, text: (cell.textContent ?? '').trim().slice(0, 80) };
        }
        columns.push(`${(header.textContent ?? '').trim()}: ${Math.round(header.getBoundingClientRect().width)} px (widest cell: ${JSON.stringify(widest.text)}, ${widest.width} px)`);
      });
    }
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, columns };
  });
}
