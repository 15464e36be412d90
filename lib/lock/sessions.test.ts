import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { summarizeSessions } from './sessions';

describe('summarizeSessions', () => {
  const orders = snapshotOf('/orders', [record('lock-0000000000', '0xa'), record('lock-0000000001', '0xb')]);
  const stock = snapshotOf('/stock', [record('lock-0000000000', '0xb'), record('lock-0000000001', '0xa'), record('lock-0000000002', '0x0')]);

  it('lists each session with the nodes it owns in every lock', () => {
    const { sessions } = summarizeSessions([orders, stock]);
    expect(sessions.find((session) => session.sessionId === '0xa')).toEqual({
      sessionId: '0xa',
      nodes: [
        { lock: '/orders', name: 'lock-0000000000', role: 'holder', mode: 'exclusive' },
        { lock: '/stock', name: 'lock-0000000001', role: 'waiter', mode: 'exclusive' },
      ],
      nodeCount: 2,
      holds: 1,
      waits: 1,
      client: null,
      watches: null,
      watchCount: 0,
      origin: null,
      ephemeralCount: null,
      expiresAt: null,
      connection: 'unknown',
      deadlocked: false,
      files: null,
    });
  });

  it('lists at most 20 nodes of a session in many locks, holders first, a filter’s match before them, and counts them all', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ ...orders, path: `/many/l${i}`, nodes: orders.nodes.map((node) => ({ ...node, role: i === 49 ? ('holder' as const) : ('waiter' as const) })) }));
    const [first] = summarizeSessions(many).sessions;
    expect(first?.nodeCount).toBe(50);
    expect(first?.nodes).toHaveLength(20);
    expect(first?.nodes[0]).toMatchObject({ lock: '/many/l49', role: 'holder' });
    expect(summarizeSessions(many, { query: '/many/l33' }).sessions[0]?.nodes[0]?.lock).toBe('/many/l33');
  });

  it('puts holders first and cuts the list at the limit', () => {
    const list = summarizeSessions([orders, stock], { limit: 2 });
    expect(list.sessions.map((session) => session.sessionId)).toEqual(['0xa', '0xb']);
    expect(list).toMatchObject({ truncated: true, total: 3, offset: 0 });
  });

  it('filters by session, lock or node name, and pages', () => {
    expect(summarizeSessions([orders, stock], { query: ' 0XB ' }).sessions.map((session) => session.sessionId)).toEqual(['0xb']);
    expect(summarizeSessions([orders, stock], { query: 'lock-0000000002' }).sessions.map((session) => session.sessionId)).toEqual(['0x0']);
    expect(summarizeSessions([orders, stock], { query: '/orders' }).total).toBe(2);
    const second = summarizeSessions([orders, stock], { offset: 2, limit: 2 });
    expect(second).toMatchObject({ truncated: false, total: 3, offset: 2 });
    expect(second.sessions.map((session) => session.sessionId)).toEqual(['0x0']);
  });

  it('adds what ZooKeeper reports (address, watches) and marks the simulated contenders', () => {
    // The report as the explorer makes it: its own session (watching /orders and /stock) already left out; 0xc watches a node without one of its own.
    const introspected = {
      watchers: new Map([
        ['/orders/lock-0000000000', ['0xb', '0xc']],
      ]),
      clients: new Map([
        ['0xa', '10.0.0.7:51234'],
        ['0xc', '10.0.0.9:51234'],
      ]),
      at: 0,
    };
    const dump = { ephemerals: new Map([['0xa', ['/orders/lock-0000000000', '/stock/lock-0000000001', '/elsewhere/x']]]), expiries: new Map([['0xa', 1_800_000_000_000]]) };
    const { sessions, total } = summarizeSessions([orders, stock], { introspected, simulated: new Set(['0xb']), dump });
    const byId = new Map(sessions.map((session) => [session.sessionId, session]));
    expect(byId.get('0xa')).toMatchObject({ client: '10.0.0.7:51234', watches: [], watchCount: 0, origin: null, ephemeralCount: 3, expiresAt: 1_800_000_000_000 });
    expect(byId.get('0xb')).toMatchObject({ ephemeralCount: 0, expiresAt: null });
    expect(byId.get('0xb')).toMatchObject({ watches: ['/orders/lock-0000000000'], watchCount: 1, origin: 'simulated' });
    // Only the owners of lock nodes are listed: a session that only watches is none, and neither is the explorer.
    expect([...byId.keys()].sort()).toEqual(['0x0', '0xa', '0xb']);
    expect(total).toBe(3);
  });

  it('says which sessions ZooKeeper keeps without a connection and which are deadlocked, and lists those first', () => {
    // 0xa holds /orders and is connected; 0xb holds /stock, and ZooKeeper keeps it (an expiry) while no member lists its connection.
    const introspected = { watchers: new Map<string, string[]>(), clients: new Map([['0xa', '10.0.0.7:51234']]), at: 0 };
    const dump = { ephemerals: new Map([['0xb', ['/stock/lock-0000000000']]]), expiries: new Map([['0xa', 1_800_000_000_000], ['0xb', 1_800_000_030_000]]) };
    const { sessions } = summarizeSessions([orders, stock], { introspected, dump });
    expect(sessions.map((session) => [session.sessionId, session.connection])).toEqual([
      ['0xb', 'none'],
      ['0xa', 'connected'],
      ['0x0', 'unknown'],
    ]);
    // Where a member did not list its connections, nobody is said to have none.
    expect(summarizeSessions([orders, stock], { introspected, dump, connectionsComplete: false }).sessions.find((session) => session.sessionId === '0xb')?.connection).toBe('unknown');
    // Without a dump nothing tells a crashed client from one not reported yet.
    expect(summarizeSessions([orders, stock], { introspected }).sessions.find((session) => session.sessionId === '0xb')?.connection).toBe('unknown');
    // A deadlocked session comes before everything.
    const deadlocked = summarizeSessions([orders, stock], { introspected, dump, deadlocked: new Set(['0x0']) }).sessions;
    expect(deadlocked.map((session) => [session.sessionId, session.deadlocked])).toEqual([
      ['0x0', true],
      ['0xb', false],
      ['0xa', false],
    ]);
  });
});
