import { describe, expect, it } from 'vitest';
import { defaultStrategy } from './default-strategy';

describe('the strategy a lock page offers first', () => {
  it('is that of the lock’s own clients', () => {
    expect(defaultStrategy('herd')).toBe('herd');
    expect(defaultStrategy('curator-mutex')).toBe('chained-getdata');
    expect(defaultStrategy('kazoo-rwlock')).toBe('write');
    expect(defaultStrategy('curator-semaphore')).toBe('semaphore');
    expect(defaultStrategy('single-node')).toBe('single-node');
  });

  it('is a chain where nothing says otherwise', () => {
    expect(defaultStrategy(null)).toBe('chained');
    expect(defaultStrategy('zk-writelock')).toBe('chained');
    expect(defaultStrategy('unknown')).toBe('chained');
  });
});
