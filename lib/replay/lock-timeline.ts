/**
 * One lock's past from ZooKeeper's files: its children's changes replayed in order through the
 * very model the live explorer reads locks with (`buildSnapshot`, and its handover and append fast
 * paths), so that each hold and wait is dated as the explorer would have dated it watching live,
 * and each hold's end told from the transaction that ended it: its owner deleted the node
 * (released), its session closed or expired (ZooKeeper deleted it), another session deleted it (broken).
 */
import type { HoldEnd, HoldRecord, LockNode, LockSnapshot } from '../protocol';
import { describeData } from '../lock/data';
import { diffSnapshots, goneNodes } from '../lock/delta';
import { LockHistoryModel } from '../lock/history';
import { append, buildSnapshot, handover, missingLock, type ChildRecord } from '../lock/queue';
import type { ChildAt, ChildEvent } from '../zk/child-index';
import { compareZxid } from '../zk/znode-tree';

/** How a lock's children stood at the start of the files, and every change after. */
export interface TimelineInput {
  path: string;
  /** Whether the lock's node existed at the start, and its children then. */
  exists: boolean;
  initial: readonly ChildAt[];
  events: readonly ChildEvent[];
  /**
   * The other parents the lock's recipe keeps nodes under (a semaphore's `locks/` and `leases/`),
   * each with its children at the start and its changes, in zxid order with the lock's own.
   */
  auxiliary?: ReadonlyArray<{ path: string; initial: readonly ChildAt[]; events: readonly ChildEvent[] }>;
  /** When the files begin (ms): holds found already held began before it. */
  since: number;
}

export interface LockTimeline {
  /** Every hold and wait, oldest first. */
  history: LockHistoryModel;
  /** Every hold by node name, for dating a holder at a moment. */
  holdsByNode: Map<string, HoldRecord[]>;
  /** The lock as it was after its last change. */
  last: LockSnapshot;
}

/** A child as the lock model reads it. */
export function recordOf(child: ChildAt): ChildRecord {
  return { name: child.name, stat: child.stat, data: describeData(child.data) };
}

export function buildTimeline(input: TimelineInput): LockTimeline {
  const { path } = input;
  const auxiliary = input.auxiliary ?? [];
  // Every parent's children as they stand, the lock's own first; every change of them, in zxid order.
  const parents = [{ path, initial: input.initial, events: input.events }, ...auxiliary].map((parent) => ({ path: parent.path, children: new Map<string, ChildRecord>(parent.initial.map((child) => [child.name, recordOf(child)])) }));
  const events = auxiliary.length === 0 ? input.events.map((event) => ({ event, parent: 0 })) : inZxidOrder([input.events, ...auxiliary.map((parent) => parent.events)]);
  const initialCount = parents.reduce((sum, parent) => sum + parent.children.size, 0);
  const history = new LockHistoryModel(path, Math.max(1, events.length + initialCount), input.since);
  const read = (at: number, pzxid: string | null) => ({ at, pzxid });
  const sorted = (parent: (typeof parents)[number]) => [...parent.children.values()].sort(byName);
  const full = (previous: LockSnapshot | null, at: number, pzxid: string | null, exists: boolean): LockSnapshot => {
    const others = parents.slice(1).map((parent) => ({ path: parent.path, exists: true, children: sorted(parent) }));
    const snapshot = buildSnapshot({ path, self: null, root: { path, exists, children: sorted(parents[0]!) }, auxiliary: others }, previous, at);
    return { ...snapshot, read: read(at, pzxid) };
  };
  let snapshot = input.exists || initialCount > 0 ? full(null, input.since, null, true) : missingLock(path);
  history.apply({ added: snapshot.nodes, removed: [], updated: [] }, [], input.since, () => 'released');
  // How the node deleted by the event being applied went.
  let ending: HoldEnd = 'released';
  const endOf = (): HoldEnd => ending;
  // The fast paths of the live model read one parent's queue: a lock with others is read whole at each change.
  const fastPaths = auxiliary.length === 0;
  for (const { event, parent } of events) {
    const name = event.child.name;
    const at = event.time;
    const siblings = parents[parent]!.children;
    let next: LockSnapshot | null = null;
    let delta: ReturnType<typeof diffSnapshots> = null;
    let gone: LockNode[] = [];
    if (event.kind === 'delete') {
      if (!siblings.delete(name)) continue;
      const owner = event.child.stat.ephemeralOwner;
      ending = event.closed === 'expired' ? 'session-expired' : event.closed === 'closed' ? 'session-closed' : owner !== '0x0' && event.session !== owner ? 'broken' : 'released';
      const fast = fastPaths ? handover(snapshot, [name], read(at, event.zxid)) : null;
      if (fast !== null) ({ snapshot: next, delta, gone } = fast);
    } else {
      const record = recordOf(event.child);
      const isNew = !siblings.has(name);
      siblings.set(name, record);
      if (fastPaths && event.kind === 'create' && isNew) {
        const fast = append(snapshot, [record], read(at, event.zxid), null);
        if (fast !== null) ({ snapshot: next, delta, gone } = fast);
      }
    }
    if (next === null) {
      next = full(snapshot, at, event.zxid, true);
      delta = diffSnapshots(snapshot, next);
      gone = delta === null ? [] : goneNodes(snapshot, delta);
    }
    if (delta !== null) history.apply(delta, gone, at, endOf);
    snapshot = next;
    ending = 'released';
  }
  const holdsByNode = new Map<string, HoldRecord[]>();
  for (const hold of history.view(snapshot.read?.at ?? input.since, 1).holds) {
    const holds = holdsByNode.get(hold.node) ?? [];
    holds.push(hold);
    holdsByNode.set(hold.node, holds);
  }
  return { history, holdsByNode, last: snapshot };
}

/** Several parents' changes merged in the order ZooKeeper applied them (a multi's, in the order of its parents). */
function inZxidOrder(lists: ReadonlyArray<readonly ChildEvent[]>): Array<{ event: ChildEvent; parent: number }> {
  const merged = lists.flatMap((events, parent) => events.map((event, at) => ({ event, parent, at })));
  merged.sort((a, b) => compareZxid(a.event.zxid, b.event.zxid) || a.parent - b.parent || a.at - b.at);
  return merged;
}

function byName(a: ChildRecord, b: ChildRecord): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
