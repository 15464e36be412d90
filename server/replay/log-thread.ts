/**
 * Logs read on a thread of their own while this one applies them: reading, framing, checking the
 * checksums and decoding a million transactions took a third of loading them. The first log is
 * read here while the thread starts (which takes a tenth of a second), the others by the thread,
 * in order, a few parts ahead.
 */
import type { Worker } from 'node:worker_threads';
import { bundledWorker } from '../typescript-worker';
import { decodedParts, type DecodedPart } from './log-parts';
import type { LogThreadData, LogThreadMessage } from './log-thread-worker';

/** How many parts of 256 KB the thread may read ahead of those applied, and how many taken are told it at once (a message each cost 4% of a load). */
const AHEAD = 8;
const TOLD_AT_ONCE = 4;

/** Logs being read, in the order given. */
export interface LogReading {
  /** The parts of the log at `index` among the paths: each log is taken whole, in order. Throws as `decodedParts` does, with the file's reason. */
  parts(index: number): AsyncGenerator<DecodedPart>;
  /** Stops reading (the thread ends); parts not taken are dropped. */
  close(): void;
}

/** Why a log could not be read, as the reading thread said it. */
class LogReadError extends Error {}

/** `firstFrom`: where in the first log to begin (an entry's offset; its header's end by default). */
export function readLogs(paths: readonly string[], firstFrom?: number): LogReading {
  const thread = paths.length > 1 ? new LogThread(paths.slice(1)) : null;
  return {
    parts: (index) => (index === 0 ? decodedParts(paths[0]!, firstFrom) : thread!.parts(index - 1)),
    close: () => thread?.close(),
  };
}

class LogThread {
  /** Started once its module is bundled (see `bundledWorker`). */
  private readonly worker: Promise<Worker>;
  private readonly queue: LogThreadMessage[] = [];
  private waiting: (() => void) | null = null;
  /** Why the thread is gone before its last log's end. */
  private gone: string | null = null;
  private closed = false;
  /** Parts taken and not yet told the thread. */
  private untold = 0;
  /** The strings of the paths the thread numbered (see `PathNumbers`), kept as its parts are taken. */
  private readonly paths: string[] = [];

  constructor(paths: string[]) {
    const data: LogThreadData = { paths, ahead: AHEAD };
    this.worker = bundledWorker(new URL('./log-thread-worker.ts', import.meta.url), data).then((worker) => {
      worker.on('message', (message: LogThreadMessage) => this.arrived(message));
      worker.on('error', (error) => this.ended(`the thread reading the logs failed: ${error.message}`));
      worker.on('exit', (code) => this.ended(`the thread reading the logs exited (${code})`));
      return worker;
    });
    // A thread that could not be started at all ends the reading as one that failed would.
    this.worker.catch((error: unknown) => this.ended(`the thread reading the logs could not start: ${error instanceof Error ? error.message : String(error)}`));
  }

  async *parts(file: number): AsyncGenerator<DecodedPart> {
    for (;;) {
      const message = await this.next();
      if (message.file !== file) throw new LogReadError(`the thread reading the logs sent log ${message.file} where log ${file} was wanted`);
      if ('end' in message) return;
      if ('error' in message) throw new LogReadError(message.error);
      this.untold += 1;
      if (this.untold === TOLD_AT_ONCE) {
        const more = this.untold;
        this.worker.then((worker) => worker.postMessage(more)).catch(() => undefined);
        this.untold = 0;
      }
      yield { bytes: message.bytes, tape: message.tape, paths: this.paths };
    }
  }

  close(): void {
    this.closed = true;
    this.worker.then((worker) => worker.terminate()).catch(() => undefined);
  }

  private async next(): Promise<LogThreadMessage> {
    while (this.queue.length === 0) {
      if (this.gone !== null) throw new LogReadError(this.gone);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    return this.queue.shift()!;
  }

  private arrived(message: LogThreadMessage): void {
    this.queue.push(message);
    this.wake();
  }

  private ended(reason: string): void {
    // Every log read, or stopped on purpose: nothing is missing.
    if (this.closed) return;
    this.gone ??= reason;
    this.wake();
  }

  private wake(): void {
    this.waiting?.();
    this.waiting = null;
  }
}
