/**
 * The standings rule every sequential recipe shares, and a queue placed by it: the client's
 * order, who holds, and whom each waiter waits on.
 */
import type { LockMode, LockNode, WatchSpec } from '../protocol';
import { place } from './place';
import { compareKeys, modeOf, type AnalysisContext, type Entry, type PlacedFields, type QueueRules } from './recipes/recipe';

/** What a sort key depends on besides the entry: two rules of one signature key every entry alike. */
export function rulesSignature(rules: QueueRules): string {
  return `${rules.group ?? ''}${rules.queue}\u0001${rules.key.id}`;
}

/**
 * The sort key of an entry under the given rules, computed once per record and rules. A caller
 * keying a whole queue passes the rules' signature, made once: every record then keeps that one string.
 */
export function sortKeyOf(entry: Entry, rules: QueueRules, signature = rulesSignature(rules)): string {
  const state = entry.state;
  if (state.sortKey === undefined || state.sortKeyRules !== signature) {
    state.sortKeyRules = signature;
    // One string, joined (see `childPath`): kept for every node of the queue.
    state.sortKey = [rules.group ?? '', rules.queue, '\u0001', rules.key.key(entry), '\u0001', entry.name].join('');
  }
  return state.sortKey;
}

/** One entry's standing in its queue: its place in the client's order, its mode, and the entry it waits on (null: at the head). */
export interface QueueStanding {
  entry: Entry;
  key: string;
  mode: LockMode;
  predecessor: Entry | null;
}

/**
 * The standings rule shared by every sequential recipe here, over entries in any order: a
 * writer (or a mutex contender) stands after the node just before it and is at the head when
 * first; a reader is at the head when no writer is before it and otherwise waits on the writer
 * its client picks (the first or the nearest). Returned in the client's order.
 */
export function queueStandings(entries: readonly Entry[], rules: QueueRules): QueueStanding[] {
  const signature = rulesSignature(rules);
  const keys = entries.map((entry) => sortKeyOf(entry, rules, signature));
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i += 1) sorted = (keys[i - 1] as string) <= (keys[i] as string);
  // Children usually arrive in creation order, so a handover needs no sort at all.
  let order: number[] | null = null;
  if (!sorted) order = entries.map((_, index) => index).sort((a, b) => compareKeys(keys[a] as string, keys[b] as string));
  let firstWriter: Entry | null = null;
  let nearestWriter: Entry | null = null;
  let previous: Entry | null = null;
  const standings: QueueStanding[] = [];
  for (let position = 0; position < entries.length; position += 1) {
    const index = order === null ? position : (order[position] as number);
    const entry = entries[index] as Entry;
    const mode = modeOf(entry.kind, rules);
    let predecessor: Entry | null;
    if (mode === 'read') {
      predecessor = rules.readerWaitsOn === 'first-writer' ? firstWriter : nearestWriter;
    } else {
      predecessor = previous;
      firstWriter ??= entry;
      nearestWriter = entry;
    }
    previous = entry;
    standings.push({ entry, key: keys[index] as string, mode, predecessor });
  }
  return standings;
}

/** One sequential queue placed by its standings: the head holds (a semaphore's head waits for a lease), every other waits with its recipe's watch. */
export function sequentialQueue(entries: readonly Entry[], rules: QueueRules, context: AnalysisContext): LockNode[] {
  const nodes: LockNode[] = [];
  // One scratch description, filled for each entry: a node is allocated only when it changed.
  const watchScratch: WatchSpec = { type: rules.watch, path: '' };
  const fields: PlacedFields = { queue: rules.queue, sequence: null, sortKey: '', role: 'waiter', mode: 'exclusive', predecessor: null, watch: null };
  for (const { entry, key, mode, predecessor } of queueStandings(entries, rules)) {
    const head = predecessor === null;
    let watch: WatchSpec | null;
    if (head) watch = rules.headWaits ?? null;
    else if (rules.watchParent !== undefined) watch = { type: 'children', path: rules.watchParent };
    else {
      watchScratch.type = rules.watch;
      watchScratch.path = predecessor.path;
      watch = watchScratch;
    }
    fields.sequence = entry.seq.value;
    fields.sortKey = key;
    fields.role = head && rules.headWaits === undefined ? 'holder' : 'waiter';
    fields.mode = mode;
    // A herd waiter waits on no node in particular: any change of the children wakes it.
    fields.predecessor = rules.watchParent === undefined ? (predecessor?.name ?? null) : null;
    fields.watch = watch;
    nodes.push(place(entry.record, entry.state, entry.path, fields, context));
  }
  return nodes;
}
