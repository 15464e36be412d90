/** A znode path that may wrap after each slash, never inside a name. */
export function WrappingPath({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index === 0 ? '' : '/'}
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </>
  );
}
