import { describe, expect, it } from 'vitest';
import { childPath, encodeZnodePath, isWithin, MAX_ZNODE_PATH_LENGTH, parentPath, znodePathError } from './path';

describe('znodePathError', () => {
  it('accepts the root and ordinary absolute paths', () => {
    expect(znodePathError('/')).toBeNull();
    expect(znodePathError('/app/orders/lock')).toBeNull();
    expect(znodePathError('/_c_0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11-lock-0000000001')).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['app/lock', 'start with "/"'],
    ['/app/', 'end with "/"'],
    ['/app//lock', 'empty segment'],
    ['/app/../etc', '".."'],
    ['/app/./lock', '"."'],
    ['/app/\u0000lock', 'control'],
    ['/app/\u0085', 'control'],
    ['/app/\ud800', 'control'],
  ])('rejects %j because it is %s', (path, reason) => {
    expect(znodePathError(path)).toContain(reason);
  });

  it('rejects paths over the length limit and accepts one at it', () => {
    const atLimit = `/${'a'.repeat(MAX_ZNODE_PATH_LENGTH - 1)}`;
    expect(znodePathError(atLimit)).toBeNull();
    expect(znodePathError(`${atLimit}b`)).toContain(`at most ${MAX_ZNODE_PATH_LENGTH}`);
  });
});

describe('path helpers', () => {
  it('joins a child under the root without a double slash', () => {
    expect(childPath('/', 'lock-0000000001')).toBe('/lock-0000000001');
    expect(childPath('/a/b', 'c')).toBe('/a/b/c');
  });

  it('finds the parent of a path, the root being its own parent', () => {
    expect(parentPath('/a/b/c')).toBe('/a/b');
    expect(parentPath('/a')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });

  it('tells whether a path lies within a root, segment by segment', () => {
    expect(isWithin('/sim/lock', '/sim')).toBe(true);
    expect(isWithin('/sim', '/sim')).toBe(true);
    expect(isWithin('/simulation', '/sim')).toBe(false);
    expect(isWithin('/anything', '/')).toBe(true);
  });

  it('percent-encodes each segment and keeps the slashes', () => {
    expect(encodeZnodePath('/a b/c?d')).toBe('/a%20b/c%3Fd');
  });
});
