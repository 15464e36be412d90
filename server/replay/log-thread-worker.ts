/**
 * The reading thread's side (see log-thread.ts): reads the logs it is given one after another, a
 * part at a time, frames each part's entries, checks their checksums and decodes them into
 * numbers, and hands the part over (its bytes and numbers moved, not copied) while the explorer's
 * thread applies the ones before. It reads at most a few parts ahead of what was taken.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TxnTape } from '../../lib/zk/txn-log';
import { decodedParts, message } from './log-parts';
import { PathNumbering } from './path-numbering';

export interface LogThreadData {
  paths: string[];
  /** How many parts may be read ahead of those taken. */
  ahead: number;
}

/** From the thread: a part of log `file` (its place among the paths), the end of that log, or why it could not be read (and nothing more). */
export type LogThreadMessage =
  | { file: number; bytes: Uint8Array; tape: TxnTape }
  | { file: number; end: true }
  | { file: number; error: string };

const port = parentPort!;
const { paths, ahead } = workerData as LogThreadData;
let credit = ahead;
let taken: (() => void) | null = null;
// Each message: how many more parts were taken.
port.on('message', (more: number) => {
  credit += more;
  taken?.();
  taken = null;
});

// One numbering across the logs, in order: the thread that applies them keeps the strings of its numbers.
const numbers = new PathNumbering();
for (const [file, path] of paths.entries()) {
  try {
    for await (const { bytes, tape } of decodedParts(path, undefined, numbers)) {
      while (credit <= 0) await new Promise<void>((resolve) => (taken = resolve));
      credit -= 1;
      const sent: LogThreadMessage = { file, bytes, tape };
      port.postMessage(sent, [bytes, tape.txns, tape.moments, tape.ops, tape.ttls, tape.closed].map((array) => array.buffer as ArrayBuffer));
    }
    port.postMessage({ file, end: true } satisfies LogThreadMessage);
  } catch (error) {
    port.postMessage({ file, error: message(path, error) } satisfies LogThreadMessage);
    break;
  }
}
// Nothing more to read: the thread ends once the last message is out.
port.close();
