/**
 * Hadoop's automatic failover (HDFS NameNode, YARN ResourceManager): each failover controller
 * tries to create the ephemeral `<parent>/<nameservice or cluster>/ActiveStandbyElectorLock`;
 * the one that does is active, the others watch it with `exists` and stand by. The active one
 * also writes its data into the persistent `ActiveBreadCrumb` beside it, which the next active
 * reads to fence the last one. The data is the application's: HDFS writes an `ActiveNodeInfo`
 * protobuf, YARN an `ActiveRMInfoProto`.
 */
import { nameOf, parentPath } from '../../zk/path';
import { bytesOf } from '../data';
import { defineSystem, fields, pathEnding, protoNumber, protoString, readProto, type Identity, type SystemNode, type SystemNote, say } from './system';

const LOCK = 'ActiveStandbyElectorLock';
const BREADCRUMB = 'ActiveBreadCrumb';

/**
 * HDFS's `ActiveNodeInfo` (nameserviceId 1, namenodeId 2, hostname 3, port 4, zkfcPort 5, all
 * required) or YARN's `ActiveRMInfoProto` (clusterId 1, rmId 2): told apart by the hostname and
 * ports only HDFS writes.
 */
export function decodeActiveData(node: Pick<SystemNode, 'data'>): Identity | null {
  const bytes = bytesOf(node.data);
  const message = bytes === null ? null : readProto(bytes);
  if (message === null) return null;
  const first = protoString(message, 1);
  const second = protoString(message, 2);
  if (first === null || second === null) return null;
  const hostname = protoString(message, 3);
  const port = protoNumber(message, 4);
  if (hostname !== null && port !== null) {
    return {
      identity: `NameNode ${second} (${hostname}:${port})`,
      decoded: fields([
        ['nameservice', first],
        ['NameNode', second],
        ['host', hostname],
        ['RPC port', port],
        ['ZKFC port', protoNumber(message, 5)],
      ]),
    };
  }
  if (message.size > 2) return null;
  return { identity: `ResourceManager ${second}`, decoded: fields([['cluster', first], ['ResourceManager', second]]) };
}

export const hadoopHa = defineSystem({
  id: 'hadoop-ha',
  name: 'Hadoop HA (ZKFailoverController)',
  sources: [
    'hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/ha/ActiveStandbyElector.java',
    'hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/tools/DFSZKFailoverController.java',
    'hadoop-hdfs-project/hadoop-hdfs/src/main/proto/HAZKInfo.proto',
    'hadoop-yarn-project/hadoop-yarn/hadoop-yarn-server/hadoop-yarn-server-resourcemanager/src/main/java/org/apache/hadoop/yarn/server/resourcemanager/ActiveStandbyElectorBasedElectorService.java',
    'hadoop-yarn-project/hadoop-yarn/hadoop-yarn-api/src/main/proto/server/yarn_server_resourcemanager_service_protos.proto',
  ],
  layouts: [
    {
      id: 'active-standby-elector',
      longHolds: true,
      path: pathEnding(LOCK),
      recipes: ['single-node'],
      selfLock: LOCK,
      role: (path, holder, language) => {
        const of = nameOf(parentPath(path));
        if (holder?.identity.startsWith('NameNode')) return say(language, `HDFS NameNode failover of nameservice ${of}: the holder's NameNode is active`, `nameservice ${of} 的 HDFS NameNode 故障切换：持有者的 NameNode 为 active`);
        if (holder?.identity.startsWith('ResourceManager')) {
          return say(language, `YARN ResourceManager failover of cluster ${of}: the holder's ResourceManager is active`, `集群 ${of} 的 YARN ResourceManager 故障切换：持有者的 ResourceManager 为 active`);
        }
        return say(language, `active/standby election of ${of}: the holder is active, the failover controllers watching it stand by`, `${of} 的主备选举：持有者为 active，监视它的故障切换控制器为 standby`);
      },
      identify: decodeActiveData,
      auxiliaryParents: (path) => [parentPath(path)],
      note: (evidence): SystemNote | null => {
        const crumb = evidence.listing(parentPath(evidence.path)).find((node) => node.name === BREADCRUMB);
        if (crumb === undefined) return null;
        const last = decodeActiveData(crumb)?.identity ?? null;
        if (last === null) return null;
        const holder = evidence.nodes[0]?.identity ?? null;
        if (holder === null) return { kind: 'last-active', values: { last } };
        return holder === last ? { kind: 'holder-active', values: {} } : { kind: 'not-fenced', values: { last } };
      },
      sayNote: ({ kind, values }, language) => {
        if (kind === 'last-active') return say(language, `${BREADCRUMB} names ${values.last}, the last active: the next active fences it before it takes over.`, `${BREADCRUMB} 记着上一个 active：${values.last}；下一个 active 接管前先隔离它。`);
        if (kind === 'holder-active') return say(language, `${BREADCRUMB} names the holder, the active one.`, `${BREADCRUMB} 记着的就是持有者，即当前 active。`);
        // The new active fences the last before it writes its own name there: fencing (sshfence, a script) can take a while, and is not a fault until it fails, when the holder quits the election.
        return say(language, `${BREADCRUMB} names ${values.last}, the active before: the holder fences it first, then writes its own name there.`, `${BREADCRUMB} 记着之前的 active：${values.last}；持有者先隔离它，再写入自己的名字。`);
      },
    },
  ],
});
