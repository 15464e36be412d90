/**
 * The reading thread's side (see log-thread.ts): reads the logs it is given one after another, a
 * part at a time, frames each part's entries and checks their checksums, and hands the part over
 * (its bytes moved, not copied) while the explorer's thread decodes and applies the ones before.
 * It reads at most a few parts ahead of what was taken.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TxnStop } from '../../lib/zk/txn-log';
import { logParts, message } from './log-parts';

export interface LogThreadData {
  paths: string[];
  /** How many parts may be read ahead of those taken. */
  ahead: number;
}

/** From the thread: a part of log `file` (its place among the paths), the end of that log, or why it could not be read (and nothing more). */
export type LogThreadMessage =
  | { file: number; base: number; bytes: Uint8Array; rows: Int32Array; count: number; stop: TxnStop | null }
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

for (const [file, path] of paths.entries()) {
  try {
    for await (const { base, bytes, frames } of logParts(path)) {
      while (credit <= 0) await new Promise<void>((resolve) => (taken = resolve));
      credit -= 1;
      const sent: LogThreadMessage = { file, base, bytes, rows: frames.rows, count: frames.count, stop: frames.stop };
      port.postMessage(sent, [bytes.buffer as ArrayBuffer, frames.rows.buffer as ArrayBuffer]);
    }
    port.postMessage({ file, end: true } satisfies LogThreadMessage);
  } catch (error) {
    port.postMessage({ file, error: message(path, error) } satisfies LogThreadMessage);
    break;
  }
}
// Nothing more to read: the thread ends once the last message is out.
port.close();
