/** Kazoo's Lock: `<hex32>__lock__N`, each waiter reads its predecessor's data. */
import { hostIn } from './data-client';
import { byText, defineRecipe, sequentialLayout, type Layout } from './recipe';

/** A Kazoo name's owner: the node's 32-hex prefix. */
export const kazooOwner = (name: string): string => name.slice(0, 32);

/** What a Kazoo node's data says of its client: Kazoo writes the lock's `identifier` (`client.Lock(path, identifier)`), a host or address where the application made it one. */
export const kazooDataClient = hostIn;

/** A Kazoo lock layout: `<hex32><prefix>N`, owned by its hex, its client named by its identifier. */
export function kazooLayout(kind: string, prefix: string): Layout {
  return { ...sequentialLayout(kind, `[0-9a-f]{32}${prefix}`, kazooOwner), dataClient: kazooDataClient };
}

export const KAZOO_LOCK = kazooLayout('kazoo-lock', '__lock__');

export const kazooLock = defineRecipe({
  id: 'kazoo-lock',
  name: 'Kazoo Lock',
  candidates: ['Kazoo Lock', 'Kazoo WriteLock with no reader waiting'],
  layouts: [KAZOO_LOCK],
  queue: { watch: 'data', sort: byText },
});
