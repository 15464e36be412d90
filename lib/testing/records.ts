import { describeData } from '../lock/data';
import { buildSnapshot, type ChildRecord } from '../lock/queue';
import type { LockSnapshot, ZnodeStat } from '../protocol';

/** A child record as the server would read it, with the given owner session and creation zxid. */
export function record(
  name: string,
  owner = '0x100000000000001',
  czxid = 1,
  ctime = 1_700_000_000_000,
  data: string | null = null,
): ChildRecord {
  const stat: ZnodeStat = {
    czxid: `0x${czxid.toString(16)}`,
    mzxid: `0x${czxid.toString(16)}`,
    pzxid: `0x${czxid.toString(16)}`,
    ctime,
    mtime: ctime,
    version: 0,
    cversion: 0,
    aversion: 0,
    ephemeralOwner: owner,
    dataLength: 0,
    numChildren: 0,
  };
  return { name, stat, data: describeData(data === null ? null : new TextEncoder().encode(data)) };
}

export { lcg } from '../random';

/** The snapshot of a single-parent lock with these children. */
export function snapshotOf(path: string, children: ChildRecord[], previous: LockSnapshot | null = null, now = 0): LockSnapshot {
  return buildSnapshot({ path, self: null, root: { path, exists: true, children }, auxiliary: [] }, previous, now);
}
