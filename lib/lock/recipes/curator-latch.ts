/** Curator's LeaderLatch: `_c_<uuid>-latch-N`, the lowest leads, each other watches the one before it. */
import { curatorOwner } from './curator-mutex';
import { byText, defineRecipe, sequentialLayout, UUID } from './recipe';

export const curatorLatch = defineRecipe({
  id: 'curator-latch',
  name: 'Curator LeaderLatch',
  layouts: [sequentialLayout('curator-latch', `_c_${UUID}-latch-`, curatorOwner)],
  queue: { watch: 'data', sort: byText },
});
