/** Kazoo's ReadLock and WriteLock on one path: `__rlock__` readers among `__lock__` writers; a reader waits on the nearest writer before it. */
import { KAZOO_LOCK, kazooLayout } from './kazoo-lock';
import { byText, defineRecipe } from './recipe';

const READ = kazooLayout('kazoo-read', '__rlock__');

export const kazooRwLock = defineRecipe({
  id: 'kazoo-rwlock',
  name: 'Kazoo ReadLock / WriteLock',
  layouts: [KAZOO_LOCK, READ],
  // With only writers left it looks like a Kazoo Lock: it stays what it was.
  keepsHint: true,
  queue: { watch: 'data', sort: byText, readers: { layouts: [READ], waitOn: 'nearest-writer' } },
});
