import { describe, expect, it } from 'vitest';
import type { LockNode, WaitsForGraph } from '../protocol';
import { limitGraph, stronglyConnected, WaitsFor } from './waits-for';

const node = (sessionId: string, role: LockNode['role'], name = `${sessionId}-${role}`): LockNode =>
  ({ name, sessionId, role, ephemeral: true }) as LockNode;

/** A graph in which each lock has one holder and the given waiters. */
function graphOf(locks: Record<string, [holder: string, ...waiters: string[]]>): WaitsFor {
  const graph = new WaitsFor((session) => `client-of-${session}`);
  for (const [lock, [holder, ...waiters]] of Object.entries(locks)) graph.apply(lock, [], [node(holder, 'holder'), ...waiters.map((waiter) => node(waiter, 'waiter'))]);
  return graph;
}

describe('the waits-for graph across locks', () => {
  it('tells whether a session owning a node is neither connected nor in the dump: one that connected, queued and crashed between two reports', () => {
    const graph = graphOf({ '/a': ['0x1', '0x2'] });
    expect(graph.ownerUnknownTo(new Map([['0x1', 'c']]), new Map([['0x2', 1]]))).toBe(false);
    expect(graph.ownerUnknownTo(new Map([['0x1', 'c']]), new Map())).toBe(true);
    graph.apply('/a', [node('0x2', 'waiter')], []);
    expect(graph.ownerUnknownTo(new Map([['0x1', 'c']]), new Map())).toBe(false);
  });

  it('finds two sessions each holding what the other waits for, with their clients and locks', () => {
    const [deadlock, ...rest] = graphOf({ '/a': ['0x1', '0x2'], '/b': ['0x2', '0x1'] }).deadlocks();
    expect(rest).toEqual([]);
    expect(deadlock).toMatchObject({ sessions: ['0x1', '0x2'], locks: ['/a', '/b'] });
    expect(deadlock!.cycle).toEqual([
      { session: '0x1', client: 'client-of-0x1', waitsIn: '/b', waitsFor: '0x2' },
      { session: '0x2', client: 'client-of-0x2', waitsIn: '/a', waitsFor: '0x1' },
    ]);
  });

  it('takes a semaphore’s waiter as stuck only while every holder is: any one frees a lease', () => {
    const lease = (sessionId: string, role: LockNode['role']): LockNode => ({ ...node(sessionId, role), mode: 'lease' }) as LockNode;
    // 0x1 waits for a lease of /sem, held by 0x2 and 0x3; 0x2 waits in /m, which 0x1 holds.
    const graph = new WaitsFor();
    graph.apply('/sem', [], [lease('0x2', 'holder'), lease('0x3', 'holder'), lease('0x1', 'waiter')]);
    graph.apply('/m', [], [node('0x1', 'holder'), node('0x2', 'waiter')]);
    // 0x3 waits for nothing: its release lets 0x1 in, then /m goes to 0x2. No deadlock.
    expect(graph.deadlocks()).toEqual([]);
    // 0x3 now waits in /n, held by 0x4, who waits for nothing: still none.
    graph.apply('/n', [], [node('0x4', 'holder'), node('0x3', 'waiter')]);
    expect(graph.deadlocks()).toEqual([]);
    // 0x4 waits in /m too: now every holder of /sem is stuck behind 0x1.
    graph.apply('/m', [], [node('0x4', 'waiter', '0x4-second')]);
    expect(graph.deadlocks().map((deadlock) => deadlock.sessions)).toEqual([['0x1', '0x2', '0x3', '0x4']]);
    // A mutex held by two (a read lock's readers) is waited for in full: a writer behind them is stuck while either is.
    const readers = new WaitsFor();
    readers.apply('/rw', [], [node('0x2', 'holder'), node('0x3', 'holder'), node('0x1', 'waiter')]);
    readers.apply('/m', [], [node('0x1', 'holder'), node('0x2', 'waiter')]);
    expect(readers.deadlocks().map((deadlock) => deadlock.sessions)).toEqual([['0x1', '0x2']]);
  });

  it('finds a cycle of any length, once', () => {
    const locks = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`/l${i}`, [`0x${i + 1}`, `0x${((i + 6) % 7) + 1}`] as [string, string]]));
    const found = graphOf(locks).deadlocks();
    expect(found).toHaveLength(1);
    expect(found[0]!.sessions).toHaveLength(7);
    expect(found[0]!.cycle).toHaveLength(7);
  });

  it('finds none in a chain that ends, nor in a session waiting behind itself', () => {
    expect(graphOf({ '/a': ['0x1', '0x2'], '/b': ['0x2', '0x3'] }).deadlocks()).toEqual([]);
    expect(graphOf({ '/a': ['0x1', '0x1'] }).deadlocks()).toEqual([]);
  });

  it('follows changes: the cycle goes when one of its holders releases, and comes back', () => {
    const graph = graphOf({ '/a': ['0x1', '0x2'], '/b': ['0x2', '0x1'] });
    expect(graph.deadlocks()).toHaveLength(1);
    graph.apply('/b', [node('0x2', 'holder'), node('0x1', 'waiter')], [node('0x1', 'holder')]);
    expect(graph.deadlocks()).toEqual([]);
    expect(graph.deadlocksOf('/a')).toEqual([]);
    graph.apply('/b', [node('0x1', 'holder')], [node('0x2', 'holder'), node('0x1', 'waiter')]);
    expect(graph.deadlocksOf('/a')).toHaveLength(1);
    graph.drop('/b');
    expect(graph.deadlocks()).toEqual([]);
  });

  it('leaves persistent nodes out: they belong to no session', () => {
    const graph = new WaitsFor();
    graph.apply('/a', [], [{ ...node('0x0', 'holder'), ephemeral: false }, node('0x2', 'waiter')]);
    expect(graph.graph().sessions).toEqual([]);
  });

  it('looks for the cycles again only when a session comes into a lock or leaves it: not for a handover between nodes of one session', () => {
    let asked = 0;
    const ring = new WaitsFor((session) => (asked++, `client-of-${session}`));
    for (let i = 0; i < 300; i += 1) ring.apply(`/l${i}`, [], [node(`0x${i + 1}`, 'holder'), node(`0x${((i + 299) % 300) + 1}`, 'waiter')]);
    // One client's queue beside the ring, its own session holding and waiting (the bench's chained lock).
    const queue = [0, 1, 2].map((i) => node('0xq', i === 0 ? 'holder' : 'waiter', `q${i}`));
    ring.apply('/q', [], queue);
    expect(ring.deadlocks()[0]!.cycle).toHaveLength(300);
    asked = 0;
    ring.apply('/q', [queue[0]!, queue[1]!], [{ ...queue[1]!, role: 'holder' }]);
    expect(ring.deadlocks()[0]!.cycle).toHaveLength(300);
    expect(asked).toBe(0);
    // A holder of the ring gives up its lock: the ring is gone.
    ring.apply('/l0', [node('0x1', 'holder')], []);
    expect(ring.deadlocks()).toEqual([]);
  });

  it('tells each lock whose part in the deadlocks changed, once: the 300 locks of a ring when it forms and when it goes, none while it stays', () => {
    const ring = new WaitsFor();
    for (let i = 0; i < 300; i += 1) ring.apply(`/l${i}`, [], [node(`0x${i + 1}`, 'holder'), node(`0x${((i + 299) % 300) + 1}`, 'waiter')]);
    ring.apply('/a', [], [node('0xa', 'holder'), node('0xb', 'waiter')]);
    expect(ring.partsChanged()).toHaveLength(300);
    expect(ring.partsChanged()).toEqual([]);
    ring.apply('/a', [node('0xa', 'holder')], [node('0xc', 'holder')]);
    expect(ring.partsChanged()).toEqual([]);
    ring.invalidate();
    expect(ring.partsChanged()).toEqual([]);
    ring.apply('/l7', [node('0x8', 'holder')], []);
    expect(ring.partsChanged().sort()).toEqual(Array.from({ length: 300 }, (_, i) => `/l${i}`).sort());
  });

  it('draws holders one by one and the waiters that hold nothing as one group per lock', () => {
    const graph = new WaitsFor();
    graph.apply('/a', [], [node('0x1', 'holder'), ...Array.from({ length: 500 }, (_, i) => node(`0x${(i + 100).toString(16)}`, 'waiter')), node('0x2', 'waiter')]);
    graph.apply('/b', [], [node('0x2', 'holder')]);
    const drawn = graph.graph();
    expect(drawn.sessions.map((session) => session.id)).toEqual(['0x1', '0x2']);
    expect(drawn.groups).toEqual([{ id: 'waiters:/a', lock: '/a', count: 500 }]);
    expect(drawn.edges).toEqual([
      { from: '0x2', to: '0x1', lock: '/a', deadlocked: false },
      { from: 'waiters:/a', to: '0x1', lock: '/a', deadlocked: false },
    ]);
  });
});

describe('strongly connected components', () => {
  it('handles a long chain without recursion', () => {
    const vertices = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const components = stronglyConnected(vertices, (vertex) => {
      const i = Number(vertex.slice(1));
      return i + 1 < vertices.length ? [`v${i + 1}`] : ['v0'];
    });
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(100_000);
  });
});

describe('the graph a person can read', () => {
  /** `locks` locks, lock i held by session h<i> and waited in by `waiters(i)` sessions that hold nothing, plus a cycle of two. */
  function manyLocks(locks: number, waiters: (i: number) => number): WaitsForGraph {
    const sessions: WaitsForGraph['sessions'] = [];
    const groups: WaitsForGraph['groups'] = [];
    const edges: WaitsForGraph['edges'] = [];
    for (let i = 0; i < locks; i += 1) {
      const holder = `0x${(1000 + i).toString(16)}`;
      sessions.push({ id: holder, client: null, holds: [`/l${i}`], waitsIn: [], deadlocked: false });
      if (waiters(i) > 0) {
        groups.push({ id: `waiters:/l${i}`, lock: `/l${i}`, count: waiters(i) });
        edges.push({ from: `waiters:/l${i}`, to: holder, lock: `/l${i}`, deadlocked: false });
      }
    }
    sessions.push({ id: '0x1', client: null, holds: ['/a'], waitsIn: ['/b'], deadlocked: true }, { id: '0x2', client: null, holds: ['/b'], waitsIn: ['/a'], deadlocked: true });
    edges.push({ from: '0x1', to: '0x2', lock: '/b', deadlocked: true }, { from: '0x2', to: '0x1', lock: '/a', deadlocked: true });
    const deadlocks = [{ sessions: ['0x1', '0x2'], cycle: [{ session: '0x1', client: null, waitsIn: '/b', waitsFor: '0x2' }, { session: '0x2', client: null, waitsIn: '/a', waitsFor: '0x1' }], message: '' }];
    return { sessions, groups, edges, deadlocks, omitted: { sessions: 0, groups: 0, locks: 0 } } as WaitsForGraph;
  }

  it('keeps a small graph whole', () => {
    const graph = manyLocks(10, () => 3);
    expect(limitGraph(graph, 200)).toBe(graph);
  });

  it('draws every session on a cycle, then the busiest locks, and says how many it left out', () => {
    const graph = manyLocks(10_000, (i) => (i % 100 === 0 ? 50 + i / 100 : 1));
    const limited = limitGraph(graph, 200);
    expect(limited.sessions.length + limited.groups.length).toBeLessThanOrEqual(200);
    expect(limited.sessions.filter((session) => session.deadlocked).map((session) => session.id)).toEqual(['0x1', '0x2']);
    expect(limited.edges.filter((edge) => edge.deadlocked)).toHaveLength(2);
    // The busiest locks first: the cycle takes 2 marks, each lock 2 more (its holder and its group), so the 99 busiest of the hundred with 50 waiters or more.
    const shown = new Set(limited.groups.map((group) => group.lock));
    expect([...shown].sort()).toEqual(Array.from({ length: 99 }, (_, i) => `/l${(i + 1) * 100}`).sort());
    // Every edge ends on marks that are drawn.
    const marks = new Set([...limited.sessions.map((session) => session.id), ...limited.groups.map((group) => group.id)]);
    expect(limited.edges.every((edge) => marks.has(edge.from) && marks.has(edge.to))).toBe(true);
    expect(limited.omitted.sessions).toBe(graph.sessions.length - limited.sessions.length);
    expect(limited.omitted.groups).toBe(graph.groups.length - limited.groups.length);
    expect(limited.omitted.locks).toBe(10_002 - (shown.size + 2));
  });
});
