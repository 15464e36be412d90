import { describe, expect, it } from 'vitest';
import { countWoken, judgeHerd } from './herd';

describe('telling a herd by who woke', () => {
  it('is a herd when, after one release, every waiter sent a request', () => {
    const verdict = judgeHerd({ created: 0, deleted: 1, waiting: 9, woke: 9 });
    expect(verdict.kind).toBe('herd');
    expect(verdict.kind === 'herd' && verdict.evidence).toContain('9 of the 9 waiting sessions');
  });

  it('is a herd when a new waiter came and the others all re-listed', () => {
    expect(judgeHerd({ created: 1, deleted: 0, waiting: 5, woke: 5 }).kind).toBe('herd');
  });

  it('is a chain when no more waiters woke than nodes went', () => {
    expect(judgeHerd({ created: 0, deleted: 2, waiting: 8, woke: 1 }).kind).toBe('chain');
    expect(judgeHerd({ created: 3, deleted: 1, waiting: 8, woke: 0 }).kind).toBe('chain');
  });

  it('says nothing when nothing changed or too few wait', () => {
    expect(judgeHerd({ created: 0, deleted: 0, waiting: 9, woke: 9 }).kind).toBe('unknown');
    expect(judgeHerd({ created: 0, deleted: 1, waiting: 1, woke: 1 }).kind).toBe('unknown');
  });

  it('counts the sessions whose last request id moved, among those both reports saw', () => {
    const before = new Map([['0x1', '0x5'], ['0x2', '0x7'], ['0x3', '0x1']]);
    const after = new Map([['0x1', '0x6'], ['0x2', '0x7'], ['0x4', '0x1']]);
    expect(countWoken(['0x1', '0x2', '0x3', '0x4'], before, after)).toEqual({ waiting: 2, woke: 1 });
  });
});
