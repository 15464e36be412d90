/**
 * Apache Druid: the Coordinator and the Overlord each elect a leader with Curator's LeaderLatch
 * (`CuratorDruidLeaderSelector`), at `<druid.zk.paths.coordinatorPath>/_COORDINATOR` and
 * `<druid.zk.paths.overlordPath>/_OVERLORD`; each participant's id is its URL (`http://host:port`).
 */
import { participant } from './curator-ids';
import { defineSystem, pathEnding, say } from './system';

const SOURCES = [
  'server/src/main/java/org/apache/druid/curator/discovery/CuratorDruidLeaderSelector.java',
  'server/src/main/java/org/apache/druid/server/initialization/ZkPathsConfig.java',
  'server/src/main/java/org/apache/druid/curator/discovery/DiscoveryModule.java',
];

export const druid = defineSystem({
  id: 'druid',
  name: 'Apache Druid',
  sources: SOURCES,
  layouts: [
    {
      id: 'coordinator',
      longHolds: true,
      path: pathEnding('_COORDINATOR'),
      recipes: ['curator-latch'],
      role: (_path, _holder, language) => say(language, 'Coordinator leader election: the holder is the leading Coordinator', 'Coordinator 领导者选举：持有者是当前领导的 Coordinator'),
      identify: (node) => participant(node, 'Coordinator', 'URL'),
    },
    {
      id: 'overlord',
      longHolds: true,
      path: pathEnding('_OVERLORD'),
      recipes: ['curator-latch'],
      role: (_path, _holder, language) => say(language, 'Overlord leader election: the holder is the leading Overlord', 'Overlord 领导者选举：持有者是当前领导的 Overlord'),
      identify: (node) => participant(node, 'Overlord', 'URL'),
    },
  ],
});
