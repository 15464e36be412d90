import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { countWoken, herdCandidates, judgeHerd } from './herd';

describe('telling a herd by who woke', () => {
  it('is a herd when, after one release, every waiter sent a request', () => {
    const verdict = judgeHerd({ created: 0, deleted: 1, waiting: 9, woke: 9 });
    expect(verdict.kind).toBe('herd');
    expect(verdict.kind === 'herd' && verdict.evidence).toMatchObject({ by: 'cons', woke: 9, waiting: 9 });
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

  it('counts only exclusive waiters: readers behind a writer wake together by design', () => {
    // A writer holds; three Kazoo readers wait on it, then a second writer: only the writer's waking could tell a herd.
    const hex = (i: number): string => i.toString(16).padStart(32, '0');
    const seq = (i: number): string => String(i).padStart(10, '0');
    const names = [`${hex(1)}__lock__${seq(0)}`, `${hex(2)}__rlock__${seq(1)}`, `${hex(3)}__rlock__${seq(2)}`, `${hex(4)}__rlock__${seq(3)}`, `${hex(5)}__lock__${seq(4)}`];
    const snapshot = snapshotOf('/rw', names.map((name, i) => record(name, `0x${i + 1}`)));
    expect(snapshot.recipe.id).toBe('kazoo-rwlock');
    expect([...herdCandidates(snapshot.nodes).keys()]).toEqual(['0x5']);
    // The writer's release woke the three readers: with them counted it would read as a herd.
    expect(judgeHerd({ created: 0, deleted: 1, waiting: 4, woke: 3 }).kind).toBe('herd');
    expect(judgeHerd({ created: 0, deleted: 1, waiting: 1, woke: 0 }).kind).toBe('unknown');
    const chain = snapshotOf('/l', [0, 1, 2].map((i) => record(`lock-${seq(i)}`, `0x${i + 1}`)));
    expect([...herdCandidates(chain.nodes).keys()]).toEqual(['0x2', '0x3']);
  });
});
