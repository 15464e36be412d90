import { describe, expect, it } from 'vitest';
import { record } from '../testing/records';
import { orderQueue, snapshotLock } from './queue';

// Names as ZooKeeper's WriteLock recipe, Curator and Kazoo create them.
const writeLock = ['x-72057611217403904-0000000002', 'x-72057611217403905-0000000000', 'x-72057611217403906-0000000001'];

describe('the generic sequential lock', () => {
  it('lets the lowest sequence hold the lock, whatever order the children were listed in', () => {
    const nodes = orderQueue(writeLock.map((name) => record(name)));
    expect(nodes.map((node) => [node.name, node.role])).toEqual([
      ['x-72057611217403905-0000000000', 'holder'],
      ['x-72057611217403906-0000000001', 'waiter'],
      ['x-72057611217403904-0000000002', 'waiter'],
    ]);
  });

  it('has every waiter watch the node just before it, and the holder watch nothing', () => {
    const nodes = orderQueue(writeLock.map((name) => record(name)));
    expect(nodes.map((node) => node.predecessor)).toEqual([
      null,
      'x-72057611217403905-0000000000',
      'x-72057611217403906-0000000001',
    ]);
  });

  it('orders by the sequence, not by the GUID before it', () => {
    const nodes = orderQueue([
      record('_c_ffffffff-0000-4000-8000-000000000000-lock-0000000001'),
      record('_c_00000000-0000-4000-8000-000000000000-lock-0000000002'),
    ]);
    expect(nodes[0]?.name).toBe('_c_ffffffff-0000-4000-8000-000000000000-lock-0000000001');
  });

  it('puts wrapped (negative) sequences first, as Curator and Kazoo sort them', () => {
    const nodes = orderQueue([record('lock-2147483647'), record('lock--000000001')]);
    expect(nodes.map((node) => node.name)).toEqual(['lock--000000001', 'lock-2147483647']);
    expect(nodes[0]?.sequence).toBe(-1);
  });

  it('leaves out children without a sequence suffix', () => {
    const nodes = orderQueue([record('leases'), record('lock-0000000003')]);
    expect(nodes.map((node) => node.name)).toEqual(['lock-0000000003']);
  });

  it('reports the owner session, and a persistent node as not ephemeral', () => {
    const [ephemeral, persistent] = orderQueue([record('lock-0000000000', '0x1000007f3090002', 7), record('lock-0000000001', '0x0')]);
    expect(ephemeral).toMatchObject({ sessionId: '0x1000007f3090002', ephemeral: true, czxid: '0x7' });
    expect(persistent).toMatchObject({ sessionId: '0x0', ephemeral: false });
  });
});

describe('snapshotLock', () => {
  it('lists holders and waiters in queue order', () => {
    const snapshot = snapshotLock('/app/lock', true, 3, writeLock.map((name) => record(name)));
    expect(snapshot.holders).toEqual(['x-72057611217403905-0000000000']);
    expect(snapshot.waiters).toEqual(['x-72057611217403906-0000000001', 'x-72057611217403904-0000000002']);
    expect(snapshot.version).toBe(3);
  });

  it('has no nodes when the lock parent does not exist', () => {
    const snapshot = snapshotLock('/app/lock', false, 0, [record('lock-0000000000')]);
    expect(snapshot).toMatchObject({ exists: false, nodes: [], holders: [], waiters: [] });
  });
});
