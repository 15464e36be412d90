/**
 * The rules every page keeps against a realistic mix of locks (the showcase), measured in the
 * page as it is drawn. Each rule lists what breaks it (empty when kept), named so that a failure
 * says where to look.
 */
import type { Page } from '@playwright/test';

export interface RuleBreaks {
  /** The page, or a table, scrolling sideways. */
  sideways: string[];
  /** Text cut short by an ellipsis (`text-overflow: ellipsis`) or a line clamp. */
  cut: string[];
  /** A box scrolling up and down inside the scrolling page. */
  nested: string[];
  /** Words of English on a page in Chinese (see `englishWords`). */
  english: string[];
}

/**
 * Measures the page. English words are looked for only on a page in Chinese: every visible
 * text's words of three letters or more, outside code, node names, paths, addresses and
 * identifiers (anything with a slash, a digit, an underscore, a dot or an at sign), and outside
 * the product names and protocol words `allowed`.
 */
export async function ruleBreaks(page: Page, allowed: readonly string[]): Promise<RuleBreaks> {
  return page.evaluate((allowedWords) => {
    const name = (element: Element): string => {
      const id = element.getAttribute('data-testid');
      const cls = typeof element.className === 'string' && element.className !== '' ? `.${element.className.split(' ')[0]}` : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls} "${text}"`;
    };
    const shown = (element: HTMLElement): boolean => element.getClientRects().length > 0 && element.checkVisibility();
    const breaks = { sideways: [] as string[], cut: [] as string[], nested: [] as string[], english: [] as string[] };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) breaks.sideways.push(`the page: ${root.scrollWidth} px in ${root.clientWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!shown(element)) continue;
      const style = getComputedStyle(element);
      if ((element.tagName === 'TABLE' || element.classList.contains('table-scroll')) && element.scrollWidth > element.clientWidth + 1) {
        breaks.sideways.push(`${name(element)}: ${element.scrollWidth} px in ${element.clientWidth}`);
      }
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      if ((style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) || (clamped && element.scrollHeight > element.clientHeight + 1)) breaks.cut.push(name(element));
      if (/(auto|scroll)/.test(style.overflowY) && style.position !== 'fixed' && element.scrollHeight > element.clientHeight + 1) {
        breaks.nested.push(`${name(element)}: ${element.scrollHeight} px in ${element.clientHeight}`);
      }
    }
    if (root.lang.startsWith('zh')) {
      const allowedSet = new Set(allowedWords.map((word) => word.toLowerCase()));
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent === null || parent.closest('code, pre, .mono, script, style, [translate="no"]') !== null || !parent.checkVisibility()) continue;
        for (const token of (node.textContent ?? '').split(/[\s,;:()（）·，。、：；“”"'!?？！…[\]{}<>=+×→←↑↓|]+/)) {
          if (token.length < 3 || /[/_0-9.@#$%]/.test(token) || !/^[A-Za-z][A-Za-z’'-]*$/.test(token)) continue;
          // A word allowed whole; a piece of a path cut short ("…y-export-worker-slots") made of allowed words; the start of an
          // allowed word cut short ("conten…"); a run of hex digits (a node's GUID cut to four, "affd…").
          const lower = token.toLowerCase();
          if (allowedSet.has(lower) || /^[0-9a-f]+$/i.test(token)) continue;
          if (token.split('-').every((part) => part.length < 3 || allowedSet.has(part.toLowerCase()))) continue;
          if ([...allowedSet].some((word) => word.length > lower.length && word.startsWith(lower))) continue;
          found.add(`${token} (in ${name(parent)})`);
        }
      }
      breaks.english = [...found].sort();
    }
    return breaks;
  }, [...allowed]);
}
