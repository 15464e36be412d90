import { describe, expect, it } from 'vitest';
import { bearerToken, RateLimiter, tokenMatches } from './security';

describe('RateLimiter', () => {
  it('lets `limit` requests through in a window, refuses the next, and lets them through again once the window has moved on', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a'), limiter.allow('a')]).toEqual([true, true, true, false]);
    expect(limiter.allow('b')).toBe(true);
    now = 999;
    expect(limiter.allow('a')).toBe(false);
    now = 1001;
    expect(limiter.allow('a')).toBe(true);
  });
});

describe('tokens', () => {
  it('compares tokens whole and reads only a Bearer header', () => {
    expect(tokenMatches('secret-token', 'secret-token')).toBe(true);
    expect(tokenMatches('secret-toke', 'secret-token')).toBe(false);
    expect(tokenMatches(null, 'secret-token')).toBe(false);
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
  });
});
