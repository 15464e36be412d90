/**
 * The incidents of real ZooKeeper files, written by real clients, against what the test itself
 * saw: a Curator mutex whose holder's JVM is killed with SIGKILL while two wait (the stuck
 * interval and the forced handover), a Kafka-style `/kafka/controller` that changes owner cleanly
 * and then by an expiry (two elections, by the broker ids the node says), and a hand-written Kazoo
 * herd of 12 released one by one (a herd storm, bounded by the waiters at each change) beside a
 * Kazoo Lock of 12 released alike (a chain: no storm). ZooKeeper is stopped and its files replayed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../lib/protocol';
import { startEmbeddedZooKeeper } from '../zk/embedded';
import { ZkSession } from '../zk/session';
import { RealContenders } from '../testing/real-clients';
import { createReplayExplorer } from './app';
import { loadReplay, type LoadedReplay } from './files';

const dir = mkdtempSync(join(tmpdir(), 'zk-incidents-'));
const dataDir = join(dir, 'data');
const logDir = join(dir, 'txnlog');
const SESSION_MS = 4000;
const KAZOO = { KAZOO_SESSION_TIMEOUT_MS: String(SESSION_MS) };
const MUTEX = '/services/payments/lock';
const CONTROLLER = '/kafka/controller';
const HERD = '/app/jobs/herd-lock';
const CHAIN = '/app/jobs/chain-lock';
const HERD_SIZE = 12;

/** What the test saw, by its own clock (ms since the epoch), and the sessions. */
const seen = {
  crashed: '',
  crashedAt: 0,
  nextHolder: '',
  handedOverSeenAt: 0,
  brokers: [] as string[],
  cleanDeleteSentAt: 0,
  secondCreatedAt: 0,
  brokerCrashedAt: 0,
  thirdCreatedAt: 0,
  herdSessions: [] as string[],
  herdReleasesFrom: 0,
  herdReleasesTo: 0,
};
let loaded: LoadedReplay;

const controllerData = (broker: number): string => JSON.stringify({ version: 1, brokerid: broker, timestamp: String(Date.now()) });

/** Releases contenders 0, 1, … of a queue one at a time, each once the one before has given the lock to the next. */
async function drain(contenders: RealContenders, size: number): Promise<void> {
  for (let index = 0; index < size; index += 1) {
    await contenders.until(() => contenders.holding.has(index), 20_000, `contender ${index} to hold`);
    contenders.release(index);
    await contenders.until(() => !contenders.holding.has(index), 20_000, `contender ${index} to release`);
  }
}

beforeAll(async () => {
  const zookeeper = await startEmbeddedZooKeeper({ dir, extraConfig: { dataLogDir: logDir, tickTime: 500, minSessionTimeout: 1000, maxSessionTimeout: SESSION_MS } });
  const observer = new ZkSession({ connectString: zookeeper.connectString, sessionTimeoutMs: SESSION_MS });
  const started: RealContenders[] = [];
  const start = async (path: string, recipe: Parameters<typeof RealContenders.start>[2], spec: string, env: Record<string, string> = {}): Promise<RealContenders> => {
    const contenders = await RealContenders.start(zookeeper.connectString, path, recipe, spec, env);
    started.push(contenders);
    return contenders;
  };
  const gone = async (path: string): Promise<void> => {
    for (let tries = 0; tries < 150 && (await observer.exists(path)) !== null; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    await observer.start(15_000);
    for (const path of [MUTEX, '/kafka', HERD, CHAIN]) await observer.mkdirp(path);

    // A Curator mutex: the holder's JVM killed, its two waiters stuck until ZooKeeper expires it.
    const holder = await start(MUTEX, 'curator-mutex', '1');
    await holder.until(() => holder.holding.size === 1, 20_000, 'the Curator holder');
    seen.crashed = holder.sessions.get(0)!;
    const waiters = await start(MUTEX, 'curator-mutex', '2');
    seen.crashedAt = Date.now();
    await holder.crash();
    await waiters.until(() => waiters.holding.size === 1, 20_000, 'a waiter to hold after the expiry');
    seen.handedOverSeenAt = Date.now();
    seen.nextHolder = waiters.holderSessions()[0]!;
    await drain(waiters, 2);
    await waiters.stop();

    // Kafka's controller: broker 1 resigns (deletes its node), broker 2 takes it and its process dies, broker 3 takes it after the expiry.
    const first = await start(CONTROLLER, 'kazoo-node', controllerData(1), KAZOO);
    seen.brokers.push(first.sessions.get(0)!);
    seen.cleanDeleteSentAt = Date.now();
    first.release(0);
    await gone(CONTROLLER);
    seen.secondCreatedAt = Date.now();
    const second = await start(CONTROLLER, 'kazoo-node', controllerData(2), KAZOO);
    seen.brokers.push(second.sessions.get(0)!);
    seen.brokerCrashedAt = Date.now();
    await second.crash();
    await gone(CONTROLLER);
    seen.thirdCreatedAt = Date.now();
    const third = await start(CONTROLLER, 'kazoo-node', controllerData(3), KAZOO);
    seen.brokers.push(third.sessions.get(0)!);
    await first.stop();
    await third.stop();

    // A herd and a chain of 12 each, joined one at a time, then released one at a time.
    const herd = await start(HERD, 'kazoo-herd', String(HERD_SIZE), KAZOO);
    seen.herdSessions = [...herd.sessions.values()];
    seen.herdReleasesFrom = Date.now();
    await drain(herd, HERD_SIZE);
    seen.herdReleasesTo = Date.now();
    const chain = await start(CHAIN, 'kazoo-lock', String(HERD_SIZE), KAZOO);
    await drain(chain, HERD_SIZE);
    await herd.stop();
    await chain.stop();
  } finally {
    for (const contenders of started) await contenders.crash();
    observer.close();
    await zookeeper.stop();
  }
  loaded = await loadReplay([dataDir, logDir], { roots: ['/'], staleHolderMs: 60_000 });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const of = (path: string, kind: Incident['kind']): Incident[] => loaded.replay.incidents({ path }).filter((incident) => incident.kind === kind);

describe("the incidents of real clients' files", () => {
  it("names the killed Curator holder's forced handover, and its two waiters stuck from its last-heard bound to its expiry", () => {
    const [stuck, ...moreStuck] = of(MUTEX, 'stuck');
    expect(moreStuck).toEqual([]);
    expect(stuck).toMatchObject({ count: 2, timeoutMs: SESSION_MS, next: seen.nextHolder });
    expect(stuck!.sessions[0]).toBe(seen.crashed);
    // The last-heard bound is the expiry less the timeout: at or before the kill (a tick's slack), and not long before it (a ping is sent a third of the timeout apart).
    expect(stuck!.from).toBeLessThanOrEqual(seen.crashedAt + 500);
    expect(stuck!.from).toBeGreaterThanOrEqual(seen.crashedAt - SESSION_MS / 2 - 500);
    // The expiry: after the kill by most of the timeout, before the waiter said it held.
    expect(stuck!.to).toBeGreaterThanOrEqual(seen.crashedAt + SESSION_MS / 2);
    expect(stuck!.to).toBeLessThanOrEqual(seen.handedOverSeenAt);
    const [forced, ...moreForced] = of(MUTEX, 'forced-handover');
    expect(moreForced).toEqual([]);
    expect(forced).toMatchObject({ ended: 'session-expired', sessions: [seen.crashed, seen.nextHolder], next: seen.nextHolder, from: stuck!.to });
    expect(forced!.to - forced!.from).toBeLessThan(1000);
    expect(loaded.replay.sessions.get(seen.crashed)).toMatchObject({ ended: 'expired', timeoutMs: SESSION_MS });
  });

  it("names each change of Kafka's controller an election by the broker ids, the first clean and the second by an expiry", () => {
    const elections = of(CONTROLLER, 'election');
    expect(elections.map((one) => [one.sessions, one.identities, one.ended])).toEqual([
      [[seen.brokers[0], seen.brokers[1]], { before: 'broker 1', after: 'broker 2' }, 'released'],
      [[seen.brokers[1], seen.brokers[2]], { before: 'broker 2', after: 'broker 3' }, 'session-expired'],
    ]);
    const [clean, expired] = elections;
    expect(clean!.from).toBeGreaterThanOrEqual(seen.cleanDeleteSentAt);
    expect(clean!.to).toBeGreaterThanOrEqual(seen.secondCreatedAt);
    expect(expired!.from).toBeGreaterThanOrEqual(seen.brokerCrashedAt + SESSION_MS / 2);
    expect(expired!.to).toBeGreaterThanOrEqual(seen.thirdCreatedAt);
    // The expiry is said by its election, not again as a forced handover.
    expect(of(CONTROLLER, 'forced-handover')).toEqual([]);
  });

  it('bounds the hand-written herd’s storm by the waiters at each change, and finds none for the Kazoo Lock of as many', () => {
    const storms = of(HERD, 'herd-storm');
    // Joined one at a time, then released in order: the last join finds 10 waiting, the first two releases 11 and 10, the third 9 (under the 10 a storm needs).
    expect(storms).toHaveLength(1);
    expect(storms[0]).toMatchObject({ count: 10 + 11 + 10, herd: { changes: 3, peakWaiters: 11 } });
    expect(new Set(storms[0]!.sessions)).toEqual(new Set(seen.herdSessions.slice(1)));
    expect(storms[0]!.to).toBeGreaterThanOrEqual(seen.herdReleasesFrom);
    expect(storms[0]!.to).toBeLessThanOrEqual(seen.herdReleasesTo);
    expect(of(CHAIN, 'herd-storm')).toEqual([]);
    expect(loaded.replay.history(CHAIN).holds).toHaveLength(HERD_SIZE);
  });

  it('exports the incidents and the holds for the write-up, as CSV and Markdown, in the zone asked and named by their span', async () => {
    const explorer = createReplayExplorer({ loaded, roots: ['/'] });
    const url = await explorer.listen(0, '127.0.0.1');
    try {
      const csv = await fetch(`${url}/api/incidents?format=csv&tz=Europe/Berlin&path=${encodeURIComponent(MUTEX)}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="?incidents_services-payments-lock_\d{8}T\d{6}Z_\d{8}T\d{6}Z\.csv"?$/);
      const [header, ...rows] = (await csv.text()).trim().split('\r\n');
      expect(header).toBe('kind,lock,from,to,length_ms,from_zxid,to_zxid,sessions,ended,next,count,what');
      expect(rows.map((row) => row.split(',')[0])).toEqual(['stuck', 'forced-handover']);
      // Berlin in December is an hour ahead of UTC; the zxids are the files' own.
      const [stuck] = of(MUTEX, 'stuck');
      expect(rows[0]).toContain(`,${new Date(stuck!.from + 3_600_000).toISOString().replace('Z', '+01:00')},`);
      expect(rows[0]).toContain(`,${stuck!.fromZxid},${stuck!.toZxid},`);
      expect(rows[0]).toContain(seen.crashed);

      const markdown = await fetch(`${url}/api/holds?format=markdown&path=${encodeURIComponent(CONTROLLER)}`);
      expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
      const lines = (await markdown.text()).trim().split('\n');
      expect(lines[0]).toBe('| lock | node | fencing_token | session | client | mode | from | to | held_ms | ended | from_zxid | to_zxid |');
      // Three brokers held in turn, each with its node's czxid, rising: broker 1 released, broker 2 expired, broker 3 held to the end (then closed).
      const cells = lines.slice(2).map((line) => line.split(' | '));
      expect(cells.map((cell) => [cell[3], cell[9]])).toEqual([
        [seen.brokers[0], 'released'],
        [seen.brokers[1], 'session-expired'],
        [seen.brokers[2], 'session-closed'],
      ]);
      const tokens = cells.map((cell) => BigInt(cell[2]!));
      expect(tokens[0]! < tokens[1]! && tokens[1]! < tokens[2]!).toBe(true);
      expect(cells[0]![6]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);

      const json = (await (await fetch(`${url}/api/holds?path=${encodeURIComponent(HERD)}`)).json()) as { holds: Array<{ hold: { sessionId: string }; czxid: string }> };
      expect(json.holds.map((one) => one.hold.sessionId)).toEqual(seen.herdSessions);
      // Just before the expiry: the crashed holder's session as the files tell it (its deadline the expiry, no connection since its last-heard bound), and the lock names it a dead client's in hindsight.
      const before = stuck!.to - 100;
      const listed = (await (await fetch(`${url}/api/sessions?at=${before}`)).json()) as { sessions: Array<{ sessionId: string; expiresAt: number | null; connection: string; files: unknown }> };
      expect(listed.sessions.find((one) => one.sessionId === seen.crashed)).toMatchObject({
        expiresAt: stuck!.to,
        connection: 'none',
        files: { timeoutMs: SESSION_MS, ended: 'expired', endedAt: stuck!.to, lastHeard: stuck!.to - SESSION_MS },
      });
      expect(listed.sessions.find((one) => one.sessionId === seen.nextHolder)).toMatchObject({ files: { timeoutMs: SESSION_MS, ended: expect.stringMatching(/^(closed|expired)$/) } });
      const lock = (await (await fetch(`${url}/api/locks${MUTEX}?at=${before}`)).json()) as { anomalies: Array<{ kind: string; params: Record<string, unknown> }> };
      expect(lock.anomalies).toEqual([expect.objectContaining({ kind: 'holder-disconnected', params: expect.objectContaining({ session: seen.crashed, expiresAt: stuck!.to, heard: expect.stringMatching(/ UTC$/) }) })]);

      const badZone = await fetch(`${url}/api/incidents?format=csv&tz=Mars/Base`);
      expect(badZone.status).toBe(400);
      expect(((await badZone.json()) as { error: string }).error).toContain('Mars/Base');
      expect((await fetch(`${url}/api/holds?format=pdf`)).status).toBe(400);
    } finally {
      await explorer.close();
    }
  });
});
