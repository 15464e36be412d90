/** Curator's InterProcessReadWriteLock: `__READ__` and `__WRIT__` nodes in one queue; a reader waits on the first writer before it. */
import { curatorLayout } from './curator-mutex';
import { byText, defineRecipe } from './recipe';

// Curator writes the lock data it was given (`InterProcessReadWriteLock(client, path, lockData)`), else the client's address.
const READ = curatorLayout('curator-read', '__READ__');
const WRITE = curatorLayout('curator-write', '__WRIT__');

export const curatorRwLock = defineRecipe({
  id: 'curator-rwlock',
  name: 'Curator InterProcessReadWriteLock',
  layouts: [READ, WRITE],
  // A thread that holds the write lock may take the read lock too.
  ownerHoldsBothModes: true,
  queue: { watch: 'data', sort: byText, readers: { layouts: [READ], waitOn: 'first-writer' } },
});
