/** The sequence suffix ZooKeeper appends to a sequential node's name. */
export interface SequenceSuffix {
  /** The name before the suffix, e.g. `_c_<uuid>-lock-`. */
  readonly prefix: string;
  /** The suffix as written, e.g. `0000000042` or `-000000001`. */
  readonly text: string;
  /** The suffix as the signed 32-bit counter it was formatted from. */
  readonly value: number;
}

/**
 * A suffix kept as where it starts in the name: the explorer keeps one per node of a queue
 * (100,000 at the largest locks), and the two texts are cut from the name only when asked for.
 */
class Suffix implements SequenceSuffix {
  constructor(
    private readonly name: string,
    private readonly start: number,
    readonly value: number,
  ) {}

  get prefix(): string {
    return this.name.slice(0, this.start);
  }

  get text(): string {
    return this.name.slice(this.start);
  }
}

const INT32_MAX = 2 ** 31 - 1;

/**
 * Splits ZooKeeper's sequence suffix off a child name, or returns null when there is none.
 * ZooKeeper formats the parent's cversion with `%010d`; past 2^31−1 it wraps to negative
 * numbers (`-000000001` … `-2147483648`). Ten digits after a dash are read as a positive
 * sequence after a `-`-terminated prefix (every recipe's prefix ends so), unless they exceed
 * 2^31−1 and so can only be a wrapped one.
 */
export function parseSequence(name: string): SequenceSuffix | null {
  const ten = /(\d{10})$/.exec(name);
  if (ten?.[1] !== undefined) {
    const digits = ten[1];
    const magnitude = Number(digits);
    const before = name.length - 10;
    if (magnitude > INT32_MAX) {
      if (magnitude === INT32_MAX + 1 && name[before - 1] === '-') {
        return new Suffix(name, before - 1, -magnitude);
      }
      return null;
    }
    return new Suffix(name, before, magnitude);
  }
  const wrapped = /(-\d{9})$/.exec(name);
  if (wrapped?.[1] !== undefined) {
    const text = wrapped[1];
    return new Suffix(name, name.length - text.length, Number(text));
  }
  return null;
}

/** The suffix text ZooKeeper writes for a counter value (`String.format("%010d", value)`). */
export function formatSequence(value: number): string {
  return value < 0 ? `-${String(-value).padStart(9, '0')}` : String(value).padStart(10, '0');
}

/**
 * Orders two sequence suffixes as Curator and Kazoo do: by the suffix text, so wrapped
 * (negative) sequences sort before positive ones.
 */
export function compareSequenceText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
