import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { applyDelta } from './delta';
import { lockAnomalies } from './anomalies';
import { keepOnly, nodeIndexes, nodesByName } from './indexes';
import { append, buildSnapshot, handover, leave, missingLock, observeReport, withdraw, type ChildRecord } from './queue';
import { reportChange, type Introspected } from './report';
import { CompactWriter } from './compact';

const names = ['x-72057611217403904-0000000002', 'x-72057611217403905-0000000000', 'x-72057611217403906-0000000001'];

describe('buildSnapshot', () => {
  it('lists holders and waiters in queue order', () => {
    const snapshot = snapshotOf('/app/lock', names.map((name) => record(name)));
    expect(snapshot.holders).toEqual(['x-72057611217403905-0000000000']);
    expect(snapshot.waiters).toEqual(['x-72057611217403906-0000000001', 'x-72057611217403904-0000000002']);
    expect(snapshot.version).toBe(0);
    expect(snapshot.anomalies).toEqual([]);
  });

  it('counts versions from the previous snapshot', () => {
    const first = snapshotOf('/app/lock', [record(names[1]!)]);
    expect(snapshotOf('/app/lock', [record(names[1]!)], first).version).toBe(1);
  });

  it('dates a waiter from its creation and a promoted holder from the read that saw the promotion', () => {
    const holder = record('lock-0000000000', '0x1', 1, 1000);
    const waiter = record('lock-0000000001', '0x2', 2, 2000);
    const first = snapshotOf('/l', [holder, waiter], null, 5000);
    expect(first.nodes.map((node) => node.roleSince)).toEqual([null, 2000]);
    const second = snapshotOf('/l', [waiter], first, 9000);
    expect(second.nodes[0]).toMatchObject({ role: 'holder', roleSince: 9000 });
    const third = snapshotOf('/l', [waiter], second, 12000);
    expect(third.nodes[0]?.roleSince).toBe(9000);
  });

  it('has no nodes when the lock parent does not exist', () => {
    const snapshot = buildSnapshot(
      { path: '/app/lock', self: null, root: { path: '/app/lock', exists: false, children: [record('lock-0000000000')] }, auxiliary: [] },
      null,
      0,
    );
    expect(snapshot).toMatchObject({ exists: false, nodes: [], holders: [], waiters: [] });
    expect(missingLock('/x')).toMatchObject({ exists: false, version: 0, recipe: { id: 'unknown' } });
  });
});

describe('handover', () => {
  const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002', 'lock-0000000003'];
  const before = snapshotOf('/l', names.map((name, i) => record(name, `0x${i + 1}`)));

  it('when only the holder went, gives what the full analysis gives, and a delta that rebuilds it', () => {
    const fast = handover(before, ['lock-0000000000'], { at: 500, pzxid: '0x1' });
    const full = snapshotOf('/l', names.slice(1).map((name, i) => record(name, `0x${i + 2}`)), before, 500);
    expect(fast).not.toBeNull();
    expect(fast!.snapshot).toEqual({ ...full, read: { at: 500, pzxid: '0x1' } });
    expect(applyDelta(before, fast!.delta)).toEqual(fast!.snapshot);
    expect(fast!.delta).toMatchObject({ removed: ['lock-0000000000'], added: [], updated: [{ name: 'lock-0000000001', role: 'holder', roleSince: 500 }] });
  });

  it("hands the lock's name index and owner counts on to the list it makes, edited; keeps three lists' at most, one once told to", () => {
    const indexes = nodeIndexes();
    const byName = nodesByName(before.nodes, indexes);
    lockAnomalies(before, { now: 0, staleHolderMs: 60_000, deadlocks: [] }, indexes);
    const owners = indexes.owners.get(before.nodes)!;
    const fast = handover(before, ['lock-0000000000'], { at: 500, pzxid: '0x1' }, indexes)!;
    expect(indexes.byName.get(fast.snapshot.nodes)).toBe(byName);
    expect([...byName.keys()]).toEqual(names.slice(1));
    expect(byName.get('lock-0000000001')).toBe(fast.snapshot.nodes[0]);
    expect(indexes.owners.get(fast.snapshot.nodes)).toBe(owners);
    expect([...owners.counts.keys()].sort()).toEqual(['0x2', '0x3', '0x4']);
    expect(indexes.byName.get(before.nodes)).toBeUndefined();
    const others = [1, 2].map((n) => snapshotOf('/l', [record(`lock-000000000${n + 5}`)]).nodes);
    for (const nodes of others) nodesByName(nodes, indexes);
    expect(indexes.byName.get(fast.snapshot.nodes)).toBe(byName);
    nodesByName(before.nodes, indexes);
    expect(indexes.byName.get(fast.snapshot.nodes)).toBeUndefined();
    keepOnly(indexes, others[1]!);
    expect([others[0]!, before.nodes, others[1]!].map((nodes) => indexes.byName.get(nodes) !== undefined)).toEqual([false, false, true]);
  });

  it('declines anything else: a waiter leaving, two leaving, a read-write lock', () => {
    expect(handover(before, ['lock-0000000002'], { at: 1, pzxid: null })).toBeNull();
    expect(handover(before, ['lock-0000000000', 'lock-0000000001'], { at: 1, pzxid: null })).toBeNull();
    const rw = snapshotOf('/rw', ['writeLock-0000000000', 'readLock-0000000001'].map((name) => record(name)));
    expect(handover(rw, ['writeLock-0000000000'], { at: 1, pzxid: null })).toBeNull();
  });
});

describe('leave', () => {
  const layouts = [
    ['a plain lock', (i: number) => `lock-${String(i).padStart(10, '0')}`],
    ['Curator', (i: number) => `_c_0a1b2c3d-0000-4000-8000-00000000000${i}-lock-${String(i).padStart(10, '0')}`],
  ] as const;
  for (const [layout, name] of layouts) {
    const records = [0, 1, 2, 3].map((i) => record(name(i), `0x${i + 1}`, i + 1, 1000 + i));
    const before = snapshotOf('/l', records, null, 500);
    for (const gone of [1, 2, 3]) {
      it(`when waiter ${gone} of ${layout}'s four left, gives what the full analysis gives, and a delta that rebuilds it`, () => {
        const read = { at: 700, pzxid: '0x9' };
        const fast = leave(before, [name(gone)], read, null);
        const full = snapshotOf('/l', records.filter((_, i) => i !== gone), before, 700);
        expect(fast).not.toBeNull();
        expect(fast!.snapshot).toEqual({ ...full, read });
        expect(applyDelta(before, fast!.delta)).toEqual(fast!.snapshot);
        expect(fast!.gone.map((node) => node.name)).toEqual(gone === 3 ? [name(3)] : [name(gone), name(gone + 1)]);
      });
    }
  }

  it("with ZooKeeper's report read, judges the moved watch anew from its record, as the full analysis does", () => {
    const name = (i: number): string => `lock-${String(i).padStart(10, '0')}`;
    const records = [0, 1, 2, 3].map((i) => record(name(i), `0x${i + 1}`, i + 1, 1000 + i));
    // Every waiter watches the node before it, and every session connects from its address.
    const report: Introspected = {
      at: 5000,
      watchers: new Map(records.slice(0, 3).map((one, i) => [`/l/${one.name}`, [`0x${i + 2}`]])),
      clients: new Map(records.map((_, i) => [`0x${i + 1}`, `10.0.0.${i + 1}:5000`])),
    };
    const input = (children: ChildRecord[]) => ({ path: '/l', self: null, root: { path: '/l', exists: true, children }, auxiliary: [], introspection: report });
    const before = buildSnapshot(input(records), null, 5000);
    expect(before.nodes[2]).toMatchObject({ watchConfirmed: true, client: '10.0.0.3:5000' });
    const read = { at: 7000, pzxid: '0x9' };
    const byName = new Map(records.map((one) => [one.name, one]));
    const fast = leave(before, [name(1)], read, report, nodeIndexes(), (node) => byName.get(node.name));
    const full = buildSnapshot(input(records.filter((_, i) => i !== 1)), before, 7000);
    expect(fast).not.toBeNull();
    expect(fast!.snapshot).toEqual({ ...full, read });
    // It now waits on the holder's node: the report, taken before, cannot have seen that watch yet.
    expect(fast!.delta.updated).toEqual([expect.objectContaining({ name: name(2), predecessor: name(0), watchConfirmed: null, client: '10.0.0.3:5000' })]);
  });

  it('declines the holder, two at once, a report without the records to judge the moved watch by, and a read-write lock', () => {
    const names = [0, 1, 2].map((i) => `lock-${String(i).padStart(10, '0')}`);
    const before = snapshotOf('/l', names.map((one, i) => record(one, `0x${i + 1}`)));
    const read = { at: 1, pzxid: null };
    expect(leave(before, [names[0]!], read, null)).toBeNull();
    expect(leave(before, [names[1]!, names[2]!], read, null)).toBeNull();
    expect(leave(before, [names[1]!], read, { watchers: new Map(), clients: new Map(), at: 1 })).toBeNull();
    const rw = snapshotOf('/rw', ['writeLock-0000000000', 'writeLock-0000000001', 'writeLock-0000000002'].map((one) => record(one)));
    expect(leave(rw, ['writeLock-0000000001'], read, null)).toBeNull();
  });
});

describe('append', () => {
  const records = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name, i) => record(name, `0x${i + 1}`, i + 1, 1000 + i));
  const before = snapshotOf('/l', records, null, 500);

  it('when contenders joined at the tail, gives what the full analysis gives, and a delta that rebuilds it', () => {
    // Given out of order in one batch: they are placed as the client sorts them.
    const joined = [record('lock-0000000004', '0x5', 5, 3000), record('lock-0000000003', '0x4', 4, 2000)];
    const fast = append(before, joined, { at: 600, pzxid: '0x5' }, null);
    const full = snapshotOf('/l', [...records, ...joined], before, 600);
    expect(fast).not.toBeNull();
    expect(fast!.snapshot).toEqual({ ...full, read: { at: 600, pzxid: '0x5' } });
    expect(fast!.gone).toEqual([]);
    expect(applyDelta(before, fast!.delta)).toEqual(fast!.snapshot);
    expect(fast!.delta.added.map((node) => [node.name, node.predecessor, node.watch?.path])).toEqual([
      ['lock-0000000003', 'lock-0000000002', '/l/lock-0000000002'],
      ['lock-0000000004', 'lock-0000000003', '/l/lock-0000000003'],
    ]);
  });

  it('declines what may change the recipe or the order: another kind of node, one that sorts before the tail, an empty lock, a read-write lock', () => {
    const read = { at: 1, pzxid: null };
    expect(append(before, [record('_c_0a1b2c3d-0000-4000-8000-000000000000-lock-0000000003')], read, null)).toBeNull();
    expect(append(before, [record('plain')], read, null)).toBeNull();
    const late = snapshotOf('/l', [records[0]!, record('lock-0000000005')]);
    expect(append(late, [record('lock-0000000003')], read, null)).toBeNull();
    expect(append(snapshotOf('/l', []), [record('lock-0000000000')], read, null)).toBeNull();
    const rw = snapshotOf('/rw', [record('writeLock-0000000000')]);
    expect(append(rw, [record('readLock-0000000001')], read, null)).toBeNull();
  });
});

/** A lock read whole from these children; `herd` as the explorer reads a lock it has seen wake as a herd. */
function readWhole(path: string, children: ChildRecord[], previous: ReturnType<typeof buildSnapshot> | null, at: number, herd = false) {
  return buildSnapshot({ path, self: null, root: { path, exists: true, children }, auxiliary: [], declared: herd ? 'herd' : null }, previous, at);
}

const seq = (i: number): string => String(i).padStart(10, '0');
const curator = (i: number, mode: 'READ' | 'WRIT'): string => `_c_0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}-__${mode}__${seq(i)}`;
const kazoo = (i: number, mode: 'lock' | 'rlock'): string => `${String(i).repeat(32).slice(0, 32)}__${mode}__${seq(i)}`;

describe('a node nobody waits on leaves (withdraw)', () => {
  const read = { at: 900, pzxid: '0x9' };
  const herd = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002', 'lock-0000000003'].map((name, i) => record(name, `0x${(i % 2) + 1}`, i + 1, 1000 + i));
  const herdBefore = readWhole('/h', herd, null, 500, true);

  for (const gone of [0, 1, 3]) {
    it(`when node ${gone} of a herd of four left, gives what the full analysis gives (the next holds when the holder went), and a delta that rebuilds it`, () => {
      expect(herdBefore.recipe.id).toBe('herd');
      const fast = withdraw(herdBefore, [herd[gone]!.name], read);
      const full = readWhole('/h', herd.filter((_, i) => i !== gone), herdBefore, 900, true);
      expect(fast).not.toBeNull();
      expect(fast!.snapshot).toEqual({ ...full, read });
      expect(applyDelta(herdBefore, fast!.delta)).toEqual(fast!.snapshot);
      expect(fast!.delta.updated.map((node) => [node.name, node.role])).toEqual(gone === 0 ? [['lock-0000000001', 'holder']] : []);
    });
  }

  // Four readers holding a Curator read-write lock, a writer behind them, a reader waiting on the writer.
  const rw = [curator(0, 'READ'), curator(1, 'READ'), curator(2, 'READ'), curator(3, 'READ'), curator(4, 'WRIT'), curator(5, 'READ')].map((name, i) => record(name, '0x1', i + 1, 1000 + i));
  const rwBefore = readWhole('/rw', rw, null, 500);

  for (const gone of [0, 1, 5]) {
    it(`when node ${gone} of a read-write lock left and nobody waited on it, gives what the full analysis gives`, () => {
      expect(rwBefore.recipe.id).toBe('curator-rwlock');
      expect(rwBefore.holders).toHaveLength(4);
      const fast = withdraw(rwBefore, [rw[gone]!.name], read);
      const full = readWhole('/rw', rw.filter((_, i) => i !== gone), rwBefore, 900);
      expect(fast).not.toBeNull();
      expect(fast!.snapshot).toEqual({ ...full, read });
      expect(applyDelta(rwBefore, fast!.delta)).toEqual(fast!.snapshot);
      expect(fast!.gone.map((node) => node.name)).toEqual([rw[gone]!.name]);
    });
  }

  it('declines a node somebody waits on (the reader the writer waits on, the writer readers wait on), two at once, and a single-line waiter in the middle', () => {
    expect(withdraw(rwBefore, [rw[3]!.name], read)).toBeNull();
    expect(withdraw(rwBefore, [rw[4]!.name], read)).toBeNull();
    expect(withdraw(rwBefore, [rw[0]!.name, rw[1]!.name], read)).toBeNull();
    const line = snapshotOf('/l', ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((name) => record(name)));
    expect(withdraw(line, ['lock-0000000001'], read)).toBeNull();
    expect(withdraw(line, ['lock-0000000002'], read)).not.toBeNull();
  });
});

describe('append, beyond a single line', () => {
  const read = { at: 900, pzxid: '0x9' };
  const cases: Array<[string, string[], string[], boolean]> = [
    ['a reader behind a writer waiting on the readers (Curator: it waits on the first writer)', [curator(0, 'READ'), curator(1, 'READ'), curator(2, 'WRIT')], [curator(3, 'READ')], false],
    ['a reader and a writer behind runs of writers (Curator: the first writer is found walking back)', [curator(0, 'READ'), curator(1, 'WRIT'), curator(2, 'WRIT'), curator(3, 'WRIT')], [curator(5, 'WRIT'), curator(4, 'READ')], false],
    ['a reader where only readers hold (it holds too)', [curator(0, 'READ'), curator(1, 'READ')], [curator(2, 'READ')], false],
    ['readers behind readers waiting on a writer', [curator(0, 'WRIT'), curator(1, 'READ')], [curator(2, 'READ'), curator(3, 'READ')], false],
    ['a reader behind writers and readers (Kazoo: it waits on the nearest writer)', [kazoo(0, 'lock'), kazoo(1, 'rlock'), kazoo(2, 'lock'), kazoo(3, 'rlock')], [kazoo(4, 'rlock'), kazoo(5, 'lock'), kazoo(6, 'rlock')], false],
    ['waiters of a herd', ['lock-0000000000', 'lock-0000000001'], ['lock-0000000003', 'lock-0000000002'], true],
  ];
  for (const [what, queue, joining, herd] of cases) {
    it(`when ${what} joined, gives what the full analysis gives, and a delta that rebuilds it`, () => {
      const records = queue.map((name, i) => record(name, `0x${i + 1}`, i + 1, 1000 + i));
      const joined = joining.map((name, i) => record(name, `0x${i + 20}`, i + 20, 2000 + i));
      const before = readWhole('/q', records, null, 500, herd);
      const fast = append(before, joined, read, null);
      const full = readWhole('/q', [...records, ...joined], before, 900, herd);
      expect(fast).not.toBeNull();
      expect(fast!.snapshot).toEqual({ ...full, read });
      expect(applyDelta(before, fast!.delta)).toEqual(fast!.snapshot);
    });
  }

  it('declines a kind the queue does not hold yet (a first reader of a lock of writers may make it another recipe)', () => {
    const before = readWhole('/q', [kazoo(0, 'lock'), kazoo(1, 'lock')].map((name, i) => record(name, `0x${i + 1}`)), null, 500);
    expect(append(before, [record(kazoo(2, 'rlock'))], read, null)).toBeNull();
  });
});

describe('a report of ZooKeeper applied to the nodes it concerns', () => {
  const lockNames = Array.from({ length: 30 }, (_, i) => `lock-${String(i).padStart(10, '0')}`);
  const session = (i: number): string => `0x${(i + 1).toString(16)}`;
  const records = (): ChildRecord[] => lockNames.map((name, i) => record(name, session(i), i + 1, 1_000 + i));
  /** Every waiter watches the node before it, but for `missing`; every session connects from its address, but as `moved` says. */
  const report = (at: number, missing: number[], moved: Record<number, string | null> = {}): Introspected => {
    const watchers = new Map<string, string[]>();
    const clients = new Map<string, string>();
    lockNames.forEach((name, i) => {
      const address = i in moved ? moved[i]! : `10.0.0.${i}:5000`;
      if (address !== null) clients.set(session(i), address);
      if (i > 0 && !missing.includes(i)) watchers.set(`/l/${lockNames[i - 1]}`, [session(i)]);
    });
    return { watchers, clients, at };
  };
  const read = (children: ChildRecord[], introspection: Introspected, previous: ReturnType<typeof buildSnapshot> | null) =>
    buildSnapshot({ path: '/l', self: null, root: { path: '/l', exists: true, children }, auxiliary: [], introspection }, previous, introspection.at);

  it('gives the nodes the full analysis gives, report after report, and changes only those the report changed', () => {
    const reports = [report(5_000, []), report(7_000, [5], { 9: '10.9.9.9:1' }), report(9_000, [5, 7]), report(11_000, [7], { 3: null })];
    // Two sets of records, so that the two ways do not share what they remember of each node.
    const fastRecords = records();
    const byName = new Map(fastRecords.map((child) => [child.name, child]));
    const fullRecords = records();
    let fast = read(fastRecords, reports[0]!, null);
    let full = read(fullRecords, reports[0]!, null);
    const changedNodes: string[][] = [];
    for (let k = 1; k < reports.length; k += 1) {
      const change = observeReport(fast, reports[k]!, reportChange(reports[k - 1]!, reports[k]!), (node) => byName.get(node.name), reports[k]!.at);
      changedNodes.push(change?.delta.updated.map((node) => node.name) ?? []);
      if (change !== null) fast = applyDelta(fast, change.delta);
      full = read(fullRecords, reports[k]!, full);
      expect(fast.nodes).toEqual(full.nodes);
    }
    expect(full.nodes[5]!.watchConfirmed).toBe(true);
    expect(full.nodes[7]!.watchConfirmed).toBe(false);
    const named = (...positions: number[]): string[] => positions.map((i) => lockNames[i]!);
    expect(changedNodes).toEqual([
      // Waiter 5's watch missed once (not judged yet), so node 4 has no watcher; session 9 moved.
      named(4, 5, 9),
      // Waiter 5 missed twice (named missing), waiter 7 once (node 6 lost its watcher); session 9 is back.
      named(5, 6, 7, 9),
      // Session 3 is no longer reported (its watch cannot be judged); waiter 5's watch is back on node 4; waiter 7 missed twice.
      named(3, 4, 5, 7),
    ]);
  });

  it('changes nothing when the report says nothing new of the lock', () => {
    const children = records();
    const first = report(5_000, []);
    const snapshot = read(children, first, null);
    const second = report(7_000, []);
    expect(observeReport(snapshot, second, reportChange(first, second), (node) => children.find((child) => child.name === node.name), 7_000)).toBeNull();
  });
});

describe("a live reading's long lists, edited in place", () => {
  const LONG = 5_000;
  const read = (at: number) => ({ at, pzxid: `0x${at.toString(16)}` });
  const chain = Array.from({ length: LONG }, (_, i) => record(`lock-${seq(i)}`, `0x${(i % 7) + 1}`, i + 1, 1000 + i));
  const herdNodes = chain.map((one) => ({ ...one }));
  const readers = Array.from({ length: LONG }, (_, i) => record(curator(i, i === LONG - 2 ? 'WRIT' : 'READ'), `0x${(i % 7) + 1}`, i + 1, 1000 + i));

  /** The same changes, made on copies and on a list edited in place: the readings must be alike, change after change. */
  function bothWays(start: () => ReturnType<typeof buildSnapshot>, changes: Array<(snapshot: ReturnType<typeof buildSnapshot>, indexes: ReturnType<typeof nodeIndexes>) => { snapshot: ReturnType<typeof buildSnapshot> } | null>): void {
    let copied = start();
    let edited = start();
    const copies = nodeIndexes();
    const edits = nodeIndexes(true);
    const compact = new CompactWriter();
    for (const change of changes) {
      // The writer has the list's text before the change: after an edit in place it must not give it again.
      compact.json(edited);
      const list = edited.nodes;
      const fromCopy = change(copied, copies);
      const fromEdit = change(edited, edits);
      expect(fromCopy).not.toBeNull();
      expect(fromEdit).not.toBeNull();
      expect(fromEdit!.snapshot).toEqual(fromCopy!.snapshot);
      expect(fromEdit!.snapshot.nodes).toBe(list);
      expect(fromCopy!.snapshot.nodes).not.toBe(copied.nodes);
      expect(compact.json(fromEdit!.snapshot)).toBe(new CompactWriter().json(fromCopy!.snapshot));
      copied = fromCopy!.snapshot;
      edited = fromEdit!.snapshot;
    }
  }

  it('reads a single line alike: the holder goes, a waiter in the middle leaves, two join at the tail', () => {
    bothWays(
      () => snapshotOf('/l', chain, null, 500),
      [
        (snapshot, indexes) => handover(snapshot, [`lock-${seq(0)}`], read(600), indexes),
        (snapshot, indexes) => leave(snapshot, [`lock-${seq(2_500)}`], read(700), null, indexes),
        (snapshot, indexes) => append(snapshot, [record(`lock-${seq(LONG)}`, '0x9', LONG + 1, 9000), record(`lock-${seq(LONG + 1)}`, '0x9', LONG + 2, 9001)], read(800), null, indexes),
        (snapshot, indexes) => handover(snapshot, [`lock-${seq(1)}`], read(900), indexes),
      ],
    );
  });

  it('reads a herd alike: its holder goes and the next holds, a waiter leaves, one joins', () => {
    bothWays(
      () => readWhole('/h', herdNodes, null, 500, true),
      [
        (snapshot, indexes) => withdraw(snapshot, [`lock-${seq(0)}`], read(600), indexes),
        (snapshot, indexes) => withdraw(snapshot, [`lock-${seq(10)}`], read(700), indexes),
        (snapshot, indexes) => append(snapshot, [record(`lock-${seq(LONG)}`, '0x9', LONG + 1, 9000)], read(800), null, indexes),
      ],
    );
  });

  it('reads a read-write lock of thousands of readers alike: readers leave at the head and in the middle, one joins behind the writer', () => {
    bothWays(
      () => readWhole('/rw', readers, null, 500),
      [
        (snapshot, indexes) => withdraw(snapshot, [curator(0, 'READ')], read(600), indexes),
        (snapshot, indexes) => withdraw(snapshot, [curator(1_000, 'READ')], read(700), indexes),
        (snapshot, indexes) => append(snapshot, [record(curator(LONG, 'READ'), '0x9', LONG + 1, 9000)], read(800), null, indexes),
      ],
    );
  });

  it('copies short lists and the lists of a reading made outside a live machine', () => {
    const short = snapshotOf('/l', chain.slice(0, 10), null, 500);
    expect(handover(short, [`lock-${seq(0)}`], read(600), nodeIndexes(true))!.snapshot.nodes).not.toBe(short.nodes);
    const long = snapshotOf('/l', chain, null, 500);
    expect(handover(long, [`lock-${seq(0)}`], read(600), nodeIndexes())!.snapshot.nodes).not.toBe(long.nodes);
    expect(long.nodes).toHaveLength(LONG);
  });
});
