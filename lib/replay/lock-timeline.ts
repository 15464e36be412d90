/**
 * One lock's past from ZooKeeper's files: its children's changes fed in order, as the notifications
 * of a persistent watch, to the very state machine the live explorer follows a lock with
 * (`lib/lock/machine.ts`), its reads answered from the tree as the files have it at that
 * transaction. Each hold and wait is so dated as the explorer would have dated it watching live,
 * and each hold's end told from the transaction that ended it: its owner deleted the node
 * (released), its session closed or expired (ZooKeeper deleted it), another session deleted it (broken).
 */
import type { HoldEnd, HoldRecord, LockSnapshot, ZnodeStat } from '../protocol';
import { describeData } from '../lock/data';
import { LockHistoryModel } from '../lock/history';
import { initialState, step, type LockEvent, type LockWorld, type ZkAnswer, type ZkRead } from '../lock/machine';
import type { ChildRecord } from '../lock/queue';
import type { ChildAt, ChildEvent } from '../zk/child-index';
import { childPath, nameOf, parentPath } from '../zk/path';
import { compareZxid } from '../zk/znode-tree';

/** How a lock's children stood at the start of the files, and every change after. */
export interface TimelineInput {
  path: string;
  /** Whether the lock's node existed at the start, and its children then. */
  exists: boolean;
  /** The lock's own node at the start (its stat and data, as a live reading has them); none where it is not known. */
  self?: ChildAt | null;
  initial: readonly ChildAt[];
  events: readonly ChildEvent[];
  /**
   * The other parents the lock's recipe keeps nodes under (a semaphore's `locks/` and `leases/`),
   * each with its children at the start and its changes, in zxid order with the lock's own.
   */
  auxiliary?: ReadonlyArray<{ path: string; initial: readonly ChildAt[]; events: readonly ChildEvent[] }>;
  /**
   * A lock that is one node (Kafka's `/controller`, Hadoop's elector lock): that node's own
   * changes (its creates, data changes and deletes, from its parent's), in zxid order with the rest.
   */
  own?: readonly ChildEvent[];
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
  // ZooKeeper's tree as the files have it at each point, for the machine's reads: each parent's children by name.
  const tree = new Map([{ path, initial: input.initial }, ...auxiliary].map((parent) => [parent.path, new Map(parent.initial.map((child) => [child.name, child]))]));
  let exists = input.exists || input.initial.length > 0;
  // The lock's own node as the files have it now (a one-node lock's is made and deleted over the span).
  let self = input.self ?? null;
  const own = input.own ?? [];
  const lists = [input.events, ...auxiliary.map((parent) => parent.events), own];
  const events =
    auxiliary.length === 0 && own.length === 0
      ? input.events.map((event) => ({ event, parent: path }))
      : inZxidOrder(lists).map(({ event, parent }) => ({ event, parent: parent === 0 ? path : parent === lists.length - 1 ? OWN : auxiliary[parent - 1]!.path }));
  const initialCount = [...tree.values()].reduce((sum, children) => sum + children.size, 0);
  const history = new LockHistoryModel(path, Math.max(1, events.length + initialCount), input.since);
  const state = initialState(path, true);
  // The files' clock and notification number: the transaction being applied.
  let at = input.since;
  let seq = 0;
  // How the node deleted by the transaction being applied went.
  let ending: HoldEnd = 'released';
  const endOf = (): HoldEnd => ending;

  /** A read of the machine answered from the tree as the files have it now. */
  const answer = (read: ZkRead): ZkAnswer => {
    switch (read.kind) {
      case 'watchTree':
        return { kind: 'armed' };
      case 'getChildren': {
        const children = tree.get(read.path);
        if (children === undefined || (read.path === path && !exists)) return { kind: 'noNode' };
        return { kind: 'listed', children: [...children.keys()].sort(), stat: read.path === path ? (self?.stat ?? NO_STAT) : NO_STAT, seq };
      }
      case 'getData':
        return { kind: 'data', data: read.path === path ? (self?.data ?? null) : null };
      case 'exists':
        return { kind: 'stat', stat: read.path === path && exists ? (self?.stat ?? NO_STAT) : tree.has(read.path) && read.path !== path ? NO_STAT : null };
      case 'getDataMany':
        return { kind: 'many', results: read.paths.map((one) => tree.get(parentPath(one))?.get(nameOf(one)) ?? null) };
      case 'unwatchTree':
      case 'pzxid':
        // Not asked of the loop: the timers of the machine do not run over the files (its anomalies are judged at each moment read).
        throw new Error(`the replay answers no ${read.kind} read`);
    }
  };
  /** Feeds the machine one event, answers its reads until it asks for none, and keeps each delta in the history. */
  const feed = (event: LockEvent): void => {
    let result = step(state, event, at, REPLAY_WORLD);
    for (;;) {
      for (const { delta, gone } of result.deltas) history.apply(delta, gone, at, endOf);
      const read = result.reads.find((one) => one.kind !== 'unwatchTree' && one.kind !== 'pzxid');
      if (read === undefined) return;
      result = step(state, { type: 'answer', answer: answer(read) }, at, REPLAY_WORLD);
    }
  };

  feed({ type: 'refresh', paths: [] });
  /** How the node an event deletes went: its owner deleted it, its session closed or expired, another session deleted it, or it went in a gap of the files. */
  const endingOf = (event: ChildEvent): HoldEnd => {
    const owner = event.child.stat.ephemeralOwner;
    if (event.closed === 'gap') return 'gap';
    return event.closed === 'expired' ? 'session-expired' : event.closed === 'closed' ? 'session-closed' : owner !== '0x0' && event.session !== owner ? 'broken' : 'released';
  };
  for (const { event, parent } of events) {
    at = event.time;
    seq += 1;
    if (parent === OWN) {
      // The lock's node itself, as its watch tells it: made (a new owner), changed, deleted (the hold ends).
      if (event.kind === 'delete') {
        if (!exists) continue;
        ending = endingOf(event);
        exists = false;
      } else exists = true;
      self = event.kind === 'delete' ? null : event.child;
      feed({ type: 'treeEvent', path, kind: event.kind === 'create' ? 'created' : event.kind === 'delete' ? 'deleted' : 'changed', seq });
      ending = 'released';
      continue;
    }
    const name = event.child.name;
    const children = tree.get(parent)!;
    if (event.kind === 'delete') {
      if (!children.delete(name)) continue;
      ending = endingOf(event);
    } else children.set(name, event.child);
    // A child of a lock path not there at the start: the path was made first, as its watch would have told.
    if (parent === path && !exists) {
      exists = true;
      feed({ type: 'treeEvent', path, kind: 'created', seq });
    }
    feed({ type: 'treeEvent', path: childPath(parent, name), kind: event.kind === 'create' ? 'created' : event.kind === 'delete' ? 'deleted' : 'changed', seq });
    ending = 'released';
  }
  const snapshot = state.current;
  const holdsByNode = new Map<string, HoldRecord[]>();
  for (const hold of history.view(snapshot.read?.at ?? input.since, 1).holds) {
    const holds = holdsByNode.get(hold.node) ?? [];
    holds.push(hold);
    holdsByNode.set(hold.node, holds);
  }
  return { history, holdsByNode, last: snapshot };
}

/** The files tell no introspection, declaration or deadlock of their own here: the lock as its nodes alone say. */
const REPLAY_WORLD: LockWorld = {
  declared: null,
  introspection: null,
  persistentWatches: true,
};

/** The events of a one-node lock's own node, told apart from its children's (no path is empty). */
const OWN = '';

/** The stat of a parent the files give none of (an auxiliary one: only its children are read). */
const NO_STAT: ZnodeStat = { czxid: '0x0', mzxid: '0x0', pzxid: '0x0', ctime: 0, mtime: 0, version: 0, cversion: 0, aversion: 0, ephemeralOwner: '0x0', dataLength: 0, numChildren: 0 };

/** Several parents' changes merged in the order ZooKeeper applied them (a multi's, in the order of its parents). */
function inZxidOrder(lists: ReadonlyArray<readonly ChildEvent[]>): Array<{ event: ChildEvent; parent: number }> {
  const merged = lists.flatMap((events, parent) => events.map((event, at) => ({ event, parent, at })));
  merged.sort((a, b) => compareZxid(a.event.zxid, b.event.zxid) || a.parent - b.parent || a.at - b.at);
  return merged;
}
