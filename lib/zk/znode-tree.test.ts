import { describe, expect, it } from 'vitest';
import { ChildIndex } from './child-index';
import type { SnapshotNode, SnapshotRead } from './snapshot';
import type { Txn, TxnOp } from './txn-log';
import { zxidHex } from './ids';
import { clientStat, compareZxid, ZnodeTree, type ChangeListener, type CreateOp } from './znode-tree';

let zxid = 0;
const txn = (session: string, type: Txn['type'], ops: TxnOp[], failed = false): Txn => {
  zxid += 1;
  return { offset: 0, session, cxid: zxid, zxid, time: 1_700_000_000_000 + zxid, type, ops, failed };
};
const create = (path: string, ephemeral = false, parentCVersion = -1): TxnOp => ({ type: 'create', path, data: null, ephemeral, parentCVersion, ttl: null });

describe("ZooKeeper's tree from its transactions", () => {
  it('adds and removes znodes as DataTree does: a session closing takes its ephemerals, a failed multi changes nothing, each change told', () => {
    const changes: string[] = [];
    const tree = new ZnodeTree((kind, node) => changes.push(`${kind} ${node.path}`));
    tree.apply(txn('0x1', 'createSession', [{ type: 'createSession', timeoutMs: 30_000 }]));
    tree.apply(txn('0x1', 'create', [create('/lock')]));
    tree.apply(txn('0x1', 'create', [create('/lock/lock-0000000000', true)]));
    tree.apply(txn('0x2', 'create', [create('/lock/lock-0000000001', true)]));
    tree.apply(txn('0x2', 'multi', [create('/other'), { type: 'error', code: -110 }], true));
    expect(tree.children('/lock').map(({ name, node }) => [name, node.ephemeralOwner])).toEqual([
      ['lock-0000000000', '0x1'],
      ['lock-0000000001', '0x2'],
    ]);
    expect(tree.get('/other')).toBeUndefined();
    expect(tree.get('/lock')).toMatchObject({ cversion: 2, pzxid: 4 });
    expect(tree.get('/lock')!.childCount).toBe(2);
    tree.apply(txn('0x1', 'closeSession', [{ type: 'closeSession', paths: null }]));
    expect(tree.children('/lock').map(({ name }) => name)).toEqual(['lock-0000000001']);
    // A delete moves the parent's pzxid, not its cversion (the next create brings the leader's count).
    expect(tree.get('/lock')).toMatchObject({ cversion: 2, pzxid: 6 });
    expect(tree.get('/lock')!.childCount).toBe(1);
    expect(tree.sessions.has('0x1')).toBe(false);
    expect(changes).toEqual(['create /lock', 'create /lock/lock-0000000000', 'create /lock/lock-0000000001', 'delete /lock/lock-0000000000']);
  });

  it("over a fuzzy snapshot, a create of a node it has already moves only the parent's cversion and pzxid, as FileTxnSnapLog does", () => {
    const node = (path: string, cversion: number, zxid: number): SnapshotNode => ({ path, data: null, czxid: zxid, mzxid: zxid, pzxid: zxid, ctime: 0, mtime: 0, version: 0, cversion, aversion: 0, ephemeralOwner: '0x0' });
    // Taken while the child's create was under way: the child is in, the parent's counts are not yet.
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map(), nodes: [node('/', 1, 0), node('/lock', 0, 1), node('/lock/a', 0, 2)], stopped: null };
    const changes: Parameters<ChangeListener>[] = [];
    const tree = ZnodeTree.fromSnapshot(snapshot, '0x1', (...change) => changes.push(change));
    tree.apply({ offset: 0, session: '0x1', cxid: 1, zxid: 2, time: 2, type: 'create', ops: [create('/lock/a', false, 1)], failed: false });
    expect(tree.get('/lock')).toMatchObject({ cversion: 1, pzxid: 2 });
    expect(tree.get('/lock')!.childCount).toBe(1);
    expect(changes).toEqual([]);
    // A create the parent has counted already changes nothing.
    tree.apply({ offset: 0, session: '0x1', cxid: 2, zxid: 3, time: 3, type: 'create', ops: [create('/lock/a', false, 1)], failed: false });
    expect(tree.get('/lock')).toMatchObject({ cversion: 1, pzxid: 2 });
  });

  it('after a gap, takes from the log what a fuzzy snapshot lacks or holds too long: a node deleted while it was written is made as its create made it, one deleted in the gap is not kept for a later close', () => {
    const node = (path: string, zxid: number, owner = '0x0'): SnapshotNode => ({ path, data: null, czxid: zxid, mzxid: zxid, pzxid: zxid, ctime: zxid, mtime: zxid, version: 0, cversion: 0, aversion: 0, ephemeralOwner: owner });
    const at = (zxid: number, session: string, ops: TxnOp[]): Txn => ({ offset: 0, session, cxid: zxid, zxid, time: zxid, type: ops[0]!.type === 'closeSession' ? 'closeSession' : ops[0]!.type === 'delete' ? 'delete' : 'create', ops, failed: false });
    // Before the gap: /lock and its holder A (session 0xa).
    const tree = ZnodeTree.fromSnapshot({ dbid: '0x0', sessions: new Map([['0xa', 4000], ['0xb', 4000]]), nodes: [node('/', 0), node('/lock', 1), node('/lock/a', 2, '0xa')], stopped: null }, '0x2');
    // In the gap, readable after its damaged entry: A deleted (released) at 4, B made at 5. The snapshot named 6 was written while B's session closed (at 7): it has neither.
    const made = new Map([['/lock/b', { txn: at(5, '0xb', [create('/lock/b', true)]), op: create('/lock/b', true) as CreateOp }]]);
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map([['0xa', 4000]]), nodes: [node('/', 0), node('/lock', 1)], stopped: null };
    const gap: Txn = { offset: -1, session: '0x0', cxid: -1, zxid: 6, time: 6, type: 'multi', ops: [], failed: false, gap: true };
    // After it: A's session closes naming no node of its (it had none left), B's naming B.
    tree.jumpTo(snapshot, gap, { deleted: new Map([['/lock/b', 7]]), closed: new Set(['0xa', '0xb']), unnamed: new Set(), made, unmade: new Set(['/lock/a']) });
    expect(tree.children('/lock').map(({ name, node: child }) => [name, child.ephemeralOwner, child.czxid, child.ctime])).toEqual([['b', '0xb', 5, 5]]);
    tree.apply(at(7, '0xb', [{ type: 'closeSession', paths: ['/lock/b'] }]));
    expect(tree.children('/lock')).toEqual([]);
  });

  it('orders zxids as ZooKeeper prints them', () => {
    expect(compareZxid('0x9', '0x10')).toBeLessThan(0);
    expect(compareZxid('0x1000000001', '0xffffffff')).toBeGreaterThan(0);
    expect(compareZxid('0xab', '0xab')).toBe(0);
  });
});

describe('every parent\'s children at any zxid (the columnar index)', () => {
  it('answers the same whether read between changes or only after them all (the changes filed under their parents as it is read)', () => {
    const steps: Array<[string, Txn['type'], TxnOp]> = [
      ['0x1', 'create', create('/r')],
      ['0x1', 'create', create('/r/lock-1', true)],
      ['0x2', 'create', create('/r/lock-2', true)],
      ['0x2', 'create', create('/s')],
      ['0x2', 'create', create('/s/x')],
      ['0x1', 'delete', { type: 'delete', path: '/r/lock-1' }],
      ['0x3', 'create', create('/r/lock-3', true)],
      ['0x2', 'closeSession', { type: 'closeSession', paths: null }],
      ['0x3', 'create', create('/s/controller', true)],
    ];
    const answers = (index: ChildIndex): unknown => [
      index.sessionSpans(['/r', '/s']),
      ['/r', '/s'].map((parent) => [index.ephemeralsEver(parent), [...index.namesEver(parent)], index.changesOf(parent), index.ephemeralAmong(parent, ['controller'])]),
    ];
    const read = new ZnodeTree();
    const readIndex = new ChildIndex(read);
    const unread = new ZnodeTree();
    const unreadIndex = new ChildIndex(unread);
    for (const [session, type, op] of steps) {
      const one = txn(session, type, [op]);
      read.apply(one);
      unread.apply(one);
      answers(readIndex);
    }
    expect(answers(readIndex)).toEqual(answers(unreadIndex));
  });

  it("keeps each child's stat as a client would have read it right after each change of the parent's children (a create's told by its change)", () => {
    const tree = new ZnodeTree();
    const index = new ChildIndex(tree);
    const ops: Array<[string, Txn['type'], TxnOp]> = [
      ['0x1', 'create', create('/q')],
      ['0x1', 'create', create('/q/a', true)],
      ['0x2', 'create', create('/q/b')],
      ['0x1', 'setData', { type: 'setData', path: '/q/a', data: new Uint8Array([1, 2]), version: 1 }],
      ['0x2', 'createContainer', { type: 'createContainer', path: '/q/d', data: null, ephemeral: false, parentCVersion: -1, ttl: null }],
      ['0x2', 'createTTL', { type: 'createTTL', path: '/q/t', data: new Uint8Array([7]), ephemeral: false, parentCVersion: -1, ttl: 60_000 }],
      ['0x2', 'delete', { type: 'delete', path: '/q/b' }],
      ['0x3', 'create', create('/q/e', true)],
      ['0x3', 'setData', { type: 'setData', path: '/q/e', data: null, version: 1 }],
    ];
    for (const [session, type, op] of ops) {
      const one = txn(session, type, [op]);
      tree.apply(one);
      const zxid = zxidHex(one.zxid);
      for (const { name, node } of tree.children('/q')) expect([name, index.nodeAt(`/q/${name}`, zxid)?.stat], `after ${type} ${'path' in op ? op.path : ''}`).toEqual([name, clientStat(node)]);
    }
  });

  it('answers the children, a node and the changes at each moment, a name used twice being two nodes, a data change a new record', () => {
    const tree = new ZnodeTree();
    const index = new ChildIndex(tree);
    const at: string[] = [];
    const apply = (one: Txn): void => {
      tree.apply(one);
      at.push(zxidHex(one.zxid));
    };
    apply(txn('0x1', 'create', [create('/lock')]));
    apply(txn('0x1', 'create', [create('/lock/a', true)]));
    apply(txn('0x2', 'create', [create('/lock/b', true)]));
    apply(txn('0x1', 'setData', [{ type: 'setData', path: '/lock/a', data: new Uint8Array([42]), version: 1 }]));
    apply(txn('0x1', 'delete', [{ type: 'delete', path: '/lock/a' }]));
    apply(txn('0x3', 'create', [create('/lock/a', true)]));
    apply(txn('0x2', 'closeSession', [{ type: 'closeSession', paths: null }]));
    const names = (zxid: string): string[] => index.childrenAt('/lock', zxid).map((child) => `${child.name}:${child.stat.ephemeralOwner}:${child.stat.version}`);
    expect(names(at[1]!)).toEqual(['a:0x1:0']);
    expect(names(at[2]!)).toEqual(['a:0x1:0', 'b:0x2:0']);
    expect(names(at[3]!)).toEqual(['a:0x1:1', 'b:0x2:0']);
    expect(names(at[4]!)).toEqual(['b:0x2:0']);
    expect(names(at[5]!)).toEqual(['a:0x3:0', 'b:0x2:0']);
    expect(names(at[6]!)).toEqual(['a:0x3:0']);
    expect([...index.childrenAt('/lock', at[3]!)[0]!.data!]).toEqual([42]);
    expect(index.nodeAt('/lock/a', at[4]!)).toBeNull();
    expect(index.nodeAt('/lock/a', at[5]!)!.stat.czxid).toBe(at[5]);
    expect(index.nodeAt('/lock/b', at[6]!)).toBeNull();
    expect(index.countAt('/lock', at[0]!)).toBe(0);
    expect(index.countAt('/lock', at[6]!)).toBe(6);
    expect(index.lastChange('/lock', at[6]!)).toBe(at[6]);
    expect(index.changeMoment('/lock', 3)).toMatchObject({ zxid: at[4] });
    expect(index.changesOf('/lock').map((change) => `${change.kind} ${change.child.name} ${change.closed ?? ''}`.trim())).toEqual(['create a', 'create b', 'set a', 'delete a', 'create a', 'delete b closed']);
    expect([...index.namesEver('/lock')]).toEqual([
      ['a', true],
      ['b', true],
    ]);
    // b's node: from its create to its session's close, as numbers among all the changes.
    const spans = [...index.sessionSpans(['/lock'])].map(([session, { parents, from, to }]) => [session, [...parents], [...from], [...to]]);
    expect(spans).toEqual([
      ['0x1', [0], [1], [4]],
      ['0x2', [0], [2], [6]],
      ['0x3', [0], [5], [Infinity]],
    ]);
    expect(index.changesUpTo(at[4]!)).toBe(5);
  });

  it("gives each session's nodes across parents in the order they came, with the latest end up to each", () => {
    const tree = new ZnodeTree();
    const index = new ChildIndex(tree);
    for (const one of [
      txn('0x9', 'create', [create('/one')]),
      txn('0x9', 'create', [create('/two')]),
      txn('0x1', 'create', [create('/two/x', true)]),
      txn('0x1', 'create', [create('/one/x', true)]),
      txn('0x2', 'create', [create('/one/y', true)]),
      txn('0x1', 'delete', [{ type: 'delete', path: '/two/x' }]),
      txn('0x1', 'create', [create('/two/z', true)]),
      txn('0x1', 'delete', [{ type: 'delete', path: '/one/x' }]),
      txn('0x9', 'create', [create('/one/persistent')]),
    ]) {
      tree.apply(one);
    }
    const spans = Object.fromEntries([...index.sessionSpans(['/one', '/two'])].map(([session, { parents, from, to, reach }]) => [session, { parents: [...parents], from: [...from], to: [...to], reach: [...reach] }]));
    // Changes are numbered in the order applied: 0 /one, 1 /two, 2 /two/x, 3 /one/x, 4 /one/y, 5 -/two/x, 6 /two/z, 7 -/one/x.
    expect(spans).toEqual({
      '0x1': { parents: [1, 0, 1], from: [2, 3, 6], to: [5, 7, Infinity], reach: [5, 7, Infinity] },
      '0x2': { parents: [0], from: [4], to: [Infinity], reach: [Infinity] },
    });
    // Which of some names an ephemeral child ever bore, from the names' bytes: not a persistent one's, nor one never made.
    expect(index.ephemeralAmong('/one', ['persistent', 'y', 'nothing', 'x'])).toEqual(['y', 'x']);
  });

  it("gives a parent's own stat at each moment as a client read it then: its children's count, cversion and pzxid, not those of its create or of the end", () => {
    // From a snapshot: /locks (5 creates so far, 1 child), under it a lock made before the span and one made, deleted and made again within it.
    const node = (path: string, czxid: number, cversion: number, pzxid = czxid): SnapshotNode => ({ path, data: null, czxid, mzxid: czxid, pzxid, ctime: 0, mtime: 0, version: 0, cversion, aversion: 0, ephemeralOwner: '0x0' });
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map([['0x9', 4000]]), nodes: [node('/', 0, 1, 2), node('/locks', 2, 5, 6), node('/locks/old', 3, 4, 6), node('/locks/old/lock-0000000003', 6, 0)], stopped: null };
    zxid = 6;
    const tree = ZnodeTree.fromSnapshot(snapshot, '0x6');
    const index = new ChildIndex(tree);
    const ops: Array<[Txn['type'], TxnOp]> = [
      ['create', create('/locks/old/lock-0000000004', true)],
      ['create', create('/locks/old/lock-0000000005', true)],
      ['delete', { type: 'delete', path: '/locks/old/lock-0000000003' }],
      ['create', create('/locks/new')],
      ['create', create('/locks/new/lock-0000000000', true)],
      ['setData', { type: 'setData', path: '/locks/new', data: new Uint8Array([1]), version: 0 }],
      ['create', create('/locks/new/lock-0000000001', true)],
      ['delete', { type: 'delete', path: '/locks/new/lock-0000000000' }],
      ['delete', { type: 'delete', path: '/locks/new/lock-0000000001' }],
      ['delete', { type: 'delete', path: '/locks/new' }],
      ['create', create('/locks/new')],
      ['create', create('/locks/new/lock-0000000000', true)],
    ];
    const moments: Array<{ zxid: string; stats: Map<string, ReturnType<typeof clientStat> | null> }> = [];
    const watched = ['/', '/locks', '/locks/old', '/locks/new'];
    const read = (at: string) => ({ zxid: at, stats: new Map(watched.map((path) => [path, tree.get(path) === undefined ? null : clientStat(tree.get(path)!)])) });
    moments.push(read('0x6'));
    for (const [type, op] of ops) {
      const one = txn('0x9', type, [op]);
      tree.apply(one);
      moments.push(read(zxidHex(one.zxid)));
    }
    // Read after them all, each moment as it was.
    for (const moment of moments) {
      for (const path of watched) {
        const then = moment.stats.get(path)!;
        const told = index.nodeWithChildrenAt(path, moment.zxid);
        const part = (stat: ReturnType<typeof clientStat> | undefined) => (stat === undefined ? null : { czxid: stat.czxid, pzxid: stat.pzxid, cversion: stat.cversion, numChildren: stat.numChildren });
        expect(part(told?.stat), `${path} at ${moment.zxid}`).toEqual(then === null ? null : part(then));
      }
    }
  });

  it("tells which of some names an ephemeral child bore where the parent never changed (the snapshot's children)", () => {
    const node = (path: string, ephemeralOwner: string): SnapshotNode => ({ path, data: null, czxid: 1, mzxid: 1, pzxid: 1, ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner });
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map(), nodes: [node('/', '0x0'), node('/controller', '0x5'), node('/controller_epoch', '0x0')], stopped: null };
    const index = new ChildIndex(ZnodeTree.fromSnapshot(snapshot, '0x1'));
    expect(index.ephemeralAmong('/', ['controller_epoch', 'controller', 'master'])).toEqual(['controller']);
  });

  it('tells which of some names an ephemeral child bore from the lengths of those it had, at the start and made after', () => {
    const node = (path: string, ephemeralOwner: string): SnapshotNode => ({ path, data: null, czxid: 1, mzxid: 1, pzxid: 1, ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner });
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map(), nodes: [node('/', '0x0'), node('/p', '0x0'), node('/p/leader', '0x5'), node('/p/config', '0x0')], stopped: null };
    const tree = ZnodeTree.fromSnapshot(snapshot, '0x1');
    const index = new ChildIndex(tree);
    tree.apply({ offset: 0, session: '0x6', cxid: 1, zxid: 2, time: 2, type: 'create', ops: [create('/p/_c_5e1c4a2b-9f7e-4d3c-8b1a-0123456789ab-lock-0000000001', true)], failed: false });
    // The snapshot's ephemeral child is found though the change came after; a persistent one of a length had is not; no name of a length never had is.
    expect(index.ephemeralAmong('/p', ['leader', 'config', 'master', 'ActiveStandbyElectorLock'])).toEqual(['leader']);
  });

  it("gives a session's nodes there from the snapshot on first, ended where a change deleted them, and those of a parent that never changed", () => {
    const node = (path: string, ephemeralOwner: string): SnapshotNode => ({ path, data: null, czxid: 1, mzxid: 1, pzxid: 1, ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner });
    const snapshot: SnapshotRead = { dbid: '0x0', sessions: new Map(), nodes: [node('/', '0x0'), node('/lock', '0x0'), node('/lock/a', '0x5'), node('/still', '0x0'), node('/still/s', '0x5')], stopped: null };
    const tree = ZnodeTree.fromSnapshot(snapshot, '0x1');
    const index = new ChildIndex(tree);
    tree.apply(txn('0x6', 'create', [create('/lock/b', true)]));
    tree.apply(txn('0x5', 'delete', [{ type: 'delete', path: '/lock/a' }]));
    const spans = Object.fromEntries([...index.sessionSpans(['/lock', '/still'])].map(([session, { parents, from, to }]) => [session, { parents: [...parents], from: [...from], to: [...to] }]));
    // Changes: 0 /lock/b made, 1 /lock/a deleted.
    expect(spans).toEqual({
      '0x5': { parents: [0, 1], from: [-1, -1], to: [1, Infinity] },
      '0x6': { parents: [0], from: [0], to: [Infinity] },
    });
  });

  it("gives a parent's children at every zxid the same from its checkpoints as from its start, however many come and go", () => {
    const tree = new ZnodeTree();
    const index = new ChildIndex(tree);
    const expected = new Map<number, string[]>();
    const live = new Set<string>();
    tree.apply(txn('0x9', 'create', [create('/q')]));
    tree.apply(txn('0x9', 'create', [create('/other')]));
    // A queue that grows to 150, then drains from its middle, with a neighbour's changes between.
    for (let i = 0; i < 400; i += 1) {
      const name = `n-${String(i % 200).padStart(4, '0')}`;
      if (i < 200) {
        tree.apply(txn(`0x${(i % 7) + 1}`, 'create', [create(`/q/${name}`, true)]));
        live.add(name);
      } else if (i % 3 !== 0) {
        tree.apply(txn('0x1', 'delete', [{ type: 'delete', path: `/q/${name}` }]));
        live.delete(name);
      } else tree.apply(txn('0x9', 'create', [create(`/other/x-${i}`)]));
      if (i === 150) for (const gone of [...live].slice(0, 50)) {
        tree.apply(txn('0x1', 'delete', [{ type: 'delete', path: `/q/${gone}` }]));
        live.delete(gone);
        expected.set(zxid, [...live].sort());
      }
      expected.set(zxid, [...live].sort());
    }
    expect(index.changeCount('/q')).toBeGreaterThan(300);
    // Asked out of order: checkpoints made for a late moment serve an early one.
    const zxids = [...expected.keys()].reverse();
    for (const at of zxids) expect(index.childrenAt('/q', zxidHex(at)).map((child) => child.name), `at ${at}`).toEqual(expected.get(at));
  });
});
