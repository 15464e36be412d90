/**
 * The moments of a replay: every transaction's zxid and time, in order, so that a moment asked
 * for as a zxid or as a time (`?at=`) is found by binary search among a million.
 */
import { MomentText, type Moment } from '../protocol';
import { compareZxid } from '../zk/znode-tree';

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
  private readonly zxids: string[] = [];
  private times = new Float64Array(1024);

  get count(): number {
    return this.zxids.length;
  }

  /** Adds the next transaction (its zxid after every one before). */
  push(zxid: string, time: number): void {
    const index = this.zxids.length;
    if (index === this.times.length) {
      const grown = new Float64Array(this.times.length * 2);
      grown.set(this.times);
      this.times = grown;
    }
    this.zxids.push(zxid);
    this.times[index] = time;
  }

  /** The last transaction's zxid, without making a moment of it. */
  get lastZxid(): string | null {
    return this.zxids.length === 0 ? null : this.zxids[this.zxids.length - 1]!;
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
    const n = this.count;
    let low = 0;
    let high = n;
    // The first index past the query.
    if ('zxid' in query) {
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareZxid(this.zxids[middle]!, query.zxid) <= 0) low = middle + 1;
        else high = middle;
      }
    } else {
      // Times are not strictly ordered across leaders' clocks; they are in the order ZooKeeper applied them, which is what a person asks for.
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.times[middle]! <= query.time) low = middle + 1;
        else high = middle;
      }
    }
    return low === 0 ? null : this.moment(low - 1);
  }

  private moment(index: number): Moment {
    return { zxid: this.zxids[index]!, time: this.times[index]! };
  }
}
