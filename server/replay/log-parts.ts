/**
 * A transaction log read a part at a time, framed (`txnFrames`: each entry's place, its `B` and
 * its checksum) and decoded into numbers (`txnTape`), for the thread that applies them to make
 * objects of. Kept apart from the rest of the replay so that the reading thread (log-thread.ts)
 * loads no more than this.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { NotASnapshotError } from '../../lib/zk/snapshot';
import { FILE_HEADER_BYTES, NotATxnLogError, readTxnLogHeader, txnFrames, txnTape, type PathNumbers, type TxnFrames, type TxnTape } from '../../lib/zk/txn-log';

/**
 * Part of a log: its bytes, and its transactions decoded into numbers (their offsets in the file;
 * a stop in it is where reading the file ends). `paths`: where its tape numbers paths, the strings
 * of those numbers (one array for every part of one numbering), for `tapeTxns`.
 */
export interface DecodedPart {
  bytes: Uint8Array;
  tape: TxnTape;
  paths?: string[];
}

/** A log's parts (see `logParts`), decoded; their paths numbered by `numbers` when given. */
export async function* decodedParts(path: string, from = FILE_HEADER_BYTES, numbers: PathNumbers | null = null): AsyncGenerator<DecodedPart> {
  for await (const { base, bytes, frames } of logParts(path, from)) {
    const tape = txnTape(bytes, frames, base, numbers);
    yield { bytes, tape };
    if (tape.stop !== null) return;
  }
}

/** Part of a log: its bytes, where they begin in the file, and its entries framed. */
interface LogPart {
  base: number;
  bytes: Uint8Array;
  /** Offsets within `bytes`. A stop here is where reading the file ends (a partial entry read on from is not one). */
  frames: TxnFrames;
}

/**
 * How much of a log is read at once: ZooKeeper preallocates its logs in 64 MB steps of zeros, of
 * which the entries are often a small part; and a part's transactions are all kept until it is
 * applied (2,000 of 256 KB die young; 30,000 of 4 MB outlived the collector's young space: loading a
 * million took 10-15% longer).
 */
const LOG_CHUNK = 256 * 1024;
/** Room left before a part read ahead, for the end of the part before it (an entry cut in two) to be put in front of it without copying the part. */
const ROOM = 16 * 1024;

/**
 * `length` bytes of the file from `position` (fewer at its end), with `room` bytes free before
 * them in their buffer. Memory not zeroed first (the bytes are read over it), of its own (never
 * a pooled Buffer's, which could not be handed to another thread), as a plain Uint8Array.
 */
async function readAt(handle: FileHandle, position: number, length: number, room = 0): Promise<Uint8Array> {
  const bytes = new Uint8Array(Buffer.allocUnsafeSlow(room + length).buffer, room, length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === length ? bytes : bytes.subarray(0, read);
}

/**
 * A log's entries read a part at a time from `from`, up to the end of what was written (never its
 * zeros beyond), framed: the next part is read while the caller works on this one, and an entry a
 * part ends inside is read on into the next. Throws when the file is no log.
 */
async function* logParts(path: string, from = FILE_HEADER_BYTES): AsyncGenerator<LogPart> {
  const handle = await open(path, 'r');
  /** The next part, read while this one's transactions are decoded and applied (reading waited for took a tenth of a load). */
  let ahead: Promise<Uint8Array> | null = null;
  try {
    const size = (await handle.stat()).size;
    readTxnLogHeader(await readAt(handle, 0, Math.min(size, FILE_HEADER_BYTES)));
    // Where `bytes` begins in the file.
    let base = Math.min(from, size);
    let bytes = await readAt(handle, base, Math.min(size - base, LOG_CHUNK));
    for (;;) {
      const next = base + bytes.length;
      const whole = next >= size;
      if (!whole) {
        ahead = readAt(handle, next, Math.min(size - next, LOG_CHUNK), ROOM);
        // Its failure is met where it is awaited: until then, it is no unhandled rejection (which would end the process).
        ahead.catch(() => undefined);
      }
      const frames = txnFrames(bytes, 0, whole);
      const { stop } = frames;
      if (stop === null || !stop.partial || whole) {
        yield { base, bytes, frames };
        return;
      }
      // On from the entry the bytes ended inside (with at least as many bytes more as it has, for an entry longer than a part): copied, since the part may be handed to another thread.
      const kept = bytes.slice(stop.offset);
      yield { base, bytes, frames: { ...frames, stop: null } };
      let more = await ahead!;
      ahead = null;
      if (more.length < kept.length && next + more.length < size) more = concat(more, await readAt(handle, next + more.length, Math.min(size - next - more.length, kept.length - more.length)));
      bytes = before(kept, more);
      base += stop.offset;
    }
  } finally {
    // A part read ahead and not wanted (the entries stopped, or the reader did) is let finish before the file is closed.
    await ahead?.catch(() => undefined);
    await handle.close();
  }
}

/** `first` then `second`: put in the room before `second` in its buffer where it fits (a part is not copied for the few bytes of an entry cut in two), else both copied. */
function before(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length > second.byteOffset) return concat(first, second);
  const joined = new Uint8Array(second.buffer, second.byteOffset - first.length, first.length + second.length);
  joined.set(first);
  return joined;
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

/** Why a directory could not be read, in a person's words. */
export function unreadable(dir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `${dir} does not exist`;
  if (code === 'EACCES' || code === 'EPERM') return `${dir} cannot be read: permission denied (run the explorer as a user who may read ZooKeeper's data directory)`;
  if (code === 'ENOTDIR') return `${dir} is not a directory`;
  return `${dir} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}

/** What was wrong with the file at `path`, in a person's words. */
export function message(path: string, error: unknown): string {
  if (error instanceof NotATxnLogError || error instanceof NotASnapshotError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined) return unreadable(path, error);
  return error instanceof Error ? error.message : String(error);
}
