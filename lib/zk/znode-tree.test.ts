import { describe, expect, it } from 'vitest';
import type { Txn, TxnOp } from './txn-log';
import { compareZxid, ZnodeTree, type TreeChange } from './znode-tree';

let zxid = 0;
const txn = (session: string, type: Txn['type'], ops: TxnOp[], failed = false): Txn => {
  zxid += 1;
  return { offset: 0, session, cxid: zxid, zxid: `0x${zxid.toString(16)}`, time: 1_700_000_000_000 + zxid, type, ops, failed };
};
const create = (path: string, ephemeral = false, parentCVersion = -1): TxnOp => ({ type: 'create', path, data: null, ephemeral, parentCVersion, ttl: null });

describe("ZooKeeper's tree from its transactions", () => {
  it('adds and removes znodes as DataTree does: a session closing takes its ephemerals, a failed multi changes nothing, each change told', () => {
    const changes: TreeChange[] = [];
    const tree = new ZnodeTree((change) => changes.push(change));
    tree.apply(txn('0x1', 'createSession', [{ type: 'createSession', timeoutMs: 30_000 }]));
    tree.apply(txn('0x1', 'create', [create('/lock')]));
    tree.apply(txn('0x1', 'create', [create('/lock/lock-0000000000', true)]));
    tree.apply(txn('0x2', 'create', [create('/lock/lock-0000000001', true)]));
    tree.apply(txn('0x2', 'multi', [create('/other'), { type: 'error', code: -110 }], true));
    expect(tree.children('/lock').map(({ name, node }) => [name, node.stat.ephemeralOwner])).toEqual([
      ['lock-0000000000', '0x1'],
      ['lock-0000000001', '0x2'],
    ]);
    expect(tree.get('/other')).toBeUndefined();
    expect(tree.get('/lock')!.stat).toMatchObject({ cversion: 2, pzxid: '0x4', numChildren: 2 });
    tree.apply(txn('0x1', 'closeSession', [{ type: 'closeSession', paths: null }]));
    expect(tree.children('/lock').map(({ name }) => name)).toEqual(['lock-0000000001']);
    // A delete moves the parent's pzxid, not its cversion (the next create brings the leader's count).
    expect(tree.get('/lock')!.stat).toMatchObject({ cversion: 2, pzxid: '0x6', numChildren: 1 });
    expect(tree.sessions.has('0x1')).toBe(false);
    expect(changes.map((change) => `${change.kind} ${change.path}`)).toEqual(['create /lock', 'create /lock/lock-0000000000', 'create /lock/lock-0000000001', 'delete /lock/lock-0000000000']);
  });

  it('orders zxids as ZooKeeper prints them', () => {
    expect(compareZxid('0x9', '0x10')).toBeLessThan(0);
    expect(compareZxid('0x1000000001', '0xffffffff')).toBeGreaterThan(0);
    expect(compareZxid('0xab', '0xab')).toBe(0);
  });
});
