/**
 * Sequential ephemeral nodes that each claim a number of their own, which nobody waits for:
 * ClickHouse's `block_numbers/<partition>/block-N` (each insert in progress reserves the block
 * number N) and the `temp/abandonable_lock-N` nodes that hold them (`EphemeralLockInZooKeeper`).
 * Every node holds its own claim; none waits on another.
 */
import type { LockNode } from '../../protocol';
import { compareKeys, defineRecipe, numericKey, sequentialLayout } from './recipe';

const BLOCK = sequentialLayout('clickhouse-block', 'block-');
const HOLDER = sequentialLayout('clickhouse-holder', 'abandonable_lock-');

export const ephemeralClaims = defineRecipe({
  id: 'ephemeral-claims',
  name: 'Ephemeral claims (each node holds its own number)',
  candidates: ['ClickHouse block numbers (block-N)', 'ClickHouse insert holders (abandonable_lock-N)'],
  layouts: [BLOCK, HOLDER],
  analyze: (input, context, tools) => {
    const nodes: LockNode[] = tools
      .entries(input.root, (kind) => kind === BLOCK.kind || kind === HOLDER.kind)
      .map((entry) => {
        const sortKey = numericKey(entry.seq.value);
        return tools.place(entry.record, entry.path, { queue: entry.name, sequence: entry.seq.value, sortKey, role: 'holder', mode: 'exclusive', predecessor: null, watch: null }, context);
      });
    return { nodes: nodes.sort((a, b) => compareKeys(a.sortKey, b.sortKey)) };
  },
});
