import { describe, expect, it } from 'vitest';
import { findViolations, type HoldInterval } from './ledger';

const hold = (contender: string, start: number, end: number | null, mode: HoldInterval['mode'] = 'exclusive'): HoldInterval => ({
  contender,
  mode,
  start,
  end,
  token: null,
});

describe('the mutual-exclusion check', () => {
  it('finds nothing wrong in holds one after another', () => {
    expect(findViolations([hold('a', 0, 10), hold('b', 10, 20), hold('c', 20, null)])).toEqual([]);
  });

  it('reports two exclusive holds at once', () => {
    const [violation] = findViolations([hold('a', 0, 10), hold('b', 5, 20)]);
    expect(violation).toMatchObject({ contenders: ['b', 'a'], at: 5 });
  });

  it('reports a paused holder that still believes it holds when the next one takes the lock', () => {
    expect(findViolations([hold('paused', 0, null), hold('next', 50, 60)])).toHaveLength(1);
  });

  it('lets readers share, but not with a writer', () => {
    expect(findViolations([hold('r1', 0, 10, 'read'), hold('r2', 5, 15, 'read')])).toEqual([]);
    expect(findViolations([hold('r1', 0, 10, 'read'), hold('w', 5, 15, 'write')])).toHaveLength(1);
  });

  it('allows leases up to the limit', () => {
    const leases = [hold('a', 0, 30, 'lease'), hold('b', 5, 30, 'lease'), hold('c', 10, 30, 'lease')];
    expect(findViolations(leases, 3)).toEqual([]);
    expect(findViolations(leases, 2)).toHaveLength(1);
  });
});
