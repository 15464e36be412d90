/**
 * ZooKeeper's documented shared lock (https://zookeeper.apache.org/doc/current/recipes.html#Shared+Locks):
 * `read-N` and `write-N`; a reader waits on the nearest write- node before it, a writer on the node just before it.
 */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

const READ = sequentialLayout('doc-read', 'read-');

export const zkSharedLock = defineRecipe({
  id: 'zk-shared-lock',
  name: "ZooKeeper's documented shared lock (read-N, write-N)",
  layouts: [READ, sequentialLayout('doc-write', 'write-')],
  queue: { watch: 'exists', sort: byValue, readers: { layouts: [READ], waitOn: 'nearest-writer' } },
});
