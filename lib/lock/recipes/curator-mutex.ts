/** Curator's InterProcessMutex (and LeaderSelector, InterProcessMultiLock): protected `_c_<uuid>-lock-N`, each waiter reads its predecessor's data. */
import { byText, defineRecipe, sequentialLayout, UUID } from './recipe';

/** A protected Curator name's owner: the UUID after `_c_`. */
export const curatorOwner = (name: string): string => name.slice(3, 39);

export const CURATOR_LOCK = sequentialLayout('curator-lock', `_c_${UUID}-lock-`, curatorOwner);

export const curatorMutex = defineRecipe({
  id: 'curator-mutex',
  name: 'Curator lock (InterProcessMutex layout)',
  candidates: ['Curator InterProcessMutex', 'Curator LeaderSelector', 'a part of Curator InterProcessMultiLock'],
  layouts: [CURATOR_LOCK],
  queue: { watch: 'data', sort: byText },
});
