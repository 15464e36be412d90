import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import type { ColumnsLockSnapshot, LockNode } from '../protocol';
import { CompactWriter, expandNodes, expandSnapshot, type Chunk } from './compact';
import curatorRw from './fixtures/curator-rw.json';
import curatorSemaphore from './fixtures/curator-semaphore.json';
import kazooSemaphore from './fixtures/kazoo-semaphore.json';
import zkWriteLock from './fixtures/zk-writelock.json';
import { nodeIndexes } from './indexes';
import { append, buildSnapshot, handover, type LockInput } from './queue';

/** One writer for the file, as the server keeps one: what it wrote before is reused where the nodes are the same. */
const writer = new CompactWriter();

/** Through JSON, as a client receives it. */
function roundTrip(nodes: LockNode[]): LockNode[] {
  const chunks = JSON.parse(JSON.stringify(writer.nodes(nodes))) as Chunk[];
  return expandNodes(nodes.length, chunks);
}

describe('the compact form of a lock', () => {
  it.each([
    ['Curator read-write', curatorRw.input],
    ['Curator semaphore (two parents)', curatorSemaphore.input],
    ['Kazoo semaphore', kazooSemaphore.input],
    ['ZooKeeper WriteLock', zkWriteLock.input],
  ])('gives back exactly the nodes of a %s lock recorded from the real client', (_name, input) => {
    const snapshot = buildSnapshot(input as Omit<LockInput, 'hint'>, null, 5_000);
    expect(roundTrip(snapshot.nodes)).toEqual(snapshot.nodes);
    const compact = JSON.parse(JSON.stringify(writer.snapshot(snapshot))) as ColumnsLockSnapshot;
    expect(expandSnapshot(compact)).toEqual(snapshot);
    // The text written for HTTP is the same JSON, the second time from what was written the first.
    expect(JSON.parse(writer.json(snapshot))).toEqual(compact);
    expect(JSON.parse(writer.json({ ...snapshot, version: 99 }))).toEqual({ ...compact, version: 99 });
  });

  it('gives back what no column rule fits: binary and cut data, a herd watching its parent, promoted holders, nodes of other parents', () => {
    const names = Array.from({ length: 40 }, (_, i) => `lock-${String(i).padStart(10, '0')}`);
    const snapshot = snapshotOf('/herd', names.map((name, i) => record(name, `0x${(100 + i).toString(16)}`, i + 1, 1_000 + i, i % 3 === 0 ? `client-${i}` : null)));
    const nodes: LockNode[] = snapshot.nodes.map((node, i) => ({
      ...node,
      watch: i === 0 ? null : { type: 'children', path: '/herd' },
      predecessor: null,
      data: i === 5 ? { size: 5000, text: null, hex: 'ff00', truncated: true } : i === 7 ? { size: 3, text: 'é', hex: null, truncated: false } : node.data,
      roleSince: i < 20 ? 9_000 + i : node.roleSince,
      role: i % 2 === 0 ? 'holder' : 'waiter',
      path: i === 39 ? `/elsewhere/${node.name}` : node.path,
      watchers: i === 3 ? ['0x1', '0x2'] : null,
      sessionId: i % 2 === 0 ? '0x0' : node.sessionId,
      ephemeral: i % 2 !== 0,
      // A system's names for some, decoded data for fewer.
      identity: i % 4 === 0 ? `broker ${i}` : null,
      decoded: i % 8 === 0 ? { broker: String(i), host: `k${i}` } : null,
      // The client some nodes' data names.
      dataClient: i % 3 === 0 ? `10.0.0.${i}` : null,
    }));
    expect(roundTrip(nodes)).toEqual(nodes);
    expect(roundTrip([])).toEqual([]);
  });

  it('gives back sort keys that are not the name’s suffix, wrapped sequences and ids past 2^53', () => {
    // A lock-N queue sorts by the sequence's value (a padded number), which no name ends with.
    const snapshot = snapshotOf('/seq', ['lock-0000000007', 'lock-0000000012', 'lock--000000003', 'lock-2147483647'].map((name, i) => record(name, '0x100000000000001', i + 1)));
    const nodes = snapshot.nodes.map((node, i) => ({ ...node, czxid: i === 2 ? '0x7fffffffffffffff' : node.czxid }));
    expect(roundTrip(snapshot.nodes)).toEqual(snapshot.nodes);
    expect(roundTrip(nodes)).toEqual(nodes);
    expect(writer.nodes(snapshot.nodes)[0]!.columns.sortKey).toHaveProperty('h');
  });

  it('writes a chained queue’s predecessors, watches, paths and times as one rule each', () => {
    const names = Array.from({ length: 50 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const [chunk, ...more] = writer.nodes(snapshotOf('/chain', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i))).nodes);
    expect(more).toEqual([]);
    const columns = chunk!.columns;
    expect(columns).toMatchObject({
      path: { u: '/chain' },
      sortKey: { p: '\u0001', t: 10 },
      predecessor: { o: { a: 1, x: [[0, null]] } },
      watch: { w: 'data', o: { a: 1, x: [[0, null]] } },
      sequence: { s: true },
      role: { a: 'waiter', x: [[0, 'holder']] },
    });
    expect((columns.ctime as { d: number[] }).d.slice(1).every((step) => step === 1)).toBe(true);
  });

  it('writes a queue of 10,000 waiters in under a fifth of the bytes of the node list', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const snapshot = snapshotOf('/big', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i, `10.0.${i % 250}.1`)), null, 5);
    const full = JSON.stringify(snapshot).length;
    const compact = JSON.stringify(writer.snapshot(snapshot)).length;
    expect(compact * 5).toBeLessThan(full);
    expect(expandSnapshot(JSON.parse(JSON.stringify(writer.snapshot(snapshot))))).toEqual(snapshot);
  });

  it('writes the client each Curator node’s data names as that data, not a second time, but for the nodes whose data names none', () => {
    const names = Array.from({ length: 300 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const snapshot = snapshotOf('/hosts', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i, i === 7 ? 'lock data' : `10.${i >> 8}.${i & 255}.1`)));
    expect(snapshot.nodes[1]!.dataClient).toBe('10.0.1.1');
    const [chunk] = writer.nodes(snapshot.nodes);
    // The data names no client for the one node of other data: its exception is null.
    expect(chunk!.columns.dataClient).toEqual({ e: true, x: [[7, null]] });
    expect(roundTrip(snapshot.nodes)).toEqual(snapshot.nodes);
  });

  it('refuses columns that do not describe the nodes they claim', () => {
    const chunks = writer.nodes(snapshotOf('/l', [record('lock-0000000000'), record('lock-0000000001')]).nodes);
    expect(() => expandNodes(3, chunks)).toThrow(/names do not match/);
    const { ctime: _ctime, ...missing } = chunks[0]!.columns;
    expect(() => expandNodes(2, [{ count: 2, columns: missing }])).toThrow(/no column ctime/);
    expect(() => expandNodes(2, [{ count: 2, columns: { ...chunks[0]!.columns, predecessor: { o: { a: 5 } } } }])).toThrow(/names a node that is not there/);
    expect(() => expandNodes(2, [{ count: 2, columns: { ...chunks[0]!.columns, role: { q: 1 } as never } }])).toThrow(/no known way/);
  });

  describe('a long queue, written in runs', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(i).padStart(10, '0')}`);
    const queue = (): ReturnType<typeof snapshotOf> =>
      snapshotOf('/long', names.map((name, i) => record(name, `0x${(0x100000000 + i).toString(16)}`, i + 10, 1_700_000_000_000 + i)), null, 5);

    it('splits where the names say, within the bounds, and gives every node back across the runs', () => {
      const snapshot = queue();
      const starts = writer.starts(snapshot.nodes);
      const sizes = starts.map((start, i) => (starts[i + 1] ?? names.length) - start);
      expect(sizes.length).toBeGreaterThan(4);
      expect(sizes.slice(0, -1).every((size) => size >= 256 && size <= 4096)).toBe(true);
      // A waiter at the start of a run names its predecessor at the end of the one before.
      expect(writer.nodes(snapshot.nodes)[1]!.columns.predecessor).toEqual({ o: { a: 1 } });
      expect(expandSnapshot(JSON.parse(writer.json(snapshot)))).toEqual(snapshot);
    });

    it('writes again only the run a handover or an arrival changed', () => {
      let snapshot = queue();
      const before = writer.nodes(snapshot.nodes);
      snapshot = handover(snapshot, [snapshot.nodes[0]!.name], { at: 10, pzxid: null })!.snapshot;
      const arrival = record(`_c_0a1b2c3d-0000-4000-8000-999999999999-lock-${String(names.length).padStart(10, '0')}`, '0x200000000', 99_999);
      snapshot = append(snapshot, [arrival], { at: 11, pzxid: null }, null)!.snapshot;
      const after = writer.nodes(snapshot.nodes);
      expect(after.length).toBe(before.length);
      expect(after.slice(1, -1).every((chunk, i) => chunk === before[i + 1])).toBe(true);
      expect(after[0]).not.toBe(before[0]);
      expect(after.at(-1)).not.toBe(before.at(-1));
      expect(expandSnapshot(JSON.parse(writer.json(snapshot)))).toEqual(snapshot);
    });

    it('keeps the runs long while contenders join one by one', () => {
      let snapshot = queue();
      // Handed from one append to the next, as a lock's machine hands them (without, each append indexed the whole queue again).
      const indexes = nodeIndexes();
      for (let i = 0; i < 600; i += 1) {
        const name = `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-lock-${String(names.length + i).padStart(10, '0')}`;
        snapshot = append(snapshot, [record(name, '0x300000000', 200_000 + i)], { at: 20 + i, pzxid: null }, null, indexes)!.snapshot;
        writer.nodes(snapshot.nodes);
      }
      const chunks = writer.nodes(snapshot.nodes);
      expect(chunks.slice(0, -1).every((chunk) => chunk.count >= 256)).toBe(true);
      expect(expandSnapshot(JSON.parse(writer.json(snapshot)))).toEqual(snapshot);
    });

    it('writes a run again when a node it names moved, though its own nodes did not change', () => {
      // Every waiter names the holder (a reader names the writer before it the same way): a removal before a run moves what its offsets count.
      const snapshot = queue();
      const nodes = snapshot.nodes.map((node, i) => (i === 0 ? node : { ...node, predecessor: names[0]!, watch: { type: 'data' as const, path: `/long/${names[0]}` } }));
      expect(roundTrip(nodes)).toEqual(nodes);
      const fewer = [nodes[0]!, ...nodes.slice(2)];
      expect(roundTrip(fewer)).toEqual(fewer);
    });
  });
});
