import { Fragment } from 'react';

/**
 * Text that may wrap only after one of `after`'s characters (text and `<wbr>` only: a table of
 * ten thousand rows draws many): an address after its dots and its colon, a node's name after its hyphens.
 */
export function WrappingText({ text, after }: { text: string; after: string }) {
  const parts: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (after.includes(text[index]!) && index + 1 < text.length) {
      parts.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
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

/** A znode path that may wrap before each slash (text and `<wbr>` only); inside a name only where a stylesheet lets a name wider than its column break (the dashboard's). */
export function WrappingPath({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index === 0 ? '' : '/'}
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** A duration whose numbers stay with their units ("3 min 43 s" wraps as "3 min / 43 s", never "3 / min"). */
export function joinedUnits(duration: string): string {
  return duration.replace(/(\d) (?=\S)/g, '$1\u00a0');
}
