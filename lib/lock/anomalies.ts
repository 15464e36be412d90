/**
 * What is wrong with a lock, read from its snapshot and from what ZooKeeper reports. Each
 * anomaly names its node and says in one sentence why it matters.
 */
import { describeAnomaly, type AnomalyParams } from '../i18n/messages';
import type { Anomaly, LockNode, LockSnapshot } from '../protocol';

const INT32_MAX = 2 ** 31 - 1;

/** An anomaly with its parameters, and its sentence in English (the page may say it in another language). */
function anomaly(kind: string, node: string | null, params: AnomalyParams): Anomaly {
  return { kind, node, params, message: describeAnomaly('en', kind, params)!.message };
}

/**
 * The owner of a node for the orphan check: its protected GUID when it has one (Curator's
 * `_c_<uuid>-`, Kazoo's `<hex32>__`, WriteLock's `x-<session>-`), else its session. Plain
 * string positions, not patterns: this runs over every node of a queue on every change.
 */
function ownerKey(node: LockNode): string | null {
  const name = node.name;
  if (name.startsWith('_c_') && name.charCodeAt(39) === 45) return `guid:${name.slice(3, 39)}`;
  if (name.charCodeAt(32) === 95 && name.charCodeAt(33) === 95) return `guid:${name.slice(0, 32)}`;
  if (name.startsWith('x-')) {
    const cut = name.indexOf('-', 2);
    if (cut > 2) return `guid:${name.slice(2, cut)}`;
  }
  return node.ephemeral ? `session:${node.sessionId}` : null;
}

/**
 * The anomalies of one lock that do not depend on the time: persistent nodes, orphans,
 * waiters that watch nothing or the wrong node (when ZooKeeper's report is at hand), herd
 * locks, and wrapped sequences.
 */
export function lockAnomalies(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe' | 'path'>): Anomaly[] {
  const anomalies: Anomaly[] = [];
  const nodes = snapshot.nodes;
  for (const node of nodes) {
    if (!node.ephemeral) {
      anomalies.push(anomaly('persistent-node', node.name, { node: node.name }));
    }
  }
  const byOwner = new Map<string, LockNode[]>();
  for (const node of nodes) {
    const key = ownerKey(node);
    if (key === null) continue;
    const owned = byOwner.get(key);
    if (owned === undefined) byOwner.set(key, [node]);
    else owned.push(node);
  }
  for (const [key, owned] of byOwner) {
    if (owned.length < 2) continue;
    // Curator's read-write lock lets one thread hold both: that is reentrancy, not an orphan.
    if (snapshot.recipe.id === 'curator-rwlock' && new Set(owned.map((node) => node.mode)).size > 1) continue;
    const first = owned[0]!;
    const owner = key.replace(':', ' ');
    anomalies.push(anomaly('orphan', first.name, owned.length === 2 ? { node: first.name, other: owned[1]!.name, owner } : { node: first.name, count: owned.length - 1, owner }));
  }
  const watching = nodes.filter((node) => node.role === 'waiter' && node.watch !== null && node.watch.type !== 'children');
  const confirmedSome = watching.some((node) => node.watchConfirmed === true);
  // Which node of this lock each session really watches, from ZooKeeper's report: built once, so that a queue of 10,000 costs one pass.
  const watchedBy = new Map<string, string>();
  for (const node of nodes) for (const session of node.watchers ?? []) if (!watchedBy.has(session)) watchedBy.set(session, node.name);
  for (const node of watching) {
    if (node.watchConfirmed !== false || node.watch === null) continue;
    const expected = node.watch.path.slice(node.watch.path.lastIndexOf('/') + 1);
    const actual = watchedBy.get(node.sessionId);
    if (actual !== undefined) {
      anomalies.push(anomaly('wrong-watch', node.name, { node: node.name, actual, expected }));
    } else if (confirmedSome) {
      anomalies.push(anomaly('no-watch', node.name, { node: node.name, expected }));
    }
  }
  const herdWaiters = nodes.filter((node) => node.role === 'waiter' && node.watch?.type === 'children' && node.predecessor === null && node.mode !== 'lease');
  if (herdWaiters.length > 1) {
    anomalies.push(anomaly('herd', null, { n: herdWaiters.length, path: snapshot.path }));
  }
  const wrapped = nodes.filter((node) => node.sequence !== null && (node.sequence < 0 || node.sequence > INT32_MAX));
  if (wrapped.length > 0) {
    anomalies.push(anomaly('sequence-wrap', wrapped[0]!.name, { n: wrapped.length }));
  }
  return anomalies;
}

/** Holders that have held longer than `thresholdMs` at `now`. */
export function staleHolders(snapshot: LockSnapshot, now: number, thresholdMs: number): Anomaly[] {
  return snapshot.nodes
    .filter((node) => node.role === 'holder' && now - (node.roleSince ?? node.ctime) > thresholdMs)
    .map((node) => anomaly('stale-holder', node.name, { node: node.name, seconds: Math.round(thresholdMs / 1000) }));
}

/** A cycle of sessions each waiting in a lock another of them holds. */
export interface Deadlock {
  sessions: string[];
  /** The lock each session waits in, in the same order. */
  locks: string[];
  message: string;
}

/**
 * Deadlocks across locks: a session that waits in one lock for a holder that itself waits in
 * another lock, and so on round to the first; cycles of any length.
 */
export function findDeadlocks(locks: readonly LockSnapshot[]): Deadlock[] {
  // waits-for: session -> [{ holder session, lock }]
  const waitsFor = new Map<string, Array<{ holder: string; lock: string }>>();
  for (const lock of locks) {
    const holders = lock.nodes.filter((node) => node.role === 'holder' && node.ephemeral).map((node) => node.sessionId);
    for (const node of lock.nodes) {
      if (node.role !== 'waiter' || !node.ephemeral) continue;
      for (const holder of holders) {
        if (holder === node.sessionId) continue;
        waitsFor.set(node.sessionId, [...(waitsFor.get(node.sessionId) ?? []), { holder, lock: lock.path }]);
      }
    }
  }
  const deadlocks: Deadlock[] = [];
  const seen = new Set<string>();
  const visit = (session: string, path: Array<{ session: string; lock: string }>): void => {
    for (const edge of waitsFor.get(session) ?? []) {
      const steps = [...path, { session, lock: edge.lock }];
      const start = steps.findIndex((step) => step.session === edge.holder);
      if (start >= 0) {
        const cycle = steps.slice(start);
        const key = [...cycle.map((step) => step.session)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          deadlocks.push({
            sessions: cycle.map((step) => step.session),
            locks: cycle.map((step) => step.lock),
            message: cycle.map((step, index) => `${step.session} waits in ${step.lock} for ${cycle[(index + 1) % cycle.length]!.session}`).join('; '),
          });
        }
        continue;
      }
      if (steps.length < 32) visit(edge.holder, steps);
    }
  };
  for (const session of waitsFor.keys()) visit(session, []);
  return deadlocks;
}
