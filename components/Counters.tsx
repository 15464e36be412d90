/** A row of labelled figures, large enough to read from the back of a room. */
export interface Counter {
  label: string;
  value: string | number;
  testId: string;
  /** A small line under the figure, e.g. what theory says. */
  note?: string;
  /** More about the note, on hover. */
  noteTitle?: string;
}

export function Counters({ items, className = '' }: { items: readonly Counter[]; className?: string }) {
  return (
    <dl className={`demo-counters ${className}`.trim()}>
      {items.map(({ label, value, testId, note, noteTitle }) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
          {note !== undefined ? <dd className="demo-theory" title={noteTitle}>{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
