import { describe, expect, it } from 'vitest';
import { describeAnomaly } from '../i18n/messages';
import type { SnapshotRead } from '../zk/snapshot';
import type { Txn, TxnOp } from '../zk/txn-log';
import { parseMoment } from './moments';
import { Replay } from './replay';

const T0 = 1_700_000_000_000;
let zxid = 0;
/** A transaction one second after the one before; `cxid` 0 is ZooKeeper's own request (an expiry). */
const txn = (session: string, type: Txn['type'], ops: TxnOp[], cxid = zxid + 1): Txn => {
  zxid += 1;
  return { offset: 0, session, cxid, zxid, time: T0 + zxid * 1000, type, ops, failed: false };
};
const create = (path: string, ephemeral: boolean): TxnOp => ({ type: 'create', path, data: null, ephemeral, parentCVersion: -1, ttl: null });
/** Kafka's controller node, as broker `broker` makes it (ZooKeeper mode). */
const controller = (broker: number): TxnOp => ({
  type: 'create',
  path: '/controller',
  data: new TextEncoder().encode(JSON.stringify({ version: 1, brokerid: broker, timestamp: String(T0) })),
  ephemeral: true,
  parentCVersion: -1,
  ttl: null,
});
/** A Kazoo lock node: each contender's own GUID, then `__lock__` and the sequence. */
const kazoo = (n: number): string => `/locks/job/${String(n).repeat(32)}__lock__${String(n).padStart(10, '0')}`;

/** A Kazoo lock: A holds, B and C wait; A's session expires, B takes it and releases it, C's client closes its session. */
function incident(): Replay {
  zxid = 0;
  const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
  const steps: Txn[] = [
    txn('0xa', 'createSession', [{ type: 'createSession', timeoutMs: 10_000 }]),
    txn('0xa', 'create', [create('/locks', false)]),
    txn('0xa', 'create', [create('/locks/job', false)]),
    txn('0xa', 'create', [create(kazoo(0), true)]),
    txn('0xb', 'create', [create(kazoo(1), true)]),
    txn('0xc', 'create', [create(kazoo(2), true)]),
    txn('0xa', 'closeSession', [{ type: 'closeSession', paths: null }], 0),
    txn('0xb', 'delete', [{ type: 'delete', path: kazoo(1) }]),
    txn('0xc', 'closeSession', [{ type: 'closeSession', paths: null }]),
  ];
  for (const step of steps) replay.apply(step);
  return replay;
}

describe('the locks a replay finds', () => {
  it('follows the live explorer: a Kafka notification queue and a service\'s instances are no locks, a lock beside them is', () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const notification = (partition: number): TxnOp => ({
      type: 'create',
      path: `/isr_change_notification/isr_change_${String(partition).padStart(10, '0')}`,
      data: new TextEncoder().encode(JSON.stringify({ version: 1, partitions: [{ topic: 'orders', partition }] })),
      ephemeral: false,
      parentCVersion: -1,
      ttl: null,
    });
    const instance = (id: string): TxnOp => ({
      type: 'create',
      path: `/services/billing/${id}`,
      data: new TextEncoder().encode(JSON.stringify({ name: 'billing', id, address: '10.0.0.6', port: 8080, sslPort: null, payload: null, registrationTimeUTC: T0, serviceType: 'DYNAMIC', uriSpec: null })),
      ephemeral: true,
      parentCVersion: -1,
      ttl: null,
    });
    const steps: Txn[] = [
      txn('0xa', 'createSession', [{ type: 'createSession', timeoutMs: 10_000 }]),
      txn('0xa', 'create', [create('/isr_change_notification', false)]),
      txn('0xa', 'create', [notification(0)]),
      txn('0xa', 'create', [notification(3)]),
      txn('0xa', 'create', [create('/services', false)]),
      txn('0xa', 'create', [create('/services/billing', false)]),
      txn('0xa', 'create', [instance('c41d9a0e-77f2-4b5e-8b1a-2f6c3d9e8b01')]),
      txn('0xa', 'create', [create('/locks', false)]),
      txn('0xa', 'create', [create('/locks/job', false)]),
      txn('0xa', 'create', [create(kazoo(0), true)]),
    ];
    for (const step of steps) replay.apply(step);
    expect(replay.locks()).toEqual(['/locks/job']);
  });
});

describe('a lock replayed from the transaction log', () => {
  it('finds the lock of the span and reads it at each moment by the live rules', () => {
    const replay = incident();
    expect(replay.locks()).toEqual(['/locks/job']);
    const at = (zxid: string) => replay.lockAt('/locks/job', replay.moment({ zxid })!);
    const queued = at('0x6');
    // In hindsight: A's session expired at T0 + 7 s with 10 s, so at T0 + 6 s it was last heard from at T0 - 3 s at the latest: a dead holder.
    expect(queued.anomalies).toEqual([
      { kind: 'holder-disconnected', node: kazoo(0).split('/').pop(), params: { node: kazoo(0).split('/').pop()!, session: '0xa', expiresAt: T0 + 7000, at: expect.stringMatching(/ UTC$/), heard: expect.stringMatching(/ UTC$/) } },
    ]);
    expect(describeAnomaly('en', 'holder-disconnected', queued.anomalies[0]!.params).message).toContain('as ZooKeeper’s files tell in hindsight');
    // From the expiry on, B holds, and its session was never expired: nothing in hindsight.
    expect(at('0x7').anomalies).toEqual([]);
    expect(queued.recipe.id).toBe('kazoo-lock');
    expect(queued.holders).toEqual([kazoo(0).split('/').pop()]);
    expect(queued.waiters).toHaveLength(2);
    expect(queued.read).toEqual({ at: T0 + 6000, pzxid: '0x6' });
    expect(queued.nodes[1]).toMatchObject({ sessionId: '0xb', czxid: '0x5', ctime: T0 + 5000, predecessor: kazoo(0).split('/').pop(), role: 'waiter' });
    // A held since its creation (the lock was free); B holds from A's expiry.
    expect(queued.nodes[0]!.roleSince).toBe(T0 + 4000);
    const handedOver = at('0x7');
    expect(handedOver.nodes.map((node) => [node.sessionId, node.role, node.roleSince])).toEqual([
      ['0xb', 'holder', T0 + 7000],
      ['0xc', 'waiter', T0 + 6000],
    ]);
    expect(at('0x9').nodes).toEqual([]);
    expect(at('0x9').exists).toBe(true);
    // Before the lock's node was created it did not exist.
    expect(at('0x2').exists).toBe(false);
  });

  it('tells how each hold ended from the transaction that ended it', () => {
    const history = incident().history('/locks/job');
    expect(history.holds.map((hold) => [hold.sessionId, hold.from - T0, hold.to! - T0, hold.ended])).toEqual([
      ['0xa', 4000, 7000, 'session-expired'],
      ['0xb', 7000, 8000, 'released'],
      ['0xc', 8000, 9000, 'session-closed'],
    ]);
    expect(history.waits.map((wait) => [wait.sessionId, wait.heldAt === null ? null : wait.heldAt - T0])).toEqual([
      ['0xa', 4000],
      ['0xb', 7000],
      ['0xc', 8000],
    ]);
  });

  it('names a moment by zxid or by time, and steps through the lock’s own changes', () => {
    const replay = incident();
    expect(parseMoment('0x0007')).toEqual({ zxid: '0x7' });
    expect(parseMoment(String(T0 + 7500))).toEqual({ time: T0 + 7500 });
    expect(parseMoment('yesterday')).toBeNull();
    expect(replay.moment({ time: T0 + 7500 })).toEqual({ zxid: '0x7', time: T0 + 7000 });
    expect(replay.moment({ time: T0 })).toBeNull();
    expect(replay.moment({ zxid: '0xff' })).toEqual({ zxid: '0x9', time: T0 + 9000 });
    const moment = replay.moment({ zxid: '0x7' })!;
    expect(replay.step('/locks/job', moment, 'next')).toEqual({ zxid: '0x8', time: T0 + 8000 });
    expect(replay.step('/locks/job', moment, 'previous')).toEqual({ zxid: '0x6', time: T0 + 6000 });
    expect(replay.step('/locks/job', replay.moment({ zxid: '0x9' })!, 'next')).toBeNull();
    expect(replay.changes('/locks/job').map((change) => change.zxid)).toEqual(['0x4', '0x5', '0x6', '0x7', '0x8', '0x9']);
  });

  it('finds a deadlock across two locks at the moment it held', () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const name = (lock: string, n: number, session: string) => `/${lock}/${session.slice(2).repeat(32)}__lock__${String(n).padStart(10, '0')}`;
    for (const step of [
      txn('0xa', 'create', [create('/x', false)]),
      txn('0xa', 'create', [create('/y', false)]),
      txn('0xa', 'create', [create(name('x', 0, '0xa'), true)]),
      txn('0xb', 'create', [create(name('y', 0, '0xb'), true)]),
      txn('0xa', 'create', [create(name('y', 1, '0xa'), true)]),
      txn('0xb', 'create', [create(name('x', 1, '0xb'), true)]),
    ])
      replay.apply(step);
    const snapshot = replay.lockAt('/x', replay.moment(null)!);
    expect(snapshot.anomalies.map((anomaly) => anomaly.kind)).toContain('deadlock');
    expect(replay.lockAt('/x', replay.moment({ zxid: '0x5' })!).anomalies.map((anomaly) => anomaly.kind)).not.toContain('deadlock');
    expect(replay.summaries(replay.moment(null)!).map((summary) => summary.anomalyKinds)).toEqual([['deadlock'], ['deadlock']]);
    // The waits-for graph at the moment has the cycle: each session waits for the other.
    const graph = replay.graph(replay.moment(null)!);
    expect(graph.deadlocks.map((deadlock) => [...deadlock.sessions].sort())).toEqual([['0xa', '0xb']]);
    expect(replay.graph(replay.moment({ zxid: '0x5' })!).deadlocks).toEqual([]);
  });
});

describe("a lock list's holders dated from the names", () => {
  const uuid = (n: number): string => `${String(n).repeat(8)}-${String(n).repeat(4)}-${String(n).repeat(4)}-${String(n).repeat(4)}-${String(n).repeat(12)}`;
  const curator = (kind: 'READ' | 'WRIT', n: number): string => `/rw/_c_${uuid(n)}-__${kind}__${String(n).padStart(10, '0')}`;
  /** A Curator read-write lock: a writer holds, two readers and a writer wait; the readers hold together, then the writer; and a plain lock beside it. */
  const steps = (): Txn[] => {
    zxid = 0;
    return [
      txn('0xa', 'create', [create('/rw', false)]),
      txn('0xa', 'create', [create('/plain', false)]),
      txn('0xa', 'create', [create(curator('WRIT', 1), true)]),
      txn('0xb', 'create', [create(curator('READ', 2), true)]),
      txn('0xc', 'create', [create('/plain/lock-0000000000', true)]),
      txn('0xc', 'create', [create(curator('READ', 3), true)]),
      txn('0xd', 'create', [create('/plain/lock-0000000001', true)]),
      txn('0xd', 'create', [create(curator('WRIT', 4), true)]),
      txn('0xa', 'delete', [{ type: 'delete', path: curator('WRIT', 1) }]),
      txn('0xe', 'create', [create('/plain/lock-0000000002', true)]),
      txn('0xc', 'delete', [{ type: 'delete', path: '/plain/lock-0000000000' }]),
      txn('0xb', 'delete', [{ type: 'delete', path: curator('READ', 2) }]),
      txn('0xd', 'delete', [{ type: 'delete', path: '/plain/lock-0000000001' }]),
      txn('0xc', 'closeSession', [{ type: 'closeSession', paths: null }], 0),
      txn('0xf', 'create', [create(curator('READ', 5), true)]),
    ];
  };
  const replayOf = (): Replay => {
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    for (const step of steps()) replay.apply(step);
    return replay;
  };

  it('dates every holder at every moment as the lock’s timeline does, for a list read before any timeline is built', () => {
    const byNames = replayOf();
    const byTimeline = replayOf();
    expect(byNames.locks()).toEqual(['/plain', '/rw']);
    for (const path of byTimeline.locks()) byTimeline.history(path);
    const dated = (replay: Replay, zxid: string) => replay.summaries(replay.moment({ zxid })!).map((summary) => [summary.path, summary.holderSince]);
    const holders = (replay: Replay, zxid: string) => replay.locksAt(replay.moment({ zxid })!).map((lock) => lock.nodes.filter((node) => node.role === 'holder').map((node) => [node.name, node.roleSince]));
    for (let at = 3; at <= 15; at += 1) {
      const zxid = `0x${at.toString(16)}`;
      expect(dated(byNames, zxid), zxid).toEqual(dated(byTimeline, zxid));
      expect(holders(byNames, zxid), zxid).toEqual(holders(byTimeline, zxid));
    }
    // The readers hold together from the writer's release; the plain lock's third node from the second's.
    const rw = byNames.lockAt('/rw', byNames.moment({ zxid: '0xc' })!);
    expect(rw.nodes.filter((node) => node.role === 'holder').map((node) => node.roleSince)).toEqual([T0 + 9000]);
    expect(byNames.lockAt('/plain', byNames.moment({ zxid: '0xd' })!).nodes.map((node) => [node.role, node.roleSince])).toEqual([['holder', T0 + 13000]]);
  });
});

describe('the locks made ready to read while the server is idle', () => {
  it('changes no answer at any moment, and yields between every few locks', () => {
    zxid = 0;
    const build = (): Replay => {
      zxid = 0;
      const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
      replay.apply(txn('0xa', 'create', [create('/q', false)]));
      // 40 locks of a Kazoo queue each, three sessions taking turns: more than one slice of work.
      for (let round = 0; round < 3; round += 1) {
        for (let lock = 0; lock < 40; lock += 1) {
          if (round === 0) replay.apply(txn('0xa', 'create', [create(`/q/l${lock}`, false)]));
          const session = `0x${(10 + ((lock + round) % 3)).toString(16)}`;
          replay.apply(txn(session, 'create', [create(`/q/l${lock}/${session.slice(2).repeat(32)}__lock__${String(round).padStart(10, '0')}`, true)]));
        }
      }
      return replay;
    };
    const prepared = build();
    let yields = 0;
    for (const _ of prepared.preparing()) yields += 1;
    expect(yields).toBeGreaterThan(2);
    const cold = build();
    expect(prepared.locks()).toHaveLength(40);
    for (let at = 1; at <= zxid; at += 7) {
      const moment = { zxid: `0x${at.toString(16)}` };
      for (const path of ['/q/l0', '/q/l17', '/q/l39']) expect(prepared.lockAt(path, prepared.moment(moment)!), `${path} at ${moment.zxid}`).toEqual(cold.lockAt(path, cold.moment(moment)!));
      expect(prepared.graph(prepared.moment(moment)!)).toEqual(cold.graph(cold.moment(moment)!));
    }
  });
});

describe('a semaphore replayed from the transaction log', () => {
  it("dates each lease from its own parent's changes: Curator's semaphore keeps its holders under leases/", () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const uuid = (n: number): string => `${String(n).repeat(8)}-${String(n).repeat(4)}-${String(n).repeat(4)}-${String(n).repeat(4)}-${String(n).repeat(12)}`;
    const lease = (n: number): string => `/sem/leases/_c_${uuid(n)}-lease-${String(n).padStart(10, '0')}`;
    const steps: Txn[] = [
      txn('0xa', 'create', [create('/sem', false)]),
      txn('0xa', 'create', [create('/sem/locks', false)]),
      txn('0xa', 'create', [create('/sem/leases', false)]),
      txn('0xa', 'create', [create(lease(0), true)]),
      txn('0xb', 'create', [create(lease(1), true)]),
      txn('0xa', 'delete', [{ type: 'delete', path: lease(0) }]),
      txn('0xb', 'closeSession', [{ type: 'closeSession', paths: null }], 0),
    ];
    for (const step of steps) replay.apply(step);
    expect(replay.locks()).toEqual(['/sem']);
    const held = replay.lockAt('/sem', replay.moment({ zxid: '0x5' })!);
    expect(held.recipe.id).toBe('curator-semaphore');
    expect(held.holders.length).toBe(2);
    // Each holder dated by its lease's creation, not by when the semaphore was first read.
    expect(held.nodes.filter((node) => node.role === 'holder').map((node) => node.roleSince)).toEqual([T0 + 4000, T0 + 5000]);
    const { holds } = replay.history('/sem');
    expect(holds.map((hold) => [hold.sessionId, hold.from, hold.to, hold.ended])).toEqual([
      ['0xa', T0 + 4000, T0 + 6000, 'released'],
      ['0xb', T0 + 5000, T0 + 7000, 'session-expired'],
    ]);
  });
});

describe('a system’s lock replayed from the transaction log', () => {
  it('Kafka’s controller, a lock of its own beside persistent siblings: each controller in turn named by its broker', () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const steps: Txn[] = [
      txn('0xa', 'createSession', [{ type: 'createSession', timeoutMs: 18_000 }]),
      txn('0xa', 'create', [create('/brokers', false)]),
      txn('0xa', 'create', [create('/controller_epoch', false)]),
      txn('0xa', 'create', [controller(1)]),
      txn('0xa', 'closeSession', [{ type: 'closeSession', paths: null }], 0),
      txn('0xb', 'create', [controller(2)]),
    ];
    for (const step of steps) replay.apply(step);
    expect(replay.locks()).toEqual(['/controller']);
    const at = (hex: string) => replay.lockAt('/controller', replay.moment({ zxid: hex })!);
    const first = at('0x4');
    expect([first.recipe.system, first.nodes.map((node) => node.identity)]).toEqual(['Apache Kafka (ZooKeeper mode)', ['broker 1']]);
    expect(at('0x5').nodes).toEqual([]);
    expect(at('0x6').nodes.map((node) => [node.identity, node.sessionId])).toEqual([['broker 2', '0xb']]);
  });

  it('gives a one-node lock its history: each controller a hold with its end (an expiry, a resignation), its changes and steps', () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const steps: Txn[] = [
      txn('0xa', 'create', [create('/brokers', false)]),
      txn('0xa', 'create', [controller(1)]),
      // Broker 1's session expires (ZooKeeper's own close): a forced handover to broker 2.
      txn('0xa', 'closeSession', [{ type: 'closeSession', paths: null }], 0),
      txn('0xb', 'create', [controller(2)]),
      txn('0xa', 'create', [create('/brokers/ids', false)]),
      // Broker 2 resigns cleanly (deletes its own node); broker 3 takes over.
      txn('0xb', 'delete', [{ type: 'delete', path: '/controller' }]),
      txn('0xc', 'create', [controller(3)]),
    ];
    for (const step of steps) replay.apply(step);
    expect(replay.changes('/controller').map((moment) => moment.zxid)).toEqual(['0x2', '0x3', '0x4', '0x6', '0x7']);
    expect(replay.changeCount('/controller')).toBe(5);
    const { holds } = replay.history('/controller');
    expect(holds.map((hold) => [hold.sessionId, hold.from, hold.to, hold.ended])).toEqual([
      ['0xa', T0 + 2000, T0 + 3000, 'session-expired'],
      ['0xb', T0 + 4000, T0 + 6000, 'released'],
      ['0xc', T0 + 7000, null, null],
    ]);
    // Stepping goes from change to change of the controller, over the unrelated create at 0x5.
    expect(replay.step('/controller', replay.moment({ zxid: '0x4' })!, 'next')?.zxid).toBe('0x6');
    expect(replay.step('/controller', replay.moment({ zxid: '0x5' })!, 'previous')?.zxid).toBe('0x4');
    expect(replay.density('/controller', 1)).toEqual([5]);
  });
});

describe('the incidents of the files', () => {
  it("names the forced handover of a Kazoo lock whose holder's session expired, and the waiters stuck behind it from when it was last heard from", () => {
    const replay = incident();
    const lock = '/locks/job';
    const kinds = replay.incidents().map((one) => [one.kind, one.path, one.from, one.to, one.sessions]);
    expect(kinds).toEqual([
      // Made at T0 + 1 s with 10 s, expired at T0 + 7 s: last heard at or before T0 - 3 s, so stuck from its hold's start.
      ['stuck', lock, T0 + 4000, T0 + 7000, ['0xa', '0xb', '0xc']],
      ['forced-handover', lock, T0 + 7000, T0 + 7000, ['0xa', '0xb']],
    ]);
    const [stuck, forced] = replay.incidents();
    expect(stuck).toMatchObject({ count: 2, timeoutMs: 10_000, next: '0xb', fromZxid: '0x4', toZxid: '0x7' });
    expect(forced).toMatchObject({ ended: 'session-expired', next: '0xb' });
    expect(replay.sessions.get('0xa')).toMatchObject({ timeoutMs: 10_000, createdAt: T0 + 1000, ended: 'expired', endedAt: T0 + 7000 });
    expect(replay.sessions.get('0xc')).toMatchObject({ ended: 'closed' });
    // Asked for a stretch, or another lock: only what overlaps it.
    expect(replay.incidents({ from: T0 + 8000 })).toEqual([]);
    expect(replay.incidents({ path: '/elsewhere' })).toEqual([]);
    expect(replay.incidents({ to: T0 + 4000 }).map((one) => one.kind)).toEqual(['stuck']);
    // A long hold and a long wait, by the thresholds given.
    expect(replay.incidents({}, { longHoldMs: 3000, longWaitMs: 2000 }).map((one) => [one.kind, one.sessions[0]])).toEqual([
      ['stuck', '0xa'],
      ['long-hold', '0xa'],
      ['long-wait', '0xb'],
      ['long-wait', '0xc'],
      ['forced-handover', '0xa'],
    ]);
    expect(replay.incidents({}, { longWaitMs: 2001 }).filter((one) => one.kind === 'long-wait')).toEqual([]);
  });

  it("names each change of Kafka's controller an election, by the brokers, clean or forced; and five sessions expired within two seconds a mass expiry", () => {
    zxid = 0;
    const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const expire = (session: string): Txn => txn(session, 'closeSession', [{ type: 'closeSession', paths: null }], 0);
    const steps: Txn[] = [
      txn('0xa', 'createSession', [{ type: 'createSession', timeoutMs: 18_000 }]),
      txn('0xa', 'create', [controller(1)]),
      txn('0xa', 'delete', [{ type: 'delete', path: '/controller' }]),
      txn('0xb', 'create', [controller(2)]),
      expire('0xb'),
      txn('0xc', 'create', [controller(3)]),
      ...['0x11', '0x12', '0x13', '0x14'].map(expire),
    ];
    for (const step of steps) replay.apply(step);
    const elections = replay.incidents().filter((one) => one.kind === 'election');
    expect(elections.map((one) => [one.sessions, one.ended, one.identities])).toEqual([
      [['0xa', '0xb'], 'released', { before: 'broker 1', after: 'broker 2' }],
      [['0xb', '0xc'], 'session-expired', { before: 'broker 2', after: 'broker 3' }],
    ]);
    // The expiry is said by its election ("by an expiry"), not again as a forced handover.
    expect(replay.incidents().filter((one) => one.kind === 'forced-handover')).toEqual([]);
    // 0xb at T0 + 5 s, then four more one second apart: a run of five within 2 s of each other.
    const mass = replay.incidents().find((one) => one.kind === 'mass-expiry');
    expect(mass).toMatchObject({ path: null, count: 5, from: T0 + 5000, to: T0 + 10_000, sessions: ['0xb', '0x11', '0x12', '0x13', '0x14'] });
  });

  it("bounds a herd storm by the waiters at each change where the names are also a herd's, and finds none for a client that chains", () => {
    const storm = (name: (n: number) => string): Replay => {
      zxid = 0;
      const replay = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
      const sessions = Array.from({ length: 12 }, (_, n) => `0x${(0x100 + n).toString(16)}`);
      replay.apply(txn('0xa', 'create', [create('/locks', false)]));
      replay.apply(txn('0xa', 'create', [create('/locks/herd', false)]));
      sessions.forEach((session, n) => replay.apply(txn(session, 'create', [create(`/locks/herd/${name(n)}`, true)])));
      // Each holder in turn deletes its node: 11 waiters at the first release, 1 at the last.
      sessions.forEach((session, n) => replay.apply(txn(session, 'delete', [{ type: 'delete', path: `/locks/herd/${name(n)}` }])));
      return replay;
    };
    const herd = storm((n) => `lock-${String(n).padStart(10, '0')}`);
    const storms = herd.incidents().filter((one) => one.kind === 'herd-storm');
    // The 12th node's creation (T0 + 14 s) finds 10 waiting (a herd's waiters are woken by a creation too), the first two releases 11 and 10, the third 9.
    expect(storms).toHaveLength(1);
    expect(storms[0]).toMatchObject({ path: '/locks/herd', from: T0 + 14_000, to: T0 + 16_000, count: 10 + 11 + 10, herd: { changes: 3, peakWaiters: 11 } });
    expect(storms[0]!.sessions).toHaveLength(11);
    // Above the threshold given, none; Kazoo's names chain (each waiter watches the node before it): none.
    expect(herd.incidents({}, { herdStormWaiters: 12 }).filter((one) => one.kind === 'herd-storm')).toEqual([]);
    const kazooNames = storm((n) => `${n.toString(16).repeat(32)}__lock__${String(n).padStart(10, '0')}`);
    expect(kazooNames.incidents().filter((one) => one.kind === 'herd-storm')).toEqual([]);
  });
});

describe('a stretch of the log that could not be read', () => {
  /** The tree of `replay` as a snapshot of it reads (a parent before its children). */
  const snapshotOf = (replay: Replay): SnapshotRead => {
    const nodes = [...replay.tree.paths()]
      .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1))
      .map((path) => {
        const node = replay.tree.get(path)!;
        const { czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner } = node;
        return { path, czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeralOwner, data: replay.tree.dataOf(node) };
      });
    return { dbid: '0x0', sessions: new Map(replay.tree.sessions), nodes, stopped: null };
  };
  /** A Kazoo lock: A holds, B waits. Then, in what is not read: A's client closes its session, B holds, C (a new session) queues, the lock's data is set. */
  const before = (): Txn[] => {
    zxid = 0;
    return [
      txn('0xa', 'createSession', [{ type: 'createSession', timeoutMs: 10_000 }]),
      txn('0xb', 'createSession', [{ type: 'createSession', timeoutMs: 10_000 }]),
      txn('0xa', 'create', [create('/locks', false)]),
      txn('0xa', 'create', [create('/locks/job', false)]),
      txn('0xa', 'create', [create(kazoo(0), true)]),
      txn('0xb', 'create', [create(kazoo(1), true)]),
    ];
  };
  const lost = (): Txn[] => [
    txn('0xa', 'closeSession', [{ type: 'closeSession', paths: null }]),
    txn('0xc', 'createSession', [{ type: 'createSession', timeoutMs: 4_000 }]),
    txn('0xc', 'create', [create(kazoo(2), true)]),
    txn('0xb', 'setData', [{ type: 'setData', path: '/locks/job', data: new TextEncoder().encode('x'), version: 1 }]),
  ];
  /** The whole log read, and one read up to the stretch lost, its replay still to go on. */
  const readTwice = (): { whole: Replay; damaged: Replay } => {
    const whole = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    const damaged = new Replay({ roots: ['/'], staleHolderMs: 60_000 });
    for (const step of before()) {
      whole.apply(step);
      damaged.apply(step);
    }
    for (const step of lost()) whole.apply(step);
    return { whole, damaged };
  };
  const after = (): Txn[] => [txn('0xb', 'delete', [{ type: 'delete', path: kazoo(1) }]), txn('0xd', 'createSession', [{ type: 'createSession', timeoutMs: 4_000 }]), txn('0xd', 'create', [create(kazoo(3), true)])];

  it('goes on from the snapshot after it: the tree, the lock and its history as the whole log has them from there, the gap marked, what ended in it said so', () => {
    const { whole, damaged } = readTwice();
    const snapshot = snapshotOf(whole);
    const snapshotMoment = whole.moment(null)!;
    damaged.jump(snapshot, snapshotMoment, { path: '/data/log.1', offset: 1234, problem: 'checksum 0x1 where the entry sums to 0x2 (a damaged entry)', snapshot: '/data/snapshot.a', exactFrom: null });
    const rest = after();
    for (const step of rest) {
      whole.apply(step);
      damaged.apply(step);
    }
    expect(damaged.gaps).toEqual([{ from: { zxid: '0x6', time: T0 + 6000 }, to: { zxid: '0xa', time: T0 + 10_000 }, path: '/data/log.1', offset: 1234, problem: expect.stringContaining('checksum'), snapshot: '/data/snapshot.a', exactFrom: null }]);
    expect(damaged.transactions).toBe(before().length + rest.length);
    expect(damaged.span().to).toEqual(whole.span().to);
    // At the gap's moment and after it, the lock is the whole log's: B holds, C waits behind it, then C holds and D waits.
    const shape = (replay: Replay, zxid: string) => replay.lockAt('/locks/job', replay.moment({ zxid })!).nodes.map((node) => [node.name, node.sessionId, node.role, node.czxid]);
    for (const zxid of ['0xa', '0xb', '0xd']) expect(shape(damaged, zxid)).toEqual(shape(whole, zxid));
    expect(shape(damaged, '0xa').map(([, session, role]) => [session, role])).toEqual([['0xb', 'holder'], ['0xc', 'waiter']]);
    // A moment in the gap is the last one read before it.
    expect(damaged.moment({ time: T0 + 8000 })).toEqual({ zxid: '0x6', time: T0 + 6000 });
    expect(shape(damaged, '0x8')).toEqual(shape(whole, '0x6'));
    // A's hold ended in the gap (how is not known), B's began there; A's session ended in it, C's was made in it.
    const holds = damaged.history('/locks/job').holds.map((hold) => [hold.sessionId, hold.from - T0, hold.to === null ? null : hold.to - T0, hold.ended]);
    expect(holds).toEqual([
      ['0xa', 5000, 10_000, 'gap'],
      ['0xb', 10_000, 11_000, 'released'],
      ['0xc', 11_000, null, null],
    ]);
    expect(damaged.sessions.get('0xa')).toMatchObject({ ended: 'gap', endedAt: T0 + 10_000, endedZxid: '0xa' });
    expect(damaged.sessions.get('0xc')).toMatchObject({ ended: null, timeoutMs: 4_000, createdAt: null });
    // Its data change is the lock node's, made in the gap; the stat of every node is the snapshot's there.
    expect(damaged.tree.get('/locks/job')).toMatchObject({ mzxid: whole.tree.get('/locks/job')!.mzxid, version: 1, cversion: whole.tree.get('/locks/job')!.cversion });
    // No incident is made of the gap: A's hold did not end by force.
    expect(damaged.incidents().filter((incident) => incident.kind === 'forced-handover')).toEqual([]);
  });

  it('judges a hold that ended in a gap long by the time it is known to have held, not to the snapshot after it', () => {
    const { whole, damaged: replay } = readTwice();
    // The snapshot's moment two minutes on: A held from 5 s to at least 6 s, not 125 s.
    replay.jump(snapshotOf(whole), { zxid: '0xa', time: T0 + 125_000 }, { path: '/data/log.1', offset: 0, problem: 'cut short', snapshot: '/data/snapshot.a', exactFrom: null });
    expect(replay.incidents().filter((incident) => incident.kind === 'long-hold')).toEqual([]);
    const longer = new Replay({ roots: ['/'], staleHolderMs: 500 });
    for (const step of before()) longer.apply(step);
    longer.jump(snapshotOf(whole), { zxid: '0xa', time: T0 + 125_000 }, { path: '/data/log.1', offset: 0, problem: 'cut short', snapshot: '/data/snapshot.a', exactFrom: null });
    expect(longer.incidents().filter((incident) => incident.kind === 'long-hold' && incident.sessions[0] === '0xa')).toEqual([expect.objectContaining({ from: T0 + 5000, to: T0 + 6000, ended: 'gap' })]);
  });
});
