/** ZooKeeper's own WriteLock recipe (zookeeper-recipes-lock): `x-<session>-N`, sorted by ZNodeName's number, an exists watch on the predecessor. */
import { defineRecipe, numericKey, sequentialLayout, type SortRule } from './recipe';

// ZooKeeper's ZNodeName reads the number after the last '-', so a wrapped `-000000001` reads as 1.
const byWriteLockNumber: SortRule = {
  id: 'writelock',
  key: (entry) => {
    const name = entry.name;
    const cut = name.lastIndexOf('-');
    return `${numericKey(Number.parseInt(name.slice(cut + 1), 10))}\u0001${name.slice(0, cut)}`;
  },
};

export const zkWriteLock = defineRecipe({
  id: 'zk-writelock',
  name: "ZooKeeper recipes' WriteLock",
  layouts: [sequentialLayout('zk-write', 'x-\\d+-', (name) => name.slice(2, name.indexOf('-', 2)))],
  queue: { watch: 'exists', sort: byWriteLockNumber },
});
