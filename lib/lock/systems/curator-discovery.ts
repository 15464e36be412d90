/**
 * Apache Curator's service discovery (curator-x-discovery): each instance of a service registers
 * itself as `<basePath>/<service name>/<instance id>`, ephemeral for a `DYNAMIC` instance (the
 * default), its id a random UUID unless given, its data the `ServiceInstance` as
 * `JsonInstanceSerializer` writes it:
 * `{"name":…,"id":…,"address":…,"port":…,"sslPort":…,"payload":…,"registrationTimeUTC":…,"serviceType":"DYNAMIC","uriSpec":…}`.
 * A membership of a service, not a lock, though every child is an ephemeral leaf: the base path
 * is the application's (`/services`, `/discovery`, …), so the data proves it.
 */
import { defineSystem, fields, jsonOf, say, timeField, type Identity, type SystemNode } from './system';

const SERVICE_TYPES = new Set(['DYNAMIC', 'DYNAMIC_SEQUENTIAL', 'STATIC', 'PERMANENT']);

/** A registered instance: its service, its id and where it listens; null when the data is no `ServiceInstance`. */
export function decodeInstance(node: Pick<SystemNode, 'data'>): Identity | null {
  const json = jsonOf(node.data);
  if (json === null || typeof json.name !== 'string' || typeof json.id !== 'string' || typeof json.serviceType !== 'string' || !SERVICE_TYPES.has(json.serviceType) || typeof json.registrationTimeUTC !== 'number') return null;
  const address = typeof json.address === 'string' ? `${json.address}${typeof json.port === 'number' ? `:${json.port}` : ''}` : null;
  return {
    identity: `${json.name} instance ${address ?? json.id}`,
    decoded: fields([
      ['service', json.name],
      ['instance id', json.id],
      ['address', json.address],
      ['port', json.port],
      ['TLS port', json.sslPort],
      ['registered at', timeField(json.registrationTimeUTC)],
      ['type', json.serviceType],
      ['URI spec', typeof json.uriSpec === 'object' ? undefined : json.uriSpec],
    ]),
  };
}

export const curatorDiscovery = defineSystem({
  id: 'curator-discovery',
  name: 'Apache Curator service discovery',
  sources: [
    'curator-x-discovery/src/main/java/org/apache/curator/x/discovery/details/ServiceDiscoveryImpl.java',
    'curator-x-discovery/src/main/java/org/apache/curator/x/discovery/details/JsonInstanceSerializer.java',
    'curator-x-discovery/src/main/java/org/apache/curator/x/discovery/ServiceInstance.java',
  ],
  layouts: [
    {
      id: 'instances',
      longHolds: true,
      notALock: true,
      path: /^\/.+$/,
      recipes: ['single-node'],
      role: (_path, _holder, language) => say(language, "a service's registered instances: a membership, not a lock", '服务已注册的实例：是成员关系，不是锁'),
      identify: decodeInstance,
      proves: (evidence) => evidence.nodes.length > 0 && evidence.nodes.every((node) => node.identity !== null),
    },
  ],
});
