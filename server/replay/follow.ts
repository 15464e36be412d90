/**
 * ZooKeeper's files followed while it writes them (live mode with ZK_DATA_DIR, or the embedded
 * ZooKeeper's own): read whole once, then read on every `intervalMs` from where reading got to,
 * into the same replay: the new entries of the newest log, then each log ZooKeeper rolls to. An
 * entry that ends the newest log short or wrong may be one being written: it is read again next
 * time, and said only when it stays so for `PENDING_MS` or ZooKeeper has gone on to a
 * newer log (then it is damage, and reading ends there as in replay mode).
 */
import type { ReplayFile } from '../../lib/protocol';
import type { ReplayOptions } from '../../lib/replay/replay';
import { FILE_HEADER_BYTES, type TxnStop } from '../../lib/zk/txn-log';
import { compareZxid } from '../../lib/zk/znode-tree';
import { filesOf, infoOf, loadReplay, logEntries, type LoadedReplay, type LogPosition } from './files';
import { runWhileIdle } from './idle';
import { message } from './log-parts';

/**
 * Where about `keep` transactions before the newest log begins, as its name and the zxids' counter
 * tell (null where the logs hold fewer): the files before the snapshot after it need not be read.
 */
async function keepFromNames(dirs: readonly string[], keep: number): Promise<string | null> {
  const logs = await filesOf(dirs, [], (kind) => kind === 'log');
  const newest = logs.sort((a, b) => compareZxid(a.zxid, b.zxid)).at(-1);
  if (newest === undefined) return null;
  const from = BigInt(newest.zxid) - BigInt(keep);
  return from > 0n ? `0x${from.toString(16)}` : null;
}

/** How long an entry may end the newest log wrong before it is said to be damaged (ZooKeeper's write of one takes far less). */
const PENDING_MS = 5000;

export interface FollowedFiles {
  /** The files as read so far; null until the first whole read is done (a large data directory takes seconds). */
  current(): LoadedReplay | null;
  /** The first whole read. */
  ready: Promise<LoadedReplay>;
  /** Reads what ZooKeeper wrote since the last read, now; answers how many transactions were new. */
  readOn(): Promise<number>;
  close(): void;
}

/** How the files are followed: read on every `intervalMs`; about `keep` of the newest transactions kept read (see `ZK_FILES_KEEP`). */
export interface Following {
  intervalMs?: number;
  keep?: number;
}

/** Past this many times `keep`, the older transactions are let go (a read of the files again, from a newer snapshot on). */
const KEEP_SLACK = 1.5;

export function followFiles(dirs: readonly string[], options: ReplayOptions, { intervalMs = 1000, keep = 1_000_000 }: Following = {}): FollowedFiles {
  let loaded: LoadedReplay | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** A read under way: the timer's and callers' reads never overlap. */
  let reading: Promise<number> | null = null;
  /** The stop the newest log ended at, and since when it did. */
  let pending: { offset: number; since: number } | null = null;
  /** Damage found while following, and whether it is for good (ZooKeeper went on to a newer log): reading ends there, as in replay mode. */
  let damaged: { stoppedAt: NonNullable<LoadedReplay['info']['stoppedAt']>; reason: string; final: boolean } | null = null;
  /** What the whole read said of the files (a snapshot that could not be used). */
  let loadedSaid: Pick<LoadedReplay['info'], 'stoppedAt' | 'reason'> = { stoppedAt: null, reason: null };
  let stopPreparing = (): void => undefined;

  /** Takes a whole read of the files as the one followed, and makes its locks ready to be read while idle. */
  const take = (fresh: LoadedReplay): void => {
    loaded = fresh;
    loadedSaid = { stoppedAt: fresh.info.stoppedAt, reason: fresh.info.reason };
    stopPreparing();
    stopPreparing = runWhileIdle(fresh.replay.preparing(), (error) => console.warn(`files: preparing the locks failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  const refresh = (files: ReplayFile[]): void => {
    if (loaded === null) return;
    const reason = [loadedSaid.reason, damaged?.reason].filter(Boolean).join('; ') || null;
    Object.assign(loaded.info, infoOf(dirs, loaded.replay, files, damaged?.stoppedAt ?? loadedSaid.stoppedAt, reason, true));
  };

  /** Reads on from `position` through every newer log; answers how many transactions were new. */
  const readFrom = async (from: LoadedReplay, position: LogPosition): Promise<number> => {
    const { replay } = from;
    const before = replay.moments.count;
    const files = new Map(from.info.files.map((file) => [file.path, file]));
    for (;;) {
      // The newer logs are listed before this one is read: ZooKeeper had finished it when it made one, so that a stop in it then is damage, not an entry being written.
      const logs = await filesOf(dirs, [], (kind, zxid) => kind === 'log' && compareZxid(zxid, position.zxid) > 0);
      const newer = logs.sort((a, b) => compareZxid(a.zxid, b.zxid))[0];
      let stop: TxnStop | null = null;
      const file = files.get(position.path);
      try {
        read: for await (const part of logEntries(position.path, position.offset)) {
          for (const entry of part) {
            if ('reason' in entry) {
              stop = entry;
              break read;
            }
            const count = replay.moments.count;
            replay.apply(entry);
            if (file !== undefined) file.count += replay.moments.count - count;
            position.offset = entry.offset;
          }
        }
      } catch (error) {
        // A log just made may not have its header yet.
        stop = { offset: position.offset, reason: message(position.path, error), partial: true };
      }
      if (stop !== null) {
        if (pending === null || pending.offset !== stop.offset) pending = { offset: stop.offset, since: Date.now() };
        position.offset = stop.offset;
        if (newer !== undefined || Date.now() - pending.since >= PENDING_MS) {
          damaged = { stoppedAt: { path: position.path, offset: stop.offset, zxid: replay.span().to?.zxid ?? null }, reason: `${position.path}: ${stop.reason} at byte ${stop.offset}; the explorer reads no further`, final: newer !== undefined };
          if (file !== undefined) file.problem = `${stop.reason} at byte ${stop.offset}`;
        }
        break;
      }
      // Read past where it stopped: that was an entry being written.
      if (pending !== null && damaged !== null && file !== undefined) file.problem = null;
      pending = null;
      damaged = null;
      if (newer === undefined) break;
      position.path = newer.path;
      position.zxid = newer.zxid;
      position.offset = FILE_HEADER_BYTES;
      files.set(newer.path, { path: newer.path, kind: 'log', zxid: newer.zxid, bytes: newer.bytes, used: true, count: 0, problem: null });
    }
    refresh([...files.values()]);
    return replay.moments.count - before;
  };

  const read = async (): Promise<number> => {
    if (damaged?.final === true) return 0;
    if (loaded === null || loaded.position === null) {
      // Nothing read yet (ZooKeeper had written no log): everything, again, from about `keep` transactions before its newest log.
      const fresh = await loadReplay(dirs, options, true, await keepFromNames(dirs, keep));
      if (loaded === null || fresh.position !== null) take(fresh);
      return fresh.info.transactions;
    }
    const count = await readFrom(loaded, loaded.position);
    const { moments } = loaded.replay;
    if (moments.count > keep * KEEP_SLACK && moments.count >= trimFrom) await trim(loaded, moments.at(moments.count - keep)!.zxid);
    return count;
  };

  /** Until so many transactions are read, no other trim is tried (one found no snapshot to begin from). */
  let trimFrom = 0;
  /** Lets go of the transactions before about `from`: the files read again from the oldest snapshot at or after it, where there is one. */
  const trim = async (current: LoadedReplay, from: string): Promise<void> => {
    const fresh = await loadReplay(dirs, options, true, from);
    const start = fresh.replay.start?.zxid ?? null;
    if (fresh.position === null || start === null || compareZxid(start, from) < 0) {
      // No snapshot there yet (ZooKeeper takes one every snapCount transactions): tried again after half as many more.
      trimFrom = current.replay.moments.count + keep / 2;
      return;
    }
    take(fresh);
    pending = null;
    damaged = null;
    console.log(`files: read again from the snapshot at ${start}, the older transactions let go: ${fresh.info.transactions} kept (ZK_FILES_KEEP=${keep})`);
  };

  /** A read asked for while one is under way: it may have begun before what the asker wants was written, so one more follows it (shared by every asker meanwhile). */
  let next: Promise<number> | null = null;
  const readOn = (): Promise<number> => {
    if (reading === null) {
      reading = read().finally(() => {
        reading = null;
      });
      return reading;
    }
    next ??= reading
      .catch(() => 0)
      .then(() => {
        next = null;
        return readOn();
      });
    return next;
  };

  const tick = (): void => {
    timer = null;
    void readOn()
      .catch((error: unknown) => console.warn(`reading ZooKeeper's files: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!closed) timer = setTimeout(tick, intervalMs);
      });
  };

  const ready = readOn().then(() => {
    if (!closed) timer = setTimeout(tick, intervalMs);
    return loaded!;
  });

  return {
    current: () => loaded,
    ready,
    readOn: async () => {
      await ready;
      return readOn();
    },
    close: () => {
      closed = true;
      stopPreparing();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
