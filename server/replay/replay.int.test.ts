/**
 * Replay against a real ZooKeeper configured unlike the default one (its transaction log in a
 * separate dataLogDir, a tick of 500 ms, sessions cut to 4 s, a snapshot every 20 transactions):
 * real Kazoo contenders queue on a lock, the holder's process is killed with SIGKILL and the
 * waiters stay stuck until ZooKeeper expires its session; a live client samples the lock after
 * every step with the parent's pzxid. ZooKeeper is stopped, its two directories replayed, and
 * the lock read from the files at each sample's pzxid must be what the live client read then.
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { io as ioClient, type Socket as ClientSocket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ColumnsLockSnapshot, HoldRecord, LockDelta, LockSnapshot, ReplayInfo, ReplayLock, ReplayMoment, ServerToClientEvents } from '../../lib/protocol';
import { expandSnapshot } from '../../lib/lock/compact';
import { applyDelta } from '../../lib/lock/delta';
import { buildSnapshot } from '../../lib/lock/queue';
import { readTxnLog } from '../../lib/zk/txn-log';
import { clientStat } from '../../lib/zk/znode-tree';
import { describeData } from '../../lib/lock/data';
import { startEmbeddedZooKeeper } from '../zk/embedded';
import { ZkSession } from '../zk/session';
import { RealContenders } from '../testing/real-clients';
import { createReplayExplorer, type ReplayExplorer } from './app';
import { loadReplay, type LoadedReplay } from './files';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'zk-replay-'));
const dataDir = join(dir, 'data');
const logDir = join(dir, 'txnlog');
const LOCK = '/services/billing/lock';
const OPTIONS = { roots: ['/'], staleHolderMs: 60_000 };

/** What a live client read of the lock right after the transaction `pzxid`. */
interface Sample {
  pzxid: string;
  /** The lock as the explorer's model reads those children. */
  snapshot: LockSnapshot;
}
const samples: Sample[] = [];
const sessions: { crashed?: string; released?: string; closed?: string } = {};
let loaded: LoadedReplay;
/** The zxid of the snapshot ZooKeeper took as it started again with its data, before the lock's story. */
let restartSnapshot = 0n;

beforeAll(async () => {
  const config = { dataLogDir: logDir, tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: 4000, snapCount: 20 };
  let zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: config });
  let observer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await observer.start(15_000);
  const sample = async (): Promise<void> => {
    for (;;) {
      const { children, stat } = await observer.getChildren(LOCK);
      const records = await Promise.all(children.map(async (name) => ({ name, ...(await observer.getData(`${LOCK}/${name}`)) })));
      // Read again: a change between the two reads would make the sample no single moment.
      if ((await observer.getChildren(LOCK)).stat.pzxid !== stat.pzxid) continue;
      const snapshot = buildSnapshot(
        { path: LOCK, self: { stat, data: null }, root: { path: LOCK, exists: true, children: records.map(({ name, stat: child, data }) => ({ name, stat: child, data: describeData(data) })) }, auxiliary: [] },
        null,
        0,
      );
      if (samples.at(-1)?.pzxid !== stat.pzxid) samples.push({ pzxid: stat.pzxid, snapshot });
      return;
    }
  };
  await observer.mkdirp(LOCK);
  // Other traffic first: ZooKeeper takes snapshots and rolls its log a few times before the lock's story begins.
  for (let round = 0; round < 60; round += 1) await observer.setData('/services/billing', Buffer.from(`round ${round}`));
  // Entries longer than the 256 KB a log is read in at once: one that a part begins inside, one longer than two parts.
  await observer.mkdirp('/services/blobs');
  await observer.create('/services/blobs/a', Buffer.alloc(300_000, 1), 'persistent');
  await observer.setData('/services/blobs', Buffer.alloc(700_000, 2));
  // Restarted with its data, ZooKeeper takes a snapshot of its last transaction and begins a new log after it: a snapshot the
  // damaged files below are sure to go on from (the ones taken as the log rolls may have the transaction after them in the old log).
  observer.close();
  await zookeeper.stop();
  zookeeper = await startEmbeddedZooKeeper({ dir, port: zookeeper.port, extraConfig: config });
  restartSnapshot = readdirSync(join(dataDir, 'version-2')).filter((name) => name.startsWith('snapshot.')).map((name) => BigInt(`0x${name.slice(9)}`)).reduce((a, b) => (a > b ? a : b));
  observer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await observer.start(15_000);
  await sample();
  const first = await RealContenders.start(zookeeper.connectString, LOCK, 'kazoo-lock', '1');
  await first.until(() => first.holding.size === 1, 20_000, 'the first contender to hold');
  sessions.crashed = first.sessions.get(0);
  await sample();
  const others = await RealContenders.start(zookeeper.connectString, LOCK, 'kazoo-lock', '2');
  await sample();
  // The holder crashes: its node stays, and the waiters with it, until ZooKeeper expires its session.
  await first.crash();
  await sample();
  await others.until(() => others.holding.size === 1, 20_000, 'a waiter to hold after the expiry');
  await sample();
  const [next] = [...others.holding];
  sessions.released = others.sessions.get(next!);
  others.release(next!);
  await others.until(() => others.holding.size === 1 && !others.holding.has(next!), 20_000, 'the last waiter to hold');
  await sample();
  // Quitting leaves the contenders' sessions to expire; then a client of our own takes the free lock and closes its session.
  await others.stop();
  for (let tries = 0; tries < 100 && (await observer.getChildren(LOCK)).children.length > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 200));
  await sample();
  const tidy = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: 4000 });
  await tidy.start(15_000);
  sessions.closed = tidy.sessionId!;
  await tidy.create(`${LOCK}/${'c'.repeat(32)}__lock__`, null, 'ephemeral-sequential');
  await sample();
  tidy.close();
  for (let tries = 0; tries < 50 && (await observer.getChildren(LOCK)).children.length > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  await sample();
  observer.close();
  await zookeeper.stop();
  loaded = await loadReplay([dataDir, logDir], OPTIONS);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a lock is, as compared: each node's name, session, czxid, ctime, role and predecessor. */
const shape = (snapshot: LockSnapshot) => ({
  recipe: snapshot.recipe.id,
  nodes: snapshot.nodes.map((node) => [node.name, node.sessionId, node.czxid, node.ctime, node.role, node.predecessor]),
});

describe("a lock replayed from ZooKeeper's files (separate dataLogDir, 4 s sessions)", () => {
  it('reads the snapshots and logs of both directories whole', () => {
    const { info } = loaded;
    expect(info.reason).toBeNull();
    expect(info.stoppedAt).toBeNull();
    expect(info.files.some((file) => file.kind === 'log' && file.path.startsWith(logDir) && file.used)).toBe(true);
    // Every log after the first is read by the reading thread (log-thread.ts), the lock's story and the long entries among them.
    expect(info.files.filter((file) => file.kind === 'log' && file.used && file.count > 0).length).toBeGreaterThan(1);
    expect(info.files.some((file) => file.kind === 'snapshot' && file.path.startsWith(dataDir))).toBe(true);
    expect(info.transactions).toBeGreaterThan(10);
    expect(loaded.replay.locks()).toEqual([LOCK]);
    // The entries longer than a part of the log read whole, each byte of their data.
    const blob = (path: string): Uint8Array | null => { const node = loaded.replay.tree.get(path); return node === undefined ? null : loaded.replay.tree.dataOf(node); };
    expect([blob('/services/blobs/a')?.length, blob('/services/blobs/a')?.every((byte) => byte === 1)]).toEqual([300_000, true]);
    expect([blob('/services/blobs')?.length, blob('/services/blobs')?.every((byte) => byte === 2)]).toEqual([700_000, true]);
  });

  it('finds the version-2 of each directory one level down from the one given (the data directory and the log directory side by side)', async () => {
    const above = await loadReplay([dir], OPTIONS);
    expect(above.info.reason).toBeNull();
    expect(above.info.transactions).toBe(loaded.info.transactions);
    expect(above.info.lastZxid).toBe(loaded.info.lastZxid);
  });

  it('gives at every sampled pzxid the lock the live client read then, the crashed holder and its stuck waiters included', () => {
    // Empty, one holder, two waiters behind it, the handover at its expiry, the next handover, the last expiry, our own hold and its close.
    expect(samples.map((sample) => sample.snapshot.nodes.length)).toEqual([0, 1, 3, 2, 1, 0, 1, 0]);
    for (const sample of samples) {
      const moment = loaded.replay.moment({ zxid: sample.pzxid })!;
      expect(moment.zxid, sample.pzxid).toBe(sample.pzxid);
      const replayed = loaded.replay.lockAt(LOCK, moment);
      expect(replayed.read?.pzxid, sample.pzxid).toBe(sample.pzxid);
      expect(shape(replayed), sample.pzxid).toEqual(shape(sample.snapshot));
    }
    const stuck = samples.find((sample) => sample.snapshot.waiters.length === 2 && sample.snapshot.nodes[0]!.sessionId === sessions.crashed);
    expect(stuck, 'a sample with the crashed holder and both waiters').toBeDefined();
  });

  it("tells from the files how each hold ended: the crashed holder's session expired, the next one released", () => {
    const { holds } = loaded.replay.history(LOCK);
    expect(holds.find((hold) => hold.sessionId === sessions.crashed)?.ended).toBe('session-expired');
    expect(holds.find((hold) => hold.sessionId === sessions.released)?.ended).toBe('released');
    // The waiter left holding when its process quit: its session expired too. A client that closes its session ends its hold so.
    expect(holds.filter((hold) => hold.ended === 'session-expired')).toHaveLength(2);
    expect(holds.at(-1)).toMatchObject({ sessionId: sessions.closed, ended: 'session-closed' });
  });

  describe('served over HTTP, read-only', () => {
    let explorer: ReplayExplorer;
    let url: string;
    beforeAll(async () => {
      explorer = createReplayExplorer({ loaded, roots: ['/'] });
      url = await explorer.listen(0, '127.0.0.1');
    });
    afterAll(() => explorer.close());
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('says what it read, and answers a lock at a zxid or a time as the files had it', async () => {
      const health = await get('/api/health');
      expect(health.body).toMatchObject({ ok: true, mode: 'replay' });
      const replay = (await get('/api/replay')).body as unknown as ReplayInfo;
      expect(replay).toMatchObject({ transactions: loaded.info.transactions, lastZxid: loaded.info.lastZxid, stoppedAt: null, reason: null });
      const stuck = samples[3]!;
      const byZxid = await get(`/api/locks${LOCK}?at=${stuck.pzxid}`);
      expect(byZxid.status).toBe(200);
      expect(shape(byZxid.body as unknown as LockSnapshot)).toEqual(shape(stuck.snapshot));
      const moment = loaded.replay.moment({ zxid: stuck.pzxid })!;
      const byTime = await get(`/api/locks${LOCK}?at=${moment.time}`);
      // A time names the last transaction at it (several may share a millisecond).
      expect((byTime.body as { at: { zxid: string; time: number } }).at).toEqual(loaded.replay.moment({ time: moment.time }));
      expect((byTime.body as { at: { zxid: string; time: number } }).at.time).toBe(moment.time);
      const list = await get(`/api/locks?at=${stuck.pzxid}`);
      expect((list.body as { locks: Array<{ path: string; queueLength: number }> }).locks).toEqual([expect.objectContaining({ path: LOCK, queueLength: stuck.snapshot.waiters.length })]);
    });

    it('refuses a moment that is none, one before the files, and every control', async () => {
      expect(await get(`/api/locks${LOCK}?at=yesterday`)).toMatchObject({ status: 400, body: { error: expect.stringContaining('zxid') } });
      expect(await get(`/api/locks${LOCK}?at=1000`)).toMatchObject({ status: 404, body: { error: expect.stringContaining('before the files begin') } });
      const spawn = await fetch(`${url}/api/sim/spawn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(spawn.status).toBe(409);
      expect(((await spawn.json()) as { error: string }).error).toContain('replaying');
    });

    it('shows each socket its own moment, and sends a followed lock again at each one it moves to: a delta forward, the whole lock back', async () => {
      const stuck = samples[3]!;
      const handover = samples[4]!;
      const socket: ClientSocket<ServerToClientEvents, ClientToServerEvents> = ioClient(url, { transports: ['websocket'], auth: { at: stuck.pzxid } });
      const seen: Array<{ event: string; payload: unknown }> = [];
      socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
      const ask = <E extends 'subscribe' | 'replay:at' | 'replay:step' | 'sim:spawn'>(event: E, request: unknown): Promise<Ack> =>
        new Promise((resolve) => (socket.emit as (event: string, request: unknown, ack: (ack: Ack) => void) => void)(event, request, resolve));
      const last = (event: string): unknown => seen.findLast((one) => one.event === event)?.payload;
      try {
        await new Promise<void>((resolve) => socket.once('replay:moment', () => resolve()));
        expect((last('replay:moment') as ReplayMoment).at.zxid).toBe(stuck.pzxid);
        expect(await ask('subscribe', { path: LOCK, form: 'columns' })).toEqual({ ok: true });
        let shown = expandSnapshot(last('lock:columns') as ColumnsLockSnapshot);
        expect(shape(shown)).toEqual(shape(stuck.snapshot));
        const steps = last('replay:lock') as ReplayLock;
        expect(steps).toMatchObject({ path: LOCK, next: { zxid: handover.pzxid } });
        expect(steps.density.reduce((sum, count) => sum + count, 0)).toBe(steps.changes);

        // Forward to the lock's next change: a delta on what the page has, to the handover at the expiry.
        seen.length = 0;
        expect(await ask('replay:step', { path: LOCK, direction: 'next' })).toEqual({ ok: true });
        expect((last('replay:moment') as ReplayMoment).at.zxid).toBe(handover.pzxid);
        const delta = last('lock:delta') as LockDelta;
        expect(delta.version).toBe(shown.version + 1);
        shown = applyDelta(shown, delta);
        expect(shape(shown)).toEqual(shape(handover.snapshot));
        expect(last('lock:columns')).toBeUndefined();

        // Back, by zxid: the whole lock, on from the version the page has.
        seen.length = 0;
        expect(await ask('replay:at', { at: stuck.pzxid })).toEqual({ ok: true });
        const whole = expandSnapshot(last('lock:columns') as ColumnsLockSnapshot);
        expect(whole.version).toBe(shown.version + 1);
        expect(shape(whole)).toEqual(shape(stuck.snapshot));
        expect(last('lock:delta')).toBeUndefined();

        // What is no moment, one before the files, a step past the first change and every control: refused with a reason.
        expect(await ask('replay:at', { at: 'yesterday' })).toMatchObject({ ok: false, error: expect.stringContaining('zxid') });
        expect(await ask('replay:at', { at: '1000' })).toMatchObject({ ok: false, error: expect.stringContaining('before the files begin') });
        expect(await ask('replay:at', { at: samples[0]!.pzxid })).toEqual({ ok: true });
        expect(await ask('replay:step', { path: LOCK, direction: 'previous' })).toMatchObject({ ok: false, error: expect.stringContaining('no previous change') });
        expect(await ask('replay:step', { path: 'relative', direction: 'next' })).toMatchObject({ ok: false });
        expect(await ask('sim:spawn', { path: '/sim/x', count: 1 })).toMatchObject({ ok: false, error: expect.stringContaining('replay mode') });
      } finally {
        socket.close();
      }
    });
  });

  describe('damaged and missing files: a clear reason, and whatever was good served', () => {
    /** A copy of the data directories, changed by `damage`. */
    const copy = (label: string, damage: (logs: string[]) => void): string => {
      const target = join(dir, label);
      mkdirSync(target);
      for (const source of [join(dataDir, 'version-2'), join(logDir, 'version-2')]) for (const name of readdirSync(source)) copyFileSync(join(source, name), join(target, name));
      damage(readdirSync(target).filter((name) => name.startsWith('log.')).sort((a, b) => Number.parseInt(a.slice(4), 16) - Number.parseInt(b.slice(4), 16)).map((name) => join(target, name)));
      return target;
    };
    const lastLog = (logs: string[]): string => logs.at(-1)!;

    const zxidIn = (name: string): bigint => BigInt(`0x${name.slice(name.lastIndexOf('.') + 1)}`);
    /** A log's entries: where each begins and its zxid. */
    const entriesOf = (log: string): Array<{ offset: number; zxid: number }> => readTxnLog(readFileSync(log)).txns.map((txn) => ({ offset: txn.offset, zxid: txn.zxid }));
    /** The snapshots' zxids, oldest first, and the logs' first ones. */
    const snapshotZxids = (): bigint[] => readdirSync(join(dataDir, 'version-2')).filter((name) => name.startsWith('snapshot.')).map(zxidIn).sort((a, b) => (a < b ? -1 : 1));
    /** The log of the most transactions among those before ZooKeeper's restart (the snapshot it took then is after them) but the first (without it the files begin at a snapshot, no gap), and its middle entry. */
    const middleBeforeRestart = (logs: string[]): { log: string; offset: number; index: number; zxids: number[] } => {
      const longest = logs.filter((log) => zxidIn(log) > 1n && zxidIn(log) <= restartSnapshot).map((log) => ({ log, txns: entriesOf(log) })).sort((a, b) => b.txns.length - a.txns.length)[0]!;
      const index = Math.floor(longest.txns.length / 2);
      return { log: longest.log, offset: longest.txns[index]!.offset, index, zxids: longest.txns.map((txn) => txn.zxid) };
    };
    /** Every transaction's zxid the whole files hold, in order. */
    const everyZxid = (): string[] => Array.from({ length: loaded.replay.moments.count }, (_, at) => loaded.replay.moments.at(at)!.zxid);
    /** The oldest snapshot at or after `last` that a log after `damaged` goes on from (holds the transaction after it): told from the files' names. */
    const snapshotContinuedAfter = (logs: string[], damaged: string, last: bigint): bigint | undefined => {
      const later = logs.filter((log) => zxidIn(log) > zxidIn(damaged)).map(zxidIn);
      return snapshotZxids().find((zxid) => zxid >= last && later.some((start, i) => start <= zxid + 1n && (later[i + 1] === undefined || later[i + 1]! > zxid)));
    };

    /**
     * A replay of damaged files against the whole one: one gap, from the transaction before the
     * damage to a snapshot's zxid at or after it; everything after the gap read (the same last
     * transaction, the same lock at every sample from the gap's end on, and before it); the
     * transactions in it the only ones missing; a moment in it the last one before it.
     */
    const expectOneGap = (damaged: LoadedReplay, log: string, offset: number, problem: RegExp, gapFrom: bigint, gapTo: bigint | undefined): void => {
      // A failure here has been rare and of the files' timing (a fuzzy snapshot): the files are kept for whoever reads the failure.
      onTestFailed(() => {
        const kept = mkdtempSync(join(tmpdir(), 'zk-replay-failed-'));
        cpSync(dir, kept, { recursive: true });
        console.warn(`replay.int.test: the files of the failed test are kept in ${kept} (whole: data/ and txnlog/; damaged: the copies beside them)`);
      });
      const { info } = damaged;
      expect(info.stoppedAt).toBeNull();
      expect(info.gaps).toHaveLength(1);
      const [gap] = info.gaps;
      expect(gap).toMatchObject({ path: log, offset, problem: expect.stringMatching(problem), snapshot: expect.stringMatching(/snapshot\.[0-9a-f]+$/) });
      expect(gapTo, 'a snapshot the files go on from').toBeDefined();
      // From the transaction before the damage to that snapshot, or a later one where it lacks a node the log deletes after it and cannot tell of (then that one's zxid, or the delete's, is where the replay is exact again).
      expect(gap!.from.zxid).toBe(`0x${gapFrom.toString(16)}`);
      expect(snapshotZxids().map((zxid) => `0x${zxid.toString(16)}`)).toContain(gap!.to.zxid);
      expect(BigInt(gap!.to.zxid)).toBeGreaterThanOrEqual(gapTo!);
      if (gap!.exactFrom !== null) expect(BigInt(gap!.exactFrom)).toBeGreaterThan(BigInt(gap!.to.zxid));
      const exactFrom = BigInt(gap!.exactFrom ?? gap!.to.zxid);
      expect(gap!.snapshot.endsWith(`snapshot.${gap!.to.zxid.slice(2)}`)).toBe(true);
      expect(info.reason).toContain(`the replay goes on from ${gap!.snapshot}`);
      expect(damaged.info.files.find((file) => file.path === log)).toMatchObject({ used: true, problem: expect.stringMatching(problem) });
      // Nothing after the gap is lost: the same end, and every transaction but those in it.
      expect([info.lastZxid, info.to]).toEqual([loaded.info.lastZxid, loaded.info.to]);
      const inGap = everyZxid().filter((zxid) => BigInt(zxid) > BigInt(gap!.from.zxid) && BigInt(zxid) <= BigInt(gap!.to.zxid));
      expect(inGap.length).toBeGreaterThan(0);
      expect(info.transactions).toBe(loaded.info.transactions - inGap.length);
      // The lock at each sample before the gap and from its end on is what the live client read then.
      const outside = samples.filter((sample) => BigInt(sample.pzxid) <= BigInt(gap!.from.zxid) || BigInt(sample.pzxid) >= exactFrom);
      expect(outside.length).toBeGreaterThan(0);
      for (const sample of outside) expect(shape(damaged.replay.lockAt(LOCK, damaged.replay.moment({ zxid: sample.pzxid })!)), sample.pzxid).toEqual(shape(sample.snapshot));
      // And at every transaction of the whole files outside the gap, its end's own moment included (a fuzzy snapshot's, where what it holds and lacks is the log's): the lock the whole files have, from where it is exact again.
      for (const zxid of everyZxid().filter((one) => BigInt(one) <= BigInt(gap!.from.zxid) || BigInt(one) >= exactFrom)) {
        const at = (replay: LoadedReplay['replay']) => shape(replay.lockAt(LOCK, replay.moment({ zxid })!));
        expect(at(damaged.replay), zxid).toEqual(at(loaded.replay));
      }
      // And the tree at the end is the whole files' (each node, its stat).
      const nodes = (replay: LoadedReplay['replay']) => [...replay.tree.paths()].sort().map((path) => [path, clientStat(replay.tree.get(path)!)]);
      expect(nodes(damaged.replay)).toEqual(nodes(loaded.replay));
      // A time in the gap shows the last transaction read before it.
      if (gap!.to.time > gap!.from.time) expect(damaged.replay.moment({ time: gap!.to.time - 1 })).toEqual(gap!.from);
      // Every hold that ended before the gap or began after it is the whole files' (one wholly in it cannot be known); one
      // that ended in it is said to have (how is not known), and one found holding at its end is one of the whole files'.
      const holds = (replay: LoadedReplay['replay']) => replay.history(LOCK).holds;
      // (By time: a hold that ended in the very millisecond the gap began, or began by the time of the first transaction after it, is told by neither side.)
      const firstAfter = loaded.replay.moment({ zxid: `0x${(BigInt(gap!.to.zxid) + 1n).toString(16)}` })!.time;
      const outsideGap = (hold: HoldRecord): boolean => (hold.to !== null && hold.to < gap!.from.time) || hold.from > Math.max(firstAfter, gap!.to.time);
      const said = (hold: HoldRecord) => [hold.node, hold.sessionId, hold.from, hold.to, hold.ended];
      expect(holds(damaged.replay).filter(outsideGap).map(said)).toEqual(holds(loaded.replay).filter(outsideGap).map(said));
      const wholeNodes = new Set(holds(loaded.replay).map((hold) => hold.node));
      for (const hold of holds(damaged.replay).filter((one) => !outsideGap(one))) expect(wholeNodes.has(hold.node), hold.node).toBe(true);
      for (const hold of holds(damaged.replay)) if (hold.ended === 'gap') expect(hold.to).toBe(gap!.to.time);
    };

    it('a flipped byte: a gap from the transaction before it to the next snapshot, the rest of its log read on past it, and everything after it read', async () => {
      // In the log of the lock's story (the crash and the stuck waiters), when ZooKeeper has finished it: holds end and begin in the gap.
      let flipped = { log: '', offset: 0, index: 0, zxids: [] as number[] };
      const target = copy('flipped', (logs) => {
        const story = logs.slice(0, -1).findLast((log) => zxidIn(log) <= BigInt(samples[3]!.pzxid));
        const entries = story === undefined ? [] : entriesOf(story);
        if (story === undefined || entries.length < 5) flipped = middleBeforeRestart(logs);
        else {
          const index = Math.floor(entries.length / 2);
          flipped = { log: story, offset: entries[index]!.offset, index, zxids: entries.map((entry) => entry.zxid) };
        }
        const bytes = readFileSync(flipped.log);
        bytes[flipped.offset + 20] = bytes[flipped.offset + 20]! ^ 0xff;
        writeFileSync(flipped.log, bytes);
      });
      const damaged = await loadReplay([target], OPTIONS);
      expect(flipped.index).toBeGreaterThan(1);
      // The entry's frame is whole (only a byte of its record changed): the oldest snapshot at or after it is gone on from, whichever log holds what follows.
      const from = BigInt(flipped.zxids[flipped.index - 1]!);
      expectOneGap(damaged, flipped.log, flipped.offset, /checksum|entry/, from, snapshotZxids().find((zxid) => zxid > from));
      // The entry after it damaged too: its transaction is in the snapshot gone on from (taken as the log rolled, after both), so the log is read on past it, no second gap.
      const both = copy('flipped-two', (logs) => {
        const log = logs.find((one) => one.endsWith(flipped.log.slice(flipped.log.lastIndexOf('/'))))!;
        const next = entriesOf(log)[flipped.index + 1]!;
        const bytes = readFileSync(log);
        for (const at of [flipped.offset, next.offset]) bytes[at + 20] = bytes[at + 20]! ^ 0xff;
        writeFileSync(log, bytes);
      });
      const twice = await loadReplay([both], OPTIONS);
      expect(BigInt(flipped.zxids[flipped.index + 1]!) <= snapshotZxids().find((zxid) => zxid > from)!).toBe(true);
      expectOneGap(twice, join(both, flipped.log.slice(flipped.log.lastIndexOf('/') + 1)), flipped.offset, /checksum|entry/, from, snapshotZxids().find((zxid) => zxid > from));
      // Where the transaction after the snapshot is in this log (the next one begins later), the log was read on past both entries; else the next log was read from.
      const gapTo = snapshotZxids().find((zxid) => zxid > from)!;
      const nextLog = readdirSync(both).filter((name) => name.startsWith('log.')).map(zxidIn).sort((a, b) => (a < b ? -1 : 1)).find((start) => start > zxidIn(flipped.log));
      if (nextLog === undefined || nextLog > gapTo + 1n) expect(twice.info.reason).toContain('read on past it (the replay had its transaction already)');
      else expect(twice.info.reason).not.toContain('read on past it');
    });

    it('a log cut short in the middle, a log missing, and a log of another version', async () => {
      // Cut inside an entry in the middle of a log ZooKeeper had finished: the next snapshot a later log goes on from.
      let cut = { log: '', offset: 0, index: 0, zxids: [] as number[] };
      let logsThen: string[] = [];
      const truncated = await loadReplay(
        [
          copy('truncated', (logs) => {
            logsThen = logs;
            cut = middleBeforeRestart(logs);
            writeFileSync(cut.log, readFileSync(cut.log).subarray(0, cut.offset + 20));
          }),
        ],
        OPTIONS,
      );
      expect(cut.index).toBeGreaterThan(1);
      const cutFrom = BigInt(cut.zxids[cut.index - 1]!);
      expectOneGap(truncated, cut.log, cut.offset, /cut short|truncated/, cutFrom, snapshotContinuedAfter(logsThen, cut.log, cutFrom));
      // A log deleted: its transactions are a gap, from the one before it to the next snapshot a later log goes on from.
      let removed = { log: '', offset: 0, index: 0, zxids: [] as number[] };
      let after = '';
      const missing = await loadReplay(
        [
          copy('missing', (logs) => {
            logsThen = logs;
            removed = middleBeforeRestart(logs);
            after = logs[logs.indexOf(removed.log) + 1]!;
            rmSync(removed.log);
          }),
        ],
        OPTIONS,
      );
      const missingFrom = BigInt(removed.zxids[0]!) - 1n;
      expectOneGap(missing, after, 0, /are missing before this log/, missingFrom, snapshotContinuedAfter(logsThen, removed.log, missingFrom));
      const other = await loadReplay(
        [
          copy('version', (logs) => {
            const bytes = readFileSync(lastLog(logs));
            bytes.writeInt32BE(3, 4);
            writeFileSync(lastLog(logs), bytes);
          }),
        ],
        OPTIONS,
      );
      expect(other.info.reason).toContain('version 3');
      expect(other.info.transactions).toBeGreaterThan(0);
    });

    it('a damaged entry in the newest log, with no snapshot after it: the replay ends at the transaction before it, and says where', async () => {
      let flipped = { log: '', offset: 0, index: 0 };
      const target = copy('flipped-newest', (logs) => {
        const newest = lastLog(logs);
        const txns = readTxnLog(readFileSync(newest)).txns;
        flipped = { log: newest, offset: txns[Math.floor(txns.length / 2)]!.offset, index: Math.floor(txns.length / 2) };
        const bytes = readFileSync(newest);
        bytes[flipped.offset + 20] = bytes[flipped.offset + 20]! ^ 0xff;
        writeFileSync(newest, bytes);
        for (const name of readdirSync(join(dir, 'flipped-newest'))) if (name.startsWith('snapshot.') && BigInt(`0x${name.slice(9)}`) >= BigInt(`0x${newest.slice(newest.lastIndexOf('.') + 1)}`)) rmSync(join(dir, 'flipped-newest', name));
      });
      const damaged = await loadReplay([target], OPTIONS);
      expect(damaged.info.gaps).toEqual([]);
      expect(damaged.info.stoppedAt).toMatchObject({ path: flipped.log, offset: flipped.offset });
      expect(damaged.info.reason).toMatch(/checksum|entry/);
      expect(damaged.info.transactions).toBeLessThan(loaded.info.transactions);
      const at = damaged.replay.moment(null)!;
      expect(shape(damaged.replay.lockAt(LOCK, at))).toEqual(shape(loaded.replay.lockAt(LOCK, at)));
    });

    it('random bytes named like a log (log.0, before every real one) are refused by their header, and every real file is read whole', async () => {
      const junk = join(dir, 'junk', 'log.0');
      const target = copy('junk', () => writeFileSync(junk, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))));
      const read = await loadReplay([target], OPTIONS);
      expect(read.info.files.find((file) => file.path === junk)).toMatchObject({ used: false, problem: expect.stringContaining('not a transaction log: magic') });
      expect(read.info.reason).toContain(`${junk}: not a transaction log`);
      // Not "the logs begin at 0x0", nor a replay from nothing that stops at once: the same span as the good files'.
      expect(read.info.stoppedAt).toBeNull();
      expect(read.info.transactions).toBe(loaded.info.transactions);
      expect([read.info.firstZxid, read.info.lastZxid]).toEqual([loaded.info.firstZxid, loaded.info.lastZxid]);
    });

    it('logs purged before a snapshot: the tree from the snapshot, the lock from it on as the whole log has it', async () => {
      const zxidOf = (name: string): bigint => BigInt(`0x${name.slice(name.lastIndexOf('.') + 1)}`);
      const logStarts = readdirSync(join(logDir, 'version-2')).filter((name) => name.startsWith('log.')).map(zxidOf).sort((a, b) => (a < b ? -1 : 1));
      const snapshotsAt = readdirSync(join(dataDir, 'version-2')).filter((name) => name.startsWith('snapshot.')).map(zxidOf).sort((a, b) => (a < b ? -1 : 1));
      // As PurgeTxnLog leaves a directory: a snapshot, and the logs from the one that holds the transaction after it.
      const from = logStarts.find((start) => start > 1n);
      const kept = from === undefined ? undefined : snapshotsAt.find((zxid) => zxid >= from - 1n);
      expect(kept, `snapCount 20 rolls the log and takes snapshots during the workload: logs ${logStarts}, snapshots ${snapshotsAt}`).toBeDefined();
      const target = copy('purged', (logs) => {
        for (const log of logs) if (zxidOf(log) < from!) rmSync(log);
        for (const name of readdirSync(join(dir, 'purged'))) if (name.startsWith('snapshot.') && zxidOf(name) !== kept) rmSync(join(dir, 'purged', name));
      });
      const purged = await loadReplay([target], OPTIONS);
      expect(purged.info.reason).toBeNull();
      expect(purged.info.firstZxid).toBe(`0x${kept!.toString(16)}`);
      expect(purged.info.files.find((file) => file.kind === 'snapshot')).toMatchObject({ used: true });
      expect(purged.replay.locks()).toEqual([LOCK]);
      const later = samples.filter((sample) => BigInt(sample.pzxid) >= kept!);
      expect(later.length).toBeGreaterThan(0);
      for (const sample of later) expect(shape(purged.replay.lockAt(LOCK, purged.replay.moment({ zxid: sample.pzxid })!)), sample.pzxid).toEqual(shape(sample.snapshot));
    });

    it('a directory the explorer may not read: said, with what to do, and nothing else is lost', async () => {
      // The files of a ZooKeeper owned by its own user, mode 0700; read by another user (the machine runs tests as root, whom no mode stops).
      const parent = mkdtempSync(join(tmpdir(), 'zk-replay-perm-'));
      try {
        chmodSync(parent, 0o755);
        const locked = join(parent, 'version-2');
        mkdirSync(locked);
        for (const name of readdirSync(join(logDir, 'version-2'))) copyFileSync(join(logDir, 'version-2', name), join(locked, name));
        chmodSync(locked, 0o700);
        // The snapshots, in a directory anyone may read.
        const readable = join(parent, 'snapshots');
        mkdirSync(readable);
        for (const name of readdirSync(join(dataDir, 'version-2'))) copyFileSync(join(dataDir, 'version-2', name), join(readable, name));
        chmodSync(readable, 0o755);
        const script = `import('./server/replay/files.ts').then(async ({ loadReplay }) => { const { info } = await loadReplay([${JSON.stringify(parent)}, ${JSON.stringify(readable)}], { roots: ['/'], staleHolderMs: 60000 }); console.log(JSON.stringify(info)); })`;
        const asRoot = process.getuid?.() === 0;
        if (!asRoot) chmodSync(locked, 0);
        const command = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [process.execPath];
        const { stdout } = await run(command[0]!, [...command.slice(1), '--import', 'tsx', '-e', script], { cwd: process.cwd(), env: { ...process.env, HOME: parent } });
        const info = JSON.parse(stdout.trim().split('\n').at(-1)!) as ReplayInfo;
        expect(info.reason).toContain(`${locked} cannot be read: permission denied`);
        expect(info.reason).toContain('run the explorer as a user who may read');
        // The snapshots beside them were read, and the tree of one served.
        expect(info.files.some((file) => file.kind === 'snapshot' && file.path.startsWith(readable) && file.used)).toBe(true);
      } finally {
        chmodSync(parent, 0o700);
        rmSync(parent, { recursive: true, force: true });
      }
    });

    it('an empty directory and one that does not exist', async () => {
      const empty = join(dir, 'empty');
      mkdirSync(empty);
      const none = await loadReplay([empty, join(dir, 'nowhere')], OPTIONS);
      expect(none.info.reason).toContain(`no log.* or snapshot.* files in ${empty}`);
      expect(none.info.reason).toContain('does not exist');
      expect(none.info.transactions).toBe(0);
      expect(none.replay.locks()).toEqual([]);
      // Started on them, the explorer serves nothing: one line, exit code 1 (also for a directory of other files).
      const unrelated = join(dir, 'unrelated');
      mkdirSync(unrelated);
      writeFileSync(join(unrelated, 'notes.txt'), 'not ZooKeeper');
      for (const [given, said] of [[empty, `no log.* or snapshot.* files in ${empty}`], [join(dir, 'nowhere'), 'does not exist'], [unrelated, `no log.* or snapshot.* files in ${unrelated}`]] as const) {
        const started = await run(process.execPath, ['--import', 'tsx', 'server/index.ts', '--replay', given, '--port', '0'], { cwd: process.cwd(), timeout: 60_000 }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
        );
        expect(started.code, given).toBe(1);
        expect(started.stderr.trim().split('\n'), given).toEqual([expect.stringContaining(said)]);
      }
    });
  });
});
