import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import type { Anomaly, Deadlock, LockSnapshot } from '../protocol';
import { describeAnomaly } from '../i18n/messages';
import { append, buildSnapshot, handover, type ChildRecord } from './queue';
import { lockAnomalies, nextStaleAt, type AnomalyContext } from './anomalies';
import type { Introspected } from './report';
import { nodeIndexes } from './indexes';
import { reader } from './reader';

const quiet: AnomalyContext = { now: 0, staleHolderMs: 60_000, deadlocks: [] };
/** An anomaly's sentence in English, as the page says it. */
const said = (anomaly: Anomaly): string => describeAnomaly('en', anomaly.kind, anomaly.params).message;
const kinds = (snapshot: Parameters<typeof lockAnomalies>[0], context = quiet): string[] => lockAnomalies(snapshot, context).map((anomaly) => anomaly.kind);

/** The lock read again with each report in turn, as the explorer does while the report comes every poll. */
function readWithReports(children: ChildRecord[], reports: Introspected[], firstRead = 0): LockSnapshot {
  let snapshot = buildSnapshot({ path: '/l', self: null, root: { path: '/l', exists: true, children }, auxiliary: [] }, null, firstRead);
  for (const report of reports) {
    snapshot = buildSnapshot({ path: '/l', self: null, root: { path: '/l', exists: true, children }, auxiliary: [], introspection: report }, snapshot, report.at);
  }
  return snapshot;
}

describe('anomalies of one lock', () => {
  it('names a persistent lock node', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0x0'), record('lock-0000000001', '0xa')]))).toEqual(['persistent-node']);
  });

  it('names an orphan: two nodes of one session, or of one protected GUID', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0xa'), record('lock-0000000001', '0xb'), record('lock-0000000002', '0xa')]))).toEqual(['orphan']);
    const guid = '0f7c1a9e-9b1e-4c1f-8a36-9d2b6f2a9c11';
    expect(kinds(snapshotOf('/l', [record(`_c_${guid}-lock-0000000000`, '0xa'), record(`_c_${guid}-lock-0000000001`, '0xb')]))).toEqual(['orphan']);
  });

  it('names an orphan that a handover or an arrival makes or ends, from the owners counted as the queue changed', () => {
    const read = (at: number): { at: number; pzxid: null } => ({ at, pzxid: null });
    let snapshot = snapshotOf('/l', [record('lock-0000000000', '0xa'), record('lock-0000000001', '0xb'), record('lock-0000000002', '0xc')]);
    expect(kinds(snapshot)).toEqual([]);
    snapshot = append(snapshot, [record('lock-0000000003', '0xa')], read(1), null)!.snapshot;
    expect(lockAnomalies(snapshot, quiet).map((anomaly) => [anomaly.kind, anomaly.node])).toEqual([['orphan', 'lock-0000000000']]);
    snapshot = handover(snapshot, ['lock-0000000000'], read(2))!.snapshot;
    expect(kinds(snapshot)).toEqual([]);
    snapshot = append(snapshot, [record('lock-0000000004', '0xb'), record('lock-0000000005', '0xb')], read(3), null)!.snapshot;
    expect(lockAnomalies(snapshot, quiet).map((anomaly) => [anomaly.kind, anomaly.params])).toEqual([['orphan', { node: 'lock-0000000001', count: 2, owner: 'session 0xb' }]]);
  });

  describe('a verdict over many nodes is one anomaly, whatever their number', () => {
    it('names 3,000 persistent nodes as one, its first said in full, the count, and the first twenty by name', () => {
      const nodes = Array.from({ length: 3000 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`, '0x0'));
      const anomalies = lockAnomalies(snapshotOf('/l', nodes), quiet);
      expect(anomalies).toHaveLength(1);
      expect(anomalies[0]).toMatchObject({ kind: 'persistent-node', node: 'lock-0000000000', count: 3000, params: { node: 'lock-0000000000', more: 2999 } });
      expect(anomalies[0]!.nodes).toEqual(nodes.slice(0, 20).map((node) => node.name));
      expect(said(anomalies[0]!)).toBe("lock-0000000000 and 2999 more nodes are not ephemeral: they survive their owners' crashes and hold up the queue until someone deletes them.");
      expect(describeAnomaly('zh', 'persistent-node', anomalies[0]!.params).message).toMatch(/^lock-0000000000 和另外 2999 个节点不是临时节点/);
    });

    it('names 1,000 owners with two nodes each as one orphan verdict, by its first owner and the number of owners', () => {
      const nodes = Array.from({ length: 2000 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`, `0x${(i % 1000) + 1}`));
      const anomalies = lockAnomalies(snapshotOf('/l', nodes), quiet);
      expect(anomalies).toHaveLength(1);
      expect(anomalies[0]).toMatchObject({ kind: 'orphan', node: 'lock-0000000000', count: 1000, params: { node: 'lock-0000000000', other: 'lock-0000001000', owner: 'session 0x1', owners: 1000 } });
      expect(anomalies[0]!.nodes).toHaveLength(20);
      expect(said(anomalies[0]!)).toMatch(/^1000 owners each have more than one node here, the first session 0x1 \(lock-0000000000 among them\)/);
    });

    it('names the orphans of 16 sessions owning 10,000 nodes from the owners counted, looking again at a few dozen nodes, not all', () => {
      const nodes = Array.from({ length: 10_000 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`, `0x${(i % 16) + 1}`));
      const snapshot = snapshotOf('/l', nodes);
      let asked = 0;
      const counting = { ...reader, ownerKey: (node: Parameters<typeof reader.ownerKey>[0]) => (asked++, reader.ownerKey(node)) };
      const indexes = nodeIndexes();
      const first = lockAnomalies(snapshot, { ...quiet, reader: counting }, indexes);
      asked = 0;
      const again = lockAnomalies(snapshot, { ...quiet, reader: counting }, indexes);
      expect(again).toEqual(first);
      expect(asked).toBeLessThan(50);
      expect(again[0]).toMatchObject({ kind: 'orphan', node: 'lock-0000000000', count: 16, params: { node: 'lock-0000000000', count: 624, owner: 'session 0x1', owners: 16 } });
      expect(again[0]!.nodes).toEqual(nodes.slice(0, 16).map((node) => node.name));
    });

    it('names holders past the threshold and holders without a connection as one verdict each', () => {
      // Four readers sharing a Kazoo read lock, two of whose sessions lost their connection, and a writer waiting behind them.
      const nodes = [...[0, 1, 2, 3].map((i) => record(`${String(i).repeat(32)}__rlock__000000000${i}`, `0x${i + 1}`, i + 1, 1000)), record(`${'4'.repeat(32)}__lock__0000000004`, '0x5', 5, 2000)];
      const anomalies = lockAnomalies(snapshotOf('/l', nodes), { ...quiet, now: 100_000, disconnected: new Map([['0x2', 200_000], ['0x4', 300_000]]) });
      expect(anomalies.map((anomaly) => [anomaly.kind, anomaly.count ?? 1])).toEqual([
        ['holder-disconnected', 2],
        // The two without a connection are named for that alone.
        ['stale-holder', 2],
      ]);
      expect(anomalies[0]!.params).toMatchObject({ session: '0x2', expiresAt: 200_000, more: 1 });
    });
  });

  describe('watches, from ZooKeeper’s report', () => {
    const names = ['lock-0000000000', 'lock-0000000001', 'lock-0000000002', 'lock-0000000003'];
    // Fresh records each time: the explorer remembers what it judged of a record while it stays.
    const children = (): ChildRecord[] => names.map((name, i) => record(name, `0x${i + 1}`));
    const clients = new Map(names.map((_, i) => [`0x${i + 1}`, `10.0.0.${i + 1}:5000`]));
    // 0x2 watches node 0 (right), 0x3 watches nothing, 0x4 watches node 1 (wrong: it should watch node 2).
    const watchers = new Map([
      ['/l/lock-0000000000', ['0x2']],
      ['/l/lock-0000000001', ['0x4']],
    ]);
    const report = (at: number, overrides: Partial<Introspected> = {}): Introspected => ({ watchers, clients, at, ...overrides });

    it('names a waiter that watches nothing and one that watches the wrong node, once two reports in a row miss them', () => {
      const snapshot = readWithReports(children(), [report(2000), report(4000)]);
      expect(lockAnomalies(snapshot, quiet).map((anomaly) => [anomaly.kind, anomaly.node])).toEqual([
        ['no-watch', 'lock-0000000002'],
        ['wrong-watch', 'lock-0000000003'],
      ]);
    });

    it('names every waiter that watches nothing, even when no waiter’s watch is confirmed', () => {
      const snapshot = readWithReports(children(), [report(2000, { watchers: new Map() }), report(4000, { watchers: new Map() })]);
      // One verdict over the three, not three sentences: its first node said in full, the count and every name beside it.
      const [verdict, ...others] = lockAnomalies(snapshot, quiet);
      expect(others).toEqual([]);
      expect(verdict).toEqual({
        kind: 'no-watch',
        node: 'lock-0000000001',
        params: { node: 'lock-0000000001', expected: 'lock-0000000000', more: 2 },
        count: 3,
        nodes: ['lock-0000000001', 'lock-0000000002', 'lock-0000000003'],
      });
      expect(said(verdict!)).toBe(
        'lock-0000000001 and 2 more waiters wait, but ZooKeeper reports no watch of their sessions on the nodes before them (the first should watch lock-0000000000): they watch nothing, or only the parent’s children (ZooKeeper does not report child watches). If nothing, no release will ever wake them.',
      );
    });

    it('judges nobody from one report: it may have been taken mid-handover', () => {
      const snapshot = readWithReports(children(), [report(4000, { watchers: new Map() })]);
      expect(kinds(snapshot)).toEqual([]);
      expect(snapshot.nodes.filter((node) => node.role === 'waiter').map((node) => node.watchConfirmed)).toEqual([null, null, null]);
    });

    it('judges a waiter only from reports taken after it had time to set its watch', () => {
      // The node was first seen at 3,500: reports at 4,000 and 4,400 came too soon after it.
      const snapshot = readWithReports(children(), [report(4000, { watchers: new Map() }), report(4400, { watchers: new Map() })], 3500);
      expect(kinds(snapshot)).toEqual([]);
    });

    it('does not judge a session whose connection no member reported: it cannot tell', () => {
      const snapshot = readWithReports(children(), [report(2000, { watchers: new Map(), clients: new Map() }), report(4000, { watchers: new Map(), clients: new Map() })]);
      expect(kinds(snapshot)).toEqual([]);
      expect(snapshot.nodes.map((node) => node.watchConfirmed)).toEqual([null, null, null, null]);
    });

    it('confirms a watch from one report', () => {
      const snapshot = readWithReports(children(), [report(4000)]);
      expect(snapshot.nodes.map((node) => node.watchConfirmed)).toEqual([null, true, null, null]);
    });
  });

  it('names a herd lock and wrapped sequences', () => {
    const herd = buildSnapshot(
      { path: '/h', self: null, root: { path: '/h', exists: true, children: ['lock-0000000000', 'lock-0000000001', 'lock-0000000002'].map((n, i) => record(n, `0x${i + 1}`)) }, auxiliary: [], herdEvidence: { by: 'cons', deleted: 1, created: 0, woke: 2, waiting: 2 } },
      null,
      0,
    );
    expect(kinds(herd)).toEqual(['herd']);
    // The evidence travels as numbers, and is said in the page's language.
    const named = lockAnomalies(herd, quiet)[0]!;
    expect(named.params).toMatchObject({ by: 'cons', deleted: 1, woke: 2, waiting: 2 });
    expect(said(named)).toContain('ZooKeeper’s cons: after 1 deleted child, 2 of the 2 sessions that waited throughout sent requests');
    expect(describeAnomaly('zh', named.kind, named.params).message).toContain('ZooKeeper 的连接报告（cons）：在删除 1 个子节点之后，在整段时间里一直等待的 2 个会话中有 2 个发出了请求');
    expect(kinds(snapshotOf('/w', [record('lock--000000001', '0x1'), record('lock-2147483647', '0x2')]))).toEqual(['sequence-wrap']);
  });

  it('finds nothing wrong in a healthy lock', () => {
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0x1'), record('lock-0000000001', '0x2')]))).toEqual([]);
  });

  it('names a holder held past the threshold while someone waits, and says when the next one will be', () => {
    const snapshot = snapshotOf('/l', [record('lock-0000000000', '0x1', 1, 1000), record('lock-0000000001', '0x2', 2, 2000)]);
    expect(kinds(snapshot, { ...quiet, now: 1000 + 61_000 })).toEqual(['stale-holder']);
    // Alone, a long hold costs nobody anything (a long job, a leader): no verdict.
    expect(kinds(snapshotOf('/l', [record('lock-0000000000', '0x1', 1, 1000)]), { ...quiet, now: 1000 + 61_000 })).toEqual([]);
    expect(kinds(snapshot, { ...quiet, now: 1000 + 59_000 })).toEqual([]);
    expect(nextStaleAt(snapshot, 1000 + 59_000, 60_000)).toBe(1000 + 60_001);
    expect(nextStaleAt(snapshot, 1000 + 61_000, 60_000)).toBeNull();
  });

  it('says when the holder of a queue of 10,000 turns stale from its holder alone, found by name: no waiter is looked at', () => {
    const read = snapshotOf('/l', Array.from({ length: 10_000 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`, `0x${i + 1}`, i + 1, 1000)));
    let looked = 0;
    // The waiters answer their role only when asked, counting.
    const nodes = read.nodes.map((node) => (node.role === 'holder' ? node : Object.defineProperty({ ...node }, 'role', { get: () => (looked++, node.role) })));
    const snapshot = { ...read, nodes };
    const indexes = nodeIndexes();
    expect(nextStaleAt(snapshot, 1000 + 59_000, 60_000, indexes)).toBe(1000 + 60_001);
    expect(looked).toBe(0);
    expect(nextStaleAt(snapshot, 1000 + 59_000, 60_000)).toBe(1000 + 60_001);
    expect(looked).toBe(9_999);
  });

  it('names a holder whose session ZooKeeper keeps without a connection, with its expiry, before the other kinds; not a waiter of such a session', () => {
    const snapshot = snapshotOf('/l', [record('lock-0000000000', '0x1', 1, 1000), record('lock-0000000001', '0x2', 2, 2000), record('lock-0000000002', '0x3', 3, 3000)]);
    // 2026-11-25 14:03:27 UTC.
    const expiresAt = 1_795_615_407_000;
    const anomalies = lockAnomalies(snapshot, { ...quiet, now: 1000 + 61_000, disconnected: new Map([['0x1', expiresAt], ['0x3', expiresAt]]) });
    expect(anomalies.map((anomaly) => [anomaly.kind, anomaly.node])).toEqual([
      // It also holds past the threshold: named for its lost connection alone, which says why.
      ['holder-disconnected', 'lock-0000000000'],
    ]);
    expect(anomalies[0]!.params).toMatchObject({ session: '0x1', expiresAt, at: '14:03:27 UTC' });
    expect(said(anomalies[0]!)).toBe(
      'lock-0000000000 holds the lock, but its session 0x1 has no connection to ZooKeeper (a crashed or cut-off client): every waiter waits until ZooKeeper expires the session and deletes the node, at 14:03:27 UTC.',
    );
    expect(kinds(snapshot, { ...quiet, disconnected: new Map([['0x2', expiresAt]]) })).toEqual([]);
  });

  it('names the deadlock first, on the waiter of the session that waits here', () => {
    const snapshot = snapshotOf('/a', [record('lock-0000000000', '0x1'), record('lock-0000000001', '0x2', 2), record('lock-0000000002', '0x0', 3)]);
    const deadlock: Deadlock = {
      sessions: ['0x1', '0x2'],
      locks: ['/a', '/b'],
      cycle: [
        { session: '0x2', client: '10.0.0.2:1', waitsIn: '/a', waitsFor: '0x1' },
        { session: '0x1', client: null, waitsIn: '/b', waitsFor: '0x2' },
      ],
      message: '…',
    };
    const [first, ...rest] = lockAnomalies(snapshot, { ...quiet, deadlocks: [deadlock] });
    expect(first).toMatchObject({ kind: 'deadlock', node: 'lock-0000000001', params: { session: '0x2', holder: '0x1', locks: '/b', n: 2 }, deadlock });
    expect(rest.map((anomaly) => anomaly.kind)).toEqual(['persistent-node']);
    // Its holder holds for as long as the deadlock lasts: the deadlock says why, a stale holder beside it would be noise.
    const later = 1_700_000_000_000 + 10 * 60_000;
    expect(kinds(snapshot, { ...quiet, now: later, deadlocks: [deadlock] })).toEqual(['deadlock', 'persistent-node']);
    expect(kinds(snapshot, { ...quiet, now: later })).toEqual(['persistent-node', 'stale-holder']);
  });
});
