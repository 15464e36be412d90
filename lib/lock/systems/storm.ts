/**
 * Apache Storm: the Nimbus daemons elect a leader with Curator's LeaderLatch at `/leader-lock`
 * below `storm.zookeeper.root` (`/storm`); each one's id is its `host:port`.
 */
import { participant, under } from './curator-ids';
import { defineSystem, pathEnding } from './system';

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
      role: () => 'Nimbus leader election: the holder is the leading Nimbus',
      identify: (node) => participant(node, 'Nimbus', 'host:port'),
      proves: (evidence) => under(evidence.path, /^storm/i),
    },
  ],
});
