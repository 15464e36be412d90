/**
 * ZooKeeper's files in live mode, against a real ZooKeeper configured unlike the default (its log
 * in a dataLogDir of its own, rolled every few hundred transactions): the explorer follows the
 * files as ZooKeeper writes them, answers a lock at a past moment (`?at=`) as ZooKeeper had it
 * then, keeps each lock's history from the files (how each hold ended) so that it survives a
 * restart of the explorer, and serves a socket that asks for a moment that moment, read-only.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GarbageViewSchema, LockHistorySchema, LockListSchema, LockSnapshotSchema, ReplayInfoSchema, type LockHistory } from '../../lib/protocol';
import { connectClient, eventually, request, startExplorer, type RunningExplorer } from '../testing/harness';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../zk/embedded';
import { ZkSession } from '../zk/session';
import { readTxnLog } from '../../lib/zk/txn-log';
import { loadReplay } from './files';
import { followFiles } from './follow';
import { PAST_READ_ONLY } from './live';

const LOCK = '/live-files/orders/lock';
const OPTIONS = { roots: ['/live-files'], staleHolderMs: 60_000 };
let dir: string;
let zookeeper: EmbeddedZooKeeper;
let dirs: string[];
const sessions: ZkSession[] = [];

async function open(): Promise<ZkSession> {
  const session = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await session.start(10_000);
  sessions.push(session);
  return session;
}

async function explorer(): Promise<RunningExplorer> {
  return startExplorer({ roots: ['/live-files'] }, { allowed: false }, { connectString: zookeeper.connectString, files: followFiles(dirs, OPTIONS, { intervalMs: 100 }) });
}

async function history(running: RunningExplorer, lock: string): Promise<LockHistory> {
  const response = await fetch(`${running.url}/api/history${lock}`);
  expect(response.status).toBe(200);
  return LockHistorySchema.parse(await response.json());
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zk-live-files-'));
  dirs = [join(dir, 'data'), join(dir, 'txnlog')];
  zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { dataLogDir: dirs[1]!, snapCount: 200 } });
});

afterAll(async () => {
  for (const session of sessions) session.close();
  await zookeeper?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("ZooKeeper's files followed in live mode", () => {
  it('answers a past moment as ZooKeeper had it, follows new transactions across rolled logs, and keeps the history across a restart', async () => {
    let running = await explorer();
    const admin = await open();
    await admin.mkdirp(LOCK);
    const holder = await open();
    const waiter = await open();
    const first = await holder.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
    const second = await waiter.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
    // The lock as ZooKeeper has it now, with the zxid of its children's last change.
    const before = await admin.exists(LOCK);
    // The holder releases; the waiter takes the lock.
    await holder.remove(first);
    // Enough writes elsewhere for ZooKeeper to roll its log more than once.
    for (let i = 0; i < 600; i += 1) await admin.create(`/live-files/filler-${i}`, null, 'persistent');

    const info = await eventually(async () => {
      const read = ReplayInfoSchema.parse(await (await fetch(`${running.url}/api/replay`)).json());
      // Reading stopped: said at once, with why.
      if (read.stoppedAt !== null) throw new Error(`the explorer stopped reading the files: ${read.reason}`);
      return read.files.filter((file) => file.kind === 'log' && file.count > 0).length >= 2 && read.transactions > 600 ? read : undefined;
    });
    expect(info.stoppedAt).toBeNull();

    // Right after the waiter's node came: both nodes, the first one holding.
    const then = LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${LOCK}?at=${before!.pzxid}`)).json());
    expect(then.nodes.map((node) => [node.name, node.role])).toEqual([
      [first.split('/').pop(), 'holder'],
      [second.split('/').pop(), 'waiter'],
    ]);
    expect(then.read?.pzxid).toBe(before!.pzxid);
    // Now: the second holds.
    const now = LockSnapshotSchema.parse(await (await fetch(`${running.url}/api/locks${LOCK}`)).json());
    expect(now.nodes.map((node) => [node.name, node.role])).toEqual([[second.split('/').pop(), 'holder']]);
    // A moment that is no moment: a clear 400.
    const bad = await fetch(`${running.url}/api/locks${LOCK}?at=yesterday`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/at:/);

    const released = await eventually(async () => {
      const read = await history(running, LOCK);
      return read.holds.length === 2 ? read : undefined;
    });
    expect(released.holds.map((hold) => [hold.node, hold.ended])).toEqual([
      [first.split('/').pop(), 'released'],
      [second.split('/').pop(), null],
    ]);

    // The explorer restarts: the history is the files', from before it started.
    await running.close();
    running = await explorer();
    // Until the files are read, said so.
    const early = await fetch(`${running.url}/api/history${LOCK}`);
    expect([200, 503]).toContain(early.status);
    if (early.status === 503) expect(((await early.json()) as { error: string }).error).toMatch(/still being read/);
    const again = await eventually(async () => ((await fetch(`${running.url}/api/history${LOCK}`)).status === 200 ? history(running, LOCK) : undefined));
    expect(again.holds.map((hold) => [hold.node, hold.ended])).toEqual(released.holds.map((hold) => [hold.node, hold.ended]));
    // A session closing now is read as ZooKeeper appends it: the hold ends with its session.
    waiter.close();
    await eventually(async () => ((await history(running, LOCK)).holds.at(-1)?.ended === 'session-closed' ? true : undefined));

    // A page asking for a past moment over the socket is served it, read-only.
    const socket = await connectClient(running.url, undefined, { at: before!.pzxid });
    try {
      // Its first moment came as it connected; moved again, it is sent the moment.
      const moment = new Promise<{ at: { zxid: string } }>((resolve) => socket.once('replay:moment', resolve));
      expect(await request(socket, 'replay:at', { at: before!.pzxid })).toEqual({ ok: true });
      expect((await moment).at.zxid).toBe(before!.pzxid);
      const refused = await request(socket, 'sim:spawn', { lockPath: '/sim/x', recipe: 'curator', count: 1 });
      expect(refused).toEqual({ ok: false, error: PAST_READ_ONLY });
    } finally {
      socket.close();
      await running.close();
    }
  });

  it("gives the lock list the files' figures for a lock the explorer has just found, as its page has them: the handovers before it came are counted", async () => {
    const lock = '/live-files/activity/lock';
    const admin = await open();
    await admin.mkdirp(lock);
    // Four contenders, three of whom held and let go before the explorer starts: four holds began.
    const contenders = [await open(), await open(), await open(), await open()];
    const nodes: string[] = [];
    for (const contender of contenders) nodes.push(await contender.create(`${lock}/lock-`, null, 'ephemeral-sequential'));
    for (let i = 0; i < 3; i += 1) await contenders[i]!.remove(nodes[i]!);
    const running = await explorer();
    try {
      const page = await eventually(async () => ((await fetch(`${running.url}/api/history${lock}`)).status === 200 ? history(running, lock) : undefined));
      expect(page.stats.handoversPerMinute).toBeCloseTo(4 / 5);
      // The list says the same (the explorer's own history began with the fourth holding: none began since).
      const row = await eventually(async () => {
        const list = LockListSchema.parse(await (await fetch(`${running.url}/api/locks`)).json());
        const found = list.locks.find((summary) => summary.path === lock);
        return found?.activity?.handoversPerMinute === page.stats.handoversPerMinute ? found : undefined;
      });
      expect(row.activity?.waitP99).toBe(page.stats.wait?.p99 ?? null);
    } finally {
      await running.close();
    }
  });

  it('reads an entry being written once it is whole, and says where a log that ZooKeeper has gone on from is damaged', async () => {
    // ZooKeeper rolls its log at a random point past half of snapCount: the newest may hold a single entry. A few writes more, until it holds three.
    const logsIn = (where: string): string[] => readdirSync(where).filter((name) => name.startsWith('log.')).sort((a, b) => (BigInt(`0x${a.slice(4)}`) < BigInt(`0x${b.slice(4)}`) ? -1 : 1));
    const written = join(dirs[1]!, 'version-2');
    const admin = await open();
    for (let i = 0; readTxnLog(readFileSync(join(written, logsIn(written).at(-1)!))).txns.length < 3; i += 1) {
      expect(i).toBeLessThan(20);
      await admin.create(`/live-files/more-${i}`, null, 'persistent');
    }
    // A copy of the logs written so far, its newest cut inside an entry as if ZooKeeper were writing it.
    const copy = mkdtempSync(join(tmpdir(), 'zk-live-copy-'));
    try {
      cpSync(written, copy, { recursive: true });
      const logs = logsIn(copy);
      const newest = join(copy, logs.at(-1)!);
      const whole = readFileSync(newest);
      const { txns } = readTxnLog(whole);
      expect(txns.length).toBeGreaterThan(2);
      const cut = txns.at(-2)!.offset + 7;
      const end = txns.at(-1)!.offset + 200;
      writeFileSync(newest, whole.subarray(0, cut));
      const files = followFiles([copy, join(dirs[0]!, 'version-2')], OPTIONS, { intervalMs: 60_000 });
      try {
        const loaded = await files.ready;
        const total = loaded.info.transactions;
        // Not said: it may be an entry being written.
        for (let i = 0; i < 3; i += 1) expect(await files.readOn()).toBe(0);
        expect(loaded.info.stoppedAt).toBeNull();
        expect(loaded.info.reason).toBeNull();
        // ZooKeeper finishes writing it (and the next one): read on.
        appendFileSync(newest, whole.subarray(cut, end));
        expect(await files.readOn()).toBe(2);
        expect(loaded.info.transactions).toBe(total + 2);
        expect(loaded.info.reason).toBeNull();

        // Damage in a log that ZooKeeper has gone on from (a newer log exists): said, and read no further.
        const older = join(copy, logs.at(-2)!);
        const damagedCopy = mkdtempSync(join(tmpdir(), 'zk-live-damaged-'));
        try {
          cpSync(copy, damagedCopy, { recursive: true });
          const olderBytes = readFileSync(older);
          const olderTxns = readTxnLog(olderBytes).txns;
          const flipped = Buffer.from(olderBytes.subarray(0, olderTxns.at(-1)!.offset + 20));
          // The last entry of the older log left half-written, as a crash mid-write would.
          writeFileSync(join(damagedCopy, logs.at(-2)!), flipped);
          rmSync(join(damagedCopy, logs.at(-1)!));
          const following = followFiles([damagedCopy, join(dirs[0]!, 'version-2')], OPTIONS, { intervalMs: 60_000 });
          try {
            const read = await following.ready;
            expect(read.info.stoppedAt).toBeNull();
            // The newer log appears: the half-written entry will never be finished.
            cpSync(newest, join(damagedCopy, logs.at(-1)!));
            await following.readOn();
            expect(read.info.stoppedAt).toMatchObject({ path: join(damagedCopy, logs.at(-2)!), offset: olderTxns.at(-1)!.offset });
            expect(read.info.reason).toMatch(/reads no further/);
            const stoppedAt = read.info.transactions;
            expect(await following.readOn()).toBe(0);
            expect(read.info.transactions).toBe(stoppedAt);
          } finally {
            following.close();
          }
        } finally {
          rmSync(damagedCopy, { recursive: true, force: true });
        }
      } finally {
        files.close();
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('keeps about ZK_FILES_KEEP of the newest transactions: the older let go from a newer snapshot on, as they come and from the first read', async () => {
    const admin = await open();
    const counter = '/live-files/keep/counter';
    await admin.mkdirp(counter);
    const files = followFiles(dirs, OPTIONS, { intervalMs: 60_000, keep: 300 });
    try {
      const first = await files.ready;
      const all = async () => (await loadReplay(dirs, OPTIONS, true)).info.transactions;
      // 700 more: past half as many again as are kept, the files are read again from a snapshot within the last 300.
      for (let round = 1; round <= 700; round += 1) await admin.setData(counter, Buffer.from(`round ${round}`));
      const holder = await open();
      const node = await holder.create(`${LOCK}/lock-`, null, 'ephemeral-sequential');
      await files.readOn();
      const kept = files.current()!;
      expect(kept).not.toBe(first);
      expect(kept.info.transactions).toBeGreaterThan(0);
      expect(kept.info.transactions).toBeLessThanOrEqual(300);
      expect(await all()).toBeGreaterThan(kept.info.transactions + 700);
      expect(BigInt(kept.info.firstZxid!)).toBeGreaterThan(BigInt(first.info.firstZxid!));
      expect(kept.info.files.some((file) => file.kind === 'snapshot' && file.used)).toBe(true);
      // What came before the snapshot is in it: the counter's last value, the lock's holder.
      const end = kept.replay.moment(null)!;
      expect(Buffer.from(kept.replay.index.nodeAt(counter, end.zxid)!.data!).toString()).toBe('round 700');
      expect(kept.replay.lockAt(LOCK, end).nodes.map((one) => [one.name, one.role])).toEqual([[node.split('/').pop(), 'holder']]);
      holder.close();

      // A first read keeps as many: from the snapshot after about 300 before the newest log.
      const fresh = followFiles(dirs, OPTIONS, { intervalMs: 60_000, keep: 300 });
      try {
        const read = await fresh.ready;
        expect(read.info.files.some((file) => file.kind === 'snapshot' && file.used)).toBe(true);
        expect(read.info.transactions).toBeLessThan(await all());
        expect(Buffer.from(read.replay.index.nodeAt(counter, read.replay.moment(null)!.zxid)!.data!).toString()).toBe('round 700');
      } finally {
        fresh.close();
      }

      // Logs with no snapshot to begin from (a copy of the logs alone): every transaction kept, the files not read again at each read.
      const logsAlone = mkdtempSync(join(tmpdir(), 'zk-live-logs-'));
      try {
        cpSync(join(dirs[1]!, 'version-2'), logsAlone, { recursive: true });
        const unsnapped = followFiles([logsAlone], OPTIONS, { intervalMs: 60_000, keep: 300 });
        try {
          const read = await unsnapped.ready;
          expect(read.info.transactions).toBeGreaterThan(450);
          await unsnapped.readOn();
          await unsnapped.readOn();
          expect(unsnapped.current()).toBe(read);
          // Every transaction of the copy: counted in the copy itself, not in the live directory, where ZooKeeper goes on writing (sessions closing and expiring) after the copy was made.
          expect(read.info.transactions).toBe((await loadReplay([logsAlone], OPTIONS, true)).info.transactions);
        } finally {
          unsnapped.close();
        }
      } finally {
        rmSync(logsAlone, { recursive: true, force: true });
      }
    } finally {
      files.close();
    }
  });

  it("names the recipe of a lock parent emptied before the explorer came from ZooKeeper's files: sure from the files, not from its stat alone", async () => {
    const admin = await open();
    const parent = '/live-files/kazoo-jobs/report-2026-12-07';
    await admin.mkdirp(parent);
    // Kazoo's names: <uuid hex>__lock__<sequence>, taken and let go before any explorer followed it.
    const node = await admin.create(`${parent}/4f3a9c1e2b7d4e8fa1c3d5e7f9b0a2c4__lock__`, null, 'ephemeral-sequential');
    await admin.remove(node);
    const running = await explorer();
    try {
      await eventually(async () => {
        const garbage = GarbageViewSchema.parse(await (await fetch(`${running.url}/api/garbage`)).json());
        const group = garbage.groups.find((one) => one.parent === '/live-files/kazoo-jobs');
        return group?.sure.files === 1 ? group : undefined;
      }, 15_000);
      const group = GarbageViewSchema.parse(await (await fetch(`${running.url}/api/garbage`)).json()).groups.find((one) => one.parent === '/live-files/kazoo-jobs');
      expect(group).toMatchObject({ count: 1, recipe: 'kazoo-lock', advice: 'kazoo', sure: { seen: 0, files: 1, stat: 0 } });
    } finally {
      await running.close();
    }
  });
});
