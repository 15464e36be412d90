/** What Curator's and Kazoo's semaphores share: lease nodes that each hold one lease, and a queue whose head waits for a lease. */
import type { LockNode } from '../../protocol';
import { childPath } from '../../zk/path';
import { parseSequence } from '../sequence';
import { byText, compareKeys, type AnalysisContext, type ChildRecord, type Entry, type ReadingTools } from './recipe';

/** Lease nodes: each holds one lease, in the order `keyOf` gives (creation order). */
export function semaphoreLeases(tools: ReadingTools, records: readonly ChildRecord[], parent: string, keyOf: (record: ChildRecord) => string, context: AnalysisContext): LockNode[] {
  return records
    .map((record) => ({ record, key: `a\u0001${keyOf(record)}\u0001${record.name}` }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ record, key }) =>
      tools.place(record, childPath(parent, record.name), { queue: '', sequence: parseSequence(record.name)?.value ?? null, sortKey: key, role: 'holder', mode: 'lease', predecessor: null, watch: null }, context),
    );
}

/** The queue of would-be lease holders: the head waits for a lease with a child watch on `leasesParent`, the rest on their predecessor. */
export function semaphoreQueue(tools: ReadingTools, entries: Entry[], leasesParent: string, context: AnalysisContext): LockNode[] {
  return tools.queue(
    entries,
    { queue: '', group: 'b', watch: 'data', key: byText, readKinds: null, mode: 'lease', readerWaitsOn: 'nearest-writer', headWaits: { type: 'children', path: leasesParent } },
    context,
  );
}
