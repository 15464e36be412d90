import { describe, expect, it } from 'vitest';
import { lcg } from '../../lib/random';
import { PathNumbering } from './path-numbering';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Drives a numbering as the reading thread does and keeps the strings as the applying thread
 * does (`tapeTxns`): a new code's string made and kept under its number, an old one's taken from
 * there. Answers the string taken for each path named.
 */
function applied(numbering: PathNumbering, named: ReadonlyArray<{ path: string; deleted: boolean }>, kept: string[] = []): { strings: string[]; fresh: number } {
  const strings: string[] = [];
  let fresh = 0;
  // The paths in one buffer, as a part of a log holds them, each at an offset of its own.
  const bytes = encoder.encode(named.map(({ path }) => path).join(''));
  let at = 0;
  for (const { path, deleted } of named) {
    const length = encoder.encode(path).length;
    const code = numbering.code(bytes, at, length, deleted);
    if ((code & 1) === 1) {
      fresh += 1;
      kept[code >>> 1] = decoder.decode(bytes.subarray(at, at + length));
    }
    strings.push(kept[code >>> 1]!);
    at += length;
  }
  return { strings, fresh };
}

describe('paths numbered by their bytes on the thread that reads the logs', () => {
  it('gives a path its number until its node is deleted, and the string kept under it is always the path', () => {
    const random = lcg(11);
    const names = ['lock-', '_c_5e1c-lock-', 'écluse-', '锁-', 'a'];
    const live = new Set<string>();
    const named: Array<{ path: string; deleted: boolean }> = [];
    // A path is new to the numbering the first time it is named, and again after its delete.
    let news = 0;
    // 40,000 creates and deletes over a few thousand paths: the table grows, is rehashed past its deleted slots, and its keys are moved together.
    for (let i = 0; i < 40_000; i += 1) {
      const path = `/app-${Math.floor(random() * 40)}/${names[Math.floor(random() * names.length)]}${Math.floor(random() * 100)}`;
      const deleted = live.has(path) && random() < 0.6;
      if (!live.has(path)) news += 1;
      if (deleted) live.delete(path);
      else live.add(path);
      named.push({ path, deleted });
    }
    // Little room for the paths' bytes at first, for them to be moved together and the room grown many times over.
    const { strings, fresh } = applied(new PathNumbering(256), named);
    expect(strings).toEqual(named.map(({ path }) => path));
    // Strings are made for those, not for each naming.
    expect(fresh).toBe(news);
  });

  it('tells apart paths that differ in one byte, or in length, whatever their hashes', () => {
    const named = ['/a/b', '/a/c', '/a/bb', '/a/b', '/a', '/a/c', '/a/bb', '/a/b'].map((path) => ({ path, deleted: false }));
    const { strings, fresh } = applied(new PathNumbering(), named);
    expect(strings).toEqual(named.map(({ path }) => path));
    expect(fresh).toBe(4);
  });

  it('begins again past its most paths at once, every path new again, still naming each one right', () => {
    const numbering = new PathNumbering();
    // Never deleted (as the nodes a session's close takes): 2^18 of them fill it.
    const many = Array.from({ length: (1 << 18) + 10 }, (_, i) => ({ path: `/s/n-${i}`, deleted: false }));
    const kept: string[] = [];
    const first = applied(numbering, many, kept);
    expect(first.fresh).toBe(many.length);
    // The first path was forgotten when it began again; one numbered since is known.
    const again = [{ path: '/s/n-0', deleted: false }, { path: `/s/n-${(1 << 18) + 5}`, deleted: false }];
    const { strings, fresh } = applied(numbering, again, kept);
    expect([strings, fresh]).toEqual([again.map(({ path }) => path), 1]);
  });

  it('forgets every number on reset: each path is new again', () => {
    const numbering = new PathNumbering();
    applied(numbering, [{ path: '/x', deleted: false }]);
    numbering.reset();
    expect(applied(numbering, [{ path: '/x', deleted: false }]).fresh).toBe(1);
  });
});
