/**
 * A lock ZooKeeper will not let the explorer read: its parent's ACL answers NoAuth to the
 * explorer's session, so neither its children nor their data can be listed. ZooKeeper's `dump`
 * still lists every ephemeral node with its session, so its contenders are known by name and by
 * session, and a recipe of one queue read by names says who holds. It is listed with the
 * `no-auth` anomaly: it will never resolve itself, and the operator is told what would read it.
 */
import type { Anomaly, LockSummary, UnreadableLock } from '../protocol';
import { reader } from './reader';

/** One ephemeral node of the lock, as `dump` lists it. */
export interface UnreadableNode {
  name: string;
  sessionId: string;
}

/** The trailing sequence ZooKeeper appends (10 digits), for the queue's order; a name without one sorts by its name, first. */
function sequenceOf(name: string): string {
  const match = /(\d{10})$/.exec(name);
  return match === null ? '' : match[1]!;
}

/** The nodes in queue order (by their sequence, as every sequential recipe orders them). */
export function queueOrder(nodes: readonly UnreadableNode[]): UnreadableNode[] {
  return [...nodes].sort((a, b) => {
    const bySequence = sequenceOf(a.name).localeCompare(sequenceOf(b.name));
    return bySequence !== 0 ? bySequence : a.name.localeCompare(b.name);
  });
}

/** The `no-auth` anomaly of a lock: how many contenders ZooKeeper's dump lists under it. */
export function unreadableAnomaly(nodes: readonly UnreadableNode[]): Anomaly {
  return { kind: 'no-auth', node: null, params: { contenders: nodes.length } };
}

/**
 * The lock list's line of a lock the explorer may not read: its recipe told from its nodes' names
 * alone, the holders where that recipe is one queue read by names (else none named), every other
 * contender counted as waiting; `clientOf` is where a session connects from (ZooKeeper's `cons`).
 */
export function summarizeUnreadable(path: string, nodes: readonly UnreadableNode[], clientOf: (sessionId: string) => string | null): LockSummary {
  const { ordered, holders, recipe } = readByNames(path, nodes);
  return {
    path,
    exists: true,
    recipe,
    holders: holders.map((node) => node.name),
    holderSessions: holders.map((node) => node.sessionId),
    holderClients: holders.map((node) => clientOf(node.sessionId)),
    holderIdentities: holders.map(() => null),
    holderDataClients: holders.map(() => null),
    queueLength: ordered.length - holders.length,
    holderSince: null,
    oldestWaiterSince: null,
    anomalies: 1,
    anomalyKinds: ['no-auth'],
    activity: null,
  };
}

/** What is known of such a lock, for its own page: its first `limit` nodes in queue order, each with its owner, its client and whether it holds. */
export function describeUnreadable(path: string, nodes: readonly UnreadableNode[], clientOf: (sessionId: string) => string | null, limit: number): UnreadableLock {
  const { ordered, holders, recipe } = readByNames(path, nodes);
  const holding = new Set(holders);
  return {
    path,
    recipe,
    total: ordered.length,
    holding: holders.length,
    nodes: ordered.slice(0, limit).map((node) => ({ name: node.name, sessionId: node.sessionId, client: clientOf(node.sessionId), holds: holding.has(node) })),
  };
}

/** The nodes in queue order, the recipe told from their names alone, and the holders where that recipe is one queue read by names (else none). */
function readByNames(path: string, nodes: readonly UnreadableNode[]): { ordered: UnreadableNode[]; holders: UnreadableNode[]; recipe: LockSummary['recipe'] } {
  const ordered = queueOrder(nodes);
  const names = ordered.map((node) => node.name);
  const detected = reader.detectRecipe(names, null, null);
  const holders = reader.readsByNames(detected.id) ? ordered.filter((node) => reader.standingOf(detected.id, path, names, node.name).kind === 'holds') : [];
  return { ordered, holders, recipe: reader.recipeInfo(detected.id, 'Told from the names of its ephemeral nodes alone (ZooKeeper’s dump): ZooKeeper answers NoAuth to reading the lock.') };
}
