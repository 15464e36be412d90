/**
 * ZooKeeper's data directory read into a replay: the `log.*` and `snapshot.*` files of each
 * directory given (a data directory, its `version-2`, or a folder of copied files; a separate
 * `dataLogDir` as a second one), the starting point chosen as ZooKeeper itself would recover
 * (the tree from nothing when the logs begin at the first transaction, else the oldest whole
 * snapshot that the logs go on from), then every transaction after it, file by file, until the
 * end or the first one that cannot be read. Whatever was good is kept, and what was not is said.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ReplayFile, ReplayInfo } from '../../lib/protocol';
import { Replay, type ReplayOptions } from '../../lib/replay/replay';
import { NotASnapshotError, readSnapshot, type SnapshotRead } from '../../lib/zk/snapshot';
import { zxidHex, zxidOf } from '../../lib/zk/ids';
import { decodedParts, message, unreadable, type DecodedPart } from './log-parts';
import { readLogs } from './log-thread';
import { FILE_HEADER_BYTES, readTxnLogHeader, tapeTxns, txnFrames, type Txn, type TxnStop } from '../../lib/zk/txn-log';
import { compareZxid, ZnodeTree, type CreateOp, type LaterChanges } from '../../lib/zk/znode-tree';

const LOG_NAME = /^log\.([0-9a-f]{1,16})$/;
const SNAPSHOT_NAME = /^snapshot\.([0-9a-f]{1,16})(\.gz|\.snappy)?$/;

export interface Found {
  path: string;
  kind: 'log' | 'snapshot';
  zxid: string;
  bytes: number;
  compression: '' | '.gz' | '.snappy';
}

export interface LoadedReplay {
  replay: Replay;
  /** Kept current in place as more is read (`followFiles`). */
  info: ReplayInfo;
  /** Where reading the logs got to; null when no log was read. */
  position: LogPosition | null;
}

/** Where reading the logs got to: the log read last, and the entry in it to read on from (one already applied is passed over). */
export interface LogPosition {
  path: string;
  zxid: string;
  offset: number;
}

/** Which files are wanted, by their names alone (the others are not looked at further). */
type Wanted = (kind: Found['kind'], zxid: string) => boolean;

/** The files of the directories given (see `filesOfDir`), those `wanted` only. */
export async function filesOf(dirs: readonly string[], problems: string[], wanted: Wanted = () => true): Promise<Found[]> {
  return (await Promise.all(dirs.map((dir) => filesOfDir(dir, problems, wanted)))).flat();
}

/**
 * The files of one directory given: its `version-2`'s when it is a data directory, else its own;
 * where it has none, those of the `version-2` of each directory in it (the directory above a
 * `dataDir` and a `dataLogDir`, as the embedded ZooKeeper keeps them).
 */
async function filesOfDir(dir: string, problems: string[], wanted: Wanted): Promise<Found[]> {
  const own = await filesIn(await isDirectory(join(dir, 'version-2')) ? join(dir, 'version-2') : dir, problems, wanted);
  // ZooKeeper's files there, wanted or not, or none to be read: no looking further down.
  if (own.any || !own.read) return own.files;
  const below: Found[] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    if (await isDirectory(join(dir, name, 'version-2'))) below.push(...(await filesIn(join(dir, name, 'version-2'), problems, wanted)).files);
  }
  if (below.length === 0) problems.push(`no log.* or snapshot.* files in ${dir}, its version-2 or a version-2 one level down`);
  return below;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The log and snapshot files in `where` that are `wanted`; `any`: whether it holds any, wanted or not; `read`: false when it could not be listed (said in `problems`). */
async function filesIn(where: string, problems: string[], wanted: Wanted): Promise<{ files: Found[]; any: boolean; read: boolean }> {
  let names: string[];
  try {
    names = await readdir(where);
  } catch (error) {
    problems.push(unreadable(where, error));
    return { files: [], any: false, read: false };
  }
  const files: Found[] = [];
  let any = false;
  for (const name of names) {
    const log = LOG_NAME.exec(name);
    const snapshot = SNAPSHOT_NAME.exec(name);
    if (log === null && snapshot === null) continue;
    any = true;
    const kind = log !== null ? 'log' : 'snapshot';
    const zxid = `0x${BigInt(`0x${(log ?? snapshot)![1]}`).toString(16)}`;
    // A file not wanted is not looked at (a data directory never purged holds thousands, listed again every second while followed).
    if (!wanted(kind, zxid)) continue;
    const path = join(where, name);
    let bytes = 0;
    try {
      bytes = (await stat(path)).size;
    } catch (error) {
      problems.push(unreadable(path, error));
      continue;
    }
    files.push({ path, kind, zxid, bytes, compression: (snapshot?.[2] ?? '') as Found['compression'] });
  }
  return { files, any, read: true };
}

async function contents(file: Found): Promise<Uint8Array> {
  const bytes = await readFile(file.path);
  if (file.compression === '.gz') return gunzipSync(bytes);
  if (file.compression === '.snappy') throw new NotASnapshotError('a snappy-compressed snapshot (zookeeper.snapshot.compression.method=snappy) is not read; use gz or none');
  return bytes;
}

/**
 * A log's transactions a part at a time (see `decodedParts`), each with its offset in the file;
 * the last part may end with where and why reading stopped early. Throws when the file is no log.
 */
export function logEntries(path: string, from = FILE_HEADER_BYTES): AsyncGenerator<Array<Txn | TxnStop>> {
  return entriesOf(decodedParts(path, from));
}

/** The transactions of a log's decoded parts, made objects of here (see `logEntries`); `tree`: the one they are applied to (its paths' strings used again). */
async function* entriesOf(parts: AsyncIterable<DecodedPart>, tree: ZnodeTree | null = null): AsyncGenerator<Array<Txn | TxnStop>> {
  const known = tree === null ? undefined : (path: string): string => tree.keyOf(path);
  for await (const { bytes, tape, paths } of parts) {
    yield tapeTxns(bytes, tape, { paths: paths ?? null, known });
    if (tape.stop !== null) return;
  }
}

/**
 * Reads the files of `dirs` into a replay. `following`: ZooKeeper is writing the newest log
 * still, so that an entry that ends it short may be one being written: reading ends before it
 * without saying so, for `followFiles` to read on from there. `keepFrom`: only the transactions
 * from about this zxid on are wanted: the replay begins at the oldest whole snapshot at or after
 * it that the logs go on from, the files before are not read (where there is none, as without it).
 */
export async function loadReplay(dirs: readonly string[], given: ReplayOptions, following = false, keepFrom: string | null = null): Promise<LoadedReplay> {
  const problems: string[] = [];
  const found = await filesOf(dirs, problems);
  const byZxid = (a: Found, b: Found): number => compareZxid(a.zxid, b.zxid);
  const report = new Map<string, ReplayFile>(found.map((file) => [file.path, { path: file.path, kind: file.kind, zxid: file.zxid, bytes: file.bytes, used: false, count: 0, problem: null }]));
  // A file named like a log is one only when it begins as one: refused by its header, before its name says where the logs begin (random bytes named log.0 would have the replay start from nothing, and stop at once).
  const named = found.filter((file) => file.kind === 'log').sort(byZxid);
  const logs: Found[] = [];
  for (const [i, file] of named.entries()) {
    // The newest log of a ZooKeeper followed may not have its header written yet.
    const problem = following && i === named.length - 1 ? null : await logHeaderProblem(file.path);
    if (problem === null) logs.push(file);
    else {
      report.get(file.path)!.problem = problem;
      problems.push(`${file.path}: ${problem}; not read as a log`);
    }
  }
  const kept = keepFrom === null ? logs : logsAfter(logs, keepFrom);
  const options = { ...given, expectedTransactions: expectedTransactions(kept) };
  const snapshots = found.filter((file) => file.kind === 'snapshot').sort(byZxid);
  const firstLog = logs[0];

  /** The snapshot `file` read whole (its count of znodes kept in the report); null, with the problem said there, where it cannot be. */
  const wholeSnapshot = async (file: Found): Promise<SnapshotRead | null> => {
    const entry = report.get(file.path)!;
    try {
      const read = readSnapshot(await contents(file));
      entry.count = read.nodes.length;
      if (read.stopped === null) return read;
      entry.problem = `${read.stopped.reason} at byte ${read.stopped.offset}`;
    } catch (error) {
      entry.problem = message(file.path, error);
    }
    return null;
  };

  /** The oldest whole snapshot at or after `from` that a log goes on from, read into a replay; null when there is none. */
  const fromSnapshot = async (from: string | null): Promise<Replay | null> => {
    for (const file of snapshots) {
      if (from !== null && compareZxid(file.zxid, from) < 0) continue;
      const read = await wholeSnapshot(file);
      if (read === null) continue;
      if (firstLog !== undefined && compareZxid(firstLog.zxid, nextZxid(file.zxid)) > 0) {
        report.get(file.path)!.problem = `the logs begin at ${firstLog.zxid}, after this snapshot's ${file.zxid}: the transactions between are missing`;
        continue;
      }
      report.get(file.path)!.used = true;
      return new Replay(options, { tree: ZnodeTree.fromSnapshot(read, file.zxid), moment: { zxid: file.zxid, time: latestTime(read.nodes) } });
    }
    return null;
  };

  // Where to begin: from the snapshot kept from, if any; else from nothing when a log holds the very first transaction; else the oldest whole snapshot a log goes on from.
  let replay = keepFrom === null ? null : await fromSnapshot(keepFrom);
  if (replay === null && firstLog !== undefined && compareZxid(firstLog.zxid, '0x1') <= 0) replay = new Replay(options);
  replay ??= await fromSnapshot(null);

  let stoppedAt: ReplayInfo['stoppedAt'] = null;
  /** Why the replay is less than the files, every problem met, in order; null when none. */
  const reason = (): string | null => (problems.length > 0 ? problems.join('; ') : null);
  if (replay === null) {
    if (found.length > 0) problems.push(snapshots.length === 0 ? `no snapshot, and the logs begin at ${firstLog!.zxid}, not at the first transaction: the tree before them is unknown` : 'no snapshot could be read whole and continued by the logs');
    const empty = new Replay(options);
    return { replay: empty, info: infoOf(dirs, empty, [...report.values()], null, reason(), following), position: null };
  }
  const begin = replay.start?.zxid ?? '0x0';
  const started = replay;
  let position: LogPosition | null = null;
  /**
   * Where reading broke off in a log: the file's entry, the offset of the entry not read, the
   * problem, where in `logs` the logs that may go on after it begin, and where in this log the
   * entry after the one not read begins when that one is whole but for its sum (null: nowhere).
   */
  type Broke = { file: Found; entry: ReplayFile; offset: number; problem: string; after: string; from: number; resume: number | null };

  /**
   * Reads `segment` (logs in order, the first from `firstFrom`) into the replay; answers where
   * reading broke off, null at the end, or 'following' where the newest log of a ZooKeeper
   * followed ends in an entry being written.
   */
  const read = async (segment: readonly Found[], firstFrom = FILE_HEADER_BYTES): Promise<Broke | 'following' | null> => {
    const reading = readLogs(segment.map((file) => file.path), firstFrom);
    try {
      for (let i = 0; i < segment.length; i += 1) {
        const file = segment[i]!;
        const newest = file === logs.at(-1);
        const entry = report.get(file.path)!;
        const at = logs.indexOf(file);
        entry.used = true;
        position = { path: file.path, zxid: file.zxid, offset: i === 0 ? firstFrom : FILE_HEADER_BYTES };
        const entries = entriesOf(reading.parts(i), replay.tree);
        // The header is read with the first entry: a file that is no log is said before anything else of it.
        let next: IteratorResult<Array<Txn | TxnStop>>;
        try {
          next = await entries.next();
        } catch (error) {
          return { file, entry, offset: 0, problem: message(file.path, error), after: '', from: at + 1, resume: null };
        }
        const last = replay.span().to?.zxid ?? begin;
        if (compareZxid(file.zxid, nextZxid(last)) > 0 && sameEpoch(file.zxid, last)) {
          await entries.return(undefined);
          return { file, entry, offset: 0, problem: `transactions after ${last} are missing before this log, which begins at ${file.zxid}`, after: '', from: at, resume: null };
        }
        try {
          for (; !next.done; next = await entries.next()) {
            for (const txn of next.value) {
              if ('reason' in txn) {
                position.offset = txn.offset;
                await entries.return(undefined);
                if (following && newest) return 'following';
                return { file, entry, offset: txn.offset, problem: `${txn.reason} at byte ${txn.offset}`, after: '; the replay ends at the transaction before it', from: at + 1, resume: txn.after ?? null };
              }
              entry.count += 1;
              replay.apply(txn);
              position.offset = txn.offset;
            }
          }
        } catch (error) {
          return { file, entry, offset: 0, problem: message(file.path, error), after: '', from: at + 1, resume: null };
        }
      }
      return null;
    } finally {
      reading.close();
    }
  };

  /**
   * Where to go on from after reading broke off: the oldest whole snapshot at or after the last
   * transaction applied that what can still be read continues, read, with the logs to read on
   * from it (`from`: where the first of them begins; its header's end but in a damaged log read
   * on past its damaged entry). What can still be read: a later log that holds the transaction
   * after the snapshot's; or, for a snapshot after the entry not read, the rest of its log when
   * that entry is whole but for its sum. Null where there is no such snapshot.
   */
  const continuation = async (broke: Broke) => {
    const last = replay.span().to?.zxid ?? begin;
    const remaining = logs.slice(broke.from);
    /** The logs that go on from the snapshot `file`, and where in the first of them; null where none does. */
    const goOnFrom = (file: Found): { logs: Found[]; from: number } | null => {
      const later = logsAfter(remaining, file.zxid);
      if (later[0] !== undefined && compareZxid(later[0].zxid, nextZxid(file.zxid)) <= 0) return { logs: later, from: FILE_HEADER_BYTES };
      if (broke.resume !== null && compareZxid(file.zxid, last) > 0) return { logs: logs.slice(logs.indexOf(broke.file)), from: broke.resume };
      return null;
    };
    type Continued = { file: Found; read: SnapshotRead; time: number; logs: Found[]; from: number; later: LaterChanges; exactFrom: string | null };
    /** Where a snapshot lacks a node the log deletes after it which nothing readable tells (its create was in what could not be read): the zxid of the last such delete, from which it is exact again; null where it lacks none. */
    const lacks = ({ read, later }: Continued): number | null => {
      const held = new Set(read.nodes.map((node) => node.path));
      const lost = [...later.deleted].filter(([path]) => !held.has(path) && !later.made?.has(path) && (later.unmade?.has(path) === true || replay.tree.get(path) === undefined));
      return lost.length === 0 ? null : Math.max(...lost.map(([, zxid]) => zxid));
    };
    let fallback: Continued | null = null;
    for (const file of snapshots) {
      if (compareZxid(file.zxid, last) < 0) continue;
      const goOn = goOnFrom(file);
      if (goOn === null) continue;
      const read = await wholeSnapshot(file);
      if (read === null) continue;
      // A snapshot names no time: its moment is at the latest the transaction after it's (what changed in the gap did so by then), at the earliest its last change (a snapshot is fuzzy: one after it may be in it too).
      const zxid = zxidOf(file.zxid);
      // (A millisecond before it, so that what ended at that transaction itself is not taken for what ended in the gap.)
      const after = await entryAfter(goOn.logs[0]!.path, goOn.from, zxid);
      const lowest = latestTime(read.nodes.filter((node) => node.mzxid <= zxid && node.czxid <= zxid));
      const continued: Continued = { file, read, time: after === null ? lowest : Math.max(lowest, after.time - 1), ...goOn, later: await changesAfter(goOn.logs[0]!.path, goOn.from, zxid), exactFrom: null };
      // One written while a node the log cannot tell of was deleted is gone on from only where no later one is whole at its zxid.
      const exact = lacks(continued);
      if (exact !== null) {
        fallback ??= { ...continued, exactFrom: zxidHex(exact) };
        continue;
      }
      report.get(file.path)!.used = true;
      return continued;
    }
    if (fallback !== null) report.get(fallback.file.path)!.used = true;
    return fallback;
  };

  // A log wholly before the start is not needed.
  let segment = logsAfter(logs, begin);
  let firstFrom = FILE_HEADER_BYTES;
  while (segment.length > 0) {
    const broke = await read(segment, firstFrom);
    if (broke === 'following') return { replay, info: infoOf(dirs, replay, [...report.values()], stoppedAt, reason(), following), position };
    if (broke === null) break;
    const { entry, offset, problem } = broke;
    entry.problem = problem;
    // An entry whole but for its sum whose transaction the replay has already (one before the snapshot it began from, or
    // the one it went on from): the entry after it holds the next transaction or an earlier one, and the log is read on, no gap.
    if (broke.resume !== null) {
      const after = await entryAfter(broke.file.path, broke.resume, -1);
      const applied = zxidOf(replay.span().to?.zxid ?? begin);
      if (after !== null && after.zxid <= applied + 1) {
        problems.push(`${entry.path}: ${problem}; read on past it (the replay had its transaction already)`);
        segment = logs.slice(logs.indexOf(broke.file));
        firstFrom = broke.resume;
        continue;
      }
    }
    const next = await continuation(broke);
    if (next === null) {
      stoppedAt = { path: entry.path, offset, zxid: started.span().to?.zxid ?? null };
      problems.push(`${entry.path}: ${problem}${broke.after}`);
      break;
    }
    // What could not be read is a gap, and the replay goes on from the snapshot after it.
    replay.jump(next.read, { zxid: next.file.zxid, time: next.time }, { path: entry.path, offset, problem, snapshot: next.file.path, exactFrom: next.exactFrom }, next.later);
    problems.push(`${entry.path}: ${problem}; the replay goes on from ${next.file.path}, what changed between known from it alone`);
    segment = next.logs;
    firstFrom = next.from;
  }
  return { replay, info: infoOf(dirs, replay, [...report.values()], stoppedAt, reason(), following), position };
}

/** How many transactions after a snapshot are looked at for what a fuzzy snapshot may hold already: ZooKeeper applies few while it writes one. */
const FUZZY_WINDOW = 1_000;

/**
 * What the first FUZZY_WINDOW transactions after `zxid` in the log at `path` (read from `from`)
 * delete (a node they did not make first) and which sessions they close: a snapshot taken while
 * they were applied may hold them already, or may lack what they delete (see `ZnodeTree.jumpTo`);
 * and what the transactions before `zxid` read from `from` made and deleted.
 */
async function changesAfter(path: string, from: number, zxid: number): Promise<LaterChanges> {
  const deleted = new Map<string, number>();
  const created = new Set<string>();
  const closed = new Set<string>();
  const unnamed = new Set<string>();
  const made = new Map<string, { txn: Txn; op: CreateOp }>();
  const unmade = new Set<string>();
  let seen = 0;
  try {
    for await (const txn of readableTxns(path, from)) {
      if (txn.failed) continue;
      if (txn.zxid <= zxid) {
        // Before the snapshot, readable: what it may have lost to its own fuzziness, and what was gone by its zxid (see `ZnodeTree.jumpTo`).
        const gone = (one: string): void => {
          made.delete(one);
          unmade.add(one);
        };
        for (const op of txn.ops) {
          if (op.type === 'create' || op.type === 'create2' || op.type === 'createContainer' || op.type === 'createTTL') {
            made.set(op.path, { txn, op });
            unmade.delete(op.path);
          } else if (op.type === 'delete' || op.type === 'deleteContainer') gone(op.path);
          else if (op.type === 'closeSession') {
            if (op.paths !== null) op.paths.forEach(gone);
            else for (const [one, create] of made) if (create.op.ephemeral && create.txn.session === txn.session) gone(one);
          }
        }
        continue;
      }
      if ((seen += 1) > FUZZY_WINDOW) break;
      for (const op of txn.ops) {
        if ((op.type === 'delete' || op.type === 'deleteContainer') && !created.has(op.path)) deleted.set(op.path, txn.zxid);
        else if (op.type === 'create' || op.type === 'create2' || op.type === 'createContainer' || op.type === 'createTTL') created.add(op.path);
        else if (op.type === 'closeSession') {
          closed.add(txn.session);
          // A close that names its ephemerals deletes those; one that does not (before 3.6), any of the session's.
          if (op.paths === null) unnamed.add(txn.session);
          else for (const one of op.paths) if (!created.has(one)) deleted.set(one, txn.zxid);
        }
      }
    }
  } catch {
    // Unreadable here: the reading after tells why.
  }
  return { deleted, closed, unnamed, made, unmade };
}

/** The transactions of the log at `path` from `from` on, an entry whole but for its sum stepped over (what it did is not known, what comes after it is); to the first other damage. */
async function* readableTxns(path: string, from: number): AsyncGenerator<Txn> {
  for (let at: number | null = from; at !== null; ) {
    const start: number = at;
    at = null;
    for await (const entries of logEntries(path, start)) {
      const stop = entries.find((txn): txn is TxnStop => 'reason' in txn);
      for (const txn of entries) if (!('reason' in txn)) yield txn;
      if (stop !== undefined) {
        if (stop.after !== undefined && stop.after > start) at = stop.after;
        break;
      }
    }
  }
}

/** The zxid and time of the first transaction after `zxid` in the log at `path`, read from `from` (its entries' headers only); null where there is none. */
async function entryAfter(path: string, from: number, zxid: number): Promise<{ zxid: number; time: number } | null> {
  try {
    const bytes = await readFile(path);
    const frames = txnFrames(bytes, from);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < frames.count; i += 1) {
      // A record begins with its TxnHeader: clientId (8 bytes), cxid (4), zxid (8), time (8), type (4).
      const record = frames.rows[i * 3 + 1]!;
      const found = Number(view.getBigInt64(record + 12));
      if (found > zxid) return { zxid: found, time: Number(view.getBigInt64(record + 20)) };
    }
  } catch {
    // Unreadable here: the reading after tells why.
  }
  return null;
}

/** Why the file at `path` is no transaction log by its first bytes (ZKLG, version 2); null when it begins as one. */
async function logHeaderProblem(path: string): Promise<string | null> {
  try {
    const file = await open(path, 'r');
    try {
      const header = new Uint8Array(FILE_HEADER_BYTES);
      const { bytesRead } = await file.read(header, 0, FILE_HEADER_BYTES, 0);
      readTxnLogHeader(header.subarray(0, bytesRead));
      return null;
    } finally {
      await file.close();
    }
  } catch (error) {
    return message(path, error);
  }
}

/** The logs (sorted) that hold a transaction after `zxid`: all but those a newer log begins at or before it. */
function logsAfter(logs: readonly Found[], zxid: string): Found[] {
  return logs.filter((_, i) => logs[i + 1] === undefined || compareZxid(logs[i + 1]!.zxid, zxid) > 0);
}

/** The zxid after this one. */
function nextZxid(zxid: string): string {
  return `0x${(BigInt(zxid) + 1n).toString(16)}`;
}

/** Two zxids of one leader's epoch (its high 32 bits): within it the counter has no gaps. */
/**
 * About how many transactions the logs hold, to make the index's columns that long at once: a
 * log's zxids run from its name to the next log's (within an epoch, and no more entries than its
 * size holds at 45 bytes, the smallest); the last one's from its size at 130 bytes an entry (its
 * zeros too: ZooKeeper preallocates 64 MB). A guess, capped; the columns grow past it.
 */
function expectedTransactions(logs: readonly Found[]): number {
  let total = 0;
  logs.forEach((log, i) => {
    const next = logs[i + 1];
    const bySize = log.bytes / (next === undefined ? 130 : 45);
    total += next !== undefined && sameEpoch(log.zxid, next.zxid) ? Math.min(bySize, Number(BigInt(next.zxid) - BigInt(log.zxid))) : bySize;
  });
  return Math.min(Math.ceil(total), EXPECTED_AT_MOST);
}

/** The most transactions columns are made for at once (8 MB a column of doubles). */
const EXPECTED_AT_MOST = 1 << 20;

function sameEpoch(a: string, b: string): boolean {
  return BigInt(a) >> 32n === BigInt(b) >> 32n;
}

/** A snapshot names no time: its moment is its last change. */
function latestTime(nodes: ReadonlyArray<{ mtime: number; ctime: number }>): number {
  let latest = 0;
  for (const node of nodes) latest = Math.max(latest, node.mtime, node.ctime);
  return latest;
}

export function infoOf(dirs: readonly string[], replay: Replay, files: ReplayFile[], stoppedAt: ReplayInfo['stoppedAt'], reason: string | null, live = false): ReplayInfo {
  const { from, to } = replay.span();
  return {
    dirs: [...dirs],
    from: from?.time ?? null,
    to: to?.time ?? null,
    firstZxid: from?.zxid ?? null,
    lastZxid: to?.zxid ?? null,
    transactions: replay.transactions,
    files: files.sort((a, b) => a.kind.localeCompare(b.kind) || compareZxid(a.zxid, b.zxid)),
    stoppedAt,
    gaps: [...replay.gaps],
    reason,
    live,
  };
}
