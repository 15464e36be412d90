/** Kazoo's Semaphore: one `<hex32>` node per lease below the path (max_leases as its data), its queue beside it at `<path>-__lock__`. */
import { KAZOO_LOCK, kazooDataClient } from './kazoo-lock';
import { defineRecipe, type Layout } from './recipe';
import { semaphoreLeases, semaphoreQueue } from './semaphore';

// A lease holds the semaphore's identifier, as a Kazoo lock node does.
const LEASE: Layout = { kind: 'kazoo-lease', pattern: /^[0-9a-f]{32}$/, sequential: false, dataClient: kazooDataClient };
const COUNT = /^\d+$/;

/** The queue of a Kazoo semaphore lives beside it, at `<path>-__lock__`. */
export function kazooSemaphoreQueue(path: string): string {
  return `${path}-__lock__`;
}

export const kazooSemaphore = defineRecipe({
  id: 'kazoo-semaphore',
  name: 'Kazoo Semaphore',
  layouts: [LEASE],
  // Kazoo keeps max_leases as the semaphore path's data, so an empty one is still known.
  recognise: (names, selfData) => (names.length > 0 ? names.every((name) => LEASE.pattern.test(name)) : selfData?.text != null && COUNT.test(selfData.text)),
  auxiliaryParents: (path) => [kazooSemaphoreQueue(path)],
  analyze: (input, context, tools) => {
    const leases = semaphoreLeases(
      tools,
      input.root.children.filter((record) => LEASE.pattern.test(record.name)),
      input.path,
      (record) => record.stat.czxid.slice(2).padStart(16, '0'),
      context,
    );
    const queue = semaphoreQueue(tools, tools.entries(tools.listing(input, kazooSemaphoreQueue(input.path)), (kind) => kind === KAZOO_LOCK.kind), input.path, context);
    const limit = input.self?.data?.text;
    return { nodes: [...leases, ...queue], maxLeases: limit != null && COUNT.test(limit) ? Number(limit) : null };
  },
});
