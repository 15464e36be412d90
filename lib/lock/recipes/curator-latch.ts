/** Curator's LeaderLatch: `_c_<uuid>-latch-N`, the lowest leads, each other watches the one before it. */
import { curatorLayout } from './curator-mutex';
import { byText, defineRecipe } from './recipe';

export const curatorLatch = defineRecipe({
  id: 'curator-latch',
  name: 'Curator LeaderLatch',
  // A latch writes its participant id (empty by default), which names its client where it is the client's address.
  layouts: [curatorLayout('curator-latch', 'latch-')],
  queue: { watch: 'data', sort: byText },
});
