/**
 * Apache Kafka before KRaft: the broker that creates the ephemeral `/controller` is the
 * controller, every other broker watches it (`exists`) to run the next election; its data is
 * JSON, `{"version":1|2,"brokerid":3,"timestamp":"…"}` (version 2 adds `kraftControllerEpoch`,
 * during a migration to KRaft). `/controller_epoch` (persistent) counts the elections. Every live
 * broker registers the ephemeral `/brokers/ids/<id>` (JSON with its host, port and endpoints): a
 * membership, not a lock, named so that it is not taken for one. Its change notifications are
 * persistent sequential nodes, `<queue>/<prefix><10 digits>`, that the controller or every broker
 * reads and the controller deletes (`isr_change_notification/isr_change_`,
 * `log_dir_event_notification/log_dir_event_`, `config/changes/config_change_`,
 * `kafka-acl-changes/acl_changes_`, `kafka-acl-extended-changes/acl_changes_`): queues, not locks,
 * though their names are sequential; one may change hundreds of times a second.
 */
import { nameOf } from '../../zk/path';
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

/** Each notification queue of Kafka's and the names of its nodes (the prefix and ten digits). */
const NOTIFICATION_QUEUES: ReadonlyArray<readonly [string, RegExp]> = [
  ['isr_change_notification', /^isr_change_\d{10}$/],
  ['log_dir_event_notification', /^log_dir_event_\d{10}$/],
  ['config/changes', /^config_change_\d{10}$/],
  ['kafka-acl-changes', /^acl_changes_\d{10}$/],
  ['kafka-acl-extended-changes', /^acl_changes_\d{10}$/],
];

/** The names of the notifications a queue at `path` holds; null when the path is no queue of Kafka's. */
function notificationName(path: string): RegExp | null {
  return NOTIFICATION_QUEUES.find(([queue]) => path.endsWith(`/${queue}`))?.[1] ?? null;
}

/** A notification: what it tells, from its data (`{"version":1,"partitions":[…]}`, `{"version":2,"entity_path":…}`, `{"version":1,"broker":…}`, or an ACL's resource as text). */
export function decodeNotification(node: Pick<SystemNode, 'data' | 'name'>): Identity | null {
  const json = jsonOf(node.data);
  const partitions = Array.isArray(json?.partitions) ? (json.partitions as Array<{ topic?: unknown; partition?: unknown }>).map((one) => `${String(one.topic)}-${String(one.partition)}`) : null;
  const told = partitions !== null ? `ISR change of ${partitions.join(', ')}` : typeof json?.entity_path === 'string' ? `config change of ${json.entity_path}` : typeof json?.broker === 'number' ? `log dir event of broker ${json.broker}` : json === null && node.data?.text ? `ACL change of ${node.data.text}` : null;
  return told === null ? null : { identity: told, decoded: fields([['notification', node.name], ['version', json?.version]]) };
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
    {
      id: 'change-notifications',
      notALock: true,
      path: pathEnding(`(?:${NOTIFICATION_QUEUES.map(([queue]) => queue).join('|')})`),
      recipes: ['generic'],
      role: (path, _holder, language) => say(language, `change notifications (${nameOf(path)}): a queue the brokers read, not a lock`, `变更通知（${nameOf(path)}）：broker 读取的队列，不是锁`),
      identify: decodeNotification,
      // Every node a persistent one named as the queue's own (the names alone: a notification's data may be any).
      proves: (evidence) => {
        const name = notificationName(evidence.path);
        return name !== null && evidence.nodes.length > 0 && evidence.nodes.every((node) => !node.ephemeral && name.test(node.name));
      },
    },
  ],
});
