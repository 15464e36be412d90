/**
 * A ZooKeeper snapshot (`version-2/snapshot.<zxid>`), as `FileSnap` writes it in 3.5 to 3.9: a
 * header (`ZKSN`, version 2, dbid), the sessions with their timeouts, the ACL cache, then every
 * znode as its path and its `DataNode` (data, ACL index, `StatPersisted`), the root first under
 * the path "" and the end marked by the path "/"; then a checksum and, in 3.6+, the digest. A
 * snapshot is fuzzy: it was taken while transactions went on, so the tree is right once the log
 * is replayed over it from the zxid in its name. (Decompressing a `.gz` or `.snappy` snapshot is
 * the caller's: this reads the bytes.)
 */
import { JuteReader } from './jute';

/** `ZKSN`: the first four bytes of a snapshot. */
export const SNAPSHOT_MAGIC = 0x5a4b534e;

/**
 * A znode's stat as ZooKeeper persists it (`StatPersisted`: a cversion that counts creates only,
 * a container's or TTL node's mark as its owner; see `clientStat` for what a client reads), its
 * zxids as numbers (`zxidAt`).
 */
export interface PersistedStat {
  czxid: number;
  mzxid: number;
  pzxid: number;
  ctime: number;
  mtime: number;
  version: number;
  cversion: number;
  aversion: number;
  /** The session owning an ephemeral node; `0x0` for a persistent one (a container's or a TTL node's mark, as ZooKeeper keeps it). */
  ephemeralOwner: string;
}

/** What the explorer keeps of a znode of a snapshot: its path, data and persisted stat. */
export interface SnapshotNode extends PersistedStat {
  path: string;
  data: Uint8Array | null;
}

export interface SnapshotRead {
  dbid: string;
  /** Every session ZooKeeper knew, with its timeout (ms). */
  sessions: Map<string, number>;
  nodes: SnapshotNode[];
  /** Where reading stopped before the end marker, and why; null for a whole snapshot. */
  stopped: { offset: number; reason: string } | null;
}

export class NotASnapshotError extends Error {}

export function readSnapshot(bytes: Uint8Array): SnapshotRead {
  const reader = new JuteReader(bytes);
  if (bytes.length < 16) throw new NotASnapshotError(`${bytes.length} bytes: shorter than a snapshot's header`);
  const magic = reader.int() >>> 0;
  if (magic !== SNAPSHOT_MAGIC) throw new NotASnapshotError(`not a snapshot: magic 0x${magic.toString(16)}, not 0x5a4b534e (ZKSN)`);
  const version = reader.int();
  if (version !== 2) throw new NotASnapshotError(`snapshot version ${version}: only version 2 (ZooKeeper 3.x) is read`);
  const dbid = reader.hex();
  const sessions = new Map<string, number>();
  const nodes: SnapshotNode[] = [];
  let offset = reader.offset;
  try {
    for (let count = reader.int(); count > 0; count -= 1) sessions.set(reader.hex(), reader.int());
    // The ACL cache: an index and its list of ACLs, each.
    for (let count = reader.int(); count > 0; count -= 1) {
      reader.hex();
      reader.vector((inner) => {
        inner.int();
        inner.string();
        inner.string();
      });
    }
    for (;;) {
      offset = reader.offset;
      const path = reader.string();
      if (path === '/') return { dbid, sessions, nodes, stopped: null };
      if (path === null) throw new Error('a znode without a path');
      const data = reader.buffer();
      reader.hex();
      const czxid = reader.zxid();
      const mzxid = reader.zxid();
      const ctime = reader.number();
      const mtime = reader.number();
      const nodeVersion = reader.int();
      const cversion = reader.int();
      const aversion = reader.int();
      const ephemeralOwner = reader.hex();
      const pzxid = reader.zxid();
      nodes.push({ path: path === '' ? '/' : path, data, czxid, mzxid, pzxid, ctime, mtime, version: nodeVersion, cversion, aversion, ephemeralOwner });
    }
  } catch (error) {
    return { dbid, sessions, nodes, stopped: { offset, reason: error instanceof Error ? error.message : String(error) } };
  }
}
