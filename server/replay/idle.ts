/**
 * Work done a step at a time between the server's other tasks: each step of an iterator runs in
 * a turn of the event loop of its own, after the I/O waiting by then, until the iterator ends or
 * is stopped. For work that makes later answers faster (`Replay.preparing`), never one that waits
 * for it.
 */

/** Runs `work` while idle; answers a function that stops it. A step that throws ends it, told to `failed`. */
export function runWhileIdle(work: Iterator<unknown>, failed: (error: unknown) => void): () => void {
  let stopped = false;
  const step = (): void => {
    if (stopped) return;
    try {
      if (work.next().done === true) return;
    } catch (error) {
      failed(error);
      return;
    }
    setImmediate(step);
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}
