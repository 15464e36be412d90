/**
 * One lock's past from ZooKeeper's files: its children's changes replayed in order through the
 * very model the live explorer reads locks with (`buildSnapshot`, and its handover and append fast
 * paths), so that each hold and wait is dated as the explorer would have dated it watching live,
 * and each hold's end told from the transaction that ended it: its owner deleted the node
 * (released), its session closed or expired (ZooKeeper deleted it), another session deleted it (broken).
 */
import type { HoldEnd, HoldRecord, LockSnapshot } from '../protocol';
import { describeData } from '../lock/data';
import { LockHistoryModel } from '../lock/history';
import { buildSnapshot, missingLock, type ChildRecord, type LockInput } from '../lock/queue';
import { nextReading, type ChildChange } from '../lock/reading';
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
  // Everything known of the lock, read whole.
  const whole = (exists: boolean): Omit<LockInput, 'hint'> => {
    const others = parents.slice(1).map((parent) => ({ path: parent.path, exists: true, children: sorted(parent) }));
    return { path, self: null, root: { path, exists, children: sorted(parents[0]!) }, auxiliary: others };
  };
  let snapshot = input.exists || initialCount > 0 ? { ...buildSnapshot(whole(true), null, input.since), read: read(input.since, null) } : missingLock(path);
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
    // The change as the live watcher takes it: a name gone from the lock path, a child come to it, or anything else (read whole).
    let change: ChildChange;
    if (event.kind === 'delete') {
      if (!siblings.delete(name)) continue;
      const owner = event.child.stat.ephemeralOwner;
      ending = event.closed === 'expired' ? 'session-expired' : event.closed === 'closed' ? 'session-closed' : owner !== '0x0' && event.session !== owner ? 'broken' : 'released';
      change = { removed: [name], added: [], other: !fastPaths };
    } else {
      const record = recordOf(event.child);
      const isNew = !siblings.has(name);
      siblings.set(name, record);
      change = { removed: [], added: [record], other: !fastPaths || event.kind !== 'create' || !isNew };
    }
    const reading = nextReading(snapshot, change, read(at, event.zxid), () => whole(true));
    for (const step of reading.steps) history.apply(step.delta, step.gone, at, endOf);
    snapshot = reading.snapshot;
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
