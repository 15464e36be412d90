/** One ephemeral node per resource, created by whoever gets it first; the losers watch it (a herd on one node). */
import type { LockNode } from '../../protocol';
import { NO_SESSION } from '../../zk/ids';
import { childPath, nameOf } from '../../zk/path';
import { CURATOR_DIR } from './curator-semaphore';
import { compareKeys, defineRecipe, type AnalysisContext, type ChildRecord, type Layout, type LockInput, type ReadingTools } from './recipe';

function holder(tools: ReadingTools, record: ChildRecord, path: string, context: AnalysisContext): LockNode {
  return tools.place(record, path, { queue: record.name, sequence: null, sortKey: record.name, role: 'holder', mode: 'exclusive', predecessor: null, watch: null }, context);
}

/** The single-node locks at a path: the path itself when it is an ephemeral node with no children, else its childless children. */
export function singleNodes(input: LockInput, context: AnalysisContext, tools: ReadingTools): LockNode[] {
  const self = input.self;
  if (self !== null && input.root.children.length === 0 && self.stat.ephemeralOwner !== NO_SESSION) {
    return [holder(tools, { name: nameOf(input.path), stat: self.stat, data: self.data }, input.path, context)];
  }
  return input.root.children
    .filter((record) => record.stat.numChildren === 0 && tools.kindOf(record) !== CURATOR_DIR.kind)
    .map((record) => holder(tools, record, childPath(input.path, record.name), context))
    .sort((a, b) => compareKeys(a.sortKey, b.sortKey));
}

/**
 * HBase's server names, `<host>,<port>,<startcode>` (its backup masters' and region servers'
 * nodes): one node per server, whose start code's digits are no sequence.
 */
export const HBASE_SERVER_NAME: Layout = { kind: 'hbase-server', pattern: /^[^,/]+,\d+,\d+$/, sequential: false, beforeSequence: true };

/**
 * A node named by a UUID alone (Curator's service discovery names each instance so): one whose
 * last group happens to be all digits ends in ten digits, and is no sequence.
 */
export const UUID_NAME: Layout = { kind: 'uuid', pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, sequential: false, beforeSequence: true };

/** Chosen by the reader when a lock has children but none of them sequential. */
export const singleNode = defineRecipe({
  id: 'single-node',
  name: 'One ephemeral node per resource',
  candidates: ['a lock of one ephemeral node per resource, whose losers watch it (a herd on one node)'],
  layouts: [HBASE_SERVER_NAME, UUID_NAME],
  analyze: (input, context, tools) => ({ nodes: singleNodes(input, context, tools) }),
});
