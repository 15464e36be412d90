/**
 * Apache Pulsar: the broker that creates the ephemeral `/loadbalance/leader` runs the load
 * manager's leader duties (`LeaderElectionService`); its data is JSON naming the broker
 * (`serviceUrl`, and since 2.10 `brokerId`).
 */
import { defineSystem, fields, jsonOf, pathEnding, type Identity, type SystemNode, say } from './system';

/** The leader broker's JSON. */
export function decodeLeaderBroker(node: Pick<SystemNode, 'data'>): Identity | null {
  const json = jsonOf(node.data);
  const url = json?.serviceUrl;
  const id = json?.brokerId;
  if (typeof url !== 'string' && typeof id !== 'string') return null;
  return { identity: `broker ${typeof id === 'string' ? id : url}`, decoded: fields([['broker', id], ['service URL', url]]) };
}

export const pulsar = defineSystem({
  id: 'pulsar',
  name: 'Apache Pulsar',
  sources: [
    'pulsar-broker/src/main/java/org/apache/pulsar/broker/loadbalance/LeaderElectionService.java',
    'pulsar-broker/src/main/java/org/apache/pulsar/broker/loadbalance/LeaderBroker.java',
    'pulsar-metadata/src/main/java/org/apache/pulsar/metadata/coordination/impl/LeaderElectionImpl.java',
  ],
  layouts: [
    {
      id: 'load-manager-leader',
      longHolds: true,
      path: pathEnding('loadbalance/leader'),
      recipes: ['single-node'],
      selfLock: 'leader',
      role: (_path, _holder, language) => say(language, 'load manager leader election: the holder is the leader broker', '负载管理器领导者选举：持有者是 leader broker'),
      identify: decodeLeaderBroker,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null),
    },
  ],
});
