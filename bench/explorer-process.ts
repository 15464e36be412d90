/**
 * The explorer's API and socket.io (no page) as a process of its own, for benchmarks that must
 * not share an event loop with their clients. Prints `listening on <url>` when ready, and on
 * SIGUSR2 a line `stats <json>` (memory after a collection when run with --expose-gc, handles,
 * listeners, locks watched, when each of the last deltas went out, its last garbage collections
 * and the times its event loop was blocked, its session and the notifications it received, by
 * followed lock and elsewhere), for the churn, latency, scale and busy benches; the same line for
 * `stats` on its stdin, and `followed <json>` for `followed` (each followed lock's nodes and
 * their owners, as last published). It ends with its stdin (its parent gone). With
 * `--simulation` its simulated contenders are on (below /sim), as on its embedded ZooKeeper. With
 * `--default-discovery` it finds locks as `npm start` does (LOCK_ROOTS=/, the default scan rate,
 * no cap); `--roots=/a,/b` below those roots only, with no cap; `--zk-admin-port=N` names the
 * members' AdminServer port; `--stall-probe=<ms>` the period of its probe of event-loop stalls;
 * `--fleet=<file>` follows more ensembles beside the first (named `default`): the file a JSON array
 * of `{ name, connectString, sasl? }` (`sasl`: a DIGEST-MD5 login `{ username, password }`), each
 * found as the first is, and `stats` then says how each stands (the fleet bench); `--cleanup=<rate>`
 * allows the clean-up of empty lock parents at that many a second (the garbage bench).
 *   node --import tsx bench/explorer-process.ts <zk connect string> [--simulation] [--default-discovery] [--roots=/a,/b] [--zk-admin-port=N] [--stall-probe=5] [--fleet=<file>] [--cleanup=<rate>]
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { getHeapSpaceStatistics } from 'node:v8';
import type { LockDelta } from '../lib/protocol';
import { enclosingLock } from '../lib/lock/discovery';
import { createFleet, type EnsembleOptions } from '../server/app';
import { ZkSession } from '../server/zk/session';

const connectString = process.argv[2];
if (!connectString) {
  console.error('usage: explorer-process.ts <zk connect string>');
  process.exit(2);
}
const session = new ZkSession({ connectString, sessionTimeoutMs: 30_000 });
await session.start();
const simulation = process.argv.includes('--simulation') ? { allowed: true, simRoot: '/sim', connectString, maxContenders: 1000 } : undefined;
// With its simulator on, it finds the simulated locks as it does by default (a node's details are served below the lock roots only).
const defaultDiscovery = process.argv.includes('--default-discovery');
// `--roots=/a,/b` finds every lock below those roots, as LOCK_ROOTS does (the worst-case bench's many locks).
const roots = process.argv.find((arg) => arg.startsWith('--roots='))?.slice('--roots='.length).split(',');
const discovery = defaultDiscovery ? undefined : roots !== undefined ? { roots, maxNodes: null } : simulation ? { roots: ['/sim'], maxNodes: 20_000 } : { roots: ['/bench-none'], maxNodes: 100 };
const adminPort = process.argv.find((arg) => arg.startsWith('--zk-admin-port='))?.slice('--zk-admin-port='.length);
const zkAdmin = adminPort === undefined ? undefined : { port: Number(adminPort), urls: null };
// HISTORY_CAPACITY as `npm start` reads it: each lock's kept holds and waits (a soak with a small one sees the rings full from the start).
const historyCapacity = process.env.HISTORY_CAPACITY === undefined ? undefined : Number(process.env.HISTORY_CAPACITY);
// `--cleanup=<rate>`: empty lock parents may be deleted (ALLOW_CLEANUP) at that many a second (CLEANUP_DELETES_PER_SECOND), as the garbage bench does.
const cleanupRate = process.argv.find((arg) => arg.startsWith('--cleanup='))?.slice('--cleanup='.length);
const cleanup = cleanupRate === undefined ? undefined : { allowed: true, rate: Number(cleanupRate) };
const first: EnsembleOptions = { name: 'default', session, embedded: !defaultDiscovery, discovery, zkAdmin, historyCapacity, cleanup, ...(simulation ? { simulation } : {}) };
const explorer = createFleet({ ensembles: [first, ...(await fleetBeside(first))] });
const url = await explorer.listen(0, '127.0.0.1');

/** The ensembles of `--fleet=<file>`, each with a session of its own and the first's way of finding locks. */
async function fleetBeside(like: EnsembleOptions): Promise<EnsembleOptions[]> {
  const file = process.argv.find((arg) => arg.startsWith('--fleet='))?.slice('--fleet='.length);
  if (file === undefined) return [];
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Array<{ name: string; connectString: string; sasl?: { username: string; password: string } }>;
  return Promise.all(
    entries.map(async (entry) => {
      const transport = { tls: null, sasl: entry.sasl === undefined ? null : { mechanism: 'digest-md5' as const, ...entry.sasl } };
      const own = new ZkSession({ connectString: entry.connectString, sessionTimeoutMs: 30_000, transport });
      await own.start();
      return { ...like, name: entry.name, session: own, simulation: undefined };
    }),
  );
}
// When each delta went out (ms since the epoch, comparable across the processes of one machine) and the nodes it names:
// the last PUBLISHED_KEPT in a ring, read in order by `stats` (a list shifted at every delta cost the CPU it measures).
const PUBLISHED_KEPT = 2_000;
const publishedRing: Array<{ at: number; added: string[]; removed: string[] }> = [];
let publishedNext = 0;
explorer.registry.on('delta', (delta) => {
  const added = delta.added.length === 0 ? [] : delta.added.map((node) => node.name);
  publishedRing[publishedNext] = { at: performance.timeOrigin + performance.now(), added, removed: delta.removed };
  publishedNext = (publishedNext + 1) % PUBLISHED_KEPT;
  deltaKinds[kindOf(delta)] += 1;
});
const published = (): typeof publishedRing => (publishedRing.length < PUBLISHED_KEPT ? publishedRing.slice() : [...publishedRing.slice(publishedNext), ...publishedRing.slice(0, publishedNext)]);
// What each delta carried, counted: the deltas a handover costs, by what made them.
const deltaKinds = { members: 0, updated: 0, anomalies: 0, read: 0 };
function kindOf(delta: LockDelta): keyof typeof deltaKinds {
  if (delta.added.length > 0 || delta.removed.length > 0 || !delta.exists) return 'members';
  if (delta.updated.length > 0) return 'updated';
  if (delta.anomalies !== null) return 'anomalies';
  return 'read';
}
// Its garbage collections, the same way: a pause during a change is time the change waits.
const collections: Array<{ at: number; ms: number }> = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration });
  collections.splice(0, Math.max(0, collections.length - 2_000));
}).observe({ entryTypes: ['gc'] });
// And the times its event loop was blocked: a timer of `--stall-probe=<ms>` (5 by default) that fires more than 10 ms late
// waited for a long task, at least that long (up to a period more). The probe is the bench's, not the explorer's, and costs
// what waking the process costs: at 5 ms, 200 wake-ups a second, about a tenth of the explorer's CPU at 280 handovers a
// second (busy-side-by-side, 0.91x without it); the CPU benches run it at 50 ms.
const stallProbeMs = Number(process.argv.find((arg) => arg.startsWith('--stall-probe='))?.slice('--stall-probe='.length) ?? 5);
const stalls: Array<{ at: number; ms: number }> = [];
let expected = performance.now() + stallProbeMs;
setInterval(() => {
  const now = performance.now();
  if (now - expected > 10) {
    stalls.push({ at: performance.timeOrigin + expected, ms: now - expected });
    stalls.splice(0, Math.max(0, stalls.length - 2_000));
  }
  expected = now + stallProbeMs;
}, stallProbeMs).unref();
// What each notification concerns: a lock it follows (counted by lock), or anything else (a watch on the roots). Counted
// by the parent of the node it names (a lock's children share one), and told by lock only when `stats` is printed: the
// bench's count must not weigh on the CPU it measures.
const notificationsByParent = new Map<string, number>();
let notificationsAtRoot = 0;
session.on('notification', (path) => {
  if (path === '/') {
    notificationsAtRoot += 1;
    return;
  }
  const slash = path.lastIndexOf('/');
  const parent = slash === 0 ? '/' : path.slice(0, slash);
  notificationsByParent.set(parent, (notificationsByParent.get(parent) ?? 0) + 1);
  // A followed lock's own node (its creation or deletion) counts as its own: kept under its path with a mark.
  if (followedNow.has(path)) notificationsByParent.set(`${path}\0`, (notificationsByParent.get(`${path}\0`) ?? 0) + 1);
});
let followedNow = new Set<string>();
setInterval(() => {
  followedNow = new Set(explorer.registry.watched().map((entry) => entry.path));
}, 1_000).unref();
/** The notifications so far by followed lock, and elsewhere. */
function notificationsTold(): { byLock: Map<string, number>; elsewhere: number } {
  const followed = new Set(explorer.registry.watched().map((entry) => entry.path));
  const byLock = new Map<string, number>();
  let elsewhere = notificationsAtRoot;
  for (const [parent, count] of notificationsByParent) {
    const lock = parent.endsWith('\0') ? parent.slice(0, -1) : enclosingLock(parent, followed);
    if (lock === null) elsewhere += count;
    else byLock.set(lock, (byLock.get(lock) ?? 0) + count);
  }
  return { byLock, elsewhere };
}
// Its sessions (a new one after an expiry) and the states its connection went through.
let sessions = session.sessionId === null ? 0 : 1;
session.on('session', () => (sessions += 1));
const states: Record<string, number> = {};
session.on('state', (state) => (states[state] = (states[state] ?? 0) + 1));
const monotonicOffsetMs = Number(process.hrtime.bigint()) / 1e6 - performance.now();
console.log(`listening on ${url}`);
process.on('SIGUSR2', () => printStats());

const ARENA_ALIGNMENT = 64n * 2n ** 20n;

/**
 * The process's resident memory by the kind of mapping that holds it (bytes), from /proc/self/smaps: mapped files
 * (code, shared libraries), glibc's main heap (`[heap]`, grown by brk), anonymous mappings starting on a 64 MB
 * boundary (glibc's per-thread arenas are mapped so; V8's 256 kB pages fall on one rarely), other anonymous
 * mappings (V8's heap, malloc's large blocks, buffers), and the main stack. Null where /proc is not there.
 */
function residentByKind(): Record<'file' | 'brk' | 'arenas' | 'anonymous' | 'stack', number> | null {
  let smaps: string;
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const resident = { file: 0, brk: 0, arenas: 0, anonymous: 0, stack: 0 };
  let kind: keyof typeof resident = 'anonymous';
  for (const line of smaps.split('\n')) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping !== null) {
      const name = mapping[2] ?? '';
      kind = name.startsWith('/') ? 'file' : name === '[heap]' ? 'brk' : name === '[stack]' ? 'stack' : name === '' && BigInt(`0x${mapping[1]}`) % ARENA_ALIGNMENT === 0n ? 'arenas' : name === '' ? 'anonymous' : 'file';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss !== null) resident[kind] += Number(rss[1]) * 1024;
  }
  return resident;
}

/** `collect`: after a full collection (for its memory); without, for a window of CPU, which a forced collection would raise for a while after. */
function printStats(collect = true): void {
  if (collect) (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const told = notificationsTold();
  const stats = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    spaces: Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, { size: space.space_size, used: space.space_used_size, physical: space.physical_space_size }])),
    peakRss: process.resourceUsage().maxRSS * 1024,
    resident: residentByKind(),
    resources: process.getActiveResourcesInfo().length,
    sessionListeners: session.eventNames().reduce((sum, name) => sum + session.listenerCount(name), 0),
    watched: explorer.registry.watched().length,
    locks: explorer.discovery.size,
    sockets: explorer.io.engine.clientsCount,
    published: published(),
    collections,
    stalls,
    zookeeperBytes: session.bytesReceived,
    sessionId: session.sessionId,
    sessionState: session.state,
    sessions,
    states,
    notifications: session.notificationSeq,
    notificationsElsewhere: told.elsewhere,
    deltaKinds,
    notificationsByLock: Object.fromEntries(told.byLock),
    discovery: explorer.discovery.discoveryStatus(),
    ensembles: explorer.ensembles.map((ensemble) => ({ name: ensemble.name, state: ensemble.summary().state, locks: ensemble.discovery.size, sessionId: ensemble.session.sessionId })),
  };
  console.log(`stats ${JSON.stringify(stats)}`);
}

/** Each followed lock's nodes (path and owner) as last published, null before its first reading; with the monotonic clock (ms). */
function printFollowed(): void {
  const locks: Record<string, Array<[string, string]> | null> = {};
  for (const { path } of explorer.registry.watched()) {
    const snapshot = explorer.registry.published(path);
    locks[path] = snapshot === undefined ? null : snapshot.nodes.map((node) => [node.path, node.sessionId]);
  }
  console.log(`followed ${JSON.stringify({ monotonicMs: performance.now() + monotonicOffsetMs, locks })}`);
}

function shutdown(): void {
  void explorer.close().then(() => {
    for (const ensemble of explorer.ensembles) ensemble.session.close();
    process.exit(0);
  });
}

const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  if (line.trim() === 'stats') printStats();
  if (line.trim() === 'stats uncollected') printStats(false);
  if (line.trim() === 'followed') printFollowed();
});
commands.on('close', shutdown);
process.on('SIGTERM', shutdown);
