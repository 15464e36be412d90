/**
 * The mutual-exclusion check: every interval in which a contender believed it held the lock,
 * and the overlaps that break the lock's promise. Times are passed in; nothing reads a clock.
 */

import type { LockMode } from '../protocol';

/** How a contender holds: the lock modes of the protocol. */
export type HoldMode = LockMode;

export interface HoldInterval {
  contender: string;
  mode: HoldMode;
  start: number;
  /** Null while it still holds. */
  end: number | null;
  /** The czxid of the node it held by: the fencing token that tells a stale holder from a new one. */
  token: string | null;
}

export interface Violation {
  /** The contenders that believed they held at once. */
  contenders: string[];
  at: number;
  message: string;
}

/** Whether two holds may overlap: readers with readers, leases up to the limit; nothing else. */
function compatible(a: HoldMode, b: HoldMode): boolean {
  return (a === 'read' && b === 'read') || (a === 'lease' && b === 'lease');
}

/**
 * The violations among the intervals: at the start of each hold, the others held at that
 * moment must all be compatible with it, and leases must not exceed `maxLeases`.
 */
export function findViolations(intervals: readonly HoldInterval[], maxLeases = 1): Violation[] {
  const violations: Violation[] = [];
  for (const hold of intervals) {
    const overlapping = intervals.filter(
      (other) => other !== hold && other.start <= hold.start && (other.end === null || other.end > hold.start),
    );
    const conflicting = overlapping.filter((other) => !compatible(other.mode, hold.mode));
    const leases = hold.mode === 'lease' ? overlapping.filter((other) => other.mode === 'lease').length + 1 : 0;
    if (conflicting.length > 0) {
      violations.push({
        contenders: [hold.contender, ...conflicting.map((other) => other.contender)],
        at: hold.start,
        message: `${hold.contender} took the lock (${hold.mode}) while ${conflicting.map((other) => `${other.contender} (${other.mode})`).join(', ')} still believed it held`,
      });
    } else if (leases > maxLeases) {
      violations.push({
        contenders: [hold.contender, ...overlapping.map((other) => other.contender)],
        at: hold.start,
        message: `${leases} leases held at once, more than ${maxLeases}`,
      });
    }
  }
  return violations;
}
