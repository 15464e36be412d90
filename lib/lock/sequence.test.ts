import { describe, expect, it } from 'vitest';
import { compareSequenceText, formatSequence, parseSequence } from './sequence';

/** A suffix's three parts, as plain values. */
const parts = (name: string) => {
  const suffix = parseSequence(name);
  return suffix === null ? null : { prefix: suffix.prefix, text: suffix.text, value: suffix.value };
};

describe('parseSequence', () => {
  it('splits the ten-digit suffix off the names real clients create', () => {
    expect(parts('_c_0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11-lock-0000000042')).toEqual({
      prefix: '_c_0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11-lock-',
      text: '0000000042',
      value: 42,
    });
    expect(parts('9a1b0c8d7e6f5a4b3c2d1e0f9a8b7c6d__lock__0000000007')?.value).toBe(7);
    expect(parts('x-72057611217403904-0000000003')).toEqual({ prefix: 'x-72057611217403904-', text: '0000000003', value: 3 });
    expect(parts('0000000000')).toEqual({ prefix: '', text: '0000000000', value: 0 });
  });

  it('reads wrapped (negative) sequences after 2^31-1 creations', () => {
    expect(parts('lock--000000001')).toEqual({ prefix: 'lock-', text: '-000000001', value: -1 });
    expect(parts('lock--2147483648')).toEqual({ prefix: 'lock-', text: '-2147483648', value: -2147483648 });
  });

  it('reads the largest positive sequence', () => {
    expect(parts('lock-2147483647')?.value).toBe(2147483647);
  });

  it('finds no sequence in names that ZooKeeper did not suffix', () => {
    expect(parts('leases')).toBeNull();
    expect(parts('lock-123')).toBeNull();
    expect(parts('lock-9999999999')).toBeNull();
  });

  it('formats a counter back to the text ZooKeeper writes', () => {
    for (const value of [0, 42, 2147483647, -1, -999999999, -2147483648]) {
      expect(parts(`n-${formatSequence(value)}`)?.value).toBe(value);
    }
  });
});

describe('compareSequenceText', () => {
  it('sorts wrapped sequences first, as Curator and Kazoo do', () => {
    const texts = ['0000000002', '-000000001', '2147483647', '0000000000'];
    expect([...texts].sort(compareSequenceText)).toEqual(['-000000001', '0000000000', '0000000002', '2147483647']);
  });
});
