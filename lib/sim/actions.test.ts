import { describe, expect, it } from 'vitest';
import { contenderActions } from './actions';

describe('the faults a contender can still suffer', () => {
  it('are none once it crashed, expired or stopped', () => {
    for (const state of ['crashed', 'expired', 'done', 'closed'] as const) expect(contenderActions(state)).toEqual([]);
  });

  it('include a release only while it holds', () => {
    expect(contenderActions('holding')).toContain('release');
    expect(contenderActions('waiting')).not.toContain('release');
    expect(contenderActions('waiting')).toContain('crash');
    expect(contenderActions('paused')).toEqual(['crash', 'expire']);
  });
});
