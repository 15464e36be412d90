/**
 * Apache Flink's ZooKeeper high availability: its JobManager processes elect a leader with
 * Curator's LeaderLatch, under `high-availability.zookeeper.path.root` (`/flink`) and the
 * cluster id: one latch for every component since Flink 1.15 (`<root>/<cluster>/latch`), one per
 * component before it (`<root>/<cluster>/leaderlatch/<component>`: resource_manager,
 * dispatcher, rest_server, a job id). The latch nodes carry no id: the leader's address is in
 * `…/leader/<component>/connection_info`, a serialized Java object.
 */
import { nameOf } from '../../zk/path';
import { under } from './curator-ids';
import { defineSystem, pathEnding, say } from './system';

const FLINK = /^flink/i;

export const flink = defineSystem({
  id: 'flink',
  name: 'Apache Flink (ZooKeeper HA)',
  sources: [
    'flink-runtime/src/main/java/org/apache/flink/runtime/leaderelection/ZooKeeperLeaderElectionDriver.java',
    'flink-runtime/src/main/java/org/apache/flink/runtime/util/ZooKeeperUtils.java',
  ],
  layouts: [
    {
      id: 'latch',
      longHolds: true,
      path: pathEnding('latch'),
      recipes: ['curator-latch'],
      role: (_path, _holder, language) => say(language, 'JobManager leader election (every component): the holder’s JobManager leads', 'JobManager 领导者选举（所有组件）：持有者所在的 JobManager 为领导者'),
      proves: (evidence) => under(evidence.path, FLINK),
    },
    {
      id: 'component-latch',
      longHolds: true,
      path: pathEnding('leaderlatch/[^/]+'),
      recipes: ['curator-latch'],
      role: (path, _holder, language) => say(language, `leader election of ${nameOf(path)} (Flink before 1.15)`, `${nameOf(path)} 的领导者选举（Flink 1.15 之前）`),
      proves: (evidence) => under(evidence.path, FLINK),
    },
  ],
});
