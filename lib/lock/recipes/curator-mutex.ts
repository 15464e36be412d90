/** Curator's InterProcessMutex (and LeaderSelector, InterProcessMultiLock): protected `_c_<uuid>-lock-N`, each waiter reads its predecessor's data. */
import { ipAddressIn } from './data-client';
import { byText, defineRecipe, sequentialLayout, UUID, type Layout } from './recipe';

/** A protected Curator name's owner: the UUID after `_c_`. */
export const curatorOwner = (name: string): string => name.slice(3, 39);

/**
 * What a Curator node's data says of its client: Curator writes the client's IP address unless the
 * recipe is given data of its own (`CuratorFrameworkFactory`'s defaultData, `InetAddress.getLocalHost().getHostAddress()`).
 */
export const curatorDataClient = ipAddressIn;

/** A Curator layout: its protected name, its owner, its client named by the address Curator writes. */
export function curatorLayout(kind: string, prefix: string): Layout {
  return { ...sequentialLayout(kind, `_c_${UUID}-${prefix}`, curatorOwner), dataClient: curatorDataClient };
}

export const CURATOR_LOCK = curatorLayout('curator-lock', 'lock-');

export const curatorMutex = defineRecipe({
  id: 'curator-mutex',
  name: 'Curator lock (InterProcessMutex layout)',
  candidates: ['Curator InterProcessMutex', 'Curator LeaderSelector', 'a part of Curator InterProcessMultiLock'],
  layouts: [CURATOR_LOCK],
  queue: { watch: 'data', sort: byText },
});
