/** Kazoo's ReadLock and WriteLock on one path: `__rlock__` readers among `__lock__` writers; a reader waits on the nearest writer before it. */
import { KAZOO_LOCK, kazooOwner } from './kazoo-lock';
import { byText, defineRecipe, sequentialLayout } from './recipe';

const READ = sequentialLayout('kazoo-read', '[0-9a-f]{32}__rlock__', kazooOwner);

export const kazooRwLock = defineRecipe({
  id: 'kazoo-rwlock',
  name: 'Kazoo ReadLock / WriteLock',
  layouts: [KAZOO_LOCK, READ],
  // With only writers left it looks like a Kazoo Lock: it stays what it was.
  keepsHint: true,
  queue: { watch: 'data', sort: byText, readers: { layouts: [READ], waitOn: 'nearest-writer' } },
});
