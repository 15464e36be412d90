/**
 * What happened to a lock, against a real ZooKeeper: the holds and waits of real sessions in the
 * lock's history (how each hold ended: released, session expired, broken), and the same holds,
 * waits and handovers in Prometheus's histograms and counter, with the series limited per lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockHistorySchema, type LockHistory } from '../lib/protocol';
import { eventually, openSession, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';
import type { ZkSession } from './zk/session';

const root = uniqueRoot('history');
const simRoot = `/sim${uniqueRoot('history')}`;
let running: RunningExplorer;
let admin: ZkSession;
const sessions: ZkSession[] = [];

beforeAll(async () => {
  admin = await openSession();
  running = await startExplorer({ roots: [root, simRoot] }, { allowed: true, simRoot }, { introspectionIntervalMs: 200, breakLocks: true, historyCapacity: 50, metricsLockLimit: 1 });
});

afterAll(async () => {
  for (const opened of sessions) opened.close();
  admin.close();
  await running.close();
});

async function contender(lock: string): Promise<{ session: ZkSession; node: string }> {
  const session = await openSession();
  sessions.push(session);
  await admin.mkdirp(lock);
  return { session, node: await session.create(`${lock}/lock-`, null, 'ephemeral-sequential') };
}

async function history(lock: string): Promise<LockHistory> {
  const response = await fetch(`${running.url}/api/history${lock}`);
  expect(response.status).toBe(200);
  return LockHistorySchema.parse(await response.json());
}

/** The value of one series of the explorer's metrics, 0 when absent. */
async function metric(name: string, lock: string): Promise<number> {
  const text = await (await fetch(`${running.url}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name}{ensemble="default",lock="${lock}"}`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('the history of a lock', () => {
  it('records each hold and wait of real sessions, and how each hold ended', async () => {
    const lock = `${root}/orders/lock`;
    const first = await contender(lock);
    await eventually(async () => ((await fetch(`${running.url}/api/history${lock}`)).status === 200 ? true : undefined));
    const second = await contender(lock);
    const third = await contender(lock);
    const fourth = await contender(lock);
    await eventually(async () => ((await history(lock)).waits.length === 3 ? true : undefined));
    // Released by its owner twice, then an operator breaks the third hold.
    await first.session.remove(first.node);
    await eventually(async () => ((await history(lock)).holds.at(-1)?.node === second.node.split('/').pop() ? true : undefined));
    await second.session.remove(second.node);
    await eventually(async () => ((await history(lock)).holds.at(-1)?.node === third.node.split('/').pop() ? true : undefined));
    const snapshot = (await (await fetch(`${running.url}/api/locks${lock}`)).json()) as { nodes: Array<{ name: string; czxid: string }> };
    const held = snapshot.nodes[0]!;
    const broken = await fetch(`${running.url}/api/break`, { method: 'POST', body: JSON.stringify({ path: lock, node: held.name, czxid: held.czxid }) });
    expect(broken.status).toBe(200);
    const done = await eventually(async () => {
      const now = await history(lock);
      return now.holds.length === 4 && now.holds[2]!.ended !== null ? now : undefined;
    });
    const name = (node: string): string => node.split('/').pop()!;
    // The first holder held before the explorer had read the new lock: marked so, and left out of the figures.
    expect(done.holds.map((hold) => [hold.node, hold.ended, hold.before])).toEqual([
      [name(first.node), 'released', true],
      [name(second.node), 'released', false],
      [name(third.node), 'broken', false],
      [name(fourth.node), null, false],
    ]);
    expect(done.waits.map((wait) => [wait.node, wait.heldAt !== null])).toEqual([
      [name(second.node), true],
      [name(third.node), true],
      [name(fourth.node), true],
    ]);
    for (const hold of done.holds.slice(0, 3)) expect(hold.to!).toBeGreaterThanOrEqual(hold.from);
    expect(done.stats.hold?.count).toBe(2);
    expect(done.stats.wait?.count).toBe(3);
    expect(done.stats.handoversPerMinute).toBeCloseTo(3 / 5, 5);
    expect(done.recordsSince).toBeNull();
    // A page that has read the history asks only for what did not end before the third hold ended: that hold on, the same figures.
    const since = done.holds[2]!.to!;
    const later = LockHistorySchema.parse(await (await fetch(`${running.url}/api/history${lock}?since=${since}`)).json());
    expect(later.holds.map((hold) => hold.node)).toEqual([name(third.node), name(fourth.node)]);
    expect(later.waits.map((wait) => wait.node)).toEqual([name(fourth.node)]);
    expect(later.recordsSince).toBe(since);
    expect(later.stats.hold).toEqual(done.stats.hold);
    // The histograms and the counter count the same holds, waits and handovers.
    expect(await metric('zklock_handovers_total', lock)).toBe(3);
    expect(await metric('zklock_hold_seconds_count', lock)).toBe(2);
    expect(await metric('zklock_wait_seconds_count', lock)).toBe(3);
  });

  it('tells an expired session from a release, and keeps one series for the locks past the limit', async () => {
    const lock = `${simRoot}/billing/lock`;
    const spawned = await fetch(`${running.url}/api/sim/contenders`, {
      method: 'POST',
      body: JSON.stringify({ path: lock, count: 2, strategy: 'chained', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 2000 }),
    });
    expect(spawned.status).toBe(201);
    const { contenders } = (await spawned.json()) as { contenders: Array<{ id: string; state: string }> };
    await eventually(async () => ((await fetch(`${running.url}/api/history${lock}`)).status === 200 && (await history(lock)).holds.length === 1 ? true : undefined));
    const holder = contenders[0]!;
    // ZooKeeper's report lists the holder's session as connected (with its client address) before it dies.
    const holderSession = (await (await fetch(`${running.url}/api/sim/contenders`)).json()) as { contenders: Array<{ id: string; sessionId: string }> };
    const session = holderSession.contenders.find((contender) => contender.id === holder.id)!.sessionId;
    await eventually(async () => {
      const sessions = (await (await fetch(`${running.url}/api/sessions`)).json()) as { sessions: Array<{ sessionId: string; client: string | null }> };
      return sessions.sessions.find((entry) => entry.sessionId === session)?.client ? true : undefined;
    });
    // The process dies: its connection goes, ZooKeeper stops listing its session, and deletes its node when the session times out.
    expect((await fetch(`${running.url}/api/sim/contenders/${holder.id}/crash`, { method: 'POST' })).status).toBe(200);
    const expired = await eventually(async () => (await history(lock)).holds.find((hold) => hold.ended !== null), 15_000);
    expect(expired.ended).toBe('session-expired');
    // METRICS_LOCK_LIMIT is 1: the first lock has its own series, this one is summed under _other.
    expect(await metric('zklock_handovers_total', lock)).toBe(0);
    expect(await metric('zklock_handovers_total', '_other')).toBeGreaterThanOrEqual(1);
  });

  it('remembers a session gone from ZooKeeper’s reports only while it owns a node in a lock: a busy ensemble’s short sessions are forgotten as they go', async () => {
    // (An owner gone from the reports is remembered until its node goes: the expiry above.)
    // Short-lived clients that own no lock node: listed by a report while connected, then gone.
    const short = await Promise.all(Array.from({ length: 20 }, () => openSession()));
    const ids = short.map((one) => one.sessionId!);
    // Asking for the sessions keeps ZooKeeper's reports coming (the explorer asks only while someone reads what rests on them).
    const remembered = async (): Promise<number> => {
      await fetch(`${running.url}/api/sessions`);
      return ids.filter((id) => running.explorer.histories.remembers(id)).length;
    };
    await eventually(async () => ((await remembered()) === ids.length ? true : undefined));
    for (const one of short) one.close();
    await eventually(async () => ((await remembered()) === 0 ? true : undefined));
  });

  it('answers 404 for a lock it never followed, and 400 for a bad path', async () => {
    expect((await fetch(`${running.url}/api/history/never/followed`)).status).toBe(404);
    const bad = await fetch(`${running.url}/api/history/a%00b`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/invalid lock path/);
    for (const since of ['soon', '-1', '1e3', '']) {
      const answer = await fetch(`${running.url}/api/history/never/followed?since=${since}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/^since: /);
    }
  });
});
