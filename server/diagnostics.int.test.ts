/**
 * Each stuck-lock situation built with independent client sessions against a real ZooKeeper,
 * and named by the explorer's diagnostics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticsSchema, LockListSchema, type Diagnostics } from '../lib/protocol';
import { describeAnomaly } from '../lib/i18n/messages';
import { eventually, openSession, startExplorer, uniqueRoot, zkConnect, type RunningExplorer } from './testing/harness';

const zkServer = (): string => zkConnect().split(',')[0]!.split('/')[0]!;
import type { ZkSession } from './zk/session';

const root = uniqueRoot('diag');
const simRoot = `/sim${uniqueRoot('diag')}`;
let running: RunningExplorer;
let admin: ZkSession;
const sessions: ZkSession[] = [];

async function session(): Promise<ZkSession> {
  const opened = await openSession();
  sessions.push(opened);
  return opened;
}

async function join(owner: ZkSession, lock: string): Promise<string> {
  await admin.mkdirp(lock);
  return owner.create(`${lock}/lock-`, null, 'ephemeral-sequential');
}

async function diagnostics(): Promise<Diagnostics> {
  return DiagnosticsSchema.parse(await (await fetch(`${running.url}/api/diagnostics`)).json());
}

/** Waits until the diagnostics name an anomaly of `kind` in `path`. */
function named(kind: string, path: string) {
  return eventually(async () => (await diagnostics()).anomalies.find((anomaly) => anomaly.kind === kind && anomaly.path === path), 15_000);
}

beforeAll(async () => {
  admin = await openSession();
  running = await startExplorer({ roots: [root, simRoot] }, undefined, { staleHolderMs: 1500, introspectionIntervalMs: 300 });
});

afterAll(async () => {
  for (const opened of sessions) opened.close();
  admin.close();
  await running.close();
});

describe('diagnostics name each stuck lock', () => {
  it('a waiter that watches nothing while another waiter watches', async () => {
    const lock = `${root}/no-watch/lock`;
    const holder = await join(await session(), lock);
    const watcher = await session();
    const watching = await join(watcher, lock);
    await watcher.exists(holder, () => undefined);
    const idle = await join(await session(), lock);
    expect(watching).not.toBe(idle);
    const anomaly = await named('no-watch', lock);
    expect(anomaly.node).toBe(idle.slice(lock.length + 1));
  });

  it('a persistent lock node, a live contender stuck behind it', async () => {
    // Left by a client that created it persistent: the next contender (ephemeral, so the lock is found within a second) waits behind it for ever.
    const lock = `${root}/persistent/lock`;
    await admin.mkdirp(lock);
    const created = await admin.create(`${lock}/lock-`, null, 'persistent-sequential');
    await join(await session(), lock);
    expect((await named('persistent-node', lock)).node).toBe(created.slice(lock.length + 1));
  });

  it('an orphan from a lost create reply', async () => {
    const lock = `${simRoot}/orphan/lock`;
    const spawned = await fetch(`${running.url}/api/sim/contenders`, {
      method: 'POST',
      body: JSON.stringify({ path: lock, count: 1, strategy: 'chained', holdMs: 50, rounds: 2, thinkMs: 1500, protected: false }),
    });
    const { contenders } = (await spawned.json()) as { contenders: Array<{ id: string }> };
    // Once its first round is over it thinks for 1.5 s: the lost reply is then its next create's.
    await eventually(async () => {
      const { contenders: now } = (await (await fetch(`${running.url}/api/sim/contenders`)).json()) as { contenders: Array<{ id: string; acquisitions: number; state: string }> };
      const mine = now.find((contender) => contender.id === contenders[0]!.id);
      return mine !== undefined && mine.acquisitions >= 1 && mine.state === 'waiting' ? true : undefined;
    });
    await fetch(`${running.url}/api/sim/contenders/${contenders[0]!.id}/disconnect-during-create`, { method: 'POST' });
    const anomaly = await named('orphan', lock);
    expect(describeAnomaly('en', anomaly.kind, anomaly.params).message).toContain('one owner');
  });

  it('a herd', async () => {
    const lock = `${simRoot}/herd/lock`;
    await fetch(`${running.url}/api/sim/contenders`, { method: 'POST', body: JSON.stringify({ path: lock, count: 3, strategy: 'herd', holdMs: 600_000, rounds: 1 }) });
    const herd = await named('herd', lock);
    expect(describeAnomaly('en', herd.kind, herd.params).message).toContain('every change wakes every one');
  });

  it('a stale holder, while someone waits behind it; none where it holds alone', async () => {
    const lock = `${root}/stale/lock`;
    const holder = await join(await session(), lock);
    const alone = `${root}/alone/lock`;
    await join(await session(), alone);
    await join(await session(), lock);
    expect((await named('stale-holder', lock)).node).toBe(holder.slice(lock.length + 1));
    // Followed, and held past the threshold (1.5 s here) too, alone: no verdict.
    await eventually(async () => (LockListSchema.parse(await (await fetch(`${running.url}/api/locks`)).json()).locks.some((entry) => entry.path === alone && entry.holders.length === 1) ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const diagnostics = DiagnosticsSchema.parse(await (await fetch(`${running.url}/api/diagnostics`)).json());
    expect(diagnostics.anomalies.filter((anomaly) => anomaly.path === alone)).toEqual([]);
  });

  it('a deadlock of two locks and one of three, found without opening them first', async () => {
    const [a, b, c, d, e] = [await session(), await session(), await session(), await session(), await session()];
    // a holds L1 and waits in L2; b holds L2 and waits in L1.
    await join(a!, `${root}/dl2/one`);
    await join(b!, `${root}/dl2/two`);
    await join(a!, `${root}/dl2/two`);
    await join(b!, `${root}/dl2/one`);
    // c -> d -> e -> c across three locks.
    await join(c!, `${root}/dl3/x`);
    await join(d!, `${root}/dl3/y`);
    await join(e!, `${root}/dl3/z`);
    await join(c!, `${root}/dl3/y`);
    await join(d!, `${root}/dl3/z`);
    await join(e!, `${root}/dl3/x`);
    const found = await eventually(async () => {
      const { deadlocks } = await diagnostics();
      const two = deadlocks.find((deadlock) => deadlock.locks.every((lock) => lock.startsWith(`${root}/dl2/`)));
      const three = deadlocks.find((deadlock) => deadlock.locks.every((lock) => lock.startsWith(`${root}/dl3/`)));
      return two && three ? { two, three } : undefined;
    }, 15_000);
    expect([...found.two.sessions].sort()).toEqual([a!.sessionId, b!.sessionId].sort());
    expect([...found.three.sessions].sort()).toEqual([c!.sessionId, d!.sessionId, e!.sessionId].sort());
  });
});

describe('Prometheus metrics', () => {
  /** The value of one series in the exposition text, or undefined when absent. */
  function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
    const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
      const braces = /\{(.*)\}/.exec(line)?.[1] ?? '';
      if (wanted.every((pair) => braces.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
  }

  it('exposes each lock, its anomalies and ZooKeeper’s own watch counters', async () => {
    const lock = `${root}/metrics/lock`;
    const holder = await join(await session(), lock);
    const watcher = await session();
    await join(watcher, lock);
    await watcher.exists(holder, () => undefined);
    await join(await session(), lock);
    await named('no-watch', lock);

    const response = await fetch(`${running.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'zklock_queue_length', { lock, recipe: 'generic' }) ?? sample(text, 'zklock_queue_length', { lock })).toBe(2);
    expect(sample(text, 'zklock_holders', { ensemble: 'default', lock })).toBe(1);
    expect(sample(text, 'zklock_holder_age_seconds', { lock })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'zklock_oldest_wait_seconds', { lock })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'zklock_anomalies', { lock, kind: 'no-watch' })).toBe(1);
    expect(sample(text, 'zklock_locks', {})).toBeGreaterThanOrEqual(1);
    const server = zkServer();
    expect(sample(text, 'zookeeper_up', { server })).toBe(1);
    expect(sample(text, 'zookeeper_watch_count', { server })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'zookeeper_watch_fanout', { server, event: 'deleted', stat: 'cnt' })).toBeGreaterThanOrEqual(0);
    expect(text).toContain('zklock_explorer_process_cpu_seconds_total');
    // It has read the lock at least: its two nodes' stats came in these bytes.
    expect(sample(text, 'zklock_explorer_zookeeper_received_bytes_total', {})).toBeGreaterThan(200);
  });
});
