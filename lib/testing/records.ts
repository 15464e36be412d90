import type { ChildRecord } from '../lock/queue';
import type { ZnodeStat } from '../protocol';

/** A child record as the server would read it, with the given owner session and creation zxid. */
export function record(name: string, owner = '0x100000000000001', czxid = 1, ctime = 1_700_000_000_000): ChildRecord {
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
  return { name, stat };
}

/**
 * A small deterministic generator (Park–Miller), so that randomised tests replay exactly.
 * Returns numbers in [0, 1).
 */
export function lcg(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}
