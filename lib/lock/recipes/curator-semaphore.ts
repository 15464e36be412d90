/** Curator's InterProcessSemaphoreV2: `locks/` (a mutex its acquirers take in turn) and `leases/` (one node per lease held) below the path. */
import { childPath } from '../../zk/path';
import { parseSequence } from '../sequence';
import { curatorLayout } from './curator-mutex';
import { defineRecipe, type Layout } from './recipe';
import { semaphoreLeases, semaphoreQueue } from './semaphore';

/** The two directories a Curator semaphore keeps below its path. */
export const CURATOR_DIR: Layout = { kind: 'curator-dir', pattern: /^(?:locks|leases)$/, sequential: false };
// A lease holds the client's address too, unless `setNodeData` gave it other data.
const LEASE = curatorLayout('curator-lease', 'lease-');

export const curatorSemaphore = defineRecipe({
  id: 'curator-semaphore',
  name: 'Curator InterProcessSemaphoreV2',
  layouts: [CURATOR_DIR, LEASE],
  // Its `leases/` is what tells it: a lone `locks/` is as often a directory of named locks (`/app/locks/<name>`) as a semaphore's internal mutex.
  recognise: (names) => names.includes('leases') && names.every((name) => CURATOR_DIR.pattern.test(name)),
  auxiliaryParents: (path) => [childPath(path, 'locks'), childPath(path, 'leases')],
  analyze: (input, context, tools) => {
    const leasesPath = childPath(input.path, 'leases');
    const leases = semaphoreLeases(tools, tools.listing(input, leasesPath).children, leasesPath, (record) => parseSequence(record.name)?.text ?? '', context);
    const queue = semaphoreQueue(tools, tools.entries(tools.listing(input, childPath(input.path, 'locks')), () => true), leasesPath, context);
    // The acquirer holds the internal mutex while it checks its new lease against maxLeases.
    const acquirer = queue[0]?.sessionId;
    const last = leases.at(-1);
    if (last !== undefined && acquirer !== undefined && last.sessionId === acquirer) {
      leases[leases.length - 1] = { ...last, role: 'waiter', watch: { type: 'children', path: leasesPath } };
    }
    return { nodes: [...leases, ...queue] };
  },
});
