/**
 * Apache Kafka before KRaft: the broker that creates the ephemeral `/controller` is the
 * controller, every other broker watches it (`exists`) to run the next election; its data is
 * JSON, `{"version":1|2,"brokerid":3,"timestamp":"…"}` (version 2 adds `kraftControllerEpoch`,
 * during a migration to KRaft). `/controller_epoch` (persistent) counts the elections. Every live
 * broker registers the ephemeral `/brokers/ids/<id>` (JSON with its host, port and endpoints): a
 * membership, not a lock, named so that it is not taken for one.
 */
import { defineSystem, fields, jsonOf, pathEnding, timeField, type Identity, type SystemNode, say } from './system';

/** The controller's data: the broker id (an integer) proves it Kafka's. */
export function decodeController(node: Pick<SystemNode, 'data'>): Identity | null {
  const json = jsonOf(node.data);
  const broker = json?.brokerid;
  if (json === null || typeof broker !== 'number' || !Number.isInteger(broker)) return null;
  return {
    identity: `broker ${broker}`,
    decoded: fields([
      ['broker', broker],
      ['elected at', timeField(json.timestamp)],
      ['version', json.version],
      ['KRaft controller epoch', json.kraftControllerEpoch],
    ]),
  };
}

/** A broker's registration: its id is the node's name, its JSON says where it listens. */
export function decodeBroker(node: Pick<SystemNode, 'data' | 'name'>): Identity | null {
  if (!/^\d+$/.test(node.name)) return null;
  const json = jsonOf(node.data);
  if (json === null) return null;
  const endpoints = Array.isArray(json.endpoints) ? json.endpoints.join(', ') : undefined;
  return {
    identity: `broker ${node.name}`,
    decoded: fields([
      ['broker', node.name],
      ['host', json.host],
      ['port', json.port],
      ['endpoints', endpoints],
      ['rack', json.rack],
      ['registered at', timeField(json.timestamp)],
    ]),
  };
}

export const kafka = defineSystem({
  id: 'kafka',
  name: 'Apache Kafka (ZooKeeper mode)',
  sources: ['core/src/main/scala/kafka/zk/ZkData.scala', 'core/src/main/scala/kafka/zk/KafkaZkClient.scala', 'core/src/main/scala/kafka/controller/KafkaController.scala'],
  layouts: [
    {
      id: 'controller',
      longHolds: true,
      path: pathEnding('controller'),
      recipes: ['single-node'],
      selfLock: 'controller',
      role: (_path, _holder, language) => say(language, 'controller election: the holder is the controller, every other broker watches the node', 'controller 选举：持有者是 controller，其余 broker 都监视该节点'),
      identify: decodeController,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null),
    },
    {
      id: 'broker-registrations',
      longHolds: true,
      path: pathEnding('brokers/ids'),
      recipes: ['single-node'],
      role: (_path, _holder, language) => say(language, "broker registrations: each live broker's node, a membership, not a lock", 'broker 注册：每个存活 broker 的节点，是成员关系，不是锁'),
      identify: decodeBroker,
      proves: (evidence) => evidence.nodes.length > 0 && evidence.nodes.every((node) => node.identity !== null),
    },
  ],
});
