/**
 * The locks of real systems as the systems make them, each written from the source file it
 * cites: the same paths, node types, names and data bytes. The unit tests read them as the
 * explorer would (`systems.test.ts`); the integration test creates them on a real ZooKeeper
 * with raw sessions, one session a contender, and finds them named (`server/systems.int.test.ts`).
 */

/** How a node is created: its type decides whether it is a contender (ephemeral) and whether ZooKeeper appends a sequence. */
export type FixtureMode = 'persistent' | 'persistent-sequential' | 'ephemeral' | 'ephemeral-sequential';

/** One node the system creates: by which contender's session (null: none, a persistent node), its path (a sequential one's prefix), its data. */
export interface FixtureNode {
  /** The path, or for a name that holds the creator's session id (Solr's), made from it. */
  path: string | ((sessionId: bigint) => string);
  mode: FixtureMode;
  /** The data, or for data that names a node created before (Solr's leader node), made from the paths created so far. */
  data: Uint8Array | null | ((created: readonly string[]) => Uint8Array);
  /** The contender whose session creates it; null for persistent nodes. */
  contender: number | null;
}

export interface SystemFixture {
  /** The system module and its layout. */
  system: string;
  layout: string;
  /** The file of the system's source these nodes follow. */
  source: string;
  /** The lock path the explorer should list (or, for nodes that make no lock, the parent it reads and stops following). */
  lock: string;
  /** Created in this order; parents are made as needed (persistent, no data). */
  nodes: FixtureNode[];
  expect: {
    recipe: string;
    system: string;
    /** Part of the role the lock is given. */
    role: string;
    /** The identities of the lock's nodes in queue order. */
    identities: Array<string | null>;
    /** Fields of the holder's decoded data. */
    decoded?: Record<string, string>;
    /** Part of the note from what the system keeps beside the lock. */
    note?: string;
    /** Other locks the same nodes make, each named too (a Solr shard's leader node stands alone under `leaders/<shard>`). */
    alsoListed?: Array<{ lock: string; recipe: string; system: string; role: string; identities: Array<string | null> }>;
    /** The nodes are the system's but make no lock (a notification queue, a service's instances): named once read, then no longer followed nor listed. */
    notALock?: true;
  };
}

// ---- the encodings the systems use ----

const utf8 = new TextEncoder();

/** UTF-8 bytes, as `String.getBytes(UTF_8)` gives them. */
export function text(value: string): Uint8Array {
  return utf8.encode(value);
}

/** JSON as the systems write it (Jackson, Scala's `Json.encodeAsBytes`, Solr's `Utils.toJSON`): compact. */
export function json(value: unknown): Uint8Array {
  return text(JSON.stringify(value));
}

/** One field of a protobuf message as protobuf-java writes it: strings and nested messages length-delimited, integers as varints. */
export type ProtoField = readonly [number, string | number | bigint | boolean | Uint8Array];

function varint(value: bigint): number[] {
  const out: number[] = [];
  let rest = BigInt.asUintN(64, value);
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest !== 0n) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0n);
  return out;
}

/** A protobuf message of these fields, in the order given (protobuf-java writes them by field number). */
export function proto(fields: readonly ProtoField[]): Uint8Array {
  const out: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'string' || value instanceof Uint8Array) {
      const bytes = typeof value === 'string' ? text(value) : value;
      out.push(...varint(BigInt((field << 3) | 2)), ...varint(BigInt(bytes.length)), ...bytes);
    } else {
      out.push(...varint(BigInt(field << 3)), ...varint(typeof value === 'boolean' ? (value ? 1n : 0n) : BigInt(value)));
    }
  }
  return Uint8Array.from(out);
}

/**
 * HBase's znode data: `ProtobufUtil.prependPBMagic` (`PBUF`), then `RecoverableZooKeeper.appendMetaData`
 * (0xFF, the length of the id and salt, the id `<pid>@<host>`, 8 bytes of salt).
 */
export function hbaseZnodeData(writer: string, message: Uint8Array): Uint8Array {
  const id = text(writer);
  const salt = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
  const header = new Uint8Array(5);
  header[0] = 0xff;
  new DataView(header.buffer).setInt32(1, id.length + salt.length);
  return Uint8Array.from([...header, ...id, ...salt, ...text('PBUF'), ...message]);
}

/** HBase's `ServerName`: host_name 1, port 2, start_code 3. */
function serverName(host: string, port: number, startCode: number): Uint8Array {
  return proto([
    [1, host],
    [2, port],
    [3, startCode],
  ]);
}

const HBASE_START = 1_700_000_000_000;

// ---- the fixtures ----

export const SYSTEM_FIXTURES: SystemFixture[] = [
  {
    system: 'hadoop-ha',
    layout: 'active-standby-elector',
    source: 'hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/tools/DFSZKFailoverController.java (targetToData), HAZKInfo.proto, ActiveStandbyElector.java',
    lock: '/hadoop-ha/mycluster/ActiveStandbyElectorLock',
    nodes: [
      // The last active, recorded before this one took over: nn2.
      {
        path: '/hadoop-ha/mycluster/ActiveBreadCrumb',
        mode: 'persistent',
        data: proto([
          [1, 'mycluster'],
          [2, 'nn2'],
          [3, 'nn2.example.com'],
          [4, 8020],
          [5, 8019],
        ]),
        contender: null,
      },
      {
        path: '/hadoop-ha/mycluster/ActiveStandbyElectorLock',
        mode: 'ephemeral',
        data: proto([
          [1, 'mycluster'],
          [2, 'nn1'],
          [3, 'nn1.example.com'],
          [4, 8020],
          [5, 8019],
        ]),
        contender: 0,
      },
    ],
    expect: {
      recipe: 'single-node',
      system: 'Hadoop HA (ZKFailoverController)',
      role: 'HDFS NameNode failover of nameservice mycluster',
      identities: ['NameNode nn1 (nn1.example.com:8020)'],
      decoded: { nameservice: 'mycluster', NameNode: 'nn1', host: 'nn1.example.com', 'RPC port': '8020', 'ZKFC port': '8019' },
      note: 'ActiveBreadCrumb names NameNode nn2 (nn2.example.com:8020), the active before: the holder fences it first',
    },
  },
  {
    system: 'hadoop-ha',
    layout: 'active-standby-elector',
    source: 'ActiveStandbyElectorBasedElectorService.java (createActiveNodeInfo), yarn_server_resourcemanager_service_protos.proto',
    lock: '/yarn-leader-election/yarn-cluster/ActiveStandbyElectorLock',
    nodes: [
      {
        path: '/yarn-leader-election/yarn-cluster/ActiveStandbyElectorLock',
        mode: 'ephemeral',
        data: proto([
          [1, 'yarn-cluster'],
          [2, 'rm1'],
        ]),
        contender: 0,
      },
    ],
    expect: {
      recipe: 'single-node',
      system: 'Hadoop HA (ZKFailoverController)',
      role: 'YARN ResourceManager failover of cluster yarn-cluster',
      identities: ['ResourceManager rm1'],
      decoded: { cluster: 'yarn-cluster', ResourceManager: 'rm1' },
    },
  },
  {
    system: 'kafka',
    layout: 'controller',
    source: 'core/src/main/scala/kafka/zk/ZkData.scala (ControllerZNode.encode, ControllerEpochZNode)',
    lock: '/controller',
    nodes: [
      { path: '/controller_epoch', mode: 'persistent', data: text('7'), contender: null },
      { path: '/controller', mode: 'ephemeral', data: json({ version: 1, brokerid: 3, timestamp: '1700000000000' }), contender: 0 },
    ],
    expect: {
      recipe: 'single-node',
      system: 'Apache Kafka (ZooKeeper mode)',
      role: 'controller election',
      identities: ['broker 3'],
      decoded: { broker: '3', 'elected at': '2023-11-14T22:13:20.000Z', version: '1' },
    },
  },
  {
    system: 'kafka',
    layout: 'broker-registrations',
    source: 'core/src/main/scala/kafka/zk/ZkData.scala (BrokerIdZNode.encode)',
    lock: '/kafka-prod/brokers/ids',
    nodes: [
      {
        path: '/kafka-prod/brokers/ids/1',
        mode: 'ephemeral',
        data: json({ listener_security_protocol_map: { PLAINTEXT: 'PLAINTEXT' }, endpoints: ['PLAINTEXT://k1:9092'], jmx_port: -1, host: 'k1', timestamp: '1700000000000', port: 9092, version: 4 }),
        contender: 0,
      },
      {
        path: '/kafka-prod/brokers/ids/2',
        mode: 'ephemeral',
        data: json({ listener_security_protocol_map: { PLAINTEXT: 'PLAINTEXT' }, endpoints: ['PLAINTEXT://k2:9092'], jmx_port: -1, host: 'k2', timestamp: '1700000000000', port: 9092, version: 4 }),
        contender: 1,
      },
    ],
    expect: { recipe: 'single-node', system: 'Apache Kafka (ZooKeeper mode)', role: 'broker registrations', identities: ['broker 1', 'broker 2'], decoded: { broker: '1', host: 'k1', port: '9092' } },
  },
  {
    system: 'hbase',
    layout: 'master',
    source: 'hbase-zookeeper/src/main/java/org/apache/hadoop/hbase/zookeeper/MasterAddressTracker.java (toByteArray), RecoverableZooKeeper.java (appendMetaData), ZooKeeper.proto',
    lock: '/hbase/master',
    nodes: [
      {
        path: '/hbase/master',
        mode: 'ephemeral',
        data: hbaseZnodeData(
          '4242@hmaster1',
          proto([
            [1, serverName('hmaster1', 16000, HBASE_START)],
            [2, 0],
            [3, 16010],
          ]),
        ),
        contender: 0,
      },
    ],
    expect: {
      recipe: 'single-node',
      system: 'Apache HBase',
      role: 'active master election',
      identities: ['master hmaster1:16000'],
      decoded: { server: `hmaster1,16000,${HBASE_START}`, 'info port': '16010', 'RPC version': '0', 'written by': '4242@hmaster1' },
    },
  },
  {
    system: 'hbase',
    layout: 'backup-masters',
    source: 'hbase-server/src/main/java/org/apache/hadoop/hbase/master/ActiveMasterManager.java, HMaster.java (backup master znode)',
    lock: '/hbase/backup-masters',
    nodes: [
      {
        path: `/hbase/backup-masters/hmaster2,16000,${HBASE_START + 1}`,
        mode: 'ephemeral',
        data: hbaseZnodeData('4343@hmaster2', proto([[1, serverName('hmaster2', 16000, HBASE_START + 1)], [3, 16010]])),
        contender: 1,
      },
    ],
    expect: { recipe: 'single-node', system: 'Apache HBase', role: 'backup masters', identities: ['backup master hmaster2:16000'] },
  },
  {
    system: 'hbase',
    layout: 'table-lock',
    source: 'hbase-server/src/main/java/org/apache/hadoop/hbase/zookeeper/lock/ZKInterProcessLockBase.java (1.x), TableLockManager.java (TableLock metadata), ZooKeeper.proto',
    lock: '/hbase/table-lock/usertable',
    nodes: [
      {
        path: '/hbase/table-lock/usertable/write-',
        mode: 'ephemeral-sequential',
        data: hbaseZnodeData(
          '4242@hmaster1',
          proto([
            [1, proto([[1, 'default'], [2, 'usertable']])],
            [2, serverName('hmaster1', 16000, HBASE_START)],
            [3, 57],
            [4, false],
            [5, 'alter'],
            [6, HBASE_START + 5000],
          ]),
        ),
        contender: 0,
      },
      {
        path: '/hbase/table-lock/usertable/read-',
        mode: 'ephemeral-sequential',
        data: hbaseZnodeData(
          '4343@rs1',
          proto([
            [1, proto([[1, 'default'], [2, 'usertable']])],
            [2, serverName('rs1', 16020, HBASE_START + 2)],
            [3, 12],
            [4, true],
            [5, 'region split'],
            [6, HBASE_START + 6000],
          ]),
        ),
        contender: 1,
      },
    ],
    expect: {
      recipe: 'zk-shared-lock',
      system: 'Apache HBase',
      role: 'table lock of usertable',
      identities: ['hmaster1:16000 (alter)', 'rs1:16020 (region split)'],
      decoded: { table: 'usertable', owner: `hmaster1,16000,${HBASE_START}`, thread: '57', shared: 'false', purpose: 'alter' },
    },
  },
  {
    system: 'solr',
    layout: 'overseer-election',
    source: 'solr/core/src/java/org/apache/solr/cloud/LeaderElector.java (joinElection), OverseerElectionContext.java (runLeaderProcess)',
    lock: '/overseer_elect/election',
    nodes: [
      { path: (session) => `/overseer_elect/election/${session}-127.0.0.1:8983_solr-n_`, mode: 'ephemeral-sequential', data: null, contender: 0 },
      { path: (session) => `/overseer_elect/election/${session}-127.0.0.1:7574_solr-n_`, mode: 'ephemeral-sequential', data: null, contender: 1 },
      { path: (session) => `/overseer_elect/election/${session}-127.0.0.1:9999_solr-n_`, mode: 'ephemeral-sequential', data: null, contender: 2 },
      // The leader writes the name of its election node (`{"id": …}`): the first candidate's.
      { path: '/overseer_elect/leader', mode: 'ephemeral', data: (created) => json({ id: created[0]!.slice(created[0]!.lastIndexOf('/') + 1) }), contender: 0 },
    ],
    expect: {
      recipe: 'solr-election',
      system: 'Apache Solr (SolrCloud)',
      role: 'Overseer election',
      identities: ['node 127.0.0.1:8983_solr', 'node 127.0.0.1:7574_solr', 'node 127.0.0.1:9999_solr'],
      note: 'The leader node names the holder: 127.0.0.1:8983_solr',
    },
  },
  {
    system: 'solr',
    layout: 'shard-leader-election',
    source: 'solr/core/src/java/org/apache/solr/cloud/LeaderElector.java, ShardLeaderElectionContextBase.java (the leader props)',
    lock: '/collections/films/leader_elect/shard1/election',
    nodes: [
      { path: (session) => `/collections/films/leader_elect/shard1/election/${session}-core_node2-n_`, mode: 'ephemeral-sequential', data: null, contender: 0 },
      { path: (session) => `/collections/films/leader_elect/shard1/election/${session}-core_node4-n_`, mode: 'ephemeral-sequential', data: null, contender: 1 },
      {
        path: '/collections/films/leaders/shard1/leader',
        mode: 'ephemeral',
        data: json({ core: 'films_shard1_replica_n1', core_node_name: 'core_node2', base_url: 'http://127.0.0.1:8983/solr', node_name: '127.0.0.1:8983_solr' }),
        contender: 0,
      },
    ],
    expect: {
      recipe: 'solr-election',
      system: 'Apache Solr (SolrCloud)',
      role: 'shard leader election of films/shard1',
      identities: ['replica core_node2', 'replica core_node4'],
      note: 'The leader node names the holder: core_node2',
      alsoListed: [
        { lock: '/collections/films/leaders/shard1', recipe: 'single-node', system: 'Apache Solr (SolrCloud)', role: 'shard leader node of films/shard1', identities: ['replica core_node2'] },
      ],
    },
  },
  {
    system: 'elasticjob',
    layout: 'leader-instance',
    source: 'elasticjob-kernel/.../internal/election/LeaderService.java (LeaderElectionExecutionCallback), LeaderNode.java',
    lock: '/elasticjob-demo/billingJob/leader/election/instance',
    nodes: [{ path: '/elasticjob-demo/billingJob/leader/election/instance', mode: 'ephemeral', data: text('10.0.0.5@-@3210'), contender: 0 }],
    expect: { recipe: 'single-node', system: 'Apache ShardingSphere ElasticJob', role: 'leader of job billingJob', identities: ['instance 10.0.0.5@-@3210'], decoded: { host: '10.0.0.5', process: '3210' } },
  },
  {
    system: 'druid',
    layout: 'coordinator',
    source: 'server/src/main/java/org/apache/druid/curator/discovery/CuratorDruidLeaderSelector.java (LeaderLatch with the node URL as id)',
    lock: '/druid/coordinator/_COORDINATOR',
    nodes: [
      { path: '/druid/coordinator/_COORDINATOR/_c_6b1f9a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-latch-', mode: 'ephemeral-sequential', data: text('http://coord1:8081'), contender: 0 },
      { path: '/druid/coordinator/_COORDINATOR/_c_7c2fab4f-2d3e-4f60-9bac-1d2e3f4a5b6c-latch-', mode: 'ephemeral-sequential', data: text('http://coord2:8081'), contender: 1 },
    ],
    expect: { recipe: 'curator-latch', system: 'Apache Druid', role: 'Coordinator leader election', identities: ['Coordinator http://coord1:8081', 'Coordinator http://coord2:8081'] },
  },
  {
    system: 'storm',
    layout: 'nimbus-leader',
    source: 'storm-server/src/main/java/org/apache/storm/zookeeper/Zookeeper.java (zkLeaderElectorImpl: LeaderLatch at /leader-lock)',
    lock: '/storm/leader-lock',
    nodes: [{ path: '/storm/leader-lock/_c_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d-latch-', mode: 'ephemeral-sequential', data: text('nimbus1:6627'), contender: 0 }],
    expect: { recipe: 'curator-latch', system: 'Apache Storm', role: 'Nimbus leader election', identities: ['Nimbus nimbus1:6627'] },
  },
  {
    system: 'flink',
    layout: 'latch',
    source: 'flink-runtime/src/main/java/org/apache/flink/runtime/util/ZooKeeperUtils.java (createLeaderElectionDriverFactory: LeaderLatch at <root>/<cluster-id>/latch)',
    lock: '/flink/default/latch',
    nodes: [
      { path: '/flink/default/latch/_c_2b3c4d5e-6f70-4b8c-9d0e-1f2a3b4c5d6e-latch-', mode: 'ephemeral-sequential', data: null, contender: 0 },
      { path: '/flink/default/latch/_c_3c4d5e6f-7081-4c9d-0e1f-2a3b4c5d6e7f-latch-', mode: 'ephemeral-sequential', data: null, contender: 1 },
    ],
    expect: { recipe: 'curator-latch', system: 'Apache Flink (ZooKeeper HA)', role: 'JobManager leader election', identities: [null, null] },
  },
  {
    system: 'hudi',
    layout: 'table-write-lock',
    source: 'hudi-client/hudi-client-common/src/main/java/org/apache/hudi/client/transaction/lock/ZookeeperBasedLockProvider.java (InterProcessMutex at base_path/lock_key)',
    lock: '/hudi/locks/trips',
    nodes: [
      { path: '/hudi/locks/trips/_c_4d5e6f70-8192-4dae-8f10-2a3b4c5d6e7f-lock-', mode: 'ephemeral-sequential', data: text('10.0.0.7'), contender: 0 },
      { path: '/hudi/locks/trips/_c_5e6f7081-92a3-4ebf-9021-3b4c5d6e7f80-lock-', mode: 'ephemeral-sequential', data: text('10.0.0.8'), contender: 1 },
    ],
    expect: { recipe: 'curator-mutex', system: 'Apache Hudi', role: 'write lock of table trips', identities: ['writer at 10.0.0.7', 'writer at 10.0.0.8'] },
  },
  {
    system: 'bookkeeper',
    layout: 'auditor-election',
    source: 'bookkeeper-server/src/main/java/org/apache/bookkeeper/meta/ZkLedgerAuditorManager.java (createMyVote: V_ with AuditorVoteFormat in text format)',
    lock: '/ledgers/underreplication/auditorelection',
    nodes: [
      { path: '/ledgers/underreplication/auditorelection/V_', mode: 'ephemeral-sequential', data: text('bookieId: "bookie1:3181"\n'), contender: 0 },
      { path: '/ledgers/underreplication/auditorelection/V_', mode: 'ephemeral-sequential', data: text('bookieId: "bookie2:3181"\n'), contender: 1 },
    ],
    expect: { recipe: 'bookkeeper-auditor', system: 'Apache BookKeeper', role: 'auditor election', identities: ['bookie bookie1:3181', 'bookie bookie2:3181'] },
  },
  {
    system: 'helix',
    layout: 'controller-leader',
    source: 'helix-core/src/main/java/org/apache/helix/controller/DistributedLeaderElection.java (tryCreateController: the LiveInstance ZNRecord)',
    lock: '/ecommerce/CONTROLLER/LEADER',
    nodes: [
      {
        path: '/ecommerce/CONTROLLER/LEADER',
        mode: 'ephemeral',
        data: json({ id: 'controller_0', simpleFields: { HELIX_VERSION: '1.3.1', LIVE_INSTANCE: '811@ctrl0', SESSION_ID: '100000abc' }, mapFields: {}, listFields: {} }),
        contender: 0,
      },
    ],
    expect: { recipe: 'single-node', system: 'Apache Helix', role: 'controller leader of cluster ecommerce', identities: ['controller controller_0'], decoded: { controller: 'controller_0', process: '811@ctrl0' } },
  },
  {
    system: 'pulsar',
    layout: 'load-manager-leader',
    source: 'pulsar-broker/src/main/java/org/apache/pulsar/broker/loadbalance/LeaderBroker.java, LeaderElectionService.java',
    lock: '/loadbalance/leader',
    nodes: [{ path: '/loadbalance/leader', mode: 'ephemeral', data: json({ brokerId: 'broker-1:8080', serviceUrl: 'http://broker-1:8080' }), contender: 0 }],
    expect: { recipe: 'single-node', system: 'Apache Pulsar', role: 'load manager leader election', identities: ['broker broker-1:8080'] },
  },
  {
    system: 'clickhouse',
    layout: 'block-numbers',
    source: 'src/Storages/MergeTree/EphemeralLockInZooKeeper.cpp (the block node holds the path of its holder)',
    lock: '/clickhouse/tables/01/hits/block_numbers/202401',
    nodes: [
      { path: '/clickhouse/tables/01/hits/block_numbers/202401/block-', mode: 'ephemeral-sequential', data: text('/clickhouse/tables/01/hits/temp/abandonable_lock-0000000000'), contender: 0 },
      { path: '/clickhouse/tables/01/hits/block_numbers/202401/block-', mode: 'ephemeral-sequential', data: text('/clickhouse/tables/01/hits/temp/abandonable_lock-0000000001'), contender: 1 },
    ],
    expect: { recipe: 'ephemeral-claims', system: 'ClickHouse (ReplicatedMergeTree)', role: 'block numbers of partition 202401 of hits', identities: ['block 0', 'block 1'] },
  },
  {
    system: 'kafka',
    layout: 'change-notifications',
    source: 'core/src/main/scala/kafka/zk/ZkData.scala (IsrChangeNotificationSequenceZNode.encode, persistent sequential)',
    lock: '/isr_change_notification',
    nodes: [
      { path: '/isr_change_notification/isr_change_', mode: 'persistent-sequential', data: json({ version: 1, partitions: [{ topic: 'orders', partition: 0 }, { topic: 'orders', partition: 3 }] }), contender: null },
      { path: '/isr_change_notification/isr_change_', mode: 'persistent-sequential', data: json({ version: 1, partitions: [{ topic: 'payments', partition: 1 }] }), contender: null },
    ],
    expect: { recipe: 'generic', system: 'Apache Kafka (ZooKeeper mode)', role: 'change notifications (isr_change_notification)', identities: ['ISR change of orders-0, orders-3', 'ISR change of payments-1'], notALock: true },
  },
  {
    system: 'curator-discovery',
    layout: 'instances',
    source: 'curator-x-discovery/src/main/java/org/apache/curator/x/discovery/details/ServiceDiscoveryImpl.java (internalRegisterService: EPHEMERAL for DYNAMIC), JsonInstanceSerializer.java',
    lock: '/services/billing',
    nodes: [
      {
        path: '/services/billing/5a2c7e3e-4a0b-4a8e-9d0e-0b7e1d3f2a10',
        mode: 'ephemeral',
        data: json({ name: 'billing', id: '5a2c7e3e-4a0b-4a8e-9d0e-0b7e1d3f2a10', address: '10.0.0.5', port: 8080, sslPort: null, payload: null, registrationTimeUTC: 1_700_000_000_000, serviceType: 'DYNAMIC', uriSpec: null }),
        contender: 0,
      },
      {
        path: '/services/billing/c41d9a0e-77f2-4b5e-8b1a-2f6c3d9e8b01',
        mode: 'ephemeral',
        data: json({ name: 'billing', id: 'c41d9a0e-77f2-4b5e-8b1a-2f6c3d9e8b01', address: '10.0.0.6', port: 8080, sslPort: null, payload: null, registrationTimeUTC: 1_700_000_000_500, serviceType: 'DYNAMIC', uriSpec: null }),
        contender: 1,
      },
    ],
    expect: { recipe: 'single-node', system: 'Apache Curator service discovery', role: "a service's registered instances", identities: ['billing instance 10.0.0.5:8080', 'billing instance 10.0.0.6:8080'], notALock: true },
  },
];
