/**
 * A simulation runs on the clock and the GUIDs it is given: the same seed names the same nodes,
 * and a hold of ten minutes ends when a manual clock says ten minutes have passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lcg } from '../../lib/random';
import { eventually, openSession } from '../testing/harness';
import type { ZkSession } from '../zk/session';
import { guidsFrom, ManualClock } from './clock';
import { Simulator } from './simulator';

let admin: ZkSession;
const root = `/sim/replay-${process.pid}`;

beforeAll(async () => {
  admin = await openSession();
});

afterAll(() => {
  admin.close();
});

const spawnRequest = { count: 3, strategy: 'chained-getdata', holdMs: 600_000, rounds: 1, thinkMs: 0, sessionTimeoutMs: 4000, maxLeases: 1, protected: true } as const;

async function namesOf(path: string, seed: number): Promise<string[]> {
  const simulator = new Simulator({ connectString: admin.connectString, session: admin, maxContenders: 10, guids: guidsFrom(lcg(seed)) });
  try {
    await simulator.spawn({ ...spawnRequest, path });
    const children = await eventually(async () => {
      const { children: names } = await admin.getChildren(path);
      return names.length === spawnRequest.count ? names : undefined;
    });
    // Curator's protected names: `_c_<guid>-lock-<sequence>`; the sequence is ZooKeeper's.
    return children.map((name) => name.slice(0, 39)).sort();
  } finally {
    await simulator.close();
  }
}

describe('a replayable simulation', () => {
  it('names the same nodes from the same seed, and other nodes from another', async () => {
    const first = await namesOf(`${root}/a`, 7);
    const again = await namesOf(`${root}/b`, 7);
    const other = await namesOf(`${root}/c`, 8);
    expect(first).toHaveLength(3);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    for (const name of first) expect(name).toMatch(/^_c_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('holds for as long as its clock says, not the wall clock', async () => {
    const clock = new ManualClock();
    const simulator = new Simulator({ connectString: admin.connectString, session: admin, maxContenders: 10, clock });
    try {
      const [holder, waiter] = await simulator.spawn({ ...spawnRequest, path: `${root}/clock`, count: 2, holdMs: 600_000 });
      await eventually(() => (holder!.currentState === 'holding' && waiter!.awaitingNotification ? true : undefined));
      clock.advance(599_000);
      expect(holder!.currentState).toBe('holding');
      // Ten minutes on the simulation's clock: the holder lets go and the waiter holds, at once.
      clock.advance(1_100);
      await eventually(() => (waiter!.currentState === 'holding' ? true : undefined), 5000);
      expect(holder!.info().holdMs).toBeGreaterThanOrEqual(600_000);
    } finally {
      await simulator.close();
    }
  });
});
