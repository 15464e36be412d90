import { describe, expect, it } from 'vitest';
import { record } from '../testing/records';
import { nodeIndexes } from './indexes';
import { buildSnapshot, type ChildRecord, type LockInput } from './queue';
import { nextReading } from './reading';

const seq = (i: number): string => String(i).padStart(10, '0');
const read = { at: 5_000, pzxid: '0x99' };

/** A lock's reading from these children, and the next one where reading it whole fails the test. */
function lockOf(path: string, children: ChildRecord[], herd: boolean) {
  const input = (records: ChildRecord[]): Omit<LockInput, 'hint'> => ({ path, self: null, root: { path, exists: true, children: records }, auxiliary: [], declared: herd ? 'herd' : null });
  const indexes = nodeIndexes();
  const first = buildSnapshot(input(children), null, 1_000, 0, indexes);
  const never = (): never => {
    throw new Error('the whole lock was read');
  };
  return { first, next: (removed: string[], added: ChildRecord[]) => nextReading(first, { removed, added, other: false }, read, never, indexes) };
}

describe('a change read from itself alone, whatever the recipe', () => {
  const herd = Array.from({ length: 1000 }, (_, i) => record(`lock-${seq(i)}`, `0x${(i % 16) + 1}`, i + 1));

  it("a herd's holder leaving: the next holds, and the lock of 1,000 is not read whole", () => {
    const { first, next } = lockOf('/herd', herd, true);
    expect(first.recipe.id).toBe('herd');
    const reading = next([herd[0]!.name], []);
    expect(reading.snapshot.holders).toEqual([herd[1]!.name]);
    expect(reading.steps.map((one) => one.delta.updated.map((node) => node.name))).toEqual([[herd[1]!.name]]);
  });

  it('a contender joining a herd, and one leaving its middle: the lock is not read whole', () => {
    const { next } = lockOf('/herd', herd, true);
    const reading = next([herd[500]!.name], [record(`lock-${seq(1000)}`, '0x1', 2000)]);
    expect(reading.snapshot.nodes).toHaveLength(1000);
    expect(reading.snapshot.nodes.at(-1)).toMatchObject({ role: 'waiter', watch: { type: 'children', path: '/herd' }, predecessor: null });
  });

  it("a waiter leaving the middle of a chained queue of 1,000 while ZooKeeper's report is read: the next one's watch is judged again, the lock not read whole", () => {
    const chain = Array.from({ length: 1000 }, (_, i) => record(`lock-${seq(i)}`, `0x${i + 1}`, i + 1));
    const report = { at: 1_000, watchers: new Map<string, string[]>(), clients: new Map(chain.map((_, i) => [`0x${i + 1}`, `10.0.0.1:${i}`])) };
    const indexes = nodeIndexes();
    const first = buildSnapshot({ path: '/chain', self: null, root: { path: '/chain', exists: true, children: chain }, auxiliary: [], introspection: report }, null, 1_000, 0, indexes);
    const byName = new Map(chain.map((one) => [one.name, one]));
    const never = (): never => {
      throw new Error('the whole lock was read');
    };
    const reading = nextReading(first, { removed: [chain[500]!.name], added: [], other: false }, read, never, indexes, report, false, (node) => byName.get(node.name));
    expect(reading.snapshot.nodes[500]).toMatchObject({ name: chain[501]!.name, predecessor: chain[499]!.name, client: '10.0.0.1:501' });
  });

  it('readers sharing a read-write lock: one leaving the holders and one joining behind the waiting writer are not read whole', () => {
    const name = (i: number, mode: 'READ' | 'WRIT'): string => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-__${mode}__${seq(i)}`;
    const readers = Array.from({ length: 1000 }, (_, i) => record(name(i, 'READ'), '0x1', i + 1));
    const writer = name(1000, 'WRIT');
    const { first, next } = lockOf('/rw', [...readers, record(writer, '0x2', 1001)], false);
    expect(first.holders).toHaveLength(1000);
    const reading = next([readers[0]!.name], [record(name(1001, 'READ'), '0x3', 1002)]);
    expect(reading.snapshot.holders).toHaveLength(999);
    expect(reading.snapshot.nodes.at(-1)).toMatchObject({ role: 'waiter', mode: 'read', predecessor: writer });
  });
});
