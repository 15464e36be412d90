import type { Page } from '@playwright/test';

/** Elements that reach past the viewport's sides, outside any box that scrolls or clips them. */
export async function overflowing(page: Page): Promise<{ scrollWidth: number; width: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent !== null && parent !== document.body; parent = parent.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const elements: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1) || clipped(element)) continue;
      elements.push(`${element.tagName.toLowerCase()}[data-testid=${element.getAttribute('data-testid') ?? ''}] ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, elements: elements.slice(0, 10) };
  });
}
