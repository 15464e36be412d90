/**
 * What is wrong with a lock, read from its snapshot and from what ZooKeeper reports. Each
 * anomaly names its node and says in one sentence why it matters.
 */
import { describeAnomaly, type AnomalyParams } from '../i18n/messages';
import type { Anomaly, AnomalyKind, Deadlock, LockNode, LockSnapshot } from '../protocol';

const INT32_MAX = 2 ** 31 - 1;

/** An anomaly with its parameters, and its sentence in English (the page may say it in another language). */
function anomaly(kind: AnomalyKind, node: string | null, params: AnomalyParams): Anomaly {
  return { kind, node, params, message: describeAnomaly('en', kind, params)!.message };
}

/**
 * The owner of a node for the orphan check: its protected GUID when it has one (Curator's
 * `_c_<uuid>-`, Kazoo's `<hex32>__`, WriteLock's `x-<session>-`), else its session. Plain
 * string positions, not patterns: this runs over every node of a queue on every change.
 */
function ownerKey(node: LockNode): string | null {
  // A node keeps its identity while it stays in the queue: its key is made once, not on every judgement.
  let key = ownerKeys.get(node);
  if (key === undefined) {
    key = makeOwnerKey(node);
    ownerKeys.set(node, key);
  }
  return key;
}

const ownerKeys = new WeakMap<LockNode, string | null>();

function makeOwnerKey(node: LockNode): string | null {
  const name = node.name;
  if (name.startsWith('_c_') && name.charCodeAt(39) === 45) return `guid:${name.slice(3, 39)}`;
  if (name.charCodeAt(32) === 95 && name.charCodeAt(33) === 95) return `guid:${name.slice(0, 32)}`;
  if (name.startsWith('x-')) {
    const cut = name.indexOf('-', 2);
    if (cut > 2) return `guid:${name.slice(2, cut)}`;
  }
  return node.ephemeral ? `session:${node.sessionId}` : null;
}

/** What the anomalies of a lock depend on besides the lock itself. */
export interface AnomalyContext {
  /** The time they are judged at (ms); the model reads no clock. */
  now: number;
  /** A holder that holds longer is named a stale holder. */
  staleHolderMs: number;
  /** The deadlocks this lock is part of (from the waits-for graph across every lock followed). */
  deadlocks: readonly Deadlock[];
}

/**
 * Everything wrong with one lock, the worst first: deadlocks, waiters no watch will wake,
 * orphans and persistent nodes, stale holders, herd locks and wrapped sequences. The lock page,
 * its snapshot, the lock list, the diagnostics and the metrics all take them from here.
 */
export function lockAnomalies(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe' | 'path'>, context: AnomalyContext): Anomaly[] {
  const anomalies: Anomaly[] = [];
  const nodes = snapshot.nodes;
  for (const deadlock of context.deadlocks) {
    const here = deadlock.cycle.find((step) => step.waitsIn === snapshot.path);
    if (here === undefined) continue;
    const waiter = nodes.find((node) => node.role === 'waiter' && node.sessionId === here.session);
    const others = deadlock.locks.filter((lock) => lock !== snapshot.path);
    anomalies.push({
      ...anomaly('deadlock', waiter?.name ?? null, { session: here.session, holder: here.waitsFor, n: deadlock.sessions.length, locks: others.join(', ') }),
      deadlock,
    });
  }
  // Which node of this lock each session really watches, from ZooKeeper's report: built once, so that a queue of 10,000 costs one pass.
  const watchedBy = new Map<string, string>();
  for (const node of nodes) for (const session of node.watchers ?? []) if (!watchedBy.has(session)) watchedBy.set(session, node.name);
  for (const node of nodes) {
    // `watchConfirmed` is false only once ZooKeeper's report covers the session and has missed the watch twice after it had time to set it.
    if (node.role !== 'waiter' || node.watchConfirmed !== false || node.watch === null) continue;
    const expected = node.watch.path.slice(node.watch.path.lastIndexOf('/') + 1);
    const actual = watchedBy.get(node.sessionId);
    if (actual !== undefined && actual !== expected) anomalies.push(anomaly('wrong-watch', node.name, { node: node.name, actual, expected }));
    else anomalies.push(anomaly('no-watch', node.name, { node: node.name, expected }));
  }
  // Each owner's first node, and a list only for owners with more than one (a queue of 50,000 has a handful).
  const first = new Map<string, number>();
  const byOwner = new Map<string, LockNode[]>();
  nodes.forEach((node, position) => {
    const key = ownerKey(node);
    if (key === null) return;
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, position);
      return;
    }
    const owned = byOwner.get(key);
    if (owned === undefined) byOwner.set(key, [nodes[at]!, node]);
    else owned.push(node);
  });
  const owners = [...byOwner].sort(([a], [b]) => first.get(a)! - first.get(b)!);
  for (const [key, owned] of owners) {
    // Curator's read-write lock lets one thread hold both: that is reentrancy, not an orphan.
    if (snapshot.recipe.id === 'curator-rwlock' && new Set(owned.map((node) => node.mode)).size > 1) continue;
    const first = owned[0]!;
    const owner = key.replace(':', ' ');
    anomalies.push(anomaly('orphan', first.name, owned.length === 2 ? { node: first.name, other: owned[1]!.name, owner } : { node: first.name, count: owned.length - 1, owner }));
  }
  for (const node of nodes) {
    if (!node.ephemeral) anomalies.push(anomaly('persistent-node', node.name, { node: node.name }));
  }
  for (const node of nodes) {
    if (node.role === 'holder' && context.now - holdingSince(node) > context.staleHolderMs) {
      anomalies.push(anomaly('stale-holder', node.name, { node: node.name, seconds: Math.round(context.staleHolderMs / 1000) }));
    }
  }
  const herdWaiters = nodes.filter((node) => node.role === 'waiter' && node.watch?.type === 'children' && node.predecessor === null && node.mode !== 'lease');
  if (herdWaiters.length > 1) {
    anomalies.push(anomaly('herd', null, { n: herdWaiters.length, path: snapshot.path, evidence: snapshot.recipe.evidence ?? '' }));
  }
  const wrapped = nodes.filter((node) => node.sequence !== null && (node.sequence < 0 || node.sequence > INT32_MAX));
  if (wrapped.length > 0) {
    anomalies.push(anomaly('sequence-wrap', wrapped[0]!.name, { n: wrapped.length }));
  }
  return anomalies;
}

/** Since when a holder holds: when the explorer saw it take the lock, else (it already held) its creation. */
function holdingSince(node: LockNode): number {
  return node.roleSince ?? node.ctime;
}

/** When the next holder of this lock turns stale, after `now`; null when none will (no holder, or all stale already). */
export function nextStaleAt(snapshot: Pick<LockSnapshot, 'nodes'>, now: number, staleHolderMs: number): number | null {
  let next: number | null = null;
  for (const node of snapshot.nodes) {
    if (node.role !== 'holder') continue;
    const at = holdingSince(node) + staleHolderMs + 1;
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
