/**
 * What is wrong with a lock, read from its snapshot and from what ZooKeeper reports. Each
 * anomaly names its node and says in one sentence why it matters.
 */
import type { AnomalyParams } from '../i18n/messages';
import { ANOMALY_NODES_NAMED, type Anomaly, type AnomalyKind, type Deadlock, type LockNode, type LockSnapshot } from '../protocol';
import { handOn, nodeIndexes, nodesByName, remember, type NodeIndexes, type OwnerCounts } from './indexes';
import { nameOf } from '../zk/path';
import { reader, type Reader } from './reader';

const INT32_MAX = 2 ** 31 - 1;

/** An anomaly: its kind, its node and the values its sentence is said from (the page says it, `describeAnomaly`). */
function anomaly(kind: AnomalyKind, node: string | null, params: AnomalyParams): Anomaly {
  return { kind, node, params };
}

/**
 * One verdict over every node it concerns, in queue order: the first said in full, with how
 * many more (`more`) and the first few named; none when it concerns none. A queue of 50,000
 * waiters that watch nothing is one anomaly, not 50,000 sentences.
 */
function verdict(kind: AnomalyKind, concerned: Concerned | readonly LockNode[], paramsOf: (first: LockNode) => AnomalyParams): Anomaly[] {
  const { first, count } = 'count' in concerned ? concerned : { first: concerned.slice(0, ANOMALY_NODES_NAMED), count: concerned.length };
  const head = first[0];
  if (head === undefined) return [];
  const params = paramsOf(head);
  if (count === 1) return [anomaly(kind, head.name, params)];
  return [{ kind, node: head.name, params: { ...params, more: count - 1 }, count, nodes: first.map((node) => node.name) }];
}

/** The nodes a verdict concerns as far as it names them: the first few in queue order, and how many in all (a walk of 100,000 keeps twenty). */
interface Concerned {
  first: LockNode[];
  count: number;
}

function concerned(): Concerned {
  return { first: [], count: 0 };
}

function concern(verdictOf: Concerned, node: LockNode): void {
  if (verdictOf.first.length < ANOMALY_NODES_NAMED) verdictOf.first.push(node);
  verdictOf.count += 1;
}

/** The owners of a list counted, once per list (then handed on to the list a handover or an arrival makes from it). */
function ownerCountsOf(nodes: readonly LockNode[], judge: Reader, indexes: NodeIndexes): OwnerCounts {
  let owners = indexes.owners.get(nodes);
  if (owners === undefined) {
    owners = { counts: new Map(), repeated: 0 };
    for (const node of nodes) count(owners, node, 1, judge);
    remember(indexes.owners, nodes, owners);
  }
  return owners;
}

function count(owners: OwnerCounts, node: LockNode, by: 1 | -1, judge: Reader = reader): void {
  const key = judge.ownerKey(node);
  if (key === null) return;
  const before = owners.counts.get(key) ?? 0;
  const after = before + by;
  if (after <= 0) owners.counts.delete(key);
  else owners.counts.set(key, after);
  if (before < 2 && after >= 2) owners.repeated += 1;
  else if (before >= 2 && after < 2) owners.repeated -= 1;
}

/**
 * Hands the owner counts of a list on to the list a change made from it, when they were
 * counted: `removed` left it, `added` joined it (a node replaced by another of the same name
 * and session is neither).
 */
export function handOnOwners(indexes: NodeIndexes, from: readonly LockNode[], to: readonly LockNode[], removed: readonly LockNode[], added: readonly LockNode[]): void {
  handOn(indexes.owners, from, to, (owners) => {
    for (const node of removed) count(owners, node, -1);
    for (const node of added) count(owners, node, 1);
  });
}

/**
 * Owners with more than one node in the lock, as one verdict: the first owner's nodes said in
 * full, and how many owners more (a mass of retried creates is one line, not one per owner).
 * The owners counted as the list changed (`owners`) say who they are: the queue is walked from
 * its head only until the first few are named, not grouped whole on every change.
 */
function orphans(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe'>, judge: Reader, owners: OwnerCounts): Anomaly[] {
  // Curator's read-write lock lets one thread hold both modes: which owners are orphans takes all of their nodes.
  const whole = judge.recipe(snapshot.recipe.id)?.ownerHoldsBothModes === true;
  const each = whole ? orphansByOwner(snapshot, judge) : firstOrphans(snapshot.nodes, judge, owners);
  const count = whole ? each.length : owners.repeated;
  const first = each[0];
  if (first === undefined || count === 1) return each;
  return [{ ...first, params: { ...first.params, owners: count }, count, nodes: each.slice(0, ANOMALY_NODES_NAMED).map((one) => one.node!) }];
}

/**
 * The first owners with more than one node, in queue order (at most ANOMALY_NODES_NAMED), each
 * as its first node, the first said in full: the walk stops once they are named and the first
 * owner's second node is found (a herd of 16 sessions owning 100,000 nodes: some thirty nodes).
 */
function firstOrphans(nodes: readonly LockNode[], judge: Reader, owners: OwnerCounts): Anomaly[] {
  const wanted = Math.min(owners.repeated, ANOMALY_NODES_NAMED);
  const named: Array<{ node: LockNode; key: string }> = [];
  const seen = new Set<string>();
  let second: LockNode | null = null;
  for (let i = 0; i < nodes.length && (named.length < wanted || (second === null && owners.counts.get(named[0]!.key) === 2)); i += 1) {
    const node = nodes[i]!;
    const key = judge.ownerKey(node);
    if (key === null || (owners.counts.get(key) ?? 0) < 2) continue;
    if (!seen.has(key)) {
      seen.add(key);
      named.push({ node, key });
    } else if (key === named[0]!.key) second ??= node;
  }
  return named.map(({ node, key }, index) => {
    const owner = key.startsWith('0x') ? `session ${key}` : `guid ${key}`;
    const count = owners.counts.get(key)!;
    if (index > 0) return anomaly('orphan', node.name, { node: node.name, count: count - 1, owner });
    return anomaly('orphan', node.name, count === 2 && second !== null ? { node: node.name, other: second.name, owner } : { node: node.name, count: count - 1, owner });
  });
}

/** Each owner with more than one node in the lock: its first node, and a list only for owners with more than one (a queue of 50,000 has a handful). */
function orphansByOwner(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe'>, judge: Reader): Anomaly[] {
  const nodes = snapshot.nodes;
  const anomalies: Anomaly[] = [];
  const first = new Map<string, number>();
  const byOwner = new Map<string, LockNode[]>();
  nodes.forEach((node, position) => {
    const key = judge.ownerKey(node);
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
    if (judge.recipe(snapshot.recipe.id)?.ownerHoldsBothModes && new Set(owned.map((node) => node.mode)).size > 1) continue;
    const first = owned[0]!;
    const owner = key.startsWith('0x') ? `session ${key}` : `guid ${key}`;
    anomalies.push(anomaly('orphan', first.name, owned.length === 2 ? { node: first.name, other: owned[1]!.name, owner } : { node: first.name, count: owned.length - 1, owner }));
  }
  return anomalies;
}

/** What the anomalies of a lock depend on besides the lock itself. */
export interface AnomalyContext {
  /** The time they are judged at (ms); the model reads no clock. */
  now: number;
  /** A holder that holds longer is named a stale holder. */
  staleHolderMs: number;
  /** The deadlocks this lock is part of (from the waits-for graph across every lock followed). */
  deadlocks: readonly Deadlock[];
  /** The reader whose recipes read the lock, which tells each node's owner from its name (default: the registry's). */
  reader?: Reader;
  /**
   * Sessions ZooKeeper keeps while no member has a connection for them (crashed or cut-off
   * clients), with when ZooKeeper expires each (ms): a holder among them holds the lock for
   * nobody until then.
   */
  disconnected?: ReadonlyMap<string, number>;
  /**
   * Told in hindsight by ZooKeeper's files: for a session of `disconnected`, the latest moment its
   * client can have been heard from (its expiry less its timeout). Its anomaly then says so.
   */
  lastHeard?: ReadonlyMap<string, number>;
}

/**
 * Everything wrong with one lock, the worst first: deadlocks, waiters no watch will wake,
 * orphans and persistent nodes, stale holders, herd locks and wrapped sequences. The lock page,
 * its snapshot, the lock list, the diagnostics and the metrics all take them from here.
 */
export function lockAnomalies(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe' | 'path'>, context: AnomalyContext, indexes: NodeIndexes = nodeIndexes()): Anomaly[] {
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
  // One pass gathers what each kind needs, so that a queue of 50,000 costs one walk, not six.
  // Which node of this lock each session really watches, from ZooKeeper's report.
  const watchedBy = new Map<string, string>();
  // `watchConfirmed` is false only once ZooKeeper's report covers the session and has missed the watch twice after it had time to set it.
  const unwatched: LockNode[] = [];
  const persistent = concerned();
  const stale = concerned();
  const disconnected = concerned();
  const longHolds = snapshot.recipe.longHolds;
  let herd = 0;
  let waiting = 0;
  let wrapped = 0;
  let firstWrapped: LockNode | null = null;
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i]!;
    const watchers = node.watchers;
    if (watchers !== null) for (const session of watchers) if (!watchedBy.has(session)) watchedBy.set(session, node.name);
    if (!node.ephemeral) concern(persistent, node);
    if (node.role === 'holder') {
      const expiresAt = node.ephemeral ? context.disconnected?.get(node.sessionId) : undefined;
      // A holder without a connection is named for that: that it also holds long says nothing more.
      if (expiresAt !== undefined) concern(disconnected, node);
      else if (!longHolds && context.now - holdingSince(node) > context.staleHolderMs) concern(stale, node);
    } else {
      waiting += 1;
      if (node.watchConfirmed === false && node.watch !== null) unwatched.push(node);
      if (node.watch?.type === 'children' && node.predecessor === null && node.mode !== 'lease') herd += 1;
    }
    if (node.sequence !== null && (node.sequence < 0 || node.sequence > INT32_MAX)) {
      wrapped += 1;
      firstWrapped ??= node;
    }
  }
  // Right after a deadlock: the lock is stuck until ZooKeeper expires the holder's session, and nothing else frees it sooner but breaking it.
  anomalies.push(
    ...verdict('holder-disconnected', disconnected, (node) => {
      const expiresAt = context.disconnected!.get(node.sessionId)!;
      const heard = context.lastHeard?.get(node.sessionId);
      return { node: node.name, session: node.sessionId, expiresAt, at: clockTime(expiresAt), ...(heard === undefined ? {} : { heard: clockTime(heard) }) };
    }),
  );
  const wrong: LockNode[] = [];
  const none: LockNode[] = [];
  for (const node of unwatched) {
    const actual = watchedBy.get(node.sessionId);
    (actual !== undefined && actual !== nameOf(node.watch!.path) ? wrong : none).push(node);
  }
  anomalies.push(...verdict('no-watch', none, (node) => ({ node: node.name, expected: nameOf(node.watch!.path) })));
  anomalies.push(...verdict('wrong-watch', wrong, (node) => ({ node: node.name, actual: watchedBy.get(node.sessionId)!, expected: nameOf(node.watch!.path) })));
  // Owners with more than one node are counted as the list changes (see `handOnOwners`): a healthy queue of 50,000 is not grouped on every change.
  const judge = context.reader ?? reader;
  const owners = ownerCountsOf(nodes, judge, indexes);
  if (owners.repeated > 0) anomalies.push(...orphans(snapshot, judge, owners));
  anomalies.push(...verdict('persistent-node', persistent, (node) => ({ node: node.name })));
  // A long hold that nobody waits behind costs nobody anything (a long job, a leader): it is named only while someone waits,
  // and not in a deadlock, which is why it holds so long.
  if (waiting > 0 && context.deadlocks.every((deadlock) => !deadlock.locks.includes(snapshot.path))) anomalies.push(...verdict('stale-holder', stale, (node) => ({ node: node.name, seconds: Math.round(context.staleHolderMs / 1000) })));
  // The evidence as numbers (its words are the page's): `by` is absent where there is none.
  if (herd > 1) anomalies.push(anomaly('herd', null, { n: herd, path: snapshot.path, ...snapshot.recipe.evidence }));
  if (firstWrapped !== null) anomalies.push(anomaly('sequence-wrap', firstWrapped.name, { n: wrapped }));
  return anomalies;
}

/** A moment as the hour, minute and second in UTC, as ZooKeeper's logs give it: 14:03:27 UTC. */
function clockTime(ms: number): string {
  const seconds = Math.floor(ms / 1000) % 86_400;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)} UTC`;
}

/** Since when a holder holds: when the explorer saw it take the lock, else (it already held) its creation. */
function holdingSince(node: LockNode): number {
  return node.roleSince ?? node.ctime;
}

/**
 * When the next holder of this lock turns stale, after `now`; null when none will (no holder, or
 * all stale already). Its holders are found by name (`indexes`, handed on from change to change)
 * where they are few: a queue of 100,000 with one holder is not walked for it.
 */
export function nextStaleAt(snapshot: Pick<LockSnapshot, 'nodes' | 'recipe' | 'holders'>, now: number, staleHolderMs: number, indexes: NodeIndexes | null = null): number | null {
  if (snapshot.recipe.longHolds) return null;
  const byName = indexes !== null && snapshot.holders.length * 4 < snapshot.nodes.length ? nodesByName(snapshot.nodes, indexes) : null;
  const holders = byName === null ? snapshot.nodes : snapshot.holders.map((name) => byName.get(name)!);
  let next: number | null = null;
  for (const node of holders) {
    if (node.role !== 'holder') continue;
    const at = holdingSince(node) + staleHolderMs + 1;
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
