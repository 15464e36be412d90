import { Fragment } from 'react';

/** `text` in the parts between its breaks: after one of `after`'s characters, before one of `before`'s (never before the first). */
function breakParts(text: string, after: string, before: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index < text.length; index += 1) {
    if (after.includes(text[index - 1]!) || before.includes(text[index]!)) {
      parts.push(text.slice(start, index));
      start = index;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Text that may wrap only after one of `after`'s characters or before one of `before`'s (text and
 * `<wbr>` only: a table of ten thousand rows draws many): an address after its dots and its colon,
 * a node's name after its hyphens, a path before its slashes.
 */
export function WrappingText({ text, after = '', before = '' }: { text: string; after?: string; before?: string }) {
  const parts = breakParts(text, after, before);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** A znode path that may wrap before each slash; inside a name only where a stylesheet lets a name wider than its column break (the dashboard's). */
export function WrappingPath({ path }: { path: string }) {
  return <WrappingText text={path} before="/" />;
}

/**
 * A path broken before a slash and nowhere else while each name fits the line: a name a span
 * (`path-name`) that a stylesheet keeps whole (the lock page's header: the browser broke a real
 * path after a hyphen, "stock-level-read-write-" over "lock"). Few on a page: not for a table.
 */
export function PathByNames({ path }: { path: string }) {
  return (
    <>
      {breakParts(path, '', '/').map((name, index) => (
        <span key={index} className="path-name">
          {name}
        </span>
      ))}
    </>
  );
}

/** A duration whose numbers stay with their units ("3 min 43 s" wraps as "3 min / 43 s", never "3 / min"). */
export function joinedUnits(duration: string): string {
  return duration.replace(/(\d) (?=\S)/g, '$1\u00a0');
}
