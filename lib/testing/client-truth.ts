import type { LockSnapshot } from '../protocol';
import { isWithin } from '../zk/path';

/** What real clients say of a lock: who reports holding it, and (from ZooKeeper's wchc) what each session watches. */
export interface ClientTruth {
  /** Sessions of the contenders that report holding the lock now. */
  holders: string[];
  /** Data watches per session (exists / getData), as ZooKeeper's `wchc` reports them. */
  watches: Record<string, string[]>;
}

/**
 * Every way in which the explorer's reading of a lock differs from what the clients do:
 * holders by session, and for each node the data watch its session really holds.
 * An empty list means they agree.
 */
export function disagreements(snapshot: LockSnapshot, truth: ClientTruth): string[] {
  const problems: string[] = [];
  const explorerHolders = new Set(snapshot.nodes.filter((node) => node.role === 'holder').map((node) => node.sessionId));
  const clientHolders = new Set(truth.holders);
  for (const session of clientHolders) if (!explorerHolders.has(session)) problems.push(`client ${session} holds, the explorer says it waits or misses it`);
  for (const session of explorerHolders) if (!clientHolders.has(session)) problems.push(`the explorer says ${session} holds, the client does not`);
  for (const node of snapshot.nodes) {
    const watched = (truth.watches[node.sessionId] ?? []).filter((path) => isWithin(path, snapshot.path) || node.path.startsWith(`${snapshot.path}-`));
    const expected = node.watch !== null && node.watch.type !== 'children' ? [node.watch.path] : [];
    if (JSON.stringify(watched.sort()) !== JSON.stringify(expected)) {
      problems.push(`${node.name} (${node.sessionId}): the explorer expects a data watch on ${JSON.stringify(expected)}, ZooKeeper reports ${JSON.stringify(watched)}`);
    }
  }
  return problems;
}
