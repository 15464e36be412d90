import { describe, expect, it } from 'vitest';
import { nextPollMs, POLL_MS } from './discovery';

describe('how often the ephemeral nodes are listed again', () => {
  it('every second while a listing is quick and small', () => {
    expect(nextPollMs(POLL_MS, 4, 30_000)).toBe(1_000);
  });

  it('less often when a listing is slow (twenty times what it took) or large (a megabyte of paths a second)', () => {
    expect(nextPollMs(POLL_MS, 150, 30_000)).toBe(3_000);
    // 100,000 ephemeral nodes of 60 bytes.
    expect(nextPollMs(POLL_MS, 40, 6_000_000)).toBe(6_000);
  });
});
