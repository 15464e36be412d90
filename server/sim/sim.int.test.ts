import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContenderListSchema, LockSnapshotSchema, type ContenderInfo, type ContenderList, type LockSnapshot } from '../../lib/protocol';
import { connectClient, eventually, request, startExplorer, uniqueRoot, type RunningExplorer } from '../testing/harness';

let running: RunningExplorer;

beforeAll(async () => {
  running = await startExplorer();
});

afterAll(async () => {
  await running.close();
});

const simPath = (label: string): string => `/sim${uniqueRoot(label)}`;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> & { error?: string } }> {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function contenders(path: string): Promise<ContenderInfo[]> {
  const list: ContenderList = ContenderListSchema.parse((await call('GET', '/api/sim/contenders')).body);
  return list.contenders.filter((contender) => contender.path === path);
}

async function violations(path: string): Promise<ContenderList['violations']> {
  return ContenderListSchema.parse((await call('GET', '/api/sim/contenders')).body).violations.filter((violation) => violation.path === path);
}

async function lock(path: string): Promise<LockSnapshot> {
  return LockSnapshotSchema.parse((await call('GET', `/api/locks${path}`)).body);
}

async function spawn(body: Record<string, unknown>): Promise<ContenderInfo[]> {
  const response = await call('POST', '/api/sim/contenders', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.contenders as ContenderInfo[];
}

const allIn = (states: ContenderInfo['state'][]) => async (path: string, count: number) =>
  eventually(async () => {
    const list = await contenders(path);
    return list.length === count && list.every((contender) => states.includes(contender.state)) ? list : undefined;
  }, 60_000);

describe('simulated contenders keep mutual exclusion', () => {
  it.each(['chained', 'chained-getdata', 'herd'])('%s: 50 contenders, 3 rounds each, never two holders at once', async (strategy) => {
    const path = simPath(strategy);
    await spawn({ path, count: 50, strategy, holdMs: 5, rounds: 3 });
    const done = await allIn(['done'])(path, 50);
    expect(done.every((contender) => contender.acquisitions === 3)).toBe(true);
    expect(await violations(path)).toEqual([]);
    expect(done.reduce((sum, contender) => sum + contender.violations, 0)).toBe(0);
  });
});

describe('the other recipes', () => {
  it('herd: the explorer knows its own herd contenders watch the parent, which names alone cannot tell', async () => {
    const path = simPath('herd-declared');
    await spawn({ path, count: 3, strategy: 'herd', holdMs: 600_000, rounds: 1 });
    const current = await eventually(async () => {
      const snapshot = await lock(path);
      return snapshot.nodes.length === 3 ? snapshot : undefined;
    });
    expect(current.recipe.id).toBe('herd');
    expect(current.nodes.map((node) => [node.role, node.watch])).toEqual([
      ['holder', null],
      ['waiter', { type: 'children', path }],
      ['waiter', { type: 'children', path }],
    ]);
    await call('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`);
  });

  it('single-node: 10 contenders race for one ephemeral node, 2 rounds, one at a time', async () => {
    const path = simPath('single');
    await spawn({ path, count: 10, strategy: 'single-node', holdMs: 5, rounds: 2 });
    const done = await allIn(['done'])(path, 10);
    expect(done.every((contender) => contender.acquisitions === 2)).toBe(true);
    expect(await violations(path)).toEqual([]);
  });

  it('read/write: readers share, writers are alone', async () => {
    const path = simPath('rw');
    await spawn({ path, count: 6, strategy: 'read', holdMs: 30, rounds: 2 });
    await spawn({ path, count: 3, strategy: 'write', holdMs: 10, rounds: 2 });
    await spawn({ path, count: 6, strategy: 'read', holdMs: 30, rounds: 2 });
    await allIn(['done'])(path, 15);
    expect(await violations(path)).toEqual([]);
  });

  it('read/write with unprotected names (ZooKeeper’s documented read-/write-): the explorer reads it by the rule the contenders hold by', async () => {
    const path = simPath('rw-plain');
    await spawn({ path, count: 4, strategy: 'read', holdMs: 400, rounds: 1, protected: false });
    await spawn({ path, count: 2, strategy: 'write', holdMs: 50, rounds: 1, protected: false });
    // Readers that hold together are drawn holding together: the explorer's rule is the one they decided by.
    const together = await eventually(async () => {
      const current = await lock(path);
      return current.holders.length >= 2 ? current : undefined;
    });
    expect(together.recipe.id).toBe('zk-shared-lock');
    expect(together.nodes.filter((node) => node.role === 'holder').every((node) => node.mode === 'read')).toBe(true);
    await allIn(['done'])(path, 6);
    expect(await violations(path)).toEqual([]);
  });

  it('semaphore: never more than maxLeases holders, and the explorer reads the lease limit', async () => {
    const path = simPath('semaphore');
    await spawn({ path, count: 6, strategy: 'semaphore', holdMs: 300, rounds: 1, maxLeases: 2 });
    const during = await eventually(async () => {
      const current = await lock(path);
      return current.holders.length === 2 ? current : undefined;
    });
    expect(during.recipe).toMatchObject({ id: 'kazoo-semaphore', maxLeases: 2 });
    await allIn(['done'])(path, 6);
    expect(await violations(path)).toEqual([]);
  });

  it('no-watch: a waiter that sets no watch is never woken, even when it is first in the queue', async () => {
    const path = simPath('no-watch');
    const [first, second] = await spawn({ path, count: 2, strategy: 'no-watch', holdMs: 100, rounds: 1 });
    await eventually(async () => ((await contenders(path)).find((contender) => contender.id === first!.id)?.state === 'done' ? true : undefined));
    const waiting = (await contenders(path)).find((contender) => contender.id === second!.id)!;
    // ZooKeeper says its node is first, so it holds; the contender never looked again and still waits.
    await eventually(async () => (JSON.stringify((await lock(path)).nodes.map((node) => [node.sessionId, node.role])) === JSON.stringify([[waiting.sessionId, 'holder']]) ? true : undefined));
    const stuck = (await contenders(path)).find((contender) => contender.id === second!.id)!;
    expect(stuck.state).toBe('waiting');
    expect(stuck.notifications).toBe(0);
  });
});

describe('faults', () => {
  it('a crashed holder keeps its node until its session times out; then the next one holds', async () => {
    const path = simPath('crash');
    const [first, second] = await spawn({ path, count: 2, strategy: 'chained', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 2000 });
    const holder = await eventually(async () => (await contenders(path)).find((contender) => contender.state === 'holding'));
    expect(holder.id).toBe(first!.id);
    const crashed = Date.now();
    expect((await call('POST', `/api/sim/contenders/${holder.id}/crash`)).status).toBe(200);
    // The node outlives the process...
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await lock(path)).nodes.find((node) => node.sessionId === holder.sessionId)?.role).toBe('holder');
    // ...until ZooKeeper expires the session, and the successor holds.
    const next = await eventually(async () => (await contenders(path)).find((contender) => contender.id === second!.id && contender.state === 'holding'), 20_000);
    const waited = Date.now() - crashed;
    expect(next.state).toBe('holding');
    expect(waited).toBeGreaterThanOrEqual(1500);
    expect((await contenders(path)).find((contender) => contender.id === holder.id)?.state).toBe('crashed');
  });

  it('expire frees the lock at once, and the holder learns that its session expired', async () => {
    const path = simPath('expire');
    const [first, second] = await spawn({ path, count: 2, strategy: 'chained-getdata', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 10_000 });
    await eventually(async () => (await contenders(path)).find((contender) => contender.id === first!.id && contender.state === 'holding'));
    const started = Date.now();
    expect((await call('POST', `/api/sim/contenders/${first!.id}/expire`)).status).toBe(200);
    await eventually(async () => (await contenders(path)).find((contender) => contender.id === second!.id && contender.state === 'holding'), 10_000);
    expect(Date.now() - started).toBeLessThan(5000);
    // The holder hears of it only when its connection comes back, which may be after the successor holds.
    await eventually(async () => (await contenders(path)).find((contender) => contender.id === first!.id && contender.state === 'expired'), 10_000);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it.each([
    [false, 2],
    [true, 1],
  ])('a create whose reply is lost: protected %s leaves %d node(s) of that session', async (protectedNames, nodesOfSession) => {
    const path = simPath(`orphan-${protectedNames}`);
    // Each hold lasts long enough to be seen: with protected names the second round's hold (its node found again) is the moment to look at.
    const [contender] = await spawn({ path, count: 1, strategy: 'chained', holdMs: 2500, rounds: 2, thinkMs: 1000, protected: protectedNames });
    await eventually(async () => ((await contenders(path))[0]?.acquisitions === 1 ? true : undefined));
    expect((await call('POST', `/api/sim/contenders/${contender!.id}/disconnect-during-create`)).status).toBe(200);
    const snapshot = await eventually(async () => {
      const current = await lock(path);
      const info = (await contenders(path))[0];
      const mine = current.nodes.filter((node) => node.sessionId === info?.sessionId);
      return info?.round === 2 && mine.length === nodesOfSession && (protectedNames ? info.acquisitions === 2 : true) ? current : undefined;
    }, 15_000);
    if (!protectedNames) {
      // The orphan sits before the contender's second node, so it waits on its own orphan for ever.
      const info = (await contenders(path))[0]!;
      expect(info.state).toBe('waiting');
      expect(snapshot.nodes[1]?.predecessor).toBe(snapshot.nodes[0]?.name);
    }
  });
});

describe('contenders nobody stops', () => {
  it('stop at their time limit, and take their lock and its emptied parent with them (a classroom run)', async () => {
    const run = simPath('classroom-run');
    const [herd, chain] = [`${run}/herd`, `${run}/chain`];
    await spawn({ path: herd, count: 3, strategy: 'herd', holdMs: 600_000, rounds: 1, ttlMs: 2500, removeParent: true });
    await spawn({ path: chain, count: 3, strategy: 'chained', holdMs: 600_000, rounds: 1, ttlMs: 2500, removeParent: true });
    await allIn(['holding', 'waiting'])(herd, 3);
    // Stopped by hand, one lock goes; its parent stays while the other lock is in it.
    await call('DELETE', `/api/sim/contenders?path=${encodeURIComponent(chain)}`);
    await eventually(async () => (!(await lock(chain)).exists ? true : undefined));
    expect((await lock(run)).exists).toBe(true);
    // The other is stopped by its time limit: its nodes, its lock and the emptied parent go.
    await eventually(async () => ((await contenders(herd)).length === 0 ? true : undefined), 10_000);
    await eventually(async () => (!(await lock(herd)).exists && !(await lock(run)).exists ? true : undefined));
    // The sandbox root stays, and a request without the option leaves its lock in place.
    expect((await lock('/sim')).exists).toBe(true);
    const kept = simPath('kept');
    await spawn({ path: kept, count: 1, strategy: 'chained', holdMs: 600_000, rounds: 1 });
    await call('DELETE', `/api/sim/contenders?path=${encodeURIComponent(kept)}`);
    expect((await lock(kept)).exists).toBe(true);
  });

  it('stop when their lease is not renewed (a page closed without a word), and not while it is', async () => {
    const [kept, left] = [simPath('leased-kept'), simPath('leased-left')];
    await spawn({ path: kept, count: 2, strategy: 'chained', holdMs: 600_000, rounds: 1, leaseMs: 5000, removeParent: true });
    await spawn({ path: left, count: 2, strategy: 'chained', holdMs: 600_000, rounds: 1, leaseMs: 5000, removeParent: true });
    await allIn(['holding', 'waiting'])(kept, 2);
    const from = Date.now();
    // One page renews its lock's lease every 1.5 s; the other is gone.
    while (Date.now() - from < 8000) {
      const renewed = await call('POST', `/api/sim/contenders/renew?path=${encodeURIComponent(kept)}`);
      expect(renewed.status).toBe(200);
      expect(renewed.body).toEqual({ renewed: 2 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    expect((await contenders(left)).length).toBe(0);
    expect((await lock(left)).exists).toBe(false);
    expect((await contenders(kept)).length).toBe(2);
    // Its renewal stopped, it goes too; a lock with no lease to renew is a 404, a bad path a 400.
    await eventually(async () => ((await contenders(kept)).length === 0 ? true : undefined), 10_000);
    expect((await call('POST', `/api/sim/contenders/renew?path=${encodeURIComponent(kept)}`)).status).toBe(404);
    expect((await call('POST', '/api/sim/contenders/renew?path=nope')).status).toBe(400);
  });

  it('refuses a time limit out of range', async () => {
    const response = await call('POST', '/api/sim/contenders', { path: simPath('ttl'), count: 1, strategy: 'chained', ttlMs: 10 });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain('ttlMs');
  });
});

describe('the controls refuse what they must', () => {
  it.each([
    [{ path: '/elsewhere/lock', count: 1, strategy: 'chained' }, 400, /below \/sim/],
    [{ path: '/sim', count: 1, strategy: 'chained' }, 400, /below \/sim/],
    [{ path: '/sim/x', count: 0, strategy: 'chained' }, 400, /count/],
    [{ path: '/sim/x', count: 1001, strategy: 'chained' }, 400, /count/],
    [{ path: '/sim/x', count: 1, strategy: 'magic' }, 400, /strategy/],
    [{ path: '/sim/x', count: 1, strategy: 'chained', extra: 1 }, 400, /extra|unrecognized/i],
    [{ path: '/sim/../x', count: 1, strategy: 'chained' }, 400, /\.\./],
    ['{not json', 400, /JSON|Unexpected|Expected/i],
    [{ path: '/sim/x', count: 1, strategy: 'chained', pad: 'x'.repeat(20_000) }, 413, /too large/i],
    [{ path: '/sim/x', count: 1e12, strategy: 'chained' }, 400, /count/],
    [{ path: '/sim/x', count: 1, strategy: 'chained', holdMs: -5 }, 400, /holdMs/],
  ])('POST %j answers %d', async (body, status, message) => {
    const response = await call('POST', '/api/sim/contenders', body);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatch(message);
  });

  it('refuses a cross-site page', async () => {
    const response = await call('POST', '/api/sim/contenders', { path: '/sim/x', count: 1, strategy: 'chained' }, { origin: 'http://evil.example' });
    expect(response.status).toBe(403);
  });

  it('answers an unknown contender with 404 and an unknown action with 400', async () => {
    expect((await call('POST', '/api/sim/contenders/nobody/release')).status).toBe(404);
    expect((await call('POST', '/api/sim/contenders/nobody/explode')).status).toBe(400);
  });
});

describe('a GC pause longer than the session', () => {
  it('leaves two contenders believing they hold; their fencing tokens tell the stale one from the new', async () => {
    const path = simPath('pause');
    const [first, second] = await spawn({ path, count: 2, strategy: 'chained-getdata', holdMs: 600_000, rounds: 1, sessionTimeoutMs: 2000 });
    await eventually(async () => (await contenders(path)).find((contender) => contender.id === first!.id && contender.state === 'holding'));
    expect((await call('POST', `/api/sim/contenders/${first!.id}/pause`, { ms: 5000 })).status).toBe(200);
    const both = await eventually(async () => {
      const list = await contenders(path);
      const stale = list.find((contender) => contender.id === first!.id);
      const fresh = list.find((contender) => contender.id === second!.id);
      return stale?.believesHolding && fresh?.state === 'holding' ? { stale, fresh } : undefined;
    }, 15_000);
    expect(BigInt(both.fresh.czxid!)).toBeGreaterThan(BigInt(both.stale.czxid!));
    // When the pause ends it learns that its session expired, and the overlap is on record.
    await eventually(async () => ((await contenders(path)).find((contender) => contender.id === first!.id)?.state === 'expired' ? true : undefined), 15_000);
    const found = await violations(path);
    expect(found).toHaveLength(1);
    expect(found[0]?.contenders.sort()).toEqual([first!.id, second!.id].sort());
  });
});

describe('who may use the controls', () => {
  it('refuses everything when simulation is off (a ZooKeeper the explorer did not start)', async () => {
    const off = await startExplorer(undefined, { allowed: false });
    try {
      const response = await fetch(`${off.url}/api/sim/contenders`, { method: 'POST', body: JSON.stringify({ path: '/sim/x', count: 1, strategy: 'chained' }) });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: string }).error).toContain('ALLOW_SIMULATION');
      const health = (await (await fetch(`${off.url}/api/health`)).json()) as { features: { simulation: boolean } };
      expect(health.features.simulation).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('needs the bearer token when one is configured, over HTTP and over the socket', async () => {
    const guarded = await startExplorer(undefined, { adminToken: 'correct-horse-battery' });
    try {
      const body = JSON.stringify({ path: simPath('token'), count: 1, strategy: 'chained', holdMs: 10 });
      const post = (authorization?: string) =>
        fetch(`${guarded.url}/api/sim/contenders`, { method: 'POST', body, headers: authorization ? { authorization } : {} });
      expect((await post()).status).toBe(401);
      expect((await post('Bearer wrong-token-here')).status).toBe(401);
      const ok = await post('Bearer correct-horse-battery');
      expect(ok.status).toBe(201);
      expect(JSON.stringify(await ok.json())).not.toContain('correct-horse-battery');

      const anonymous = await connectClient(guarded.url);
      const admin = await connectClient(guarded.url, undefined, { token: 'correct-horse-battery' });
      try {
        const spawn = { path: simPath('socket'), count: 1, strategy: 'chained', holdMs: 10 };
        expect(await request(anonymous, 'sim:spawn', spawn)).toEqual({ ok: false, error: expect.stringContaining('token') });
        expect(await request(admin, 'sim:spawn', spawn)).toEqual({ ok: true });
        expect(await request(admin, 'sim:spawn', { ...spawn, count: -1 })).toMatchObject({ ok: false });
      } finally {
        anonymous.close();
        admin.close();
      }
    } finally {
      await guarded.close();
    }
  });
});
