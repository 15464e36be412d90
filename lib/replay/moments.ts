/**
 * The moments of a replay: every transaction's zxid (as a number) and time, in order, in columns
 * (16 bytes a transaction), so that a moment asked for as a zxid or as a time (`?at=`) is found by binary
 * search among a million.
 */
import { MomentText, type Moment } from '../protocol';
import { partitionPoint } from '../zk/columns';
import { zxidHex, zxidOf } from '../zk/ids';

export type { Moment };

/** `?at=` as written: a zxid (`0x…`, as ZooKeeper prints it) or a time in ms since the epoch. */
export type MomentQuery = { zxid: string } | { time: number };

/** Reads `?at=` (the protocol's `MomentText`); null when it is neither a zxid nor a time. */
export function parseMoment(text: unknown): MomentQuery | null {
  if (!MomentText.safeParse(text).success) return null;
  const written = text as string;
  return written.startsWith('0x') ? { zxid: `0x${BigInt(written).toString(16)}` } : { time: Number(written) };
}

export class Moments {
  /** Both columns as long as each other, grown together (a million pushed, one column and its room at a time, took longer). */
  private zxids: Float64Array;
  private times: Float64Array;
  private length = 0;

  /** `expected`: about how many transactions will come (the columns are made that long at once). */
  constructor(expected = 0) {
    this.zxids = new Float64Array(Math.max(16, expected));
    this.times = new Float64Array(Math.max(16, expected));
  }

  get count(): number {
    return this.length;
  }

  /** Adds the next transaction (its zxid after every one before). */
  push(zxid: number, time: number): void {
    const at = this.length;
    if (at === this.zxids.length) {
      this.zxids = longer(this.zxids);
      this.times = longer(this.times);
    }
    this.zxids[at] = zxid;
    this.times[at] = time;
    this.length = at + 1;
  }

  first(): Moment | null {
    return this.count === 0 ? null : this.moment(0);
  }

  last(): Moment | null {
    return this.count === 0 ? null : this.moment(this.count - 1);
  }

  /**
   * The moment a query names: the transaction of that zxid, else the last one before it; for a
   * time, the last transaction at or before it. Null when it is before the first one.
   */
  find(query: MomentQuery): Moment | null {
    // How many transactions are at or before it; times are not strictly ordered across leaders' clocks, but in the order ZooKeeper applied them, which is what a person asks for.
    const zxid = 'zxid' in query ? zxidOf(query.zxid) : 0;
    const count = 'zxid' in query ? partitionPoint(this.count, (index) => this.zxids[index]! <= zxid) : partitionPoint(this.count, (index) => this.times[index]! <= query.time);
    return count === 0 ? null : this.moment(count - 1);
  }

  /** The moment of transaction number `index` (0 the first); null past either end. */
  at(index: number): Moment | null {
    return index < 0 || index >= this.count ? null : this.moment(index);
  }

  private moment(index: number): Moment {
    return { zxid: zxidHex(this.zxids[index]!), time: this.times[index]! };
  }
}

/** Twice as long, with the values of `from` first. */
function longer(from: Float64Array): Float64Array {
  const to = new Float64Array(from.length * 2);
  to.set(from);
  return to;
}
