/** go-zookeeper's Lock: `_c_<hex32>-lock-N`, sorted by sequence number. */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

export const goZookeeper = defineRecipe({
  id: 'go-zookeeper',
  name: 'go-zookeeper Lock',
  layouts: [sequentialLayout('go-lock', '_c_[0-9a-f]{32}-lock-')],
  queue: { watch: 'data', sort: byValue },
});
