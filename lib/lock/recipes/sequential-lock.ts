/** The plain `lock-N` lock (menagerie's ReentrantZkLock, ZooKeeper's documented lock, hand-written ones): an exists watch on the predecessor. */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

export const sequentialLock = defineRecipe({
  id: 'sequential-lock',
  name: 'Sequential lock (lock-N nodes)',
  candidates: ['menagerie ReentrantZkLock', "ZooKeeper's documented lock recipe", 'a hand-written lock'],
  layouts: [sequentialLayout('lock-seq', 'lock-')],
  herdPossible: true,
  queue: { watch: 'exists', sort: byValue },
});
