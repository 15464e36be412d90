/** Kazoo's Lock: `<hex32>__lock__N`, each waiter reads its predecessor's data. */
import { byText, defineRecipe, sequentialLayout } from './recipe';

/** A Kazoo name's owner: the node's 32-hex prefix. */
export const kazooOwner = (name: string): string => name.slice(0, 32);

export const KAZOO_LOCK = sequentialLayout('kazoo-lock', '[0-9a-f]{32}__lock__', kazooOwner);

export const kazooLock = defineRecipe({
  id: 'kazoo-lock',
  name: 'Kazoo Lock',
  candidates: ['Kazoo Lock', 'Kazoo WriteLock with no reader waiting'],
  layouts: [KAZOO_LOCK],
  queue: { watch: 'data', sort: byText },
});
