/** A control's failure, said where the control is; nothing when there is none. */
export function Failure({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
