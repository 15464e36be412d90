/**
 * Apache Storm: the Nimbus daemons elect a leader with Curator's LeaderLatch at `/leader-lock`
 * below `storm.zookeeper.root` (`/storm`); each one's id is its `host:port`.
 */
import { participant, under } from './curator-ids';
import { defineSystem, pathEnding, say } from './system';

export const storm = defineSystem({
  id: 'storm',
  name: 'Apache Storm',
  sources: ['storm-server/src/main/java/org/apache/storm/zookeeper/Zookeeper.java', 'storm-server/src/main/java/org/apache/storm/nimbus/LeaderListenerCallback.java'],
  layouts: [
    {
      id: 'nimbus-leader',
      longHolds: true,
      path: pathEnding('leader-lock'),
      recipes: ['curator-latch'],
      role: (_path, _holder, language) => say(language, 'Nimbus leader election: the holder is the leading Nimbus', 'Nimbus 领导者选举：持有者是当前领导的 Nimbus'),
      identify: (node) => participant(node, 'Nimbus', 'host:port'),
      proves: (evidence) => under(evidence.path, /^storm/i),
    },
  ],
});
