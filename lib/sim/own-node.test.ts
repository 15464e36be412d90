import { describe, expect, it } from 'vitest';
import { findOwnNode } from './own-node';

describe('a simulated contender after a lost create reply', () => {
  it('finds its own node by its GUID', () => {
    expect(findOwnNode(['_c_aaa-lock-0000000001', '_c_bbb-lock-0000000002'], '_c_bbb-lock-')).toBe('_c_bbb-lock-0000000002');
    expect(findOwnNode(['x-123-0000000001', 'x-12-0000000002'], 'x-12-')).toBe('x-12-0000000002');
    expect(findOwnNode(['lock-0000000001'], '_c_ccc-lock-')).toBeNull();
  });
});
