/**
 * A busy ensemble's own traffic, outside any lock, in a process of its own (so that it never
 * shares an event loop with what measures the explorer): a total rate of writes under `/`
 * (2,000 a second by default), pipelined and paced by a token bucket, in a Kafka-era mix:
 * partition `state` nodes set (most of them), configuration nodes set, persistent sequential
 * notifications created and deleted (Kafka's `isr_change_`), and ephemeral service instances
 * created and deleted (as Curator's service discovery registers them); and sessions opening and
 * closing (20 a second), each registering an ephemeral instance for a few seconds, as
 * short-lived clients do. Loopback only.
 *
 * Prints `ready` once its tree is built, then answers `stats` on its stdin with `stats <json>`
 * (see `LoadStats`). It stops on `quit`, when its stdin ends (its parent is gone) and, whatever
 * happens, after `--seconds`.
 *   node --import tsx bench/load-generator.ts <127.0.0.1:port> [--rate=2000] [--sessions=20] [--seconds=600]
 *     [--topics=200] [--partitions=8] [--services=10] [--session-life-ms=3000]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { ZkError, ZkSession, type CreateMode } from '../server/zk/session';
import { nameOf } from '../lib/zk/path';
import { quantile } from './stats';

/** What the generator has done since it started (counts), and over the last window (its write latency). */
export interface LoadStats {
  /** The monotonic clock (ms) when the stats were taken, comparable with the other processes' (CLOCK_MONOTONIC). */
  monotonicMs: number;
  elapsedSeconds: number;
  /** Writes answered (successfully or not) by kind; `writes` is their sum. */
  writes: number;
  byKind: Record<WriteKind, number>;
  /** Writes the bucket could not send because too many were in flight: the rate ZooKeeper could not take. */
  skipped: number;
  inFlight: number;
  errors: Record<string, number>;
  sessionsOpened: number;
  sessionsClosed: number;
  sessionsFailed: number;
  /** The ephemeral instances the short sessions registered (each removed again by its session's close). */
  registrations: number;
  /** Write latency since the last `stats` (ms). */
  latencyP50: number;
  latencyP99: number;
}

/** The kinds of write in the mix. */
export type WriteKind = 'state' | 'config' | 'notification' | 'instance';

/** The mix as twenty slots, taken in turn: 70 % partition states, 10 % configuration, 10 % notifications, 10 % instances. */
const MIX: readonly WriteKind[] = [...Array<WriteKind>(14).fill('state'), 'config', 'config', 'notification', 'notification', 'instance', 'instance'];
/** How many notifications and instances the writers keep before deleting the oldest (a create, then a delete, in turn). */
const KEEP = 100;
const WRITER_SESSIONS = 4;
const MAX_IN_FLIGHT = 2_000;
const TICK_MS = 5;
/** The bucket holds at most this many seconds of writes: a pause does not become a burst. */
const BURST_SECONDS = 0.05;

function option(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given === undefined ? fallback : Number(given.slice(name.length + 3));
}

const connectString = process.argv[2] ?? '';
if (!connectString.split(',').every((server) => /^(127\.0\.0\.1|localhost):\d+$/.test(server))) {
  console.error('load-generator: a loopback connect string only (127.0.0.1:<port>)');
  process.exit(2);
}
const rate = option('rate', 2_000);
const sessionsPerSecond = option('sessions', 20);
const seconds = option('seconds', 600);
const topics = option('topics', 200);
const partitions = option('partitions', 8);
const services = option('services', 10);
const sessionLifeMs = option('session-life-ms', 3_000);

// Whatever happens to the parent, the load ends: a hard stop a little after the planned one.
setTimeout(() => process.exit(3), seconds * 1000 + 20_000).unref();

const statePath = (topic: number, partition: number): string => `/brokers/topics/topic-${topic}/partitions/${partition}/state`;
const serviceOf = (index: number): string => `/services/service-${index % services}`;

/** The tree the writes go to, created once (parents before children, in multis of a few hundred). */
async function buildTree(session: ZkSession): Promise<void> {
  if ((await session.exists('/brokers/topics/topic-0')) !== null) return;
  const paths = ['/brokers', '/brokers/topics', '/config', '/config/topics', '/config/clients', '/isr_change_notification', '/services'];
  for (let service = 0; service < services; service += 1) paths.push(serviceOf(service));
  for (let client = 0; client < 50; client += 1) paths.push(`/config/clients/client-${client}`);
  for (let topic = 0; topic < topics; topic += 1) {
    paths.push(`/brokers/topics/topic-${topic}`, `/brokers/topics/topic-${topic}/partitions`, `/config/topics/topic-${topic}`);
    for (let partition = 0; partition < partitions; partition += 1) paths.push(`/brokers/topics/topic-${topic}/partitions/${partition}`, statePath(topic, partition));
  }
  for (let start = 0; start < paths.length; start += 500) await session.createMany(paths.slice(start, start + 500), 'persistent', Buffer.from('{}'));
}

const writers: ZkSession[] = [];
const counts: Record<WriteKind, number> = { state: 0, config: 0, notification: 0, instance: 0 };
const issued: Record<WriteKind, number> = { state: 0, config: 0, notification: 0, instance: 0 };
const errors: Record<string, number> = {};
const kept: Record<'notification' | 'instance', string[]> = { notification: [], instance: [] };
const creating: Record<'notification' | 'instance', number> = { notification: 0, instance: 0 };
const created: Record<'notification' | 'instance', number> = { notification: 0, instance: 0 };
let latencies: number[] = [];
let inFlight = 0;
let skipped = 0;
let slot = 0;
let stopping = false;
const sessions = { opened: 0, closed: 0, failed: 0, registrations: 0, open: 0 };

/** Kafka's partition state, as its controller writes it. */
function stateData(epoch: number): Buffer {
  return Buffer.from(JSON.stringify({ controller_epoch: 7, leader: epoch % 5, version: 1, leader_epoch: epoch, isr: [epoch % 5, (epoch + 1) % 5, (epoch + 2) % 5] }));
}

/** A service's instance as Curator's service discovery registers it (`JsonInstanceSerializer`); its node is named by its id. */
function instance(service: string, id: string, address: string): Buffer {
  return Buffer.from(JSON.stringify({ name: service, id, address, port: 8080, sslPort: null, payload: null, registrationTimeUTC: Date.now(), serviceType: 'DYNAMIC', uriSpec: null }));
}

/** An ISR change notification as Kafka's controller reads it (`IsrChangeNotificationSequenceZNode`). */
function isrChange(n: number): Buffer {
  return Buffer.from(JSON.stringify({ version: 1, partitions: [{ topic: `topic-${n % topics}`, partition: n % partitions }] }));
}

/** A create of `kind` while fewer than KEEP are kept (or being created), else a delete of the oldest. */
function createOrDelete(session: ZkSession, kind: 'notification' | 'instance', n: number): Promise<unknown> {
  const list = kept[kind];
  if (list.length > 0 && list.length + creating[kind] >= KEEP) return session.remove(list.shift()!);
  // Instances go round the services by their own count, so that every service gets its share.
  const id = randomUUID();
  const service = serviceOf(created.instance);
  const [path, mode, data]: [string, CreateMode, Buffer] =
    kind === 'notification' ? ['/isr_change_notification/isr_change_', 'persistent-sequential', isrChange(n)] : [`${service}/${id}`, 'ephemeral', instance(nameOf(service), id, `10.1.${n % 250}.${n % 200}`)];
  created[kind] += 1;
  creating[kind] += 1;
  return session
    .create(path, data, mode)
    .then((created) => list.push(created))
    .finally(() => (creating[kind] -= 1));
}

/** Sends the next write of the mix; each kind goes round its own nodes (the `i`th write of its kind). */
function write(): void {
  const kind = MIX[slot % MIX.length]!;
  const session = writers[slot % writers.length]!;
  slot += 1;
  const i = issued[kind]++;
  const sent = performance.now();
  const request =
    kind === 'state'
      ? session.setData(statePath(i % topics, Math.floor(i / topics) % partitions), stateData(i))
      : kind === 'config'
        ? session.setData(i % 5 === 0 ? `/config/clients/client-${i % 50}` : `/config/topics/topic-${i % topics}`, Buffer.from(`{"version":1,"config":{"retention.ms":"${604_800_000 + (i % 1000)}"}}`))
        : createOrDelete(session, kind, i);
  inFlight += 1;
  request
    .catch((error: unknown) => {
      const code = error instanceof ZkError ? error.code : 'other';
      errors[code] = (errors[code] ?? 0) + 1;
    })
    .finally(() => {
      inFlight -= 1;
      counts[kind] += 1;
      latencies.push(performance.now() - sent);
    });
}

/** The token bucket: `rate` writes a second, sent as their tokens come, at most MAX_IN_FLIGHT unanswered. */
function pace(): NodeJS.Timeout {
  let tokens = 0;
  let last = performance.now();
  return setInterval(() => {
    const now = performance.now();
    tokens = Math.min(tokens + ((now - last) * rate) / 1000, Math.max(1, rate * BURST_SECONDS));
    last = now;
    while (tokens >= 1 && !stopping) {
      tokens -= 1;
      if (inFlight >= MAX_IN_FLIGHT) skipped += 1;
      else write();
    }
  }, TICK_MS);
}

/** One short-lived client: a session, an ephemeral instance registered, and a close after `sessionLifeMs`. */
async function shortSession(n: number): Promise<void> {
  const session = new ZkSession({ connectString, sessionTimeoutMs: 10_000, reopenAfterExpiry: false });
  sessions.open += 1;
  try {
    await session.start(10_000);
    sessions.opened += 1;
    const id = randomUUID();
    await session.create(`${serviceOf(n)}/${id}`, instance(nameOf(serviceOf(n)), id, `10.2.${n % 250}.1`), 'ephemeral');
    sessions.registrations += 1;
    await new Promise((resolve) => setTimeout(resolve, sessionLifeMs));
  } catch {
    sessions.failed += 1;
  } finally {
    session.close();
    sessions.closed += 1;
    sessions.open -= 1;
  }
}

const started = performance.now();
const monotonicOffsetMs = Number(process.hrtime.bigint()) / 1e6 - performance.now();

function stats(): LoadStats {
  const window = latencies;
  latencies = [];
  const byKind = { ...counts };
  return {
    monotonicMs: performance.now() + monotonicOffsetMs,
    elapsedSeconds: (performance.now() - started) / 1000,
    writes: byKind.state + byKind.config + byKind.notification + byKind.instance,
    byKind,
    skipped,
    inFlight,
    errors: { ...errors },
    sessionsOpened: sessions.opened,
    sessionsClosed: sessions.closed,
    sessionsFailed: sessions.failed,
    registrations: sessions.registrations,
    latencyP50: quantile(window, 0.5),
    latencyP99: quantile(window, 0.99),
  };
}

for (let i = 0; i < WRITER_SESSIONS; i += 1) {
  const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
  await session.start(15_000);
  writers.push(session);
}
await buildTree(writers[0]!);
const pacer = pace();
let churned = 0;
const churn = sessionsPerSecond > 0 ? setInterval(() => void shortSession(churned++), 1000 / sessionsPerSecond) : null;
console.log('ready');

let stopped = false;
async function stop(): Promise<void> {
  if (stopped) return;
  stopped = true;
  stopping = true;
  clearInterval(pacer);
  if (churn !== null) clearInterval(churn);
  // The writes in flight are answered and the short sessions close on their own timers, within their life.
  const deadline = performance.now() + Math.max(5_000, sessionLifeMs + 2_000);
  while ((inFlight > 0 || sessions.open > 0) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  console.log(`stats ${JSON.stringify(stats())}`);
  for (const session of writers) session.close();
  // The closes go out before the process ends, so that ZooKeeper drops the writers' instances now, not at their timeout.
  setTimeout(() => process.exit(0), 500);
}

setTimeout(() => void stop(), seconds * 1000).unref();
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const command = line.trim();
  if (command === 'stats') console.log(`stats ${JSON.stringify(stats())}`);
  if (command === 'quit') void stop();
});
commands.on('close', () => void stop());
