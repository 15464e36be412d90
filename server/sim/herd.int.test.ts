/**
 * Herd against chain, counted twice: by the contenders themselves and by ZooKeeper's own
 * `mntr` watch counters, on a ZooKeeper of this test's own so that nothing else fires watches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMntr } from '../../lib/zk/four-letter';
import { eventually } from '../testing/harness';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../zk/embedded';
import { fourLetterWord } from '../zk/four-letter';
import { ZkSession } from '../zk/session';
import { Simulator } from './simulator';

let zookeeper: EmbeddedZooKeeper;
let admin: ZkSession;
let simulator: Simulator;

beforeAll(async () => {
  zookeeper = await startEmbeddedZooKeeper({ extraConfig: { tickTime: 500, minSessionTimeout: 1000 } });
  admin = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await admin.start();
  simulator = new Simulator({ connectString: zookeeper.connectString, session: admin, maxContenders: 500 });
});

afterAll(async () => {
  await simulator.close();
  admin.close();
  await zookeeper.stop();
});

async function watchCounters(): Promise<{ children: number; deleted: number }> {
  const mntr = parseMntr(await fourLetterWord('127.0.0.1', zookeeper.port, 'mntr'));
  return { children: Number(mntr.get('zk_sum_node_children_watch_count')), deleted: Number(mntr.get('zk_sum_node_deleted_watch_count')) };
}

/**
 * One round of N contenders of a strategy behind a gate: a contender holds the lock while all
 * N join the queue, then lets go, and the N drain the queue one after another.
 */
async function drain(strategy: 'herd' | 'chained', n: number) {
  const path = `/sim/${strategy}-${n}`;
  const before = await watchCounters();
  const [gate] = await simulator.spawn({ path, count: 1, strategy: 'chained', holdMs: 600_000, rounds: 1, thinkMs: 0, sessionTimeoutMs: 10_000, maxLeases: 1, protected: true });
  await eventually(() => (gate!.currentState === 'holding' ? true : undefined));
  const queue = await simulator.spawn({ path, count: n, strategy, holdMs: 0, rounds: 1, thinkMs: 0, sessionTimeoutMs: 10_000, maxLeases: 1, protected: true });
  // Everybody is queued and watching before the gate opens.
  await eventually(() => (queue.every((contender) => contender.awaitingNotification) ? true : undefined));
  const start = await watchCounters();
  expect(simulator.get(gate!.id).release()).toBe(true);
  await eventually(() => (queue.every((contender) => contender.currentState === 'done') ? true : undefined), 60_000);
  const infos = queue.map((contender) => contender.info());
  const delivered = infos.reduce((sum, info) => sum + info.notifications, 0);
  // ZooKeeper's counters settle once the last notifications are out: until they count what the contenders received (or time runs out).
  const after = await eventually(async () => {
    const counters = await watchCounters();
    return counters.children - before.children === delivered || counters.deleted - start.deleted === delivered ? counters : undefined;
  }, 5000).catch(() => watchCounters());
  const violations = simulator.list().violations.filter((violation) => violation.path === path);
  return {
    notifications: delivered,
    wasted: infos.reduce((sum, info) => sum + info.wakeups, 0),
    getChildren: infos.reduce((sum, info) => sum + info.getChildren, 0),
    // From before the first spawn: the herd's watches fire while the queue forms, too.
    zkChildren: after.children - before.children,
    zkDeleted: after.deleted - start.deleted,
    violations,
  };
}

describe('herd against chain, as ZooKeeper’s recipes page teaches it', () => {
  const n = 40;

  it(`herd: ${n} waiters receive at least N(N-1)/2 notifications, and ZooKeeper counts the same fan-out`, async () => {
    const herd = await drain('herd', n);
    expect(herd.violations).toEqual([]);
    expect(herd.notifications).toBeGreaterThanOrEqual((n * (n - 1)) / 2);
    // Every child-watch notification a contender received, ZooKeeper counted as a watcher it woke.
    expect(herd.zkChildren).toBe(herd.notifications);
    // Most wake-ups are wasted: all wake, one takes the lock (notifications that arrive together make one wake-up).
    expect(herd.wasted).toBeGreaterThan(herd.notifications / 2);
  });

  it(`chained: ${n} waiters receive one notification each, and ZooKeeper counts one deleted-node watcher per release`, async () => {
    const chained = await drain('chained', n);
    expect(chained.violations).toEqual([]);
    expect(chained.notifications).toBe(n);
    expect(chained.wasted).toBe(0);
    expect(chained.zkDeleted).toBe(chained.notifications);
    expect(chained.zkChildren).toBe(0);
  });
});

describe('a ZooKeeper that limits connections per client address', () => {
  it('refuses the contenders beyond maxClientCnxns, and the simulator says why', async () => {
    const limited = await startEmbeddedZooKeeper({ extraConfig: { maxClientCnxns: 4 } });
    const session = new ZkSession({ connectString: limited.connectString, sessionTimeoutMs: 4000 });
    await session.start();
    const sim = new Simulator({ connectString: limited.connectString, session, maxContenders: 50 });
    try {
      // One at a time: ZooKeeper counts a connection only once it is set up, so a burst can slip past the limit.
      const outcomes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        outcomes.push(
          await sim
            .spawn({ path: '/sim/limited', count: 1, strategy: 'chained', holdMs: 600_000, rounds: 1, thinkMs: 0, sessionTimeoutMs: 4000, maxLeases: 1, protected: true })
            .then(() => 'connected')
            .catch((error: unknown) => (error instanceof Error ? error.message : String(error))),
        );
      }
      // The explorer's own session and three contenders fill the limit of four.
      expect(outcomes.slice(0, 3)).toEqual(['connected', 'connected', 'connected']);
      expect(outcomes[3]).toMatch(/maxClientCnxns/);
      expect(sim.list().contenders).toHaveLength(3);
    } finally {
      await sim.close();
      session.close();
      await limited.stop();
    }
  });
});
