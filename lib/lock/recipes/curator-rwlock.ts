/** Curator's InterProcessReadWriteLock: `__READ__` and `__WRIT__` nodes in one queue; a reader waits on the first writer before it. */
import { curatorOwner } from './curator-mutex';
import { byText, defineRecipe, sequentialLayout, UUID } from './recipe';

const READ = sequentialLayout('curator-read', `_c_${UUID}-__READ__`, curatorOwner);
const WRITE = sequentialLayout('curator-write', `_c_${UUID}-__WRIT__`, curatorOwner);

export const curatorRwLock = defineRecipe({
  id: 'curator-rwlock',
  name: 'Curator InterProcessReadWriteLock',
  layouts: [READ, WRITE],
  // A thread that holds the write lock may take the read lock too.
  ownerHoldsBothModes: true,
  queue: { watch: 'data', sort: byText, readers: { layouts: [READ], waitOn: 'first-writer' } },
});
