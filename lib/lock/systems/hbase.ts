/**
 * Apache HBase: the master that creates the ephemeral `<znode.parent>/master` is active; the
 * others register under `backup-masters/<host>,<port>,<startcode>` and watch the master node.
 * HBase 1.x locked tables with `table-lock/<table>/read-N|write-N` (ZooKeeper's documented
 * shared lock). Every node's data goes through `RecoverableZooKeeper`: a 0xFF magic byte, the
 * length of the writer's id, the id (`<pid>@<host>`) and 8 bytes of salt, then `PBUF` and the
 * protobuf (`Master`, `TableLock`), or for a backup master the same `Master`.
 */
import { nameOf } from '../../zk/path';
import { bytesOf } from '../data';
import { isoTime, pathEnding, protoMessage, protoNumber, protoString, readProto, defineSystem, fields, type Identity, type ProtoValue, type SystemNode, say } from './system';

const META_MAGIC = 0xff;
const PB_MAGIC = [0x50, 0x42, 0x55, 0x46]; // "PBUF"

/** HBase's data without `RecoverableZooKeeper`'s header, and the writer's id (`<pid>@<host>`) from it; null when the bytes are not HBase's. */
export function hbaseData(bytes: Uint8Array): { writer: string | null; message: Map<number, ProtoValue> } | null {
  let body = bytes;
  let writer: string | null = null;
  if (body.length > 5 && body[0] === META_MAGIC) {
    const idLength = new DataView(body.buffer, body.byteOffset + 1, 4).getInt32(0);
    if (idLength < 8 || 5 + idLength > body.length) return null;
    const id = body.subarray(5, 5 + idLength - 8);
    writer = new TextDecoder().decode(id);
    body = body.subarray(5 + idLength);
  }
  if (body.length < 4 || PB_MAGIC.some((byte, index) => body[index] !== byte)) return null;
  const message = readProto(body.subarray(4));
  return message === null ? null : { writer, message };
}

/** A `ServerName` (host_name 1, port 2, start_code 3) as HBase writes it: `host,port,startcode`. */
function serverName(message: Map<number, ProtoValue> | null): { host: string; port: number | null; startCode: number | null } | null {
  const host = message === null ? null : protoString(message, 1);
  return host === null ? null : { host, port: protoNumber(message!, 2), startCode: protoNumber(message!, 3) };
}

/** The `Master` record of the master node or of a backup master's. */
export function decodeMaster(node: Pick<SystemNode, 'data'>): Identity | null {
  const bytes = bytesOf(node.data);
  const read = bytes === null ? null : hbaseData(bytes);
  const server = serverName(read === null ? null : protoMessage(read.message, 1));
  if (read === null || server === null) return null;
  return {
    identity: `master ${server.host}:${server.port ?? '?'}`,
    decoded: fields([
      ['server', `${server.host},${server.port ?? ''},${server.startCode ?? ''}`],
      ['info port', protoNumber(read.message, 3)],
      ['RPC version', protoNumber(read.message, 2)],
      ['written by', read.writer],
    ]),
  };
}

/** A backup master: named by its node (`host,port,startcode`), its data the same `Master` record. */
export function decodeBackupMaster(node: Pick<SystemNode, 'data' | 'name'>): Identity | null {
  const match = /^([^,]+),(\d+),(\d+)$/.exec(node.name);
  if (match === null) return null;
  return { identity: `backup master ${match[1]}:${match[2]}`, decoded: decodeMaster(node)?.decoded ?? fields([['server', node.name]]) };
}

/** A table lock's `TableLock` record (table_name 1, lock_owner 2, thread_id 3, is_shared 4, purpose 5, create_time 6). */
export function decodeTableLock(node: Pick<SystemNode, 'data'>): Identity | null {
  const bytes = bytesOf(node.data);
  const read = bytes === null ? null : hbaseData(bytes);
  if (read === null) return null;
  const owner = serverName(protoMessage(read.message, 2));
  const table = protoMessage(read.message, 1);
  const namespace = table === null ? null : protoString(table, 1);
  const qualifier = table === null ? null : protoString(table, 2);
  const created = protoNumber(read.message, 6);
  const purpose = protoString(read.message, 5);
  return {
    identity: owner === null ? (purpose ?? 'a table lock') : `${owner.host}:${owner.port ?? '?'}${purpose === null ? '' : ` (${purpose})`}`,
    decoded: fields([
      ['table', qualifier === null ? undefined : namespace === null || namespace === 'default' ? qualifier : `${namespace}:${qualifier}`],
      ['owner', owner === null ? undefined : `${owner.host},${owner.port ?? ''},${owner.startCode ?? ''}`],
      ['thread', protoNumber(read.message, 3)],
      ['shared', read.message.has(4) ? protoNumber(read.message, 4) === 1 : undefined],
      ['purpose', purpose],
      ['created at', created === null ? undefined : isoTime(created)],
      ['written by', read.writer],
    ]),
  };
}

const SOURCES = [
  'hbase-zookeeper/src/main/java/org/apache/hadoop/hbase/zookeeper/MasterAddressTracker.java',
  'hbase-server/src/main/java/org/apache/hadoop/hbase/master/ActiveMasterManager.java',
  'hbase-zookeeper/src/main/java/org/apache/hadoop/hbase/zookeeper/RecoverableZooKeeper.java',
  'hbase-protocol/src/main/protobuf/ZooKeeper.proto',
  'hbase-server/src/main/java/org/apache/hadoop/hbase/zookeeper/lock/ZKInterProcessLockBase.java (1.x)',
  'hbase-server/src/main/java/org/apache/hadoop/hbase/zookeeper/lock/ZKInterProcessReadLock.java (1.x)',
];

export const hbase = defineSystem({
  id: 'hbase',
  name: 'Apache HBase',
  sources: SOURCES,
  layouts: [
    {
      id: 'master',
      longHolds: true,
      path: pathEnding('master'),
      recipes: ['single-node'],
      selfLock: 'master',
      role: (_path, _holder, language) => say(language, 'active master election: the holder is the active master, the backup masters watch the node', 'active master 选举：持有者是 active master，backup master 监视该节点'),
      identify: decodeMaster,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null),
    },
    {
      id: 'backup-masters',
      longHolds: true,
      path: pathEnding('backup-masters'),
      recipes: ['single-node'],
      role: (_path, _holder, language) => say(language, 'backup masters: each standby master registered, waiting for the master node to go', 'backup master：每个已注册的备用 master，等待 master 节点消失'),
      identify: decodeBackupMaster,
      proves: (evidence) => evidence.nodes.length > 0 && evidence.nodes.every((node) => node.identity !== null),
    },
    {
      id: 'table-lock',
      path: pathEnding('table-lock/[^/]+'),
      recipes: ['zk-shared-lock'],
      role: (path, _holder, language) => say(language, `table lock of ${nameOf(path)} (HBase 1.x): schema changes write, region operations read`, `表 ${nameOf(path)} 的表锁（HBase 1.x）：schema 变更加写锁，region 操作加读锁`),
      identify: decodeTableLock,
    },
  ],
});

