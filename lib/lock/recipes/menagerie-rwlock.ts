/** menagerie's ReentrantZkReadWriteLock: `readLock-N` and `writeLock-N`; a reader waits on the nearest writer before it. */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

const READ = sequentialLayout('menagerie-read', 'readLock-');

export const menagerieRwLock = defineRecipe({
  id: 'menagerie-rwlock',
  name: 'menagerie ReentrantZkReadWriteLock',
  layouts: [READ, sequentialLayout('menagerie-write', 'writeLock-')],
  queue: { watch: 'exists', sort: byValue, readers: { layouts: [READ], waitOn: 'nearest-writer' } },
});
