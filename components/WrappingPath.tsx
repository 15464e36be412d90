import { Fragment } from 'react';

/** A znode path that may wrap after each slash (text and `<wbr>` only: a table of ten thousand rows draws many); inside a name only where a stylesheet lets a name wider than its column break (the dashboard's). */
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
