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

/** How a lock's children stood at the start of the files, and every change after. */
export interface TimelineInput {
  path: string;
  /** Whether the lock's node existed at the start, and its children then. */
  exists: boolean;
  initial: readonly ChildAt[];
  events: readonly ChildEvent[];
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
  const { path, events } = input;
  const history = new LockHistoryModel(path, Math.max(1, events.length + input.initial.length), input.since);
  const children = new Map<string, ChildRecord>(input.initial.map((child) => [child.name, recordOf(child)]));
  const read = (at: number, pzxid: string | null) => ({ at, pzxid });
  const full = (previous: LockSnapshot | null, at: number, pzxid: string | null, exists: boolean): LockSnapshot => {
    const snapshot = buildSnapshot({ path, self: null, root: { path, exists, children: [...children.values()].sort(byName) }, auxiliary: [] }, previous, at);
    return { ...snapshot, read: read(at, pzxid) };
  };
  let snapshot = input.exists || children.size > 0 ? full(null, input.since, null, true) : missingLock(path);
  history.apply({ added: snapshot.nodes, removed: [], updated: [] }, [], input.since, () => 'released');
  // How the node deleted by the event being applied went.
  let ending: HoldEnd = 'released';
  const endOf = (): HoldEnd => ending;
  for (const event of events) {
    const name = event.child.name;
    const at = event.time;
    let next: LockSnapshot | null = null;
    let delta: ReturnType<typeof diffSnapshots> = null;
    let gone: LockNode[] = [];
    if (event.kind === 'delete') {
      if (!children.delete(name)) continue;
      const owner = event.child.stat.ephemeralOwner;
      ending = event.closed === 'expired' ? 'session-expired' : event.closed === 'closed' ? 'session-closed' : owner !== '0x0' && event.session !== owner ? 'broken' : 'released';
      const fast = handover(snapshot, [name], read(at, event.zxid));
      if (fast !== null) ({ snapshot: next, delta, gone } = fast);
    } else {
      const record = recordOf(event.child);
      const isNew = !children.has(name);
      children.set(name, record);
      if (event.kind === 'create' && isNew) {
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

function byName(a: ChildRecord, b: ChildRecord): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
